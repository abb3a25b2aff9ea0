"""The parts of a seat and a table that more than one game's view draws: a seat's section,
its anchor for the motion layer, what it did since your last move, hidden and replayed
hands, and the dialogs between deals and at a match's end."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..i18n import _, ngettext
from . import PLAIN_ENDS, DealEnds, TableContext, card_html, esc
from .markup import Markup, html

POSITIONS = ("south", "west", "north", "east")


def seat_section(obs: Mapping[str, Any], seat: int, ctx: TableContext, head: str,
                 body: str) -> str:
    """A seat of the four-seat tables: its place, whether it is to play or moved last, its
    heading, what it did since your last move, and its cards (``body``)."""
    classes = ["seat", POSITIONS[seat]]
    if obs.get("current_player") == seat and not obs.get("is_over"):
        classes.append("to-play")
    if (obs.get("last") or {}).get("seat") == seat:
        classes.append("last-mover")
    return (f'<section class="{" ".join(classes)}" aria-label="{esc(ctx.names[seat])}"'
            f'{seat_anchor(seat)}>{head}{recent_html(ctx, seat)}{body}</section>')


def seat_anchor(seat: int) -> str:
    """A seat's attributes: its number, and the anchor its cards and chips fly from."""
    return f' data-seat="{seat}" data-anchor="seat-{seat}"'


def recent_html(ctx: TableContext, seat: int) -> str:
    """What ``seat`` did since your last move, shown at its place ("" if nothing)."""
    words = [text for who, text in ctx.recent if who == seat]
    if not words:
        return ""
    # One span a play (the stylesheet puts the dots between): a phone shows only the last.
    return f'<p class="recent">{"".join(f"<span>{esc(w)}</span>" for w in words)}</p>'


def motion_attrs(source: str = "", sink: str = "", chips: str = "") -> str:
    """The table's attributes for web/motion.js: the anchor (``seat-2``, ``pack``, ...) that
    newly shown cards come from, the one that cards no longer shown go to, and the chips'
    routes (``seat-1>pot``, ``pot>seat-0 seat-2``)."""
    return (f' data-motion data-from="{esc(source)}" data-to="{esc(sink)}"'
            f' data-chips="{esc(chips)}"')


def card_back_html(classes: Iterable[str] = ()) -> Markup:
    return html('<span class="{cls}" aria-hidden="true"></span>',
                cls=" ".join(["card", "back", *classes]))


def hand_backs(count: int) -> Markup:
    """A hidden hand: only how many cards it holds."""
    backs = Markup().join(card_back_html() for _n in range(count))
    return html('<div class="backs" role="img" aria-label="{label}">{backs}</div>'
                '<span class="count">{shown}</span>', label=cards_in_hand(count),
                shown=in_hand(count), backs=backs)


def cards_in_hand(count: int) -> str:
    """A hidden hand as a screen reader names it: "5 cards in hand"."""
    return ngettext("{count} card in hand", "{count} cards in hand", count).format(count=count)


def in_hand(count: int) -> str:
    """A hidden hand's count as shown under its backs: "5 in hand"."""
    # Translators: shown under a hidden hand's card backs: how many cards it holds.
    return ngettext("{count} in hand", "{count} in hand", count).format(count=count)


# --- your hand --------------------------------------------------------------------------
def card_choices(code: str, name: str, label: str, options: str, classes: Sequence[str] = ()
                 ) -> tuple[Markup, Markup]:
    """A card with several plays: the card (for the hand) and the menu of its plays that it
    opens (a popover, kept after the hand).  The card stays one card wide, so a hand of
    eight fits a phone's row with every card a full tap target; the plays get a menu of
    buttons of their own instead of a column under the card.  ``label`` is the card's
    spoken name, in the words of the game's other cards."""
    menu_id = f"choices-{code}"
    card = card_html(code, opens=menu_id, label=label,
                     classes=[*classes, "choosable"])
    menu = html('<div popover id="{id}" class="choices-menu" data-roving>'
                '<p class="choices-title" aria-hidden="true">{title}</p>'
                '<div class="options" role="group" aria-label="{name}">{options}</div>'
                '<button type="button" class="choices-cancel" popovertarget="{id}" '
                'popovertargetaction="hide">{cancel}</button></div>',
                id=menu_id, name=name, title=name[:1].upper() + name[1:],
                options=Markup(options), cancel=_("Cancel"))
    return card, menu


def own_hand(items: Iterable[str], menus: Iterable[str]) -> str:
    """Your hand: the cards in a row, then the menus of the cards with several plays."""
    w_your_hand = _("Your hand")
    return (f'<ul class="hand" aria-label="{esc(w_your_hand)}">{"".join(items)}</ul>'
            f'{"".join(menus)}')


# --- a replay's hands ---------------------------------------------------------------
def face_up_hand(obs: Mapping[str, Any], seat: int) -> list[str] | None:
    """In a replay (``ReplayStepper.view``'s ``face_up``), ``seat``'s hand to draw face up;
    None: draw it as the table does (backs for the others)."""
    hands = obs.get("face_up")
    if not isinstance(hands, list) or not 0 <= seat < len(hands) or hands[seat] is None:
        return None
    return [str(c) for c in hands[seat]]


def own_hand_hidden(obs: Mapping[str, Any]) -> bool:
    """A replay seen as another seat saw it: your own hand is drawn as backs."""
    hands = obs.get("face_up")
    return isinstance(hands, list) and bool(hands) and hands[0] is None


def open_hand_html(codes: Sequence[str], label: str) -> Markup:
    """Another seat's hand drawn face up (a replay); each card keeps its ``data-card``."""
    cards = Markup().join(html('<li class="slot">{card}</li>', card=card_html(c))
                          for c in codes)
    return html('<ul class="hand open-hand" aria-label="{label}">{cards}</ul>',
                label=label, cards=cards)



def _review_button(ends: DealEnds) -> Markup:
    if ends.review is None or ends.replay:
        return Markup()
    return html('<button type="button" data-cmd="review" data-key="{d}">{label}'
                '</button> ', d=ends.review, label=_("Review my play"))


def story_html(sentences: Iterable[str]) -> Markup:
    """How a deal was scored, in sentences: who won it, why, and the arithmetic in words
    (the summary's opening, before its table)."""
    return html('<div class="story">{lines}</div>',
                lines=Markup().join(html("<p>{line}</p>", line=line) for line in sentences))


def summary_dialog(title: str, body: Markup, game: str, panel_class: str = "",
                   ends: DealEnds = PLAIN_ENDS) -> Markup:
    """The dialog between rounds (hands, deals: ``game``'s unit, which the title and the
    turn line name too): what happened, and the buttons to go on (in a replay, to step
    on)."""
    from . import unit_text

    next_label = unit_text(game, "next")
    go_on = (html('<button type="button" class="primary" data-cmd="replay-forward">{label}'
                  '</button>', label=next_label) if ends.replay else
             html('<button type="button" class="primary" data-cmd="next-round" autofocus>'
                  '{label}</button>', label=next_label))
    return html(
        '<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="summary-title" '
        'id="summary"><div class="{panel}">'
        '<h2 id="summary-title">{title}</h2>{body}'
        '<p class="dialog-buttons">{review}{go_on}</p></div></div>',
        panel=f"panel {panel_class}".strip(), title=title, body=body,
        review=_review_button(ends), go_on=go_on,
    )


def result_dialog(title: str, body: Markup, panel_class: str = "",
                  ends: DealEnds = PLAIN_ENDS) -> Markup:
    """The dialog at the end of a match: the result, and the buttons to play again (in a
    replay, to leave it)."""
    buttons = (html('<button type="button" class="primary" data-cmd="replay-close">'
                    '{leave}</button>', leave=_("Leave the replay")) if ends.replay else
               html('<button type="button" class="primary" data-cmd="rematch" autofocus>'
                    '{again}</button> <button type="button" data-cmd="menu">{new}'
                    '</button>', again=_("Play again"), new=_("New game")))
    return html(
        '<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="result-title" '
        'id="result"><div class="{panel}">'
        '<h2 id="result-title">{title}</h2>{body}'
        '<p class="dialog-buttons">{review}{buttons}</p></div></div>',
        panel=f"panel {panel_class}".strip(), title=title, body=body,
        review=_review_button(ends), buttons=buttons,
    )

"""The Avinas table: four seats in two partnerships round the trick, with the score sheet.

You (South, seat 0) and North (seat 2) play against West (1) and East (3).  Everything comes
from seat 0's observation: the other hands are backs with counts, except the exposed special
cards (face up at their owners' seats) and, for the dealer, the partner's special cards he
looked at.  A face-down lead stays a back, and its signal appears only for the leader's side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..avinas import AvinasObservation, card_strength, is_trump
from ..cards import SUIT_SYMBOLS, SUITS, parse_card
from ..i18n import N_, _, ngettext, pgettext
from ..words import suit_name
from . import PLAIN_ENDS, DealEnds, Markup, TableContext, card_html, esc, parts, table_word
from .markup import html, text_html
from .parts import POSITIONS

# The English message: ``_(TRADITION)`` where it is shown.
TRADITION = N_("By tradition, the losers may not play again today.")


# --- words --------------------------------------------------------------------------------
def _side_name(side: int, names: Sequence[str]) -> str:
    pair = (names[0], names[2]) if side == 0 else (names[1], names[3])
    # Translators: a partnership's name: "You & North".
    return _("{first} & {second}").format(first=pair[0], second=pair[1])


def _suit(letter: str | None) -> str:
    """``H`` -> ``♥ hearts``."""
    if not letter or letter not in SUITS:
        return ""
    i = SUITS.index(letter)
    return f"{SUIT_SYMBOLS[i]} {suit_name(i)}"


def _card(code: str) -> str:
    return parse_card(code).short


def _trump_index(obs: AvinasObservation) -> int | None:
    trump = obs.get("trump")
    return SUITS.index(trump) if isinstance(trump, str) and trump in SUITS else None


def _kind_text(obs: AvinasObservation) -> str:
    """What kind of hand this is: "Sevens game (n = 2)" or "No sevens: bid 5"."""
    if obs.get("kind") == "sevens":
        return _("Sevens game (n = {sevens}): scored in rams").format(sevens=obs.get("sevens"))
    high = obs.get("high_bid") or 0
    if high:
        return _("No sevens: bid {bid}, scored in pips").format(bid=high)
    return _("No sevens: bidding, scored in pips")


def _is_card_play(action: str) -> bool:
    """``play 10H``, ``play QC trump H`` or ``facedown 9H ...``; not ``play on``."""
    return action.split()[0] in ("play", "facedown") and action != "play on"


def _action_words(action: str) -> str:
    """A control's visible text for a non-card action."""
    words = action.split()
    if words[0] == "bid":
        return words[1]
    return {"pass": pgettext("avinas button", "Pass"),
            "knock": pgettext("avinas button", "Knock"),
            "no knock": pgettext("avinas button", "No knock"),
            "knock back": pgettext("avinas button", "Knock back"),
            "no knock back": pgettext("avinas button", "No knock back"),
            "stop": pgettext("avinas button", "Stop the hand"),
            "play on": pgettext("avinas button", "Play on")}.get(action, action)


def signal_word(signal: str) -> str:
    """A face-down lead's signal (``valuable``, ``not valuable``: an action's words) as the
    table says it."""
    return {"valuable": pgettext("signal", "valuable"),
            "not valuable": pgettext("signal", "not valuable")}.get(signal, signal)


def _card_play(action: str) -> tuple[str, str, str]:
    """A card play's parts: the card's code, the face-down signal and the trump suit named
    (each "" when the play has none)."""
    words = action.split()
    if words[0] == "facedown":
        return words[1], " ".join(words[2:]), ""
    return words[1], "", words[3] if len(words) == 4 else ""


def describe(action: str) -> str:
    """The spoken label of a card control, e.g. "queen of clubs, trumps hearts"."""
    code, signal, trumps = _card_play(action)
    name = parse_card(code).name
    if signal:
        return _("{card}, face down, signal {signal}").format(card=name,
                                                              signal=signal_word(signal))
    if trumps:
        return _("{card}, trumps {suit}").format(card=name,
                                                 suit=suit_name(SUITS.index(trumps)))
    return name


def _option_text(action: str) -> str:
    """The visible text of one of several plays of one card."""
    _code, signal, trumps = _card_play(action)
    if signal:
        return _("Face down — {signal}").format(signal=signal_word(signal))
    if trumps:  # in the card's own menu: the card is named above
        return _("Trumps: {suit}").format(suit=_suit(trumps))
    return _("Lead face up")


def _said(kind: str, you: bool) -> str:
    """What a player did, for the decisions that carry no card or number."""
    if you:
        return {
            "pass": _("You passed."),
            "knock": _("You knocked: your side will take all 8 tricks."),
            "no knock": _("You did not knock."),
            "knock back": _("You knocked back."),
            "no knock back": _("You did not knock back."),
            "stop": _("You stopped the hand."),
            "play on": _("You played on."),
        }[kind]
    return {
        "pass": _("{player} passed."),
        "knock": _("{player} knocked: their side will take all 8 tricks."),
        "no knock": _("{player} did not knock."),
        "knock back": _("{player} knocked back."),
        "no knock back": _("{player} did not knock back."),
        "stop": _("{player} stopped the hand."),
        "play on": _("{player} played on."),
    }[kind]


# The decisions that carry no card or number (``_said`` words them).
_SAID = ("pass", "knock", "no knock", "knock back", "no knock back", "stop", "play on")


def narrate(last: Mapping[str, Any], names: Sequence[str]) -> str:
    """The latest action in words, e.g. "West bid 3." or "North led a card face down.".

    ``last`` is seat 0's view of it: a face-down card is never in it, and the signal only
    when it is the partner's.
    """
    seat = int(last["seat"])
    who = names[seat]
    you = seat == 0
    kind = str(last.get("kind", ""))
    action = str(last.get("action", ""))
    sentences: list[str] = []
    if kind in _SAID:
        sentences.append(_said(kind, you).format(player=who))
    elif kind == "bid":
        bid = action.split()[-1]
        sentences.append(_("You bid {bid}.").format(bid=bid) if you else
                         _("{player} bid {bid}.").format(player=who, bid=bid))
    elif kind == "facedown":
        words = action.split()
        if you and len(words) >= 3:
            signal = signal_word(" ".join(words[2:]))
            sentences.append(_("You led {card} face down, signalling {signal}.").format(
                card=_card(words[1]), signal=signal))
        else:
            sentences.append(_("{player} led a card face down.").format(player=who))
            if last.get("signal"):
                sentences.append(_("Partner says: {signal}.").format(
                    signal=signal_word(str(last["signal"]))))
    elif kind == "play" and last.get("card"):
        card = _card(str(last["card"]))
        sentences.append(_("You played {card}.").format(card=card) if you else
                         _("{player} played {card}.").format(player=who, card=card))
        if last.get("trump"):
            sentences.append(_("Trumps are {suit}.").format(suit=_suit(str(last["trump"]))))
    trick = last.get("trick")
    if isinstance(trick, Mapping):
        winner = int(trick["winner"])
        points = int(trick.get("points", 0))
        if winner == 0:
            text = ngettext("You won trick {number} ({count} point).",
                            "You won trick {number} ({count} points).", points)
        else:
            text = ngettext("{player} won trick {number} ({count} point).",
                            "{player} won trick {number} ({count} points).", points)
        sentences.append(text.format(player=names[winner], number=trick.get("number"),
                                     count=points))
        if trick.get("facedown"):
            cards = trick.get("cards") or []
            if cards:
                sentences.append(_("The face-down card was {card}.").format(
                    card=_card(str(cards[0]))))
    if last.get("void"):
        sentences.append(_("Everybody passed: the hand is void."))
    if isinstance(last.get("hand_over"), Mapping):
        sentences.append(pgettext("avinas unit", "Hand {number} is over.").format(
            number=last["hand_over"].get("hand")))
    return " ".join(sentences) or _("{player}: {action}").format(player=who, action=action)


# --- cards in hands ---------------------------------------------------------------------
def _sorted_hand(codes: Sequence[str], trump: int | None) -> list[str]:
    """Plain suits by suit and rank, then the trumps from low to high (once trump is known)."""
    def key(code: str) -> tuple[int, int, int]:
        card = parse_card(code)
        if trump is not None and is_trump(card, trump):
            return (1, 0, card_strength(card, trump))
        return (0, card.suit, card.rank)
    return sorted(codes, key=key)


def _hand_html(obs: AvinasObservation) -> str:
    legal: list[str] = [str(a) for a in obs.get("legal", [])]
    by_card: dict[str, list[str]] = {}
    for action in legal:
        if _is_card_play(action):
            by_card.setdefault(parse_card(action.split()[1]).code, []).append(action)
    trump = _trump_index(obs)
    exposed = {str(e["card"]) for e in obs.get("exposed", []) if e.get("seat") == 0}
    items, menus = [], []
    for code in _sorted_hand([str(c) for c in obs.get("hand", [])], trump):
        card = parse_card(code)
        classes = []
        note = ""
        shown = code in exposed
        if shown:
            classes.append("exposed")
            w_exposed = pgettext("tag", "exposed")
            note = f'<span class="tag">{esc(w_exposed)}</span>'
        if trump is not None and is_trump(card, trump):
            classes.append("trump")
        plays = by_card.get(card.code, [])
        if by_card and not plays:
            classes.append("idle")  # not playable now
        if len(plays) == 1:
            label = _exposed(describe(plays[0])) if shown else describe(plays[0])
            button = card_html(code, action=plays[0], label=label, classes=classes)
            items.append(f'<li class="slot">{button}{note}</li>')
        elif plays:
            options = "".join(
                f'<button type="button" class="play" data-action="{esc(a)}" '
                # The visible text is drawn by CSS from data-text, as a card's face is: the
                # button's only text is its spoken name, so the two cannot disagree.
                f'aria-label="{esc(describe(a))}"><span class="drawn" aria-hidden="true" '
                f'data-text="{esc(_option_text(a))}"></span></button>'
                for a in plays
            )
            choose = (_("{card}, exposed, choose how to play it") if shown else
                      _("{card}, choose how to play it")).format(card=card.name)
            chooser, menu = parts.card_choices(card.code, card.name, choose, options, classes)
            items.append(f'<li class="slot">{chooser}{note}</li>')
            menus.append(menu)
        else:
            label = _exposed(card.name) if shown else card.name
            face = card_html(code, label=label, classes=classes)
            items.append(f'<li class="slot">{face}{note}</li>')
    return parts.own_hand(items, menus)


def _exposed(label: str) -> str:
    # Translators: a card's spoken label when it lies face up for all: "queen of clubs,
    # exposed".
    return _("{card}, exposed").format(card=label)


def _controls_html(obs: AvinasObservation) -> str:
    """The human's decisions that are not cards: bids, knocks, stop or play on."""
    legal = [str(a) for a in obs.get("legal", [])]
    others = [a for a in legal if not _is_card_play(a)]
    if not others:
        return ""
    phase = obs.get("phase")
    if phase == "bid":
        high = obs.get("high_bid") or 0
        prompt = (_("Your bid: how many trumps would you hold in a suit you keep to yourself? "
                    "Beat {bid}, or pass.").format(bid=high) if high else
                  _("Your bid: how many trumps would you hold in a suit you keep to yourself? "
                    "Name a number, or pass."))
    elif phase == "knock":
        prompt = _("Knock? Your side then undertakes to take all 8 tricks (rams double).")
    elif phase == "knock back":
        prompt = _("They knocked. Knock back? (the rams double again)")
    elif phase == "stop":
        prompt = _("Stop the hand now (only the tricks taken count), or play on?")
    else:
        prompt = _("Your decision:")
    buttons = []
    for a in others:
        bid = a.startswith("bid ")
        label = _("Bid {bid}").format(bid=a.split()[1]) if bid else _action_words(a)
        cls = "play bid" if bid else "play"
        buttons.append(f'<button type="button" class="{cls}" data-action="{esc(a)}" '
                       f'aria-label="{esc(label)}">{esc(_action_words(a))}</button>')
    w_your_decision = _("Your decision")
    return (f'<div class="controls" role="group" aria-label="{esc(w_your_decision)}">'
            f'<p class="prompt">{esc(prompt)}</p>'
            f'<div class="buttons">{"".join(buttons)}</div></div>')


# --- seats ------------------------------------------------------------------------------
def _bid_of(obs: AvinasObservation, seat: int) -> str | None:
    for b in obs.get("bids", []):
        if b.get("seat") == seat:
            if b.get("bid") is None:
                return pgettext("badge", "pass")
            return pgettext("badge", "bid {bid}").format(bid=b["bid"])
    return None


def _badge(cls: str, text: str, title: str = "") -> str:
    titled = f' title="{esc(title)}"' if title else ""
    return f'<span class="badge {cls}"{titled}>{esc(text)}</span>'


def _badges(obs: AvinasObservation, seat: int, ctx: TableContext) -> str:
    badges = []
    if obs.get("dealer") == seat:
        badges.append(_badge("dealer", pgettext("badge", "dealer"), _("Dealer")))
    if obs.get("declarer") == seat:
        badges.append(_badge("declarer", pgettext("badge", "declarer"), _("Declarer")))
    if seat == 2:
        badges.append(_badge("team", pgettext("badge", "partner")))
    bid = _bid_of(obs, seat)
    if bid is not None and obs.get("kind") == "no sevens":
        badges.append(_badge("bid", bid))
    if obs.get("knock") == seat:
        badges.append(_badge("knock", pgettext("badge", "knocked")))
    if obs.get("knock_back") == seat:
        badges.append(_badge("knock", pgettext("badge", "knocked back")))
    to_play = obs.get("current_player") == seat and not obs.get("is_over")
    if ctx.thinking == seat:
        badges.append(_badge("thinking", pgettext("badge", "thinking…")))
    elif to_play:
        badges.append(_badge("turn", pgettext("badge", "to play")))
    return "".join(badges)


def _other_hand(obs: AvinasObservation, seat: int, names: Sequence[str]) -> str:
    count = int(obs["hand_counts"][seat])
    exposed = [str(e["card"]) for e in obs.get("exposed", []) if e.get("seat") == seat]
    seen = [str(e["card"]) for e in obs.get("dealer_saw", []) if e.get("seat") == seat]
    hidden = max(0, count - len(exposed) - len(seen))
    backs = "".join(parts.card_back_html() for _n in range(hidden))
    shown = "".join(
        card_html(c, label=_exposed(parse_card(c).name), classes=["exposed"])
        for c in exposed
    ) + "".join(
        card_html(c, label=_("{card}, seen by you as dealer").format(card=parse_card(c).name),
                  classes=["seen"])
        for c in seen
    )
    notes = []
    if exposed:
        listed = " ".join(_card(c) for c in exposed)
        w_exposed_cards = _("exposed: {cards}")
        notes.append(f'<span class="tag">{esc(w_exposed_cards.format(cards=listed))}'
                     '</span>')
    if seen:
        listed = " ".join(_card(c) for c in seen)
        w_you_saw_cards = _("you saw: {cards}")
        notes.append(f'<span class="tag seen">{esc(w_you_saw_cards.format(cards=listed))}'
                     '</span>')
    extra = f'<div class="shown">{shown}</div><div class="tags">{"".join(notes)}</div>'
    return (
        f'<div class="hidden-hand"><div class="backs" role="img" '
        f'aria-label="{esc(parts.cards_in_hand(count))}">{backs}</div>'
        f'<span class="count">{esc(parts.in_hand(count))}</span></div>'
        + (extra if shown else "")
    )


def _seat_html(obs: AvinasObservation, seat: int, ctx: TableContext) -> str:
    names = ctx.names
    head = f'<h3 class="seat-name">{esc(names[seat])} {_badges(obs, seat, ctx)}</h3>'
    shown = parts.face_up_hand(obs, seat)  # a replay: another seat's hand face up
    if seat == 0:
        body = (_other_hand(obs, 0, names) if parts.own_hand_hidden(obs)
                else _controls_html(obs) + _hand_html(obs))
    elif shown is not None:
        body = parts.open_hand_html(_sorted_hand(shown, _trump_index(obs)),
                                    _("{player}'s hand").format(player=names[seat]))
    else:
        body = _other_hand(obs, seat, names)
    return parts.seat_section(obs, seat, ctx, head, body)


# --- the trick ----------------------------------------------------------------------------
def _trick_spot(seat: int, card: str | None, facedown: bool, names: Sequence[str],
                classes: Sequence[str] = (), spot: bool = False) -> str:
    """One seat's card in a trick; ``spot`` marks the current trick's places for
    web/motion.js (a face-down lead turned up there is turned over)."""
    pos = POSITIONS[seat]
    who = esc(names[seat])
    if card is None:
        hidden = _("{player}: a card face down").format(player=names[seat])
        inner = (f'<span class="card back facedown" role="img" '
                 f'aria-label="{esc(hidden)}"></span>')
    else:
        name = parse_card(card).name
        label = (_("{player}: {card}, led face down") if facedown else
                 _("{player}: {card}")).format(player=names[seat], card=name)
        extra = ["facedown-own"] if facedown else []
        inner = card_html(card, label=label, classes=[*classes, *extra])
    w_face_down = pgettext("tag", "face down")
    note = f'<span class="tag">{esc(w_face_down)}</span>' if facedown else ""
    mark = f' data-spot="{seat}"' if spot else ""
    return f'<div class="spot {pos}"{mark}><span class="who">{who}</span>{inner}{note}</div>'


def _trick_html(obs: AvinasObservation, names: Sequence[str]) -> str:
    plays = obs.get("trick", [])
    spots = []
    shown = {int(p["seat"]) for p in plays}
    for p in plays:
        card = p.get("card")
        spots.append(_trick_spot(int(p["seat"]), None if card is None else str(card),
                                 bool(p.get("facedown")), names, spot=True))
    for seat in range(4):
        if seat not in shown:
            spots.append(f'<div class="spot {POSITIONS[seat]} empty" aria-hidden="true"></div>')
    number = obs.get("trick_number", 1)
    label = (_("Trick {number} of 8").format(number=number) if not obs.get("is_over")
             else _("Hand over"))
    trump = obs.get("trump")
    mid: str = esc(label)
    if trump and str(trump) in SUITS:
        i = SUITS.index(str(trump))
        colour = "red" if trump in "DH" else "black"
        title = _("Trumps: {suit}").format(suit=suit_name(i))
        mark = _("Trumps {symbol}").format(symbol=SUIT_SYMBOLS[i])
        mid += (f'<br><span class="trump-mark {colour}" title="{esc(title)}">'
                f"{esc(mark)}</span>")
    return (f'<div class="trick" role="group" aria-label="{esc(label)}">{"".join(spots)}'
            f'<span class="trick-number">{mid}</span></div>')


def _last_trick(obs: AvinasObservation, names: Sequence[str]) -> str:
    """The previous complete trick, from this hand or (just after a hand) the last one."""
    tricks = obs.get("tricks", [])
    if tricks:
        t: Mapping[str, Any] = tricks[-1]
        cards = [(int(c["seat"]), str(c["card"])) for c in t["cards"]]
        number, winner, down = t["number"], int(t["winner"]), bool(t.get("facedown"))
        points: int | None = None
    else:
        last = obs.get("last") or {}
        record = last.get("trick")
        if not isinstance(record, Mapping):
            return ""
        t = record
        leader = int(t["leader"])
        cards = [((leader + i) % 4, str(c)) for i, c in enumerate(t["cards"])]
        number, winner, down = t["number"], int(t["winner"]), bool(t.get("facedown"))
        points = t.get("points")
    spots = "".join(
        _trick_spot(seat, code, down and i == 0, names, ["won"] if seat == winner else [])
        for i, (seat, code) in enumerate(cards)
    )
    if points is None:
        won = _("{player} won it.").format(player=names[winner])
    else:
        won = ngettext("{player} won it ({count} point).", "{player} won it ({count} points).",
                       int(points)).format(player=names[winner], count=int(points))
    summary = _("Last trick (trick {number})").format(number=number)
    return (f'<details class="last-trick"><summary>{esc(summary)}</summary>'
            f'<div class="trick small">{spots}</div><p>{esc(won)}</p></details>')


def _signal_html(obs: AvinasObservation, names: Sequence[str]) -> str:
    signal = obs.get("signal")
    if not isinstance(signal, Mapping):
        return ""
    giver = int(signal["seat"])
    value = signal.get("valuable")
    if value is None:  # the other side's signal: only that one was given
        text = _("{player} signalled to {partner}.").format(player=names[giver],
                                                            partner=names[(giver + 2) % 4])
        return f'<p class="signal other">{esc(text)}</p>'
    word = signal_word("valuable" if value else "not valuable")
    if giver == 0:
        w_you_signalled_signal = _("You signalled: {signal}.")
        return f'<p class="signal">{esc(w_you_signalled_signal.format(signal=word))}</p>'
    w_partner_says_signal = _("Partner says: {signal}.")
    return (f'<p class="signal partner" role="status">'
            f'{esc(w_partner_says_signal.format(signal=word))}</p>')


def _hand_info(obs: AvinasObservation, names: Sequence[str]) -> str:
    rows = [f"<li>{esc(_kind_text(obs))}</li>"]
    trump = obs.get("trump")
    if trump:
        rows.append("<li>" + text_html(
            _("Trumps: {suit} (and all queens and jacks)"),
            suit=html('<strong class="trump-suit">{s}</strong>', s=_suit(str(trump)))) + "</li>")
    elif obs["declarer"] is not None:
        named = _("Trumps: named by the declarer's first lead")
        rows.append(f"<li>{esc(named)}</li>")
    if obs["declarer"] is not None:
        w_declarer_player = _('Declarer: {player}')
        rows.append(f"<li>{esc(w_declarer_player.format(player=names[obs['declarer']]))}"
                    "</li>")
    if obs["knock"] is not None:
        if obs["knock_back"] is not None:
            text = _("{player} knocked, {other} knocked back").format(
                player=names[obs["knock"]], other=names[obs["knock_back"]])
        else:
            text = _("{player} knocked").format(player=names[obs["knock"]])
        rows.append(f"<li>{esc(text)}</li>")
    return f'<ul class="hand-info">{"".join(rows)}</ul>'


def _heads(*words: str) -> str:
    return "".join(f'<th scope="col">{esc(w)}</th>' for w in words)


# --- scores -------------------------------------------------------------------------------
def scores_html(obs: AvinasObservation, names: Sequence[str]) -> str:
    points, tricks = obs.get("points", [0, 0]), obs.get("tricks_won", [0, 0])
    rams, pips = obs.get("rams", [0, 0]), obs.get("pips", [0, 0])
    rows = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, names))}</th><td>{esc(points[s])}</td>'
        f"<td>{esc(tricks[s])}</td><td>{esc(rams[s])}</td><td>{esc(pips[s])}</td></tr>"
        for s in (0, 1)
    )
    caption = pgettext("avinas unit", "Hand {number} · match to {target} pips").format(
        number=obs.get("hand_number", 1), target=obs.get("pip_target", 12))
    return (
        f'<table class="scores"><caption>{esc(caption)}</caption><thead><tr>'
        + _heads(pgettext("scores", "Side"), pgettext("scores", "Card points"),
                 pgettext("scores", "Tricks"), pgettext("scores", "Rams"),
                 pgettext("scores", "Pips"))
        + f'</tr></thead><tbody>{rows}</tbody></table>'
    )


def _game_words(record: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = record.get("kind")
    if kind == "void":
        return _("Everybody passed: void")
    declarer = record.get("declarer")
    who = names[int(declarer)] if declarer is not None else "?"
    letter = str(record.get("trump") or "")
    trump = SUIT_SYMBOLS[SUITS.index(letter)] if letter and letter in SUITS else ""
    if kind == "sevens":
        if record.get("knock") is None:
            text = _("Sevens ×{sevens}, {trump}, {player} declared")
        elif record.get("knock_back") is None:
            text = _("Sevens ×{sevens}, {trump}, {player} declared; knock")
        else:
            text = _("Sevens ×{sevens}, {trump}, {player} declared; knock and knock back")
        return text.format(sevens=record.get("sevens"), trump=trump, player=who)
    if record.get("stopped_after") is not None:
        stopped = int(record["stopped_after"])
        return ngettext("Bid {bid} by {player}, {trump}; stopped after {count} trick",
                        "Bid {bid} by {player}, {trump}; stopped after {count} tricks",
                        stopped).format(bid=record.get("bid"), player=who, trump=trump,
                                        count=stopped)
    return _("Bid {bid} by {player}, {trump}").format(bid=record.get("bid"), player=who,
                                                     trump=trump)


def _outcome(record: Mapping[str, Any], names: Sequence[str]) -> str:
    if record.get("kind") == "void":
        return _("no score")
    declarer = int(record["declarer"])
    side = _side_name(declarer % 2, names)
    points = record.get("points", [0, 0])
    ours = points[declarer % 2]
    if record.get("overbid"):
        return _("{side} lost with {points} card points (overbid: {held} trumps held, {bid} "
                 "bid)").format(side=side, points=ours, held=record.get("declarer_trumps"),
                                bid=record.get("bid"))
    if record.get("declarer_won"):
        return _("{side} won with {points} card points").format(side=side, points=ours)
    return _("{side} lost with {points} card points").format(side=side, points=ours)


def _rams_words(record: Mapping[str, Any], side: int) -> str:
    rams = record.get("rams")
    if not isinstance(rams, Mapping):
        return ""
    title = pgettext("rams", "cancelled")
    if int(rams["side"]) == side:
        scored, cancelled, written = rams["scored"], rams["cancelled"], rams["written"]
        if cancelled:
            # Translators: {cancelled} is the number of rams cancelled, struck through.
            return str(text_html(
                ngettext("+{count} ram: {cancelled} cancel, {written} written",
                         "+{count} rams: {cancelled} cancel, {written} written", int(scored)),
                count=scored, written=written,
                cancelled=html('<del title="{t}">{n}</del>', t=title, n=cancelled)))
        return esc(ngettext("+{count} ram", "+{count} rams", int(written)).format(count=written))
    cancelled = int(rams["cancelled"])
    if not cancelled:
        return ""
    # Translators: rams struck from the sheet: {rams} is "−2 rams", struck through.
    return str(text_html(_("{rams} cancelled"), rams=html(
        '<del title="{t}">{r}</del>', t=title,
        r=ngettext("−{count} ram", "−{count} rams", cancelled).format(count=cancelled))))


def _rams(count: int) -> str:
    return ngettext("{count} ram", "{count} rams", count).format(count=count)


def _pips(count: int) -> str:
    return ngettext("{count} pip", "{count} pips", count).format(count=count)


def _tricks(count: int) -> str:
    return ngettext("{count} trick", "{count} tricks", count).format(count=count)


def _card_points(count: int) -> str:
    return ngettext("{count} card point", "{count} card points", count).format(count=count)


def _trumps(count: int) -> str:
    return ngettext("{count} trump", "{count} trumps", count).format(count=count)


def sheet_html(obs: AvinasObservation, names: Sequence[str], *, open_: bool = False) -> str:
    """The score sheet, hand by hand: rams (with cancellation) and pips, and the totals."""
    history = obs.get("hand_history", [])
    sheet = esc(_("Score sheet"))
    if not history:
        w_no_hands_finished_yet = _('No hands finished yet.')
        return (f'<details class="sheet"><summary>{sheet}</summary>'
                f"<p>{esc(w_no_hands_finished_yet)}</p></details>")
    rows = []
    for r in history:
        cells = []
        for side in (0, 1):
            bits = [b for b in (_rams_words(r, side),) if b]
            pips = (r.get("pips") or [0, 0])[side]
            if pips:
                bits.append(esc(ngettext("+{count} pip", "+{count} pips", int(pips)).format(
                    count=pips)))
            # Translators: a side's totals on the score sheet: "3 rams · 2 pips".
            both = _("{rams} · {pips}").format(rams=_rams(int(r["rams_total"][side])),
                                               pips=_pips(int(r["pips_total"][side])))
            totals = f'<span class="total">{esc(both)}</span>'
            cells.append(f"<td>{'; '.join(bits) or '—'}{totals}</td>")
        rows.append(
            f'<tr><th scope="row">{esc(r.get("hand"))}</th>'
            f'<td>{esc(_game_words(r, names))}<span class="total">{esc(_outcome(r, names))}'
            f"</span></td>{''.join(cells)}</tr>"
        )
    # A sheet wider than a phone scrolls sideways: focusable, so a keyboard can scroll it.
    return (
        f'<details class="sheet"{" open" if open_ else ""}><summary>{sheet}</summary>'
        '<div class="sheet-wrap" tabindex="0"><table class="scores sheet-table"><thead><tr>'
        + _heads(pgettext("avinas unit", "Hand"), pgettext("score sheet", "Game"),
                 _side_name(0, names), _side_name(1, names))
        + f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div></details>'
    )


def _sevens_story(record: Mapping[str, Any], names: Sequence[str], need: int) -> list[str]:
    declarer = int(record["declarer"])
    ours = declarer % 2
    sevens = int(record["sevens"])
    knock, back = record.get("knock"), record.get("knock_back")
    if knock is None:
        opening = ngettext("{player} declared {suit} with {count} seven exposed.",
                           "{player} declared {suit} with {count} sevens exposed.", sevens)
    elif back is None:
        opening = ngettext("{player} declared {suit} with {count} seven exposed; {knocker} "
                           "knocked.",
                           "{player} declared {suit} with {count} sevens exposed; {knocker} "
                           "knocked.", sevens)
    else:
        opening = ngettext("{player} declared {suit} with {count} seven exposed; {knocker} "
                           "knocked and {backer} knocked back.",
                           "{player} declared {suit} with {count} sevens exposed; {knocker} "
                           "knocked and {backer} knocked back.", sevens)
    lines = [opening.format(player=names[declarer], suit=_suit(record.get("trump")),
                            count=sevens, knocker=names[int(knock)] if knock is not None else "",
                            backer=names[int(back)] if back is not None else "")]
    points, tricks = record["points"][ours], record["tricks"][ours]
    won = bool(record.get("declarer_won"))
    if knock is not None:
        needed = (_("{side} needed every trick, because of the knock; they took {points} in "
                    "{tricks}, so they won the hand.") if won else
                  _("{side} needed every trick, because of the knock; they took {points} in "
                    "{tricks}, so they lost the hand."))
    else:
        needed = (_("{side} needed {need} card points; they took {points} in {tricks}, so they "
                    "won the hand.") if won else
                  _("{side} needed {need} card points; they took {points} in {tricks}, so they "
                    "lost the hand."))
    lines.append(needed.format(side=_side_name(ours, names), need=need,
                               points=_card_points(points), tricks=_tricks(tricks)))
    rams = record["rams"]
    gets, scored = int(rams["side"]), int(rams["scored"])
    rate = scored // sevens if sevens else 0
    lost = gets == ours
    if back is not None:
        write = (_("{side} write {rams} a seven after a knock back, double for a lost hand: "
                   "{rate} × {sevens} = {total}.") if lost else
                 _("{side} write {rams} a seven after a knock back: {rate} × {sevens} = "
                   "{total}."))
    elif knock is not None:
        write = (_("{side} write {rams} a seven after a knock, double for a lost hand: {rate} × "
                   "{sevens} = {total}.") if lost else
                 _("{side} write {rams} a seven after a knock: {rate} × {sevens} = {total}."))
    else:
        write = (_("{side} write {rams} a seven, double for a lost hand: {rate} × {sevens} = "
                   "{total}.") if lost else
                 _("{side} write {rams} a seven: {rate} × {sevens} = {total}."))
    lines.append(write.format(side=_side_name(gets, names), rams=_rams(rate), rate=rate,
                              sevens=sevens, total=_rams(scored)))
    cancelled, written = int(rams["cancelled"]), int(rams["written"])
    if cancelled:
        lines.append(ngettext(
            "They first cancel {cancelled} that {side} had on the sheet, so {count} ram is "
            "written.",
            "They first cancel {cancelled} that {side} had on the sheet, so {count} rams are "
            "written.", written).format(cancelled=_rams(cancelled),
                                        side=_side_name(1 - gets, names), count=written))
    return lines


def _pips_story(record: Mapping[str, Any], names: Sequence[str], need: int,
                split: int) -> list[str]:
    declarer = int(record["declarer"])
    ours, theirs = declarer % 2, 1 - declarer % 2
    lines = [_("No seven was exposed: {player} won the bidding with {trumps} and declared "
               "{suit}.").format(player=names[declarer], trumps=_trumps(int(record["bid"])),
                                 suit=_suit(record.get("trump")))]
    if record.get("stopped_after") is not None:
        lines.append(_("The declarer stopped after {tricks}; the cards not played count for "
                       "nobody.").format(tricks=_tricks(int(record["stopped_after"]))))
    points = record["points"]
    if record.get("overbid"):
        lines.append(_("{player} held only {trumps} after bidding {bid}: an overbid loses the "
                       "hand.").format(player=names[declarer],
                                       trumps=_trumps(int(record["declarer_trumps"])),
                                       bid=record["bid"]))
    else:
        verdict = (_("{side} needed {need} card points and took {points}: they won the hand.")
                   if record.get("declarer_won") else
                   _("{side} needed {need} card points and took {points}: they lost the hand."))
        lines.append(verdict.format(side=_side_name(ours, names), need=need,
                                    points=points[ours]))
    pips = record.get("pips") or [0, 0]
    side = theirs if record.get("declarer_won") else ours
    taken = points[side]
    # Translators: how many card points a side took, as the pips table groups them.
    bracket = (_("{split} or more") if taken >= split else
               _("fewer than {split}") if taken else pgettext("card points", "none")).format(
        split=split)
    lines.append(_("{side} took {points} ({bracket}), so they write {pips}. Pips are never "
                   "cancelled.").format(side=_side_name(side, names),
                                        points=_card_points(taken), bracket=bracket,
                                        pips=_pips(int(pips[side]))))
    return lines


def hand_story(obs: AvinasObservation, record: Mapping[str, Any],
               names: Sequence[str]) -> list[str]:
    """A finished hand in sentences: who declared, whether the declarers made what they
    needed, and the rams or pips that follow, with what cancelled."""
    if record.get("kind") == "void":
        return [_("Everybody passed: the hand is void and the next dealer deals. The score "
                  "does not change.")]
    need = int(obs.get("win_points", 61))
    if record.get("kind") == "sevens":
        lines = _sevens_story(record, names, need)
    else:
        lines = _pips_story(record, names, need, int(obs.get("pip_split", 31)))
    rams, pips = record["rams_total"], record["pips_total"]
    lines.append(_(
        "On the sheet: {side} {rams} and {pips}, {other} {other_rams} and {other_pips}. Rams "
        "and pips count against the side that has them; the match ends when a side has "
        "{target} pips.").format(side=_side_name(0, names), rams=_rams(rams[0]),
                                 pips=_pips(pips[0]), other=_side_name(1, names),
                                 other_rams=_rams(rams[1]), other_pips=_pips(pips[1]),
                                 target=obs.get("pip_target", 12)))
    return lines


def deal_story(obs: AvinasObservation, index: int, names: Sequence[str]) -> list[str]:
    """Finished hand ``index`` (0-based) in sentences (``hand_story``)."""
    return hand_story(obs, obs["hand_history"][index], names)


def _summary_body(obs: AvinasObservation, record: Mapping[str, Any],
                  names: Sequence[str]) -> str:
    if record.get("kind") == "void":
        return str(parts.story_html(hand_story(obs, record, names)))
    points = record.get("points", [0, 0])
    tricks = record.get("tricks", [0, 0])
    rows = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, names))}</th><td>{esc(points[s])}</td>'
        f"<td>{esc(tricks[s])}</td><td>{_rams_words(record, s) or '—'}</td>"
        f"<td>{esc((record.get('pips') or [0, 0])[s])}</td></tr>"
        for s in (0, 1)
    )
    w_this_hand = pgettext("avinas unit", "This hand")
    return (
        f"{parts.story_html(hand_story(obs, record, names))}"
        '<div class="sheet-wrap" tabindex="0"><table class="scores">'
        f'<caption>{esc(w_this_hand)}</caption><thead><tr>'
        + _heads(pgettext("scores", "Side"), pgettext("scores", "Card points"),
                 pgettext("scores", "Tricks"), pgettext("scores", "Rams"),
                 pgettext("scores", "Pips"))
        + f"</tr></thead><tbody>{rows}</tbody></table></div>"
    )


def _totals_html(rams: Sequence[int], pips: Sequence[int], names: Sequence[str]) -> str:
    totals = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, names))}</th><td>{esc(rams[s])}</td>'
        f"<td>{esc(pips[s])}</td></tr>" for s in (0, 1)
    )
    w_match = pgettext("scores", "Match")
    return (f'<table class="scores"><caption>{esc(w_match)}</caption>'
            "<thead><tr>"
            + _heads(pgettext("scores", "Side"), pgettext("scores", "Rams"),
                     pgettext("scores", "Pips"))
            + f"</tr></thead><tbody>{totals}</tbody></table>")


def summary_html(obs: AvinasObservation, index: int, names: Sequence[str],
                 ends: DealEnds = PLAIN_ENDS) -> str:
    """The summary of finished hand ``index`` (0-based), with the button to go on."""
    history = obs["hand_history"]
    record = history[index]
    if obs.get("is_over") and index == len(history) - 1:
        return result_html(obs, names, body=_summary_body(obs, record, names), ends=ends)
    body = _summary_body(obs, record, names) + _totals_html(
        record["rams_total"], record["pips_total"], names
    )
    return parts.summary_dialog(
        pgettext("avinas unit", "Hand {number} is over").format(number=record.get("hand")),
        Markup(body), "avinas", "avinas-panel", ends,
    )


def result_html(obs: AvinasObservation, names: Sequence[str], body: str = "",
                ends: DealEnds = PLAIN_ENDS) -> str:
    winners: list[int] = [int(w) for w in obs.get("winners", [])]
    if 0 in winners:
        title = _("{side} win the match!").format(side=_side_name(0, names))
    elif winners:
        title = _("{side} win the match.").format(side=_side_name(1, names))
    else:
        title = _("The match is a draw.")
    hands = len(obs.get("hand_history", []))
    tradition = f'<p class="tradition">{esc(_(TRADITION))}</p>' if winners else ""
    played = ngettext("{count} hand played.", "{count} hands played.", hands).format(count=hands)
    return parts.result_dialog(title, Markup(
        f'{body}{_totals_html(obs.get("rams", [0, 0]), obs.get("pips", [0, 0]), names)}'
        f"<p>{esc(played)}</p>{tradition}"
    ), "avinas-panel", ends)


# --- the table ----------------------------------------------------------------------------
def _status(obs: AvinasObservation, ctx: TableContext) -> str:
    names = ctx.names
    current = obs.get("current_player")
    phase = obs.get("phase")
    if obs.get("is_over"):
        return _("The match is over.")
    if current is None:
        return ""
    if current != 0:
        waiting = {"bid": _("{player} to bid…"), "knock": _("{player} to knock or not…"),
                   "knock back": _("{player} to knock back or not…"),
                   "stop": _("{player} to stop or play on…")}.get(str(phase),
                                                                   _("{player} to play…"))
        return waiting.format(player=names[int(current)])
    if phase == "bid":
        return _("Your bid.")
    if phase in ("knock", "knock back", "stop"):
        return _("Your decision.")
    if obs.get("trick"):
        return _("Your turn: follow suit if you can.")
    if obs.get("trump") is None:
        return _("Your lead names trumps: lead a card (with a queen or jack, choose the suit).")
    if obs.get("trick_number") == 1:
        return _("Your lead: you must lead a trump.")
    if obs.get("trick_number") == 2:
        legal = [str(a) for a in obs.get("legal", [])]
        if any(a.startswith("facedown") for a in legal):
            return _("Your lead: no trumps left, so lead face up or face down (with a signal).")
        return _("Your lead: you must lead a trump.")
    return _("Your lead: any card.")


def render(obs: AvinasObservation, ctx: TableContext) -> str:
    names = ctx.names
    history = obs.get("hand_history", [])
    overlay = ""
    if ctx.summary is not None and 0 <= ctx.summary < len(history):
        overlay = summary_html(obs, ctx.summary, names, ctx.ends)
    elif obs.get("is_over"):
        overlay = result_html(obs, names, ends=ctx.ends)
    notice = f'<p class="table-notice">{esc(ctx.notice)}</p>' if ctx.notice else ""
    # a played card comes from its seat; a finished trick goes to its winner
    last = obs.get("last") or {}
    trick = last.get("trick")
    mover = last.get("seat")
    source = f"seat-{mover}" if mover is not None else ""
    sink = f"seat-{trick['winner']}" if isinstance(trick, Mapping) else ""
    table = esc(table_word(_("Avinas")))
    w_score_sheet = _("Score sheet")
    w_this_hand_and_the_scores = _("This hand and the scores")
    w_the_trick = _("The trick")
    return (
        f'<section class="table avinas" aria-label="{table}"'
        f'{parts.motion_attrs(source, sink)}>'
        f'<h2 class="visually-hidden">{table}</h2>'
        + "".join(_seat_html(obs, seat, ctx) for seat in (2, 1, 3))
        + f'<section class="centre" aria-label="{esc(w_the_trick)}">'
        + _trick_html(obs, names)
        + _signal_html(obs, names)
        + f'<p class="status" id="status">{esc(_status(obs, ctx))}</p>'
        f'<p class="narration" aria-live="polite">{esc(ctx.narration)}</p>'
        + _last_trick(obs, names)
        + "</section>"
        + _seat_html(obs, 0, ctx)
        + f'<aside class="board" aria-label="{esc(w_this_hand_and_the_scores)}">'
        f'{_hand_info(obs, names)}{scores_html(obs, names)}{notice}</aside>'
        + f'<section class="sheet-area" aria-label="{esc(w_score_sheet)}">'
        f'{sheet_html(obs, names)}</section>'
        + overlay
        + "</section>"
    )


__all__ = ["TRADITION", "describe", "narrate", "render", "result_html", "sheet_html",
           "summary_html"]


def turn_line(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """The turn line's words on the player's turn: what can be done now."""
    phase = str(obs.get("phase", ""))
    if phase == "bid":
        high = obs.get("high_bid") or 0
        if high:
            return _("Your turn to bid: name how many trumps you would hold in a suit you do not "
                     "name (all queens and jacks count) higher than {bid}, or pass.").format(
                bid=high)
        return _("Your turn to bid: name how many trumps you would hold in a suit you do not "
                 "name (all queens and jacks count), or pass.")
    if phase == "knock":
        return _("Your turn: knock (your side bids to take all 8 tricks), or play without "
                 "knocking.")
    if phase == "knock back":
        return _("Your turn: the declarers knocked; knock back to double the stakes, or not.")
    if phase == "stop":
        return _("Your turn: stop the hand now (only the tricks taken count), or play on.")
    trick = obs.get("trick") or []
    if not trick:
        if any(a.startswith("facedown") for a in legal):
            return _("Your turn to lead a card. With no trump to lead you may lead face up or "
                     "face down.")
        if obs.get("trick_number") in (1, 2) and len(legal) < len(obs.get("hand", [])):
            return _("Your turn to lead a card. You must lead a trump.")
        return _("Your turn to lead a card.")
    if len({a.split()[1] for a in legal}) < len(obs.get("hand", [])):
        return _("Your turn: follow suit (the highlighted cards). The highest trump wins the "
                 "trick.")
    return _("Your turn: you cannot follow suit, so any card may be played; a trump can win.")

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
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, SUITS, parse_card
from . import PLAIN_ENDS, DealEnds, Markup, TableContext, card_html, esc, parts, plural
from .parts import POSITIONS

TRADITION = "By tradition, the losers may not play again today."


# --- words --------------------------------------------------------------------------------
def _side_name(side: int, names: Sequence[str]) -> str:
    return f"{names[0]} & {names[2]}" if side == 0 else f"{names[1]} & {names[3]}"


def _suit(letter: str | None) -> str:
    """``H`` -> ``♥ hearts``."""
    if not letter or letter not in SUITS:
        return ""
    i = SUITS.index(letter)
    return f"{SUIT_SYMBOLS[i]} {SUIT_NAMES[i]}"


def _card(code: str) -> str:
    return str(parse_card(code))


def _trump_index(obs: AvinasObservation) -> int | None:
    trump = obs.get("trump")
    return SUITS.index(trump) if isinstance(trump, str) and trump in SUITS else None


def _kind_text(obs: AvinasObservation) -> str:
    """What kind of hand this is: "Sevens game (n = 2)" or "No sevens: bid 5"."""
    if obs.get("kind") == "sevens":
        return f"Sevens game (n = {esc(obs.get('sevens'))}): scored in rams"
    high = obs.get("high_bid") or 0
    if high:
        return f"No sevens: bid {esc(high)}, scored in pips"
    return "No sevens: bidding, scored in pips"


def _is_card_play(action: str) -> bool:
    """``play 10H``, ``play QC trump H`` or ``facedown 9H ...``; not ``play on``."""
    return action.split()[0] in ("play", "facedown") and action != "play on"


def _action_words(action: str) -> str:
    """A control's visible text for a non-card action."""
    words = action.split()
    if words[0] == "bid":
        return words[1]
    return {"pass": "Pass", "knock": "Knock", "no knock": "No knock", "knock back": "Knock back",
            "no knock back": "No knock back", "stop": "Stop the hand",
            "play on": "Play on"}.get(action, action)


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
        return f"{name}, face down, signal {signal}"
    return f"{name}, trumps {SUIT_NAMES[SUITS.index(trumps)]}" if trumps else name


def _option_text(action: str) -> str:
    """The visible text of one of several plays of one card."""
    _, signal, trumps = _card_play(action)
    if signal:
        return f"Face down — {signal}"
    if trumps:  # in the card's own menu: the card is named above
        suit = SUITS.index(trumps)
        return f"Trumps: {SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"
    return "Lead face up"


# What a player did, for the decisions that carry no card or number.
_SAID = {
    "pass": "passed",
    "knock": "knocked: their side will take all 8 tricks",
    "no knock": "did not knock",
    "knock back": "knocked back",
    "no knock back": "did not knock back",
    "stop": "stopped the hand",
    "play on": "played on",
}


def narrate(last: Mapping[str, Any], names: Sequence[str]) -> str:
    """The latest action in words, e.g. "West bid 3." or "North led a card face down.".

    ``last`` is seat 0's view of it: a face-down card is never in it, and the signal only
    when it is the partner's.
    """
    seat = int(last["seat"])
    who = names[seat]
    kind = str(last.get("kind", ""))
    action = str(last.get("action", ""))
    sentences: list[str] = []
    if kind in _SAID:
        sentences.append(f"{who} {_SAID[kind]}.")
    elif kind == "bid":
        sentences.append(f"{who} bid {action.split()[-1]}.")
    elif kind == "facedown":
        words = action.split()
        if seat == 0 and len(words) >= 3:
            signal = " ".join(words[2:])
            sentences.append(f"You led {_card(words[1])} face down, signalling {signal}.")
        else:
            sentences.append(f"{who} led a card face down.")
            if last.get("signal"):
                sentences.append(f"Partner says: {last['signal']}.")
    elif kind == "play" and last.get("card"):
        sentences.append(f"{who} played {_card(str(last['card']))}.")
        if last.get("trump"):
            sentences.append(f"Trumps are {_suit(str(last['trump']))}.")
    trick = last.get("trick")
    if isinstance(trick, Mapping):
        winner = int(trick["winner"])
        points = plural(int(trick.get("points", 0)), "point")
        sentences.append(f"{names[winner]} won trick {trick.get('number')} ({points}).")
        if trick.get("facedown"):
            cards = trick.get("cards") or []
            if cards:
                sentences.append(f"The face-down card was {_card(str(cards[0]))}.")
    if last.get("void"):
        sentences.append("Everybody passed: the hand is void.")
    if isinstance(last.get("hand_over"), Mapping):
        sentences.append(f"Hand {last['hand_over'].get('hand')} is over.")
    return " ".join(sentences) or f"{who}: {action}"


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
        if code in exposed:
            classes.append("exposed")
            note = '<span class="tag">exposed</span>'
        if trump is not None and is_trump(card, trump):
            classes.append("trump")
        plays = by_card.get(card.code, [])
        if by_card and not plays:
            classes.append("idle")  # not playable now
        if len(plays) == 1:
            label = describe(plays[0]) + (", exposed" if code in exposed else "")
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
            exposed_word = ", exposed" if code in exposed else ""
            chooser, menu = parts.card_choices(
                card.code, card.name, f"{card.name}{exposed_word}, choose how to play it",
                options, classes)
            items.append(f'<li class="slot">{chooser}{note}</li>')
            menus.append(menu)
        else:
            label = card.name + (", exposed" if code in exposed else "")
            face = card_html(code, label=label, classes=classes)
            items.append(f'<li class="slot">{face}{note}</li>')
    return parts.own_hand(items, menus)


def _controls_html(obs: AvinasObservation) -> str:
    """The human's decisions that are not cards: bids, knocks, stop or play on."""
    legal = [str(a) for a in obs.get("legal", [])]
    others = [a for a in legal if not _is_card_play(a)]
    if not others:
        return ""
    phase = obs.get("phase")
    if phase == "bid":
        high = obs.get("high_bid") or 0
        prompt = ("Your bid: how many trumps would you hold in a suit you keep to yourself? "
                  + (f"Beat {high}, or pass." if high else "Name a number, or pass."))
    elif phase == "knock":
        prompt = "Knock? Your side then undertakes to take all 8 tricks (rams double)."
    elif phase == "knock back":
        prompt = "They knocked. Knock back? (the rams double again)"
    elif phase == "stop":
        prompt = "Stop the hand now (only the tricks taken count), or play on?"
    else:
        prompt = "Your decision:"
    buttons = []
    for a in others:
        label = f"Bid {a.split()[1]}" if a.startswith("bid ") else _action_words(a)
        cls = "play bid" if a.startswith("bid ") else "play"
        buttons.append(f'<button type="button" class="{cls}" data-action="{esc(a)}" '
                       f'aria-label="{esc(label)}">{esc(_action_words(a))}</button>')
    return (f'<div class="controls" role="group" aria-label="Your decision">'
            f'<p class="prompt">{esc(prompt)}</p>'
            f'<div class="buttons">{"".join(buttons)}</div></div>')


# --- seats ------------------------------------------------------------------------------
def _bid_of(obs: AvinasObservation, seat: int) -> str | None:
    for b in obs.get("bids", []):
        if b.get("seat") == seat:
            return "pass" if b.get("bid") is None else f"bid {b['bid']}"
    return None


def _badges(obs: AvinasObservation, seat: int, ctx: TableContext) -> str:
    badges = []
    if obs.get("dealer") == seat:
        badges.append('<span class="badge dealer" title="Dealer">dealer</span>')
    if obs.get("declarer") == seat:
        badges.append('<span class="badge declarer" title="Declarer">declarer</span>')
    if seat == 2:
        badges.append('<span class="badge team">partner</span>')
    bid = _bid_of(obs, seat)
    if bid is not None and obs.get("kind") == "no sevens":
        badges.append(f'<span class="badge bid">{esc(bid)}</span>')
    if obs.get("knock") == seat:
        badges.append('<span class="badge knock">knocked</span>')
    if obs.get("knock_back") == seat:
        badges.append('<span class="badge knock">knocked back</span>')
    to_play = obs.get("current_player") == seat and not obs.get("is_over")
    if ctx.thinking == seat:
        badges.append('<span class="badge thinking">thinking…</span>')
    elif to_play:
        badges.append('<span class="badge turn">to play</span>')
    return "".join(badges)


def _other_hand(obs: AvinasObservation, seat: int, names: Sequence[str]) -> str:
    count = int(obs["hand_counts"][seat])
    exposed = [str(e["card"]) for e in obs.get("exposed", []) if e.get("seat") == seat]
    seen = [str(e["card"]) for e in obs.get("dealer_saw", []) if e.get("seat") == seat]
    hidden = max(0, count - len(exposed) - len(seen))
    backs = "".join(parts.card_back_html() for _ in range(hidden))
    word = "card" if count == 1 else "cards"
    shown = "".join(
        card_html(c, label=f"{parse_card(c).name}, exposed", classes=["exposed"])
        for c in exposed
    ) + "".join(
        card_html(c, label=f"{parse_card(c).name}, seen by you as dealer", classes=["seen"])
        for c in seen
    )
    notes = []
    if exposed:
        listed = " ".join(_card(c) for c in exposed)
        notes.append(f'<span class="tag">exposed: {esc(listed)}</span>')
    if seen:
        listed = " ".join(_card(c) for c in seen)
        notes.append(f'<span class="tag seen">you saw: {esc(listed)}</span>')
    extra = f'<div class="shown">{shown}</div><div class="tags">{"".join(notes)}</div>'
    return (
        f'<div class="hidden-hand"><div class="backs" role="img" '
        f'aria-label="{count} {word} in hand">{backs}</div>'
        f'<span class="count">{count} in hand</span></div>'
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
        body = parts.open_hand_html(_sorted_hand(shown, _trump_index(obs)), f"{names[seat]}'s hand")
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
        inner = (f'<span class="card back facedown" role="img" '
                 f'aria-label="{who}: a card face down"></span>')
    else:
        label = f"{names[seat]}: {parse_card(card).name}" + (", led face down" if facedown else "")
        extra = ["facedown-own"] if facedown else []
        inner = card_html(card, label=label, classes=[*classes, *extra])
    note = '<span class="tag">face down</span>' if facedown else ""
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
    label = f"Trick {number} of 8" if not obs.get("is_over") else "Hand over"
    trump = obs.get("trump")
    mid: str = esc(label)
    if trump and str(trump) in SUITS:
        i = SUITS.index(str(trump))
        colour = "red" if trump in "DH" else "black"
        mid += (f'<br><span class="trump-mark {colour}" title="Trumps: {SUIT_NAMES[i]}">'
                f"Trumps {SUIT_SYMBOLS[i]}</span>")
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
    won = f"{names[winner]} won it"
    if points is not None:
        won += f" ({plural(int(points), 'point')})"

    return (f'<details class="last-trick"><summary>Last trick (trick {esc(number)})</summary>'
            f'<div class="trick small">{spots}</div><p>{esc(won)}.</p></details>')


def _signal_html(obs: AvinasObservation, names: Sequence[str]) -> str:
    signal = obs.get("signal")
    if not isinstance(signal, Mapping):
        return ""
    giver = int(signal["seat"])
    value = signal.get("valuable")
    if value is None:  # the other side's signal: only that one was given
        return (f'<p class="signal other">{esc(names[giver])} signalled to '
                f'{esc(names[(giver + 2) % 4])}.</p>')
    word = "valuable" if value else "not valuable"
    if giver == 0:
        return f'<p class="signal">You signalled: {word}.</p>'
    return f'<p class="signal partner" role="status">Partner says: {word}.</p>'


def _hand_info(obs: AvinasObservation, names: Sequence[str]) -> str:
    rows = [f"<li>{_kind_text(obs)}</li>"]
    trump = obs.get("trump")
    if trump:
        rows.append(f'<li>Trumps: <strong class="trump-suit">{esc(_suit(str(trump)))}</strong> '
                    "(and all queens and jacks)</li>")
    elif obs["declarer"] is not None:
        rows.append("<li>Trumps: named by the declarer's first lead</li>")
    if obs["declarer"] is not None:
        rows.append(f"<li>Declarer: {esc(names[obs['declarer']])}</li>")
    if obs["knock"] is not None:
        text = f"{names[obs['knock']]} knocked"
        if obs["knock_back"] is not None:
            text += f", {names[obs['knock_back']]} knocked back"
        rows.append(f"<li>{esc(text)}</li>")
    return f'<ul class="hand-info">{"".join(rows)}</ul>'


# --- scores -------------------------------------------------------------------------------
def scores_html(obs: AvinasObservation, names: Sequence[str]) -> str:
    points, tricks = obs.get("points", [0, 0]), obs.get("tricks_won", [0, 0])
    rams, pips = obs.get("rams", [0, 0]), obs.get("pips", [0, 0])
    rows = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, names))}</th><td>{esc(points[s])}</td>'
        f"<td>{esc(tricks[s])}</td><td>{esc(rams[s])}</td><td>{esc(pips[s])}</td></tr>"
        for s in (0, 1)
    )
    return (
        f'<table class="scores"><caption>Hand {esc(obs.get("hand_number", 1))} · match to '
        f'{esc(obs.get("pip_target", 12))} pips</caption><thead><tr><th scope="col">Side</th>'
        '<th scope="col">Card points</th><th scope="col">Tricks</th><th scope="col">Rams</th>'
        f'<th scope="col">Pips</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def _game_words(record: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = record.get("kind")
    if kind == "void":
        return "Everybody passed: void"
    declarer = record.get("declarer")
    who = names[int(declarer)] if declarer is not None else "?"
    letter = str(record.get("trump") or "")
    trump = SUIT_SYMBOLS[SUITS.index(letter)] if letter and letter in SUITS else ""
    if kind == "sevens":
        text = f"Sevens ×{record.get('sevens')}, {trump}, {who} declared"
        if record.get("knock") is not None:
            text += "; knock"
            if record.get("knock_back") is not None:
                text += " and knock back"
        return text
    text = f"Bid {record.get('bid')} by {who}, {trump}"
    if record.get("stopped_after") is not None:
        text += f"; stopped after {plural(int(record['stopped_after']), 'trick')}"
    return text


def _outcome(record: Mapping[str, Any], names: Sequence[str]) -> str:
    if record.get("kind") == "void":
        return "no score"
    declarer = int(record["declarer"])
    side = _side_name(declarer % 2, names)
    points = record.get("points", [0, 0])
    ours = points[declarer % 2]
    verdict = "won" if record.get("declarer_won") else "lost"
    text = f"{side} {verdict} with {ours} card points"
    if record.get("overbid"):
        text += (f" (overbid: {record.get('declarer_trumps')} trumps held, "
                 f"{record.get('bid')} bid)")
    return text


def _rams_words(record: Mapping[str, Any], side: int) -> str:
    rams = record.get("rams")
    if not isinstance(rams, Mapping):
        return ""
    if int(rams["side"]) == side:
        scored, cancelled, written = rams["scored"], rams["cancelled"], rams["written"]
        if cancelled:
            return (f'+{esc(scored)} rams: <del title="cancelled">{esc(cancelled)}</del> '
                    f"cancel, {esc(written)} written")
        return f"+{esc(written)} rams"
    cancelled = int(rams["cancelled"])
    return f'<del title="cancelled">−{cancelled} rams</del> cancelled' if cancelled else ""


def sheet_html(obs: AvinasObservation, names: Sequence[str], *, open_: bool = False) -> str:
    """The score sheet, hand by hand: rams (with cancellation) and pips, and the totals."""
    history = obs.get("hand_history", [])
    if not history:
        return ('<details class="sheet"><summary>Score sheet</summary>'
                "<p>No hands finished yet.</p></details>")
    rows = []
    for r in history:
        cells = []
        for side in (0, 1):
            bits = [b for b in (_rams_words(r, side),) if b]
            pips = (r.get("pips") or [0, 0])[side]
            if pips:
                bits.append(f"+{esc(pips)} pips")
            totals = (f'<span class="total">{esc(r["rams_total"][side])} rams · '
                      f'{esc(r["pips_total"][side])} pips</span>')
            cells.append(f"<td>{'; '.join(bits) or '—'}{totals}</td>")
        rows.append(
            f'<tr><th scope="row">{esc(r.get("hand"))}</th>'
            f'<td>{esc(_game_words(r, names))}<span class="total">{esc(_outcome(r, names))}'
            f"</span></td>{''.join(cells)}</tr>"
        )
    # A sheet wider than a phone scrolls sideways: focusable, so a keyboard can scroll it.
    return (
        f'<details class="sheet"{" open" if open_ else ""}><summary>Score sheet</summary>'
        '<div class="sheet-wrap" tabindex="0"><table class="scores sheet-table"><thead><tr>'
        '<th scope="col">Hand</th><th scope="col">Game</th>'
        f'<th scope="col">{esc(_side_name(0, names))}</th>'
        f'<th scope="col">{esc(_side_name(1, names))}</th></tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table></div></details>'
    )


def _sevens_story(record: Mapping[str, Any], names: Sequence[str], need: int) -> list[str]:
    declarer = int(record["declarer"])
    ours = declarer % 2
    sevens = int(record["sevens"])
    knock, back = record.get("knock"), record.get("knock_back")
    opening = (f"{names[declarer]} declared {_suit(record.get('trump'))} with "
               f"{plural(sevens, 'seven')} exposed")
    if knock is not None:
        opening += f"; {names[int(knock)]} knocked"
        if back is not None:
            opening += f" and {names[int(back)]} knocked back"
    target = ("every trick, because of the knock" if knock is not None
              else f"{need} card points")
    points, tricks = record["points"][ours], record["tricks"][ours]
    verdict = "so they won the hand" if record.get("declarer_won") else "so they lost the hand"
    lines = [f"{opening}.",
             f"{_side_name(ours, names)} needed {target}; they took {plural(points, 'card point')} "
             f"in {plural(tricks, 'trick')}, {verdict}."]
    rams = record["rams"]
    gets, scored = int(rams["side"]), int(rams["scored"])
    rate = scored // sevens if sevens else 0
    when = (" after a knock back" if back is not None else " after a knock"
            if knock is not None else "")
    double = ", double for a lost hand" if gets == ours else ""
    lines.append(f"{_side_name(gets, names)} write {plural(rate, 'ram')} a seven{when}{double}: "
                 f"{rate} × {sevens} = {plural(scored, 'ram')}.")
    cancelled, written = int(rams["cancelled"]), int(rams["written"])
    if cancelled:
        lines.append(f"They first cancel {plural(cancelled, 'ram')} that "
                     f"{_side_name(1 - gets, names)} had on the sheet, so "
                     f"{plural(written, 'ram')} {'is' if written == 1 else 'are'} written.")
    return lines


def _pips_story(record: Mapping[str, Any], names: Sequence[str], need: int,
                split: int) -> list[str]:
    declarer = int(record["declarer"])
    ours, theirs = declarer % 2, 1 - declarer % 2
    lines = [f"No seven was exposed: {names[declarer]} won the bidding with "
             f"{plural(int(record['bid']), 'trump')} and declared {_suit(record.get('trump'))}."]
    if record.get("stopped_after") is not None:
        lines.append(f"The declarer stopped after {plural(int(record['stopped_after']), 'trick')}"
                     "; the cards not played count for nobody.")
    points = record["points"]
    if record.get("overbid"):
        held = plural(int(record["declarer_trumps"]), "trump")
        lines.append(f"{names[declarer]} held only {held} after bidding {record['bid']}: an "
                     "overbid loses the hand.")
    else:
        verdict = "won" if record.get("declarer_won") else "lost"
        lines.append(f"{_side_name(ours, names)} needed {need} card points and took "
                     f"{points[ours]}: they {verdict} the hand.")
    pips = record.get("pips") or [0, 0]
    side = theirs if record.get("declarer_won") else ours
    taken = points[side]
    bracket = (f"{split} or more" if taken >= split else
               f"fewer than {split}" if taken else "none")
    lines.append(f"{_side_name(side, names)} took {plural(taken, 'card point')} ({bracket}), so "
                 f"they write {plural(int(pips[side]), 'pip')}. Pips are never cancelled.")
    return lines


def hand_story(obs: AvinasObservation, record: Mapping[str, Any],
               names: Sequence[str]) -> list[str]:
    """A finished hand in sentences: who declared, whether the declarers made what they
    needed, and the rams or pips that follow, with what cancelled."""
    if record.get("kind") == "void":
        return ["Everybody passed: the hand is void and the next dealer deals. The score does "
                "not change."]
    need = int(obs.get("win_points", 61))
    if record.get("kind") == "sevens":
        lines = _sevens_story(record, names, need)
    else:
        lines = _pips_story(record, names, need, int(obs.get("pip_split", 31)))
    rams, pips = record["rams_total"], record["pips_total"]
    lines.append(
        f"On the sheet: {_side_name(0, names)} {plural(rams[0], 'ram')} and "
        f"{plural(pips[0], 'pip')}, {_side_name(1, names)} {plural(rams[1], 'ram')} and "
        f"{plural(pips[1], 'pip')}. Rams and pips count against the side that has them; the "
        f"match ends when a side has {obs.get('pip_target', 12)} pips.")
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
    return (
        f"{parts.story_html(hand_story(obs, record, names))}"
        '<div class="sheet-wrap" tabindex="0"><table class="scores"><caption>This hand</caption>'
        '<thead><tr>'
        '<th scope="col">Side</th><th scope="col">Card points</th><th scope="col">Tricks</th>'
        '<th scope="col">Rams</th><th scope="col">Pips</th></tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


def _totals_html(rams: Sequence[int], pips: Sequence[int], names: Sequence[str]) -> str:
    totals = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, names))}</th><td>{esc(rams[s])}</td>'
        f"<td>{esc(pips[s])}</td></tr>" for s in (0, 1)
    )
    return ('<table class="scores"><caption>Match</caption><thead><tr><th scope="col">Side</th>'
            f'<th scope="col">Rams</th><th scope="col">Pips</th></tr></thead><tbody>{totals}'
            "</tbody></table>")


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
        f"Hand {record.get('hand')} is over", Markup(body), "hand", "avinas-panel",
        ends,
    )


def result_html(obs: AvinasObservation, names: Sequence[str], body: str = "",
                ends: DealEnds = PLAIN_ENDS) -> str:
    winners: list[int] = [int(w) for w in obs.get("winners", [])]
    if 0 in winners:
        title = f"{_side_name(0, names)} win the match!"
    elif winners:
        title = f"{_side_name(1, names)} win the match."
    else:
        title = "The match is a draw."
    hands = len(obs.get("hand_history", []))
    tradition = f'<p class="tradition">{esc(TRADITION)}</p>' if winners else ""
    return parts.result_dialog(title, Markup(
        f'{body}{_totals_html(obs.get("rams", [0, 0]), obs.get("pips", [0, 0]), names)}'
        f"<p>{esc(plural(hands, 'hand'))} played.</p>{tradition}"
    ), "avinas-panel", ends)


# --- the table ----------------------------------------------------------------------------
def _status(obs: AvinasObservation, ctx: TableContext) -> str:
    names = ctx.names
    current = obs.get("current_player")
    phase = obs.get("phase")
    if obs.get("is_over"):
        return "The match is over."
    if current is None:
        return ""
    if current != 0:
        verb = {"bid": "to bid", "knock": "to knock or not", "knock back": "to knock back or not",
                "stop": "to stop or play on"}.get(str(phase), "to play")
        return f"{names[int(current)]} {verb}…"
    if phase == "bid":
        return "Your bid."
    if phase in ("knock", "knock back", "stop"):
        return "Your decision."
    if obs.get("trick"):
        return "Your turn: follow suit if you can."
    if obs.get("trump") is None:
        return "Your lead names trumps: lead a card (with a queen or jack, choose the suit)."
    if obs.get("trick_number") == 1:
        return "Your lead: you must lead a trump."
    if obs.get("trick_number") == 2:
        legal = [str(a) for a in obs.get("legal", [])]
        if any(a.startswith("facedown") for a in legal):
            return "Your lead: no trumps left, so lead face up or face down (with a signal)."
        return "Your lead: you must lead a trump."
    return "Your lead: any card."


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
    return (
        '<section class="table avinas" aria-label="Avinas table"'
        f'{parts.motion_attrs(source, sink)}>'
        '<h2 class="visually-hidden">Avinas table</h2>'
        + "".join(_seat_html(obs, seat, ctx) for seat in (2, 1, 3))
        + '<section class="centre" aria-label="The trick">'
        + _trick_html(obs, names)
        + _signal_html(obs, names)
        + f'<p class="status" id="status">{esc(_status(obs, ctx))}</p>'
        f'<p class="narration" aria-live="polite">{esc(ctx.narration)}</p>'
        + _last_trick(obs, names)
        + "</section>"
        + _seat_html(obs, 0, ctx)
        + f'<aside class="board" aria-label="This hand and the scores">{_hand_info(obs, names)}'
        f"{scores_html(obs, names)}{notice}</aside>"
        + f'<section class="sheet-area" aria-label="Score sheet">{sheet_html(obs, names)}</section>'
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
        above = f" higher than {high}" if high else ""
        return ("Your turn to bid: name how many trumps you would hold in a suit you do not "
                f"name (all queens and jacks count){above}, or pass.")
    if phase == "knock":
        return "Your turn: knock (your side bids to take all 8 tricks), or play without knocking."
    if phase == "knock back":
        return "Your turn: the declarers knocked; knock back to double the stakes, or not."
    if phase == "stop":
        return "Your turn: stop the hand now (only the tricks taken count), or play on."
    trick = obs.get("trick") or []
    if not trick:
        line = "Your turn to lead a card."
        if any(a.startswith("facedown") for a in legal):
            line += " With no trump to lead you may lead face up or face down."
        elif obs.get("trick_number") in (1, 2) and len(legal) < len(obs.get("hand", [])):
            line += " You must lead a trump."
        return line
    if len({a.split()[1] for a in legal}) < len(obs.get("hand", [])):
        return "Your turn: follow suit (the highlighted cards). The highest trump wins the trick."
    return "Your turn: you cannot follow suit, so any card may be played; a trump can win."

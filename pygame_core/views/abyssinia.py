"""The Abyssinia table: two to eight seats round an oval, the market and pot in the middle.

Every card is open, so each seat shows its five (or fewer) bought cards, its chips and its
state in the deal; the centre holds the two market cards with their prices, the pack, the
pot and the betting state.  The human's moves are the market's buy buttons and the betting
buttons, each showing what it costs.  Between deals a summary shows the showdown: the high
and low winners with their hands, each half's award, and every player's gross award and
net result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..abyssinia import AbyssiniaObservation
from ..cards import parse_card
from . import (
    MANY_NAMES,
    PLAIN_ENDS,
    SEAT_NAMES,
    DealEnds,
    Markup,
    TableContext,
    card_html,
    card_short,
    esc,
    parts,
    plural,
    word_and,
    word_list,
)

NAMES = MANY_NAMES  # seat names when the page gives none of its own
HAND_SIZE = 5
# Places round the oval, clockwise from the bottom (the human, RULINGS: seat 0 at the
# bottom, seats clockwise, so the next seat is on the left).
SLOTS: dict[int, tuple[str, ...]] = {
    2: ("s", "n"),
    3: ("s", "nw", "ne"),
    4: ("s", "w", "n", "e"),
    5: ("s", "w", "nw", "ne", "e"),
    6: ("s", "w", "nw", "n", "ne", "e"),
    7: ("s", "sw", "w", "nw", "ne", "e", "se"),
    8: ("s", "sw", "w", "nw", "n", "ne", "e", "se"),
}


def table_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """A name for every seat: the page's own names, else (or where short) NAMES."""
    if tuple(names) == SEAT_NAMES:
        names = ()
    return tuple(names[s] if s < len(names) else NAMES[s] for s in range(players))


def _chips(n: int) -> str:
    return plural(n, "chip")


def _card(code: str) -> str:
    return str(parse_card(code))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# --- what each legal action says ---------------------------------------------------------
def action_label(action: str, obs: AbyssiniaObservation) -> str:
    """The button text of a legal action, with its amount: "Buy 2♣ (2 chips)", "Call 2"."""
    outstanding = int(obs.get("outstanding", 0))
    if action == "buy blind":
        return "Buy blind (price on the card)"
    if action.startswith("buy "):
        side = action.split()[1]
        item = next(m for m in obs["market"] if m["side"] == side)
        return f"Buy {_card(item['card'])} ({_chips(int(item['price']))})"
    if action == "check":
        return "Check"
    if action == "bet":
        return "Bet 1"
    if action == "call":
        return f"Call {int(obs.get('to_call', 0))}"
    if action == "raise":
        return f"Raise to {outstanding + 1}"
    if action == "fold":
        return "Fold"
    return action


def action_cost(action: str, obs: AbyssiniaObservation) -> int:
    """Chips the action takes from the player now (a blind buy: unknown, 0 here)."""
    to_call = int(obs.get("to_call", 0))
    if action.startswith("buy ") and action != "buy blind":
        side = action.split()[1]
        return int(next(m for m in obs["market"] if m["side"] == side)["price"])
    return {"bet": 1, "call": to_call, "raise": to_call + 1}.get(action, 0)


# --- narration ---------------------------------------------------------------------------
def narrate(last: Mapping[str, Any], names: Sequence[str]) -> str:
    """The last move in words, e.g. "Ada bought 2♣ on the left for 2 chips."; when it ended
    a deal and the deal's record is attached (``deal_record``), who won."""
    seat = int(last["seat"])
    record = last.get("deal_record")
    players = max(seat + 1, len(record["award"]) if isinstance(record, Mapping) else 0)
    names = table_names(names, max(players, len(names)))
    who = names[seat]
    you = seat == 0
    action = str(last.get("action", ""))
    chips = int(last.get("chips", 0))
    if action.startswith("buy"):
        card, cost = _card(str(last["card"])), _chips(int(last["price"]))
        if action == "buy blind":
            text = f"{who} bought blind: {card} for {cost}."
        else:
            side = action.split()[1]
            text = f"{who} bought {card} on the {side} for {cost}."
        if last.get("refill"):
            text += f" {_card(str(last['refill']))} comes up."
    elif action == "check":
        text = f"{who} {'check' if you else 'checks'}."
    elif action == "bet":
        text = f"{who} {'bet' if you else 'bets'} 1."
    elif action == "call":
        text = f"{who} {'call' if you else 'calls'} {chips}."
    elif action == "raise":
        text = f"{who} {'raise' if you else 'raises'}, putting in {chips}."
    elif action == "fold":
        text = f"{who} {'fold' if you else 'folds'}."
    else:
        text = f"{who}: {action}."
    if isinstance(record, Mapping):
        text += " " + outcome(record, names)
    return text


def _won(seats: Sequence[int], names: Sequence[str]) -> str:
    """Winners' names for the middle of a sentence ("you" in lower case)."""
    return word_and(["you" if s == 0 and names[s] == NAMES[0] else names[s] for s in seats])


def outcome(record: Mapping[str, Any], names: Sequence[str]) -> str:
    """One sentence on who won a finished deal."""
    pot = int(record["pot"])
    if not record.get("showdown"):
        seat = int(record["uncontested_winner"])
        return f"{names[seat]} {'take' if seat == 0 else 'takes'} the pot of {pot}."
    high, low = list(record["high_winners"]), list(record["low_winners"])
    if high == low and len(high) == 1:
        return (f"Showdown: {names[high[0]]} {'win' if high[0] == 0 else 'wins'} both halves "
                f"({record['high_hand']}; {record['low_hand']}), the whole pot of {pot}.")
    halves = []
    for half, seats, hand, shares in (("high", high, record["high_hand"], record["high_share"]),
                                      ("low", low, record["low_hand"], record["low_share"])):
        got = sum(shares[s] for s in seats)
        split = " shared" if len(seats) > 1 else ""
        halves.append(f"{half} to {_won(seats, names)} with {hand} ({_chips(got)}{split})")
    return f"Showdown: {halves[0]}; {halves[1]}."


def _half_story(half: str, amount: int, seats: Sequence[int], shares: Sequence[int],
                hand: str, names: Sequence[str]) -> str:
    """Who took one half of the pot and how it divided: the chips that would not divide
    are read from the engine's ``shares``, not worked out again."""
    if len(seats) == 1:
        return f"The {half} half, {_chips(amount)}, goes to {_won(seats, names)} with {hand}."
    each, odd = divmod(amount, len(seats))
    text = (f"The {half} half, {_chips(amount)}, is shared by {_won(seats, names)}, tied with "
            f"{hand}")
    if not odd:
        return f"{text}: {each} each."
    first = [s for s in seats if shares[s] > each]
    return (f"{text}: {each} each, and the {plural(odd, 'chip')} that will not divide "
            f"{'goes' if odd == 1 else 'go'} to {_won(first, names)}, first clockwise after "
            f"the dealer.")


def record_story(record: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """A finished deal in sentences: who took the pot or its halves, with which hands, how
    the pot split (the odd chip included), and what the human paid and got back."""
    pot = int(record["pot"])
    if not record.get("showdown"):
        seat = int(record["uncontested_winner"])
        lines = [f"Everyone else folded, so {_won([seat], names)} "
                 f"{'take' if seat == 0 else 'takes'} the whole pot of {_chips(pot)} without "
                 "showing."]
    else:
        shown = [s for s, st in enumerate(record["status"]) if st == "active"]
        lines = [f"Showdown between {_won(shown, names)}. High is normal poker; low is "
                 "ace-to-five: aces low, straights and flushes do not count, pairs count "
                 "against."]
        high_half = sum(record["high_share"])
        low_half = sum(record["low_share"])
        split = f"The pot of {_chips(pot)} splits into {high_half} for high and {low_half} for low"
        lines.append(split + (": the odd chip goes to high." if high_half != low_half else "."))
        lines.append(_half_story("high", high_half, record["high_winners"], record["high_share"],
                                 str(record["high_hand"]), names))
        lines.append(_half_story("low", low_half, record["low_winners"], record["low_share"],
                                 str(record["low_hand"]), names))
    me = 0
    if record["status"][me] != "sitting out":
        paid, award = int(record["paid"][me]), int(record["award"][me])
        parts_paid = [f"{record['ante'][me]} ante"]
        if record["purchases"][me]:
            parts_paid.append(f"{record['purchases'][me]} for cards")
        if record["bets"][me]:
            parts_paid.append(f"{record['bets'][me]} in bets")
        lines.append(f"You paid {paid} ({word_and(parts_paid)}) and got back {award}: "
                     f"{_signed(award - paid)} this deal.")
    return lines


def deal_story(obs: AbyssiniaObservation, index: int, names: Sequence[str]) -> list[str]:
    """Finished deal ``index`` (0-based) in sentences (``record_story``), the seats named
    as the table names them."""
    return record_story(obs["deals"][index], table_names(names, int(obs["players"])))


# --- the seats ---------------------------------------------------------------------------
def _state(status: str) -> str:
    return {"active": "in", "folded": "folded", "sitting out": "out"}.get(status, status)


def seat_html(obs: AbyssiniaObservation, seat: int, names: Sequence[str],
              ctx: TableContext) -> str:
    n = int(obs["players"])
    over = bool(obs.get("is_over"))
    status = str(obs["status"][seat])
    current = obs.get("current_player")
    last = obs.get("last") or {}
    classes = ["seat", "aby-seat", f"at-{SLOTS[n][seat]}", f"state-{_state(status)}"]
    badges = []
    if obs.get("dealer") == seat and not over:
        badges.append('<span class="badge dealer" title="Dealer">dealer</span>')
    if ctx.thinking == seat:
        badges.append('<span class="badge thinking">thinking…</span>')
    elif current == seat and not over:
        classes.append("to-play")
        badges.append('<span class="badge turn">to act</span>')
    if status == "folded":
        badges.append('<span class="badge folded">folded</span>')
    elif status == "sitting out" or over:
        badges.append('<span class="badge out" title="Under 41 chips: sits out">out</span>')
    if last.get("seat") == seat and not last.get("deal_over"):
        classes.append("last-mover")
    hand: list[str] = list(obs["hands"][seat]) if not over else []
    bought_now = (last.get("seat") == seat and str(last.get("action", "")).startswith("buy")
                  and not last.get("deal_over"))
    cards = []
    for i, code in enumerate(hand):
        extra = ["last"] if bought_now and i == len(hand) - 1 else []
        cards.append(f'<li>{card_html(code, classes=extra)}</li>')
    if status == "active":
        cards += ['<li><span class="card slot-empty" aria-hidden="true"></span></li>'] * max(
            0, HAND_SIZE - len(hand))
    spoken = ", ".join(parse_card(c).name for c in hand) or "no cards"
    chips = int(obs["chips"][seat])
    facts = [f'<span class="aby-chips">{esc(_chips(chips))}</span>']
    put = int((obs.get("put") or [0] * n)[seat])
    if obs.get("phase") == "bet" and put and not over:
        facts.append(f'<span class="aby-put">{esc(put)} bet this round</span>')
    if status == "sitting out" and not over:
        facts.append('<span class="aby-note">sitting out (under 41 chips)</span>')
    return (
        f'<section class="{" ".join(classes)}" aria-label="{esc(names[seat])}" '
        f'data-seat="{seat}" data-status="{esc(status)}" data-anchor="seat-{seat}">'
        f'<h3 class="seat-name">{esc(names[seat])} {"".join(badges)}</h3>'
        f'{parts.recent_html(ctx, seat)}'
        f'<p class="aby-facts">{" · ".join(facts)}</p>'
        f'<ul class="aby-hand" aria-label="{esc(names[seat])}: {esc(spoken)}">'
        f'{"".join(cards)}</ul></section>'
    )


# --- the centre: market, pack, pot, betting ----------------------------------------------
def market_html(obs: AbyssiniaObservation) -> str:
    legal: list[str] = list(obs.get("legal", []))
    items = []
    for item in obs.get("market", []):
        side, code, price = str(item["side"]), str(item["card"]), int(item["price"])
        action = f"buy {side}"
        card = parse_card(code)
        caption = f"{side.title()}: {_chips(price)}"
        if action in legal:
            label = action_label(action, obs)
            items.append(
                f'<button type="button" class="aby-buy" data-action="{esc(action)}" '
                f'aria-label="{esc(label)}: the {esc(card.name)}, on the {esc(side)}">'
                f'<span aria-hidden="true">{card_html(code)}</span>'
                f'<span class="aby-buy-text">{esc(label)}</span></button>'
            )
        else:
            items.append(
                f'<div class="aby-market-card">{card_html(code, label=f"{card.name}, {side}")}'
                f'<span class="aby-buy-text">{esc(caption)}</span></div>'
            )
    pack = int(obs.get("pack", 0))
    pack_text = f"Pack: {plural(pack, 'card')}"
    if "buy blind" in legal:
        blind = (
            # Named by its content (the hint reads it): the caption and the pack count,
            # kept apart by a separator only a screen reader hears.
            '<button type="button" class="aby-buy blind" data-action="buy blind" '
            f'data-anchor="pack">{parts.card_back_html()}<span class="aby-buy-text">'
            f'{esc(action_label("buy blind", obs))}</span>'
            '<span class="visually-hidden">, </span>'
            f'<span class="aby-pack">{esc(pack_text)}</span></button>'
        )
    else:
        blind = (f'<div class="aby-market-card pack" data-anchor="pack">{parts.card_back_html()}'
                 f'<span class="aby-pack">{esc(pack_text)}</span></div>')
    # In the legal actions' order (left, right, blind); the CSS puts the pack in the middle.
    return f'<div class="aby-market" aria-label="Market">{"".join(items)}{blind}</div>'


def controls_html(obs: AbyssiniaObservation) -> str:
    bets = [a for a in obs.get("legal", []) if not str(a).startswith("buy")]
    if not bets:
        return ""
    buttons = []
    for action in bets:
        label = action_label(action, obs)
        cost = action_cost(action, obs)
        note = f" (pays {cost})" if action == "raise" else ""
        buttons.append(
            f'<button type="button" class="aby-bet {esc(action)}" data-action="{esc(action)}">'
            f'{esc(label)}'
            + (f' <small>{esc(note.strip())}</small>' if note else "")
            + "</button>"
        )
    return f'<div class="aby-controls" role="group" aria-label="Your bet">{"".join(buttons)}</div>'


def status_text(obs: AbyssiniaObservation, names: Sequence[str], ctx: TableContext) -> str:
    if obs.get("is_over"):
        return "The match is over."
    current = obs.get("current_player")
    mine = obs["status"][0]
    if current == 0:
        if obs.get("phase") == "buy":
            return "Your turn: buy the left or right card, or the top of the pack blind."
        if int(obs.get("outstanding", 0)) == 0:
            return "Your turn: check or bet 1."
        return f"Your turn: facing a bet, {int(obs.get('to_call', 0))} to call."
    who = names[current] if current is not None else ""
    doing = "to buy" if obs.get("phase") == "buy" else "to bet"
    if mine == "folded":
        return f"You folded; {who} {doing}…"
    if mine == "sitting out":
        return f"You sit out this deal (under 41 chips); {who} {doing}…"
    return f"{who} {doing}…"


def centre_html(obs: AbyssiniaObservation, names: Sequence[str], ctx: TableContext,
                playable: bool) -> str:
    over = bool(obs.get("is_over"))
    pot = int(obs.get("pot", 0))
    betting = ""
    if obs.get("phase") == "bet" and not over:
        outstanding = int(obs.get("outstanding", 0))
        raises, cap = int(obs.get("raises", 0)), int(obs.get("max_raises", 3))
        betting = (f'<p class="aby-betting">Bet this round: {outstanding} · '
                   f'raises {raises} of {cap}</p>')
    phase = str(obs.get("phase_text", "")).capitalize()
    deal = int(obs.get("deals_played", 0)) + (0 if over else 1)
    market = market_html(obs if playable else {**obs, "legal": []}) if not over else ""
    controls = controls_html(obs) if playable else ""
    return (
        '<section class="centre aby-centre" aria-label="Table centre">'
        f'<p class="aby-round">Deal {deal} · {esc(phase)}</p>'
        f'{market}'
        f'<p class="aby-pot" data-anchor="pot">Pot: <strong>{esc(_chips(pot))}</strong></p>'
        f'{betting}'
        f'<p class="status" id="status">{esc(status_text(obs, names, ctx))}</p>'
        f'{controls}'
        f'<p class="narration" aria-live="polite">{esc(ctx.narration)}</p></section>'
    )


def _motion(obs: Mapping[str, Any]) -> str:
    """For web/motion.js: a bought card comes from the pack (a market card simply moves),
    a bet's chips go to the pot, and a finished deal's pot goes to its winners."""
    last = obs.get("last") or {}
    if "seat" not in last:
        return parts.motion_attrs()
    seat = int(last["seat"])
    action = str(last.get("action", ""))
    chips = f"seat-{seat}>pot" if int(last.get("chips", 0) or 0) > 0 else ""
    deals, ended = obs.get("deals") or [], last.get("deal_over")
    if isinstance(ended, int) and 0 < ended <= len(deals):
        record = deals[ended - 1]
        winners = {*record.get("high_winners", ()), *record.get("low_winners", ())}
        if record.get("uncontested_winner") is not None:
            winners.add(record["uncontested_winner"])
        if winners:
            chips = "pot>" + " ".join(f"seat-{w}" for w in sorted(winners))
    return parts.motion_attrs("pack" if action.startswith("buy") else f"seat-{seat}", "", chips)


# --- the deal summary and the match result -------------------------------------------
def deal_table(record: Mapping[str, Any], names: Sequence[str]) -> str:
    n = len(record["award"])
    high, low = set(record["high_winners"]), set(record["low_winners"])
    rows = []
    for s in range(n):
        status = record["status"][s]
        if status == "sitting out":
            continue
        cards = " ".join(_card(c) for c in record["hands"][s])
        marks = []
        if s in high:
            marks.append('<span class="badge win">high</span>')
        if s in low:
            marks.append('<span class="badge win">low</span>')
        if record.get("uncontested_winner") == s:
            marks.append('<span class="badge win">pot</span>')
        if status == "folded":
            marks.append('<span class="badge folded">folded</span>')
        hi_name = record["high_names"][s] or "—"
        lo_name = record["low_names"][s] or "—"
        net = int(record["net"][s])
        won = s in high | low or record.get("uncontested_winner") == s
        rows.append(
            f'<tr class="{"winner" if won else ""}">'
            f'<th scope="row">{esc(names[s])} {"".join(marks)}</th>'
            f'<td data-label="Cards" class="aby-cards">{esc(cards)}</td>'
            f'<td data-label="High">{esc(hi_name)}</td>'
            f'<td data-label="Low">{esc(lo_name)}</td>'
            f'<td data-label="High share">{esc(record["high_share"][s])}</td>'
            f'<td data-label="Low share">{esc(record["low_share"][s])}</td>'
            f'<td data-label="Award">{esc(record["award"][s])}</td>'
            f'<td data-label="Paid">{esc(record["paid"][s])}</td>'
            f'<td data-label="Net" class="{"plus" if net > 0 else "minus" if net < 0 else ""}">'
            f'{esc(_signed(net))}</td>'
            f'<td data-label="Chips">{esc(record["chips"][s])}</td></tr>'
        )
    return (
        '<table class="scores aby-deal"><thead><tr><th scope="col">Player</th>'
        '<th scope="col">Cards</th><th scope="col">High hand</th><th scope="col">Low hand</th>'
        '<th scope="col">High share</th><th scope="col">Low share</th>'
        '<th scope="col">Award</th><th scope="col">Paid</th><th scope="col">Net</th>'
        f'<th scope="col">Chips</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


def _outs(record: Mapping[str, Any], names: Sequence[str], entry: int) -> str:
    leaving = [s for s, c in enumerate(record["chips"])
               if c < entry and record["status"][s] != "sitting out"]
    if not leaving:
        return ""
    who = word_and([names[s] for s in leaving])
    verb = "are" if len(leaving) > 1 or leaving == [0] else "is"
    return (f'<p class="aby-leaving">{esc(who)} {verb} out of the match: under {entry} '
            "chips, too few to enter a deal.</p>")


def summary_html(obs: AbyssiniaObservation, index: int, names: Sequence[str],
                 ends: DealEnds = PLAIN_ENDS) -> str:
    record = obs["deals"][index]
    if record.get("showdown"):
        title = f"Deal {index + 1} is over: showdown"
    else:
        seat = int(record["uncontested_winner"])
        title = (f"Deal {index + 1} is over: {names[seat]} "
                 f"{'take' if seat == 0 else 'takes'} the pot")
    detail = str(parts.story_html(record_story(record, names)))
    entry = int(obs.get("entry", 41))
    if obs.get("is_over") and index == len(obs["deals"]) - 1:
        return result_html(obs, names, f"<h3>{esc(title)}</h3>{detail}{deal_table(record, names)}",
                           ends)
    body = (
        f'{detail}<div class="aby-table-wrap">{deal_table(record, names)}</div>'
        f"{_outs(record, names, entry)}"
    )
    return parts.summary_dialog(title, Markup(body), "deal", "aby-panel", ends)


def result_html(obs: AbyssiniaObservation, names: Sequence[str], last_deal: str = "",
                ends: DealEnds = PLAIN_ENDS) -> str:
    winners: list[int] = list(obs.get("winners", []))
    if 0 in winners:
        title = "You win the match!"
    elif winners:
        title = f"{word_and([names[w] for w in winners])} wins the match."
    else:
        title = "The match is over."
    chips = list(obs.get("chips", []))
    order = sorted(range(len(chips)), key=lambda s: (-chips[s], s))
    rows = "".join(
        f'<tr><th scope="row">{esc(names[s])}</th><td>{esc(chips[s])}</td></tr>' for s in order
    )
    return parts.result_dialog(title, Markup(
        f'<p>Fewer than two players have the {esc(obs.get("entry", 41))} chips a deal needs. '
        f'{esc(plural(int(obs.get("deals_played", 0)), "deal"))} played.</p>'
        '<table class="scores aby-final"><thead><tr><th scope="col">Player</th>'
        f'<th scope="col">Chips</th></tr></thead><tbody>{rows}</tbody></table>'
        f'<div class="aby-table-wrap">{last_deal}</div>'
    ), "aby-panel", ends)


# --- the whole table ---------------------------------------------------------------------
def render(obs: AbyssiniaObservation, ctx: TableContext) -> str:
    n = int(obs["players"])
    names = table_names(ctx.names, n)
    deals = obs.get("deals", [])
    overlay = ""
    summary_open = ctx.summary is not None and 0 <= ctx.summary < len(deals)
    if summary_open:
        assert ctx.summary is not None
        overlay = summary_html(obs, ctx.summary, names, ctx.ends)
    elif obs.get("is_over"):
        last_deal = ""
        if deals:
            record = deals[-1]
            last_deal = (f"<h3>Last deal</h3><p>{esc(outcome(record, names))}</p>"
                         + deal_table(record, names))
        overlay = result_html(obs, names, last_deal, ctx.ends)
    playable = not summary_open and not obs.get("is_over")
    notice = f'<p class="table-notice">{esc(ctx.notice)}</p>' if ctx.notice else ""
    seats = "".join(seat_html(obs, s, names, ctx) for s in range(n))
    return (
        f'<section class="table abyssinia players-{n}" aria-label="Abyssinia table"'
        f'{_motion(obs)}><h2 class="visually-hidden">Abyssinia table</h2>'
        f'{seats}{centre_html(obs, names, ctx, playable)}{notice}{overlay}</section>'
    )


def turn_line(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """The turn line's words on the player's turn: what can be done now."""
    if any(a.startswith("buy") for a in legal):
        offers = []
        for item in obs.get("market", []):
            chips = int(item.get("price", 0))
            offers.append(f"the {item.get('side')} card ({card_short(str(item.get('card')))}, "
                          f"{chips} chip{'s' if chips != 1 else ''})")
        offers.append("the top of the pack blind")
        return f"Your turn to buy one card: {word_list(offers)}."
    to_call = int(obs.get("to_call") or 0)
    if to_call:
        can_raise = " raise by 1," if "raise" in legal else ""
        return f"Your turn to bet: {to_call} to call. Call,{can_raise} or fold."
    return "Your turn to bet: check, or bet 1."

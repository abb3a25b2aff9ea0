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

from ..abyssinia import AbyssiniaObservation, phase_words
from ..cards import parse_card
from ..i18n import _, ngettext, pgettext
from ..registry import compass, many
from ..words import sentence
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
    table_word,
    word_and,
    word_list,
)
from .markup import html, text_html

NAMES = MANY_NAMES  # seat names (the English messages: ``registry.many()`` translates them)
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
    if tuple(names) in (SEAT_NAMES, compass()):
        names = ()
    spare = many()
    return tuple(names[s] if s < len(names) else spare[s] for s in range(players))


def _chips(n: int) -> str:
    return ngettext("{count} chip", "{count} chips", n).format(count=n)


def _card(code: str) -> str:
    return parse_card(code).short


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# --- what each legal action says ---------------------------------------------------------
def action_label(action: str, obs: AbyssiniaObservation) -> str:
    """The button text of a legal action, with its amount: "Buy 2♣ (2 chips)", "Call 2"."""
    outstanding = int(obs.get("outstanding", 0))
    if action == "buy blind":
        return _("Buy blind (price on the card)")
    if action.startswith("buy "):
        side = action.split()[1]
        item = next(m for m in obs["market"] if m["side"] == side)
        return _("Buy {card} ({price})").format(card=_card(item["card"]),
                                                price=_chips(int(item["price"])))
    if action == "check":
        return pgettext("poker", "Check")
    if action == "bet":
        return pgettext("poker", "Bet 1")
    if action == "call":
        return pgettext("poker", "Call {amount}").format(amount=int(obs.get("to_call", 0)))
    if action == "raise":
        return pgettext("poker", "Raise to {amount}").format(amount=outstanding + 1)
    if action == "fold":
        return pgettext("poker", "Fold")
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
            bought = (_("You bought blind: {card} for {cost}.") if you else
                      _("{player} bought blind: {card} for {cost}."))
        elif action.split()[1] == "left":
            bought = (_("You bought {card} on the left for {cost}.") if you else
                      _("{player} bought {card} on the left for {cost}."))
        else:
            bought = (_("You bought {card} on the right for {cost}.") if you else
                      _("{player} bought {card} on the right for {cost}."))
        text = bought.format(player=who, card=card, cost=cost)
        if last.get("refill"):
            text += " " + _("{card} comes up.").format(card=_card(str(last["refill"])))
    elif action == "check":
        text = _("You check.") if you else _("{player} checks.").format(player=who)
    elif action == "bet":
        text = _("You bet 1.") if you else _("{player} bets 1.").format(player=who)
    elif action == "call":
        text = (_("You call {chips}.") if you else _("{player} calls {chips}.")).format(
            player=who, chips=chips)
    elif action == "raise":
        text = (_("You raise, putting in {chips}.") if you else
                _("{player} raises, putting in {chips}.")).format(player=who, chips=chips)
    elif action == "fold":
        text = _("You fold.") if you else _("{player} folds.").format(player=who)
    else:
        text = _("{player}: {action}.").format(player=who, action=action)
    if isinstance(record, Mapping):
        text += " " + outcome(record, names)
    return text


def _won(seats: Sequence[int], names: Sequence[str]) -> str:
    """Winners' names for the middle of a sentence ("you" in lower case)."""
    return word_and([pgettext("in a sentence", "you") if s == 0 and names[s] == many()[0]
                     else names[s] for s in seats])


def outcome(record: Mapping[str, Any], names: Sequence[str]) -> str:
    """One sentence on who won a finished deal."""
    pot = int(record["pot"])
    if not record.get("showdown"):
        seat = int(record["uncontested_winner"])
        return (_("You take the pot of {pot}.") if seat == 0 else
                _("{player} takes the pot of {pot}.")).format(player=names[seat], pot=pot)
    high, low = list(record["high_winners"]), list(record["low_winners"])
    if high == low and len(high) == 1:
        both = (_("Showdown: you win both halves ({high}; {low}), the whole pot of {pot}.")
                if high[0] == 0 else
                _("Showdown: {player} wins both halves ({high}; {low}), the whole pot of {pot}."))
        return both.format(player=names[high[0]], high=record["high_hand"],
                           low=record["low_hand"], pot=pot)
    halves = []
    for half, seats, hand, shares in (("high", high, record["high_hand"], record["high_share"]),
                                      ("low", low, record["low_hand"], record["low_share"])):
        got = sum(shares[s] for s in seats)
        shared = len(seats) > 1
        if half == "high":
            words = (_("high to {players} with {hand} ({chips} shared)") if shared else
                     _("high to {players} with {hand} ({chips})"))
        else:
            words = (_("low to {players} with {hand} ({chips} shared)") if shared else
                     _("low to {players} with {hand} ({chips})"))
        halves.append(words.format(players=_won(seats, names), hand=hand, chips=_chips(got)))
    # Translators: {high} and {low} say who took each half of the pot.
    return _("Showdown: {high}; {low}.").format(high=halves[0], low=halves[1])


def _half_story(half: str, amount: int, seats: Sequence[int], shares: Sequence[int],
                hand: str, names: Sequence[str]) -> str:
    """Who took one half of the pot and how it divided: the chips that would not divide
    are read from the engine's ``shares``, not worked out again."""
    high = half == "high"
    if len(seats) == 1:
        goes = (_("The high half, {chips}, goes to {players} with {hand}.") if high else
                _("The low half, {chips}, goes to {players} with {hand}."))
        return goes.format(chips=_chips(amount), players=_won(seats, names), hand=hand)
    each, odd = divmod(amount, len(seats))
    if not odd:
        shared = (_("The high half, {chips}, is shared by {players}, tied with {hand}: {each} "
                    "each.") if high else
                  _("The low half, {chips}, is shared by {players}, tied with {hand}: {each} "
                    "each."))
        return shared.format(chips=_chips(amount), players=_won(seats, names), hand=hand,
                             each=each)
    first = [s for s in seats if shares[s] > each]
    if high:
        text = ngettext("The high half, {chips}, is shared by {players}, tied with {hand}: "
                        "{each} each, and the {count} chip that will not divide goes to {first}, "
                        "first clockwise after the dealer.",
                        "The high half, {chips}, is shared by {players}, tied with {hand}: "
                        "{each} each, and the {count} chips that will not divide go to {first}, "
                        "first clockwise after the dealer.", odd)
    else:
        text = ngettext("The low half, {chips}, is shared by {players}, tied with {hand}: "
                        "{each} each, and the {count} chip that will not divide goes to {first}, "
                        "first clockwise after the dealer.",
                        "The low half, {chips}, is shared by {players}, tied with {hand}: "
                        "{each} each, and the {count} chips that will not divide go to {first}, "
                        "first clockwise after the dealer.", odd)
    return text.format(chips=_chips(amount), players=_won(seats, names), hand=hand, each=each,
                       count=odd, first=_won(first, names))


def record_story(record: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """A finished deal in sentences: who took the pot or its halves, with which hands, how
    the pot split (the odd chip included), and what the human paid and got back."""
    pot = int(record["pot"])
    if not record.get("showdown"):
        seat = int(record["uncontested_winner"])
        took = (_("Everyone else folded, so you take the whole pot of {chips} without showing.")
                if seat == 0 else
                _("Everyone else folded, so {player} takes the whole pot of {chips} without "
                  "showing."))
        lines = [took.format(player=names[seat], chips=_chips(pot))]
    else:
        shown = [s for s, st in enumerate(record["status"]) if st == "active"]
        lines = [_("Showdown between {players}. High is normal poker; low is ace-to-five: aces "
                   "low, straights and flushes do not count, pairs count against.").format(
            players=_won(shown, names))]
        high_half = sum(record["high_share"])
        low_half = sum(record["low_share"])
        split = (_("The pot of {chips} splits into {high} for high and {low} for low: the odd "
                   "chip goes to high.") if high_half != low_half else
                 _("The pot of {chips} splits into {high} for high and {low} for low."))
        lines.append(split.format(chips=_chips(pot), high=high_half, low=low_half))
        lines.append(_half_story("high", high_half, record["high_winners"], record["high_share"],
                                 str(record["high_hand"]), names))
        lines.append(_half_story("low", low_half, record["low_winners"], record["low_share"],
                                 str(record["low_hand"]), names))
    me = 0
    if record["status"][me] != "sitting out":
        paid, award = int(record["paid"][me]), int(record["award"][me])
        # Translators: what you paid in a deal, listed: "1 ante, 6 for cards and 2 in bets".
        parts_paid = [_("{amount} ante").format(amount=record["ante"][me])]
        if record["purchases"][me]:
            parts_paid.append(_("{amount} for cards").format(amount=record["purchases"][me]))
        if record["bets"][me]:
            parts_paid.append(_("{amount} in bets").format(amount=record["bets"][me]))
        lines.append(_("You paid {paid} ({parts}) and got back {award}: {net} this deal.").format(
            paid=paid, parts=word_and(parts_paid), award=award, net=_signed(award - paid)))
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
        w_dealer = _("Dealer")
        w_dealer_badge = pgettext("badge", "dealer")
        badges.append(f'<span class="badge dealer" title="{esc(w_dealer)}">'
                      f'{esc(w_dealer_badge)}</span>')
    if ctx.thinking == seat:
        w_thinking = pgettext("badge", "thinking…")
        badges.append(f'<span class="badge thinking">{esc(w_thinking)}'
                      '</span>')
    elif current == seat and not over:
        classes.append("to-play")
        w_to_act = pgettext("badge", "to act")
        badges.append(f'<span class="badge turn">{esc(w_to_act)}</span>')
    if status == "folded":
        w_folded = pgettext("badge", "folded")
        badges.append(f'<span class="badge folded">{esc(w_folded)}</span>')
    elif status == "sitting out" or over:
        w_under_41_chips_sits_out = _("Under 41 chips: sits out")
        w_out = pgettext("badge", "out")
        badges.append(f'<span class="badge out" title="{esc(w_under_41_chips_sits_out)}">'
                      f'{esc(w_out)}</span>')
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
    spoken = (pgettext("list separator", ", ").join(parse_card(c).name for c in hand)
              or _("no cards"))
    chips = int(obs["chips"][seat])
    facts = [f'<span class="aby-chips">{esc(_chips(chips))}</span>']
    put = int((obs.get("put") or [0] * n)[seat])
    if obs.get("phase") == "bet" and put and not over:
        w_amount_bet_this_round = _("{amount} bet this round")
        facts.append(f'<span class="aby-put">'
                     f'{esc(w_amount_bet_this_round.format(amount=put))}</span>')
    if status == "sitting out" and not over:
        w_sitting_out_under_41_chi = _("sitting out (under 41 chips)")
        facts.append(f'<span class="aby-note">{esc(w_sitting_out_under_41_chi)}</span>')
    # Translators: a seat's cards as a screen reader names them: "Ada: two of clubs, …".
    hand_label = _("{player}: {cards}").format(player=names[seat], cards=spoken)
    return (
        f'<section class="{" ".join(classes)}" aria-label="{esc(names[seat])}" '
        f'data-seat="{seat}" data-status="{esc(status)}" data-anchor="seat-{seat}">'
        f'<h3 class="seat-name">{esc(names[seat])} {"".join(badges)}</h3>'
        f'{parts.recent_html(ctx, seat)}'
        f'<p class="aby-facts">{" · ".join(facts)}</p>'
        f'<ul class="aby-hand" aria-label="{esc(hand_label)}">'
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
        left = side == "left"
        caption = (_("Left: {price}") if left else _("Right: {price}")).format(
            price=_chips(price))
        if action in legal:
            label = action_label(action, obs)
            # Translators: a market button's spoken label: "Buy 2♣ (2 chips): the two of
            # clubs, on the left".
            spoken = (_("{label}: the {card}, on the left") if left else
                      _("{label}: the {card}, on the right")).format(label=label,
                                                                     card=card.name)
            items.append(
                f'<button type="button" class="aby-buy" data-action="{esc(action)}" '
                f'aria-label="{esc(spoken)}">'
                f'<span aria-hidden="true">{card_html(code)}</span>'
                f'<span class="aby-buy-text">{esc(label)}</span></button>'
            )
        else:
            named = (_("{card}, left") if left else _("{card}, right")).format(card=card.name)
            items.append(
                f'<div class="aby-market-card">{card_html(code, label=named)}'
                f'<span class="aby-buy-text">{esc(caption)}</span></div>'
            )
    pack = int(obs.get("pack", 0))
    pack_text = ngettext("Pack: {count} card", "Pack: {count} cards", pack).format(count=pack)
    if "buy blind" in legal:
        w_separator = pgettext("list separator", ", ")
        blind = (
            # Named by its content (the hint reads it): the caption and the pack count,
            # kept apart by a separator only a screen reader hears.
            '<button type="button" class="aby-buy blind" data-action="buy blind" '
            f'data-anchor="pack">{parts.card_back_html()}<span class="aby-buy-text">'
            f'{esc(action_label("buy blind", obs))}</span>'
            f'<span class="visually-hidden">{esc(w_separator)}</span>'
            f'<span class="aby-pack">{esc(pack_text)}</span></button>'
        )
    else:
        blind = (f'<div class="aby-market-card pack" data-anchor="pack">{parts.card_back_html()}'
                 f'<span class="aby-pack">{esc(pack_text)}</span></div>')
    # In the legal actions' order (left, right, blind); the CSS puts the pack in the middle.
    w_market = _("Market")
    return (f'<div class="aby-market" aria-label="{esc(w_market)}">{"".join(items)}{blind}'
            "</div>")


def controls_html(obs: AbyssiniaObservation) -> str:
    bets = [a for a in obs.get("legal", []) if not str(a).startswith("buy")]
    if not bets:
        return ""
    buttons = []
    for action in bets:
        label = action_label(action, obs)
        cost = action_cost(action, obs)
        note = _("(pays {amount})").format(amount=cost) if action == "raise" else ""
        buttons.append(
            f'<button type="button" class="aby-bet {esc(action)}" data-action="{esc(action)}">'
            f'{esc(label)}'
            + (f' <small>{esc(note)}</small>' if note else "")
            + "</button>"
        )
    w_your_bet = _("Your bet")
    return (f'<div class="aby-controls" role="group" aria-label="{esc(w_your_bet)}">'
            f'{"".join(buttons)}</div>')


def status_text(obs: AbyssiniaObservation, names: Sequence[str], ctx: TableContext) -> str:
    if obs.get("is_over"):
        return _("The match is over.")
    current = obs.get("current_player")
    mine = obs["status"][0]
    if current == 0:
        if obs.get("phase") == "buy":
            return _("Your turn: buy the left or right card, or the top of the pack blind.")
        if int(obs.get("outstanding", 0)) == 0:
            return _("Your turn: check or bet 1.")
        return _("Your turn: facing a bet, {amount} to call.").format(
            amount=int(obs.get("to_call", 0)))
    who = names[current] if current is not None else ""
    buying = obs.get("phase") == "buy"
    if mine == "folded":
        text = _("You folded; {player} to buy…") if buying else _("You folded; {player} to bet…")
    elif mine == "sitting out":
        text = (_("You sit out this deal (under 41 chips); {player} to buy…") if buying else
                _("You sit out this deal (under 41 chips); {player} to bet…"))
    else:
        text = _("{player} to buy…") if buying else _("{player} to bet…")
    return text.format(player=who)


def centre_html(obs: AbyssiniaObservation, names: Sequence[str], ctx: TableContext,
                playable: bool) -> str:
    over = bool(obs.get("is_over"))
    pot = int(obs.get("pot", 0))
    betting = ""
    if obs.get("phase") == "bet" and not over:
        outstanding = int(obs.get("outstanding", 0))
        raises, cap = int(obs.get("raises", 0)), int(obs.get("max_raises", 3))
        line = _("Bet this round: {bet} · raises {raises} of {cap}").format(
            bet=outstanding, raises=raises, cap=cap)
        betting = f'<p class="aby-betting">{esc(line)}</p>'
    phase = sentence(phase_words(obs))
    deal = int(obs.get("deals_played", 0)) + (0 if over else 1)
    market = market_html(obs if playable else {**obs, "legal": []}) if not over else ""
    controls = controls_html(obs) if playable else ""
    round_line = pgettext("abyssinia unit", "Deal {number} · {phase}").format(number=deal,
                                                                               phase=phase)
    pot_line = text_html(_("Pot: {chips}"), chips=html("<strong>{c}</strong>", c=_chips(pot)))
    w_table_centre = _("Table centre")
    return (
        f'<section class="centre aby-centre" aria-label="{esc(w_table_centre)}">'
        f'<p class="aby-round">{esc(round_line)}</p>'
        f'{market}'
        f'<p class="aby-pot" data-anchor="pot">{pot_line}</p>'
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
    heads = {
        "player": pgettext("deal table", "Player"), "cards": pgettext("deal table", "Cards"),
        "high_hand": pgettext("deal table", "High hand"),
        "low_hand": pgettext("deal table", "Low hand"),
        "high": pgettext("deal table", "High"), "low": pgettext("deal table", "Low"),
        "high_share": pgettext("deal table", "High share"),
        "low_share": pgettext("deal table", "Low share"),
        "award": pgettext("deal table", "Award"), "paid": pgettext("deal table", "Paid"),
        "net": pgettext("deal table", "Net"), "chips": pgettext("deal table", "Chips"),
    }
    h = {key: esc(word) for key, word in heads.items()}
    rows = []
    for s in range(n):
        status = record["status"][s]
        if status == "sitting out":
            continue
        cards = " ".join(_card(c) for c in record["hands"][s])
        marks = []
        if s in high:
            w_high = pgettext("badge", "high")
            marks.append(f'<span class="badge win">{esc(w_high)}</span>')
        if s in low:
            w_low = pgettext("badge", "low")
            marks.append(f'<span class="badge win">{esc(w_low)}</span>')
        if record.get("uncontested_winner") == s:
            w_pot = pgettext("badge", "pot")
            marks.append(f'<span class="badge win">{esc(w_pot)}</span>')
        if status == "folded":
            w_folded_2 = pgettext("badge", "folded")
            marks.append(f'<span class="badge folded">{esc(w_folded_2)}</span>')
        hi_name = record["high_names"][s] or "—"
        lo_name = record["low_names"][s] or "—"
        net = int(record["net"][s])
        won = s in high | low or record.get("uncontested_winner") == s
        rows.append(
            f'<tr class="{"winner" if won else ""}">'
            f'<th scope="row">{esc(names[s])} {"".join(marks)}</th>'
            f'<td data-label="{h["cards"]}" class="aby-cards">{esc(cards)}</td>'
            f'<td data-label="{h["high"]}">{esc(hi_name)}</td>'
            f'<td data-label="{h["low"]}">{esc(lo_name)}</td>'
            f'<td data-label="{h["high_share"]}">{esc(record["high_share"][s])}</td>'
            f'<td data-label="{h["low_share"]}">{esc(record["low_share"][s])}</td>'
            f'<td data-label="{h["award"]}">{esc(record["award"][s])}</td>'
            f'<td data-label="{h["paid"]}">{esc(record["paid"][s])}</td>'
            f'<td data-label="{h["net"]}" '
            f'class="{"plus" if net > 0 else "minus" if net < 0 else ""}">'
            f'{esc(_signed(net))}</td>'
            f'<td data-label="{h["chips"]}">{esc(record["chips"][s])}</td></tr>'
        )
    columns = "".join(f'<th scope="col">{h[k]}</th>' for k in (
        "player", "cards", "high_hand", "low_hand", "high_share", "low_share", "award", "paid",
        "net", "chips"))
    return (
        f'<table class="scores aby-deal"><thead><tr>{columns}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table>'
    )


def _outs(record: Mapping[str, Any], names: Sequence[str], entry: int) -> str:
    leaving = [s for s, c in enumerate(record["chips"])
               if c < entry and record["status"][s] != "sitting out"]
    if not leaving:
        return ""
    if leaving == [0]:
        text = _("You are out of the match: under {entry} chips, too few to enter a deal.")
    else:
        text = ngettext("{players} is out of the match: under {entry} chips, too few to enter "
                        "a deal.",
                        "{players} are out of the match: under {entry} chips, too few to enter "
                        "a deal.", len(leaving))
    who = word_and([names[s] for s in leaving])
    return f'<p class="aby-leaving">{esc(text.format(players=who, entry=entry))}</p>'


def summary_html(obs: AbyssiniaObservation, index: int, names: Sequence[str],
                 ends: DealEnds = PLAIN_ENDS) -> str:
    record = obs["deals"][index]
    if record.get("showdown"):
        title = pgettext("abyssinia unit", "Deal {number} is over: showdown").format(
            number=index + 1)
    else:
        seat = int(record["uncontested_winner"])
        title = (pgettext("abyssinia unit", "Deal {number} is over: You take the pot")
                 if seat == 0 else
                 pgettext("abyssinia unit", "Deal {number} is over: {player} takes the pot")
                 ).format(number=index + 1, player=names[seat])
    detail = str(parts.story_html(record_story(record, names)))
    entry = int(obs.get("entry", 41))
    if obs.get("is_over") and index == len(obs["deals"]) - 1:
        return result_html(obs, names, f"<h3>{esc(title)}</h3>{detail}{deal_table(record, names)}",
                           ends)
    body = (
        f'{detail}<div class="aby-table-wrap">{deal_table(record, names)}</div>'
        f"{_outs(record, names, entry)}"
    )
    return parts.summary_dialog(title, Markup(body), "abyssinia", "aby-panel", ends)


def result_html(obs: AbyssiniaObservation, names: Sequence[str], last_deal: str = "",
                ends: DealEnds = PLAIN_ENDS) -> str:
    winners: list[int] = list(obs.get("winners", []))
    if 0 in winners:
        title = _("You win the match!")
    elif winners:
        title = ngettext("{players} wins the match.", "{players} win the match.",
                         len(winners)).format(players=word_and([names[w] for w in winners]))
    else:
        title = _("The match is over.")
    chips = list(obs.get("chips", []))
    order = sorted(range(len(chips)), key=lambda s: (-chips[s], s))
    rows = "".join(
        f'<tr><th scope="row">{esc(names[s])}</th><td>{esc(chips[s])}</td></tr>' for s in order
    )
    deals = int(obs.get("deals_played", 0))
    ended = ngettext("Fewer than two players have the {entry} chips a deal needs. {count} deal "
                     "played.",
                     "Fewer than two players have the {entry} chips a deal needs. {count} deals "
                     "played.", deals).format(entry=obs.get("entry", 41), count=deals)
    w_player = pgettext("deal table", "Player")
    w_chips = pgettext("deal table", "Chips")
    return parts.result_dialog(title, Markup(
        f'<p>{esc(ended)}</p>'
        '<table class="scores aby-final"><thead><tr>'
        f'<th scope="col">{esc(w_player)}</th>'
        f'<th scope="col">{esc(w_chips)}</th></tr></thead>'
        f'<tbody>{rows}</tbody></table>'
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
            w_last_deal = pgettext('abyssinia unit', 'Last deal')
            last_deal = (f"<h3>{esc(w_last_deal)}</h3>"
                         f"<p>{esc(outcome(record, names))}</p>"
                         + deal_table(record, names))
        overlay = result_html(obs, names, last_deal, ctx.ends)
    playable = not summary_open and not obs.get("is_over")
    notice = f'<p class="table-notice">{esc(ctx.notice)}</p>' if ctx.notice else ""
    seats = "".join(seat_html(obs, s, names, ctx) for s in range(n))
    table = esc(table_word(_("Abyssinia")))
    return (
        f'<section class="table abyssinia players-{n}" aria-label="{table}"'
        f'{_motion(obs)}><h2 class="visually-hidden">{table}</h2>'
        f'{seats}{centre_html(obs, names, ctx, playable)}{notice}{overlay}</section>'
    )


def turn_line(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """The turn line's words on the player's turn: what can be done now."""
    if any(a.startswith("buy") for a in legal):
        offers = []
        for item in obs.get("market", []):
            chips = int(item.get("price", 0))
            offer = (_("the left card ({card}, {price})") if item.get("side") == "left" else
                     _("the right card ({card}, {price})"))
            offers.append(offer.format(card=card_short(str(item.get("card"))),
                                       price=_chips(chips)))
        offers.append(_("the top of the pack blind"))
        return _("Your turn to buy one card: {offers}.").format(offers=word_list(offers))
    to_call = int(obs.get("to_call") or 0)
    if to_call:
        if "raise" in legal:
            return _("Your turn to bet: {amount} to call. Call, raise by 1, or fold.").format(
                amount=to_call)
        return _("Your turn to bet: {amount} to call. Call, or fold.").format(amount=to_call)
    return _("Your turn to bet: check, or bet 1.")

"""The Avissinia table: four seats round the centre pile, each with its open pile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..avissinia import AvissiniaObservation
from ..cards import RANK_NAMES, parse_card
from ..words import sentence
from . import (
    PLAIN_ENDS,
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


def top_run(codes: Sequence[str]) -> int:
    """Length of the run of one rank at the top (end) of a pile of card codes."""
    if not codes:
        return 0
    rank = parse_card(codes[-1]).rank
    n = 1
    while n < len(codes) and parse_card(codes[-1 - n]).rank == rank:
        n += 1
    return n


def _whose(seat: int, names: Sequence[str]) -> str:
    return "your" if seat == 0 else f"{names[seat]}'s"


def describe(action: str, obs: AvissiniaObservation, names: Sequence[str]) -> str:
    """What a legal play of the human's does, e.g. "take the centre's 2 sevens"."""
    words = action.split()
    if words[0] == "trail":
        return "trail it onto the centre"
    if words[0] == "add":
        return "add it to your pile"
    pile = obs["centre"] if words[2] == "centre" else obs["piles"][int(words[3])]
    n = top_run(pile)
    where = "the centre's" if words[2] == "centre" else _whose(int(words[3]), names)
    return f"take {where} {plural(n, 'card')}"


def narrate(last: Mapping[str, Any], names: Sequence[str]) -> str:
    """The last move in words, e.g. "West took the centre's 2 cards with the 7♣"."""
    seat = int(last["seat"])
    who = names[seat]
    card = parse_card(str(last["card"]))
    target = int(last["target"])
    taken = len(last.get("captured", []))
    if target == -1:
        return f"{who} trailed {card} onto the centre." if seat else f"You trailed {card}."
    if target == -3:
        return f"{who} added {card} to {'your' if seat == 0 else 'their'} own pile."
    where = "the centre's" if target == -2 else _whose(target, names)
    if seat == 0:
        return f"You took {where} {plural(taken, 'card')} with {card}."
    return f"{who} took {where} {plural(taken, 'card')} with {card}."


def pile_html(codes: Sequence[str], *, label: str, last: bool = False, anchor: str = "") -> str:
    """An open pile: the top run fanned and highlighted, the cards beneath counted;
    ``anchor`` names it for web/motion.js (cards that sink beneath fly there)."""
    anchored = f' data-anchor="{esc(anchor)}"' if anchor else ""
    if not codes:
        return (f'<div class="pile empty"{anchored} aria-label="{esc(label)}: empty">'
                '<span>empty</span></div>')
    run = top_run(codes)
    below = len(codes) - run
    rank = RANK_NAMES[parse_card(codes[-1]).rank]
    ranks = "sixes" if rank == "six" else rank + "s"
    run_name = f"{run} {rank if run == 1 else ranks}"
    cards = []
    for i, code in enumerate(codes[-run:]):
        classes = ["run"]
        if i == run - 1:
            classes.append("top")
            if last:
                classes.append("last")
        cards.append(card_html(code, classes=classes))
    under = ""
    if below:
        under = (f'<span class="under" title="{below} cards beneath">'
                 f'{parts.card_back_html(["under-card"])}'
                 f'<span class="under-count">+{below}</span></span>')
    listing = " ".join(str(parse_card(c)) for c in reversed(codes))
    return (
        f'<div class="pile"{anchored} aria-label="{esc(label)}: {len(codes)} cards, '
        f'top run {run_name}">'
        f'<div class="stack">{under}<span class="fan">{"".join(cards)}</span></div>'
        f'<div class="pile-info"><span class="pile-count">{plural(len(codes), "card")}</span>'
        f' · top run <strong>{esc(run_name)}</strong></div>'
        f'<details class="pile-all"><summary>All cards</summary><p>{esc(listing)}</p>'
        "</details></div>"
    )


def _hand_html(obs: AvissiniaObservation, names: Sequence[str]) -> str:
    legal: list[str] = list(obs.get("legal", []))
    by_card: dict[str, list[str]] = {}
    for action in legal:
        by_card.setdefault(parse_card(action.split()[1]).code, []).append(action)
    items, menus = [], []
    for code in obs.get("hand", []):
        card = parse_card(code)
        plays = by_card.get(card.code, [])
        if len(plays) == 1:
            label = f"{card.name}: {describe(plays[0], obs, names)}"
            items.append(f'<li class="slot">{card_html(code, action=plays[0], label=label)}</li>')
        elif plays:
            options = "".join(
                f'<button type="button" class="play" data-action="{esc(a)}" '
                f'aria-label="{esc(card.name)}: {esc(describe(a, obs, names))}">'
                f"{esc(sentence(describe(a, obs, names)))}</button>"
                for a in plays
            )
            chooser, menu = parts.card_choices(
                card.code, card.name, f"{card.name}: choose how to play it", options)
            items.append(f'<li class="slot">{chooser}</li>')
            menus.append(menu)
        else:
            items.append(f'<li class="slot">{card_html(code)}</li>')
    return parts.own_hand(items, menus)


def _seat_html(obs: AvissiniaObservation, seat: int, ctx: TableContext) -> str:
    names = ctx.names
    last: Mapping[str, Any] = obs.get("last") or {}
    mover = last.get("seat")
    badges = []
    if obs.get("dealer") == seat:
        badges.append('<span class="badge dealer" title="Dealer">dealer</span>')
    if obs.get("partnership") and seat in (0, 2):
        badges.append('<span class="badge team">team A</span>')
    elif obs.get("partnership"):
        badges.append('<span class="badge team b">team B</span>')
    if ctx.thinking == seat:
        badges.append('<span class="badge thinking">thinking…</span>')
    elif obs.get("current_player") == seat and not obs.get("is_over"):
        badges.append('<span class="badge turn">to play</span>')
    pile = obs["piles"][seat]
    pile_last = mover == seat and last.get("target") != -1 and bool(pile)
    pile_part = pile_html(pile, label=f"{sentence(_whose(seat, names))} pile", last=pile_last,
                          anchor=f"pile-{seat}")
    points, match = obs["round_points"][seat], obs["scores"][seat]
    # The match score too: a phone shows the seats without the board's score table.
    head = (f'<h3 class="seat-name">{esc(names[seat])} {"".join(badges)}</h3>'
            f'<span class="seat-points">{plural(match, "point")} · {points} this round</span>')
    shown = parts.face_up_hand(obs, seat)  # a replay: another seat's hand face up
    if seat == 0:
        hand = (f'<div class="hidden-hand">{parts.hand_backs(len(obs["hand"]))}</div>'
                if parts.own_hand_hidden(obs) else _hand_html(obs, names))
        body = f'<div class="own-pile">{pile_part}</div>{hand}'
    elif shown is not None:
        body = parts.open_hand_html(shown, f"{names[seat]}'s hand") + pile_part
    else:
        backs = parts.hand_backs(obs["hand_counts"][seat])
        body = f'<div class="hidden-hand">{backs}</div>{pile_part}'
    return parts.seat_section(obs, seat, ctx, head, body)


def _side_name(side: int, obs: AvissiniaObservation, names: Sequence[str]) -> str:
    if obs.get("partnership"):
        return f"{names[0]} & {names[2]}" if side == 0 else f"{names[1]} & {names[3]}"
    return names[side]


def scores_html(obs: AvissiniaObservation, names: Sequence[str]) -> str:
    sides = 2 if obs.get("partnership") else 4
    round_points = [0] * sides
    for seat, p in enumerate(obs["round_points"]):
        round_points[seat % 2 if sides == 2 else seat] += p
    rows = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, obs, names))}</th>'
        f'<td>{obs["side_scores"][s]}</td><td>{round_points[s]}</td></tr>'
        for s in range(sides)
    )
    return (
        '<table class="scores"><caption>Scores (first to '
        f'{esc(obs["target"])})</caption><thead><tr><td></td>'
        '<th scope="col">Match</th><th scope="col">This round</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _points_words(record: Mapping[str, Any], seat: int, obs: AvissiniaObservation) -> str:
    """How a seat's pile made its points: "14 cards, 2 of them jacks: 12 × 1 + 2 × 3 = 18"."""
    cards, jacks, points = record["cards"][seat], record["jacks"][seat], record["points"][seat]
    if not cards:
        return "no cards: 0 points"
    plain = cards - jacks
    if not jacks:
        return (f"{plural(cards, 'card')}, no jack: {plain} × {obs['card_points']} = "
                f"{plural(points, 'point')}")
    of_them = f"{jacks} of them {'a jack' if jacks == 1 else 'jacks'}"
    sums = f"{jacks} × {obs['jack_points']}"
    if plain:
        sums = f"{plain} × {obs['card_points']} + {sums}"
    return f"{plural(cards, 'card')}, {of_them}: {sums} = {plural(points, 'point')}"


def deal_story(obs: AvissiniaObservation, index: int, names: Sequence[str]) -> list[str]:
    """Finished round ``index`` in sentences: what each pile made, who made most, and where
    the race to the target stands."""
    record = obs["rounds"][index]
    partnership = bool(obs.get("partnership"))
    lines = [f"Every card in a pile scores {obs['card_points']}, a jack "
             f"{obs['jack_points']}; cards left in the centre score for nobody."]
    for seat in range(len(record["points"])):
        lines.append(f"{names[seat]}: {_points_words(record, seat, obs)}.")
    side_points: list[int] = record["side_points"]
    if partnership:
        lines.extend(
            f"{_side_name(side, obs, names)} together: {record['points'][side]} + "
            f"{record['points'][side + 2]} = {side_points[side]}." for side in (0, 1))
    best = max(side_points)
    leaders = [_side_name(s, obs, names) for s, p in enumerate(side_points) if p == best]
    lines.append(f"{word_and(leaders)} made most this round ({plural(best, 'point')})."
                 if len(leaders) == 1 else f"{word_and(leaders)} tied for most this round "
                 f"({plural(best, 'point')} each).")
    left = record.get("centre_left", [])
    if left:
        lines.append(f"{plural(len(left), 'card')} stayed in the centre and scored for nobody.")
    totals: list[int] = record["totals"]
    target = obs["target"]
    standing = ", ".join(f"{_side_name(s, obs, names)} {t}" for s, t in enumerate(totals))
    top = max(totals)
    if top >= target and totals.count(top) == 1:
        winner = _side_name(totals.index(top), obs, names)
        lines.append(f"Match: {standing}. {winner} reached {target} with the most points "
                     "and won the race.")
    elif top >= target:
        lines.append(f"Match: {standing}. More than one reached {target} with the same "
                     "score, so the race goes on for another round.")
    else:
        lines.append(f"Match: {standing}. The first to reach {target} wins; nobody has yet, "
                     "so another round is dealt.")
    return lines


def summary_html(obs: AvissiniaObservation, index: int, names: Sequence[str],
                 ends: DealEnds = PLAIN_ENDS) -> str:
    """The summary of finished round ``index`` (0-based), with the button to go on."""
    record = obs["rounds"][index]
    sides = len(record["side_points"])
    rows = "".join(
        f'<tr><th scope="row">{esc(_side_name(s, obs, names))}</th>'
        f'<td>{record["side_points"][s]}</td><td>{record["totals"][s]}</td></tr>'
        for s in range(sides)
    )
    story = parts.story_html(deal_story(obs, index, names))
    if obs.get("is_over") and index == len(obs["rounds"]) - 1:
        return result_html(obs, names, table=rows, ends=ends, story=story)
    return parts.summary_dialog(f"Round {index + 1} is over", Markup(
        f'{story}<table class="scores"><thead><tr><td></td><th scope="col">Round</th>'
        f'<th scope="col">Match</th></tr></thead><tbody>{rows}</tbody></table>'
    ), "round", ends=ends)


def result_html(obs: AvissiniaObservation, names: Sequence[str], table: str = "",
                ends: DealEnds = PLAIN_ENDS, story: str = "") -> str:
    winners: list[int] = list(obs.get("winners", []))
    if 0 in winners:
        title = "You win the match!"
    elif obs.get("partnership"):
        title = f"{_side_name(winners[0] % 2, obs, names)} win the match." if winners else "Draw."
    else:
        title = f"{names[winners[0]]} wins the match." if winners else "Draw."
    if not table:
        sides = len(obs["side_scores"])
        table = "".join(
            f'<tr><th scope="row">{esc(_side_name(s, obs, names))}</th><td></td>'
            f'<td>{obs["side_scores"][s]}</td></tr>' for s in range(sides)
        )
    return parts.result_dialog(title, Markup(
        f'{story}<table class="scores"><thead><tr><td></td><th scope="col">Last round</th>'
        f'<th scope="col">Match</th></tr></thead><tbody>{table}</tbody></table>'
        f'<p>{esc(plural(len(obs["rounds"]), "round"))} played.</p>'
    ), ends=ends)


def render(obs: AvissiniaObservation, ctx: TableContext) -> str:
    names = ctx.names
    last: Mapping[str, Any] = obs.get("last") or {}
    centre = obs["centre"]
    centre_last = bool(last) and last.get("target") == -1 and bool(centre)
    current = obs.get("current_player")
    if obs.get("is_over"):
        status = "The match is over."
    elif current == 0:
        status = "Your turn."
    elif current is not None:
        status = f"{names[current]} to play…"
    else:
        status = ""
    info = (f'Round {esc(obs["round"])} · deal {esc(obs["deal"])} of 2 · '
            f'{esc(plural(obs["stock"], "card"))} still to deal')
    mode = "partnership" if obs.get("partnership") else "individual"
    overlay = ""
    if ctx.summary is not None and 0 <= ctx.summary < len(obs["rounds"]):
        overlay = summary_html(obs, ctx.summary, names, ctx.ends)
    elif obs.get("is_over"):
        overlay = result_html(obs, names, ends=ctx.ends)
    notice = f'<p class="table-notice">{esc(ctx.notice)}</p>' if ctx.notice else ""
    # a played card comes from its seat; cards taken sink into the taker's pile
    mover = last.get("seat")
    motion = (parts.motion_attrs(f"seat-{mover}", f"pile-{mover}") if mover is not None
              else parts.motion_attrs())
    return (
        f'<section class="table avissinia {mode}" aria-labelledby="table-title"{motion}>'
        '<h2 class="visually-hidden" id="table-title">Avissinia table</h2>'
        + "".join(_seat_html(obs, seat, ctx) for seat in (2, 1, 3))
        + '<section class="centre" aria-label="Centre">'
        '<h3 class="seat-name">Centre</h3>'
        + pile_html(centre, label="Centre pile", last=centre_last, anchor="centre")
        + f'<p class="status" id="status">{esc(status)}</p>'
        f'<p class="narration">{esc(ctx.narration)}</p></section>'
        + _seat_html(obs, 0, ctx)
        + f'<aside class="board">{scores_html(obs, names)}<p class="info">{info}</p>'
        f"{notice}</aside>"
        + overlay
        + "</section>"
    )


def turn_line(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """The turn line's words on the player's turn: what can be done now."""
    takers = sorted({a.split()[1] for a in legal if a.startswith("capture")},
                    key=lambda c: parse_card(c).rank)
    adds = [a.split()[1] for a in legal if a.startswith("add")]
    line = "Your turn: play a card."
    if takers:
        line += (" Match the top of the centre or of a pile to capture (now possible with "
                 f"{word_list([card_short(c) for c in takers])}), or trail a card onto the centre.")
    else:
        line += " No capture is possible: trail a card onto the centre"
        line += ", or add it to your own pile." if adds else "."
    if adds and takers:
        line += " You can also add to your own pile."
    return line

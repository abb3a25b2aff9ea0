"""The Avissinia table: four seats round the centre pile, each with its open pile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..avissinia import AvissiniaObservation
from ..cards import parse_card
from ..i18n import _, ngettext, npgettext, pgettext
from ..words import rank_name, rank_plural, sentence
from . import (
    PLAIN_ENDS,
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


def top_run(codes: Sequence[str]) -> int:
    """Length of the run of one rank at the top (end) of a pile of card codes."""
    if not codes:
        return 0
    rank = parse_card(codes[-1]).rank
    n = 1
    while n < len(codes) and parse_card(codes[-1 - n]).rank == rank:
        n += 1
    return n


def _whose_pile(seat: int, names: Sequence[str]) -> str:
    """A seat's pile as a label names it: "Your pile", "West's pile"."""
    return _("Your pile") if seat == 0 else _("{player}'s pile").format(player=names[seat])


def describe(action: str, obs: AvissiniaObservation, names: Sequence[str]) -> str:
    """What a legal play of the human's does, e.g. "take the centre's 2 cards"."""
    words = action.split()
    if words[0] == "trail":
        return _("trail it onto the centre")
    if words[0] == "add":
        return _("add it to your pile")
    pile = obs["centre"] if words[2] == "centre" else obs["piles"][int(words[3])]
    n = top_run(pile)
    if words[2] == "centre":
        return ngettext("take the centre's {count} card", "take the centre's {count} cards",
                        n).format(count=n)
    # Translators: a play's label: take the top run of another player's pile.
    return ngettext("take {player}'s {count} card", "take {player}'s {count} cards", n).format(
        player=names[int(words[3])], count=n)


def narrate(last: Mapping[str, Any], names: Sequence[str]) -> str:
    """The last move in words, e.g. "West took the centre's 2 cards with the 7♣"."""
    seat = int(last["seat"])
    who = names[seat]
    card = parse_card(str(last["card"])).short
    target = int(last["target"])
    n = len(last.get("captured", []))
    if target == -1:
        if seat == 0:
            return _("You trailed {card}.").format(card=card)
        return _("{player} trailed {card} onto the centre.").format(player=who, card=card)
    if target == -3:
        if seat == 0:
            return _("You added {card} to your own pile.").format(card=card)
        return _("{player} added {card} to their own pile.").format(player=who, card=card)
    if target == -2:
        if seat == 0:
            text = ngettext("You took the centre's {count} card with {card}.",
                            "You took the centre's {count} cards with {card}.", n)
        else:
            text = ngettext("{player} took the centre's {count} card with {card}.",
                            "{player} took the centre's {count} cards with {card}.", n)
    elif target == 0:
        text = ngettext("{player} took your {count} card with {card}.",
                        "{player} took your {count} cards with {card}.", n)
    elif seat == 0:
        # Translators: {owner} is the player whose pile you took from.
        text = ngettext("You took {owner}'s {count} card with {card}.",
                        "You took {owner}'s {count} cards with {card}.", n)
    else:
        # Translators: {owner} is the player whose pile {player} took from.
        text = ngettext("{player} took {owner}'s {count} card with {card}.",
                        "{player} took {owner}'s {count} cards with {card}.", n)
    return text.format(player=who, owner=names[target] if target >= 0 else "", count=n,
                       card=card)


def pile_html(codes: Sequence[str], *, label: str, last: bool = False, anchor: str = "") -> str:
    """An open pile: the top run fanned and highlighted, the cards beneath counted;
    ``anchor`` names it for web/motion.js (cards that sink beneath fly there)."""
    anchored = f' data-anchor="{esc(anchor)}"' if anchor else ""
    if not codes:
        empty = _("{pile}: empty").format(pile=label)
        w_empty = pgettext("pile", "empty")
        return (f'<div class="pile empty"{anchored} aria-label="{esc(empty)}">'
                f'<span>{esc(w_empty)}</span></div>')
    run = top_run(codes)
    below = len(codes) - run
    rank = parse_card(codes[-1]).rank
    # Translators: the run of one rank on top of a pile: "1 seven", "2 sevens".
    run_name = npgettext("top run", "{count} {rank}", "{count} {ranks}", run).format(
        count=run, rank=rank_name(rank), ranks=rank_plural(rank))
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
        beneath = ngettext("{count} card beneath", "{count} cards beneath", below).format(
            count=below)
        under = (f'<span class="under" title="{esc(beneath)}">'
                 f'{parts.card_back_html(["under-card"])}'
                 f'<span class="under-count">+{below}</span></span>')
    listing = " ".join(parse_card(c).short for c in reversed(codes))
    # Translators: a pile as a screen reader names it: "West's pile: 5 cards, top run 2
    # sevens".
    spoken = ngettext("{pile}: {count} card, top run {run}", "{pile}: {count} cards, top run {run}",
                      len(codes)).format(pile=label, count=len(codes), run=run_name)
    # Translators: under a pile: "5 cards · top run 2 sevens" ({run} in bold).
    info = text_html(_("{cards} · top run {run}"), cards=html(
        '<span class="pile-count">{c}</span>', c=cards_word(len(codes))),
        run=html("<strong>{r}</strong>", r=run_name))
    w_all_cards = _("All cards")
    return (
        f'<div class="pile"{anchored} aria-label="{esc(spoken)}">'
        f'<div class="stack">{under}<span class="fan">{"".join(cards)}</span></div>'
        f'<div class="pile-info">{info}</div>'
        f'<details class="pile-all"><summary>{esc(w_all_cards)}</summary>'
        f"<p>{esc(listing)}</p></details></div>"
    )


def cards_word(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def points_word(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


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
            label = play_label(card.name, describe(plays[0], obs, names))
            items.append(f'<li class="slot">{card_html(code, action=plays[0], label=label)}</li>')
        elif plays:
            options = "".join(
                f'<button type="button" class="play" data-action="{esc(a)}" '
                f'aria-label="{esc(play_label(card.name, describe(a, obs, names)))}">'
                f"{esc(sentence(describe(a, obs, names)))}</button>"
                for a in plays
            )
            chooser, menu = parts.card_choices(
                card.code, card.name, _("{card}: choose how to play it").format(card=card.name),
                options)
            items.append(f'<li class="slot">{chooser}</li>')
            menus.append(menu)
        else:
            items.append(f'<li class="slot">{card_html(code)}</li>')
    return parts.own_hand(items, menus)


def play_label(card: str, play: str) -> str:
    # Translators: a card's spoken label with what playing it does: "queen of clubs: take
    # the centre's 2 cards".
    return _("{card}: {play}").format(card=card, play=play)


def _seat_html(obs: AvissiniaObservation, seat: int, ctx: TableContext) -> str:
    names = ctx.names
    last: Mapping[str, Any] = obs.get("last") or {}
    mover = last.get("seat")
    badges = []
    if obs.get("dealer") == seat:
        w_dealer = _("Dealer")
        w_dealer_badge = pgettext("badge", "dealer")
        badges.append(f'<span class="badge dealer" title="{esc(w_dealer)}">'
                      f'{esc(w_dealer_badge)}</span>')
    if obs.get("partnership") and seat in (0, 2):
        w_team_a = pgettext("badge", "team A")
        badges.append(f'<span class="badge team">{esc(w_team_a)}</span>')
    elif obs.get("partnership"):
        w_team_b = pgettext("badge", "team B")
        badges.append(f'<span class="badge team b">{esc(w_team_b)}</span>')
    if ctx.thinking == seat:
        w_thinking = pgettext("badge", "thinking…")
        badges.append(f'<span class="badge thinking">{esc(w_thinking)}'
                      '</span>')
    elif obs.get("current_player") == seat and not obs.get("is_over"):
        w_to_play = pgettext("badge", "to play")
        badges.append(f'<span class="badge turn">{esc(w_to_play)}</span>')
    pile = obs["piles"][seat]
    pile_last = mover == seat and last.get("target") != -1 and bool(pile)
    pile_part = pile_html(pile, label=_whose_pile(seat, names), last=pile_last,
                          anchor=f"pile-{seat}")
    points, match = obs["round_points"][seat], obs["scores"][seat]
    # The match score too: a phone shows the seats without the board's score table.
    # Translators: a seat's match score, then its points this round.
    score = ngettext("{count} point · {round} this round", "{count} points · {round} this round",
                     match).format(count=match, round=points)
    head = (f'<h3 class="seat-name">{esc(names[seat])} {"".join(badges)}</h3>'
            f'<span class="seat-points">{esc(score)}</span>')
    shown = parts.face_up_hand(obs, seat)  # a replay: another seat's hand face up
    if seat == 0:
        hand = (f'<div class="hidden-hand">{parts.hand_backs(len(obs["hand"]))}</div>'
                if parts.own_hand_hidden(obs) else _hand_html(obs, names))
        body = f'<div class="own-pile">{pile_part}</div>{hand}'
    elif shown is not None:
        body = parts.open_hand_html(shown, _("{player}'s hand").format(player=names[seat])) \
            + pile_part
    else:
        backs = parts.hand_backs(obs["hand_counts"][seat])
        body = f'<div class="hidden-hand">{backs}</div>{pile_part}'
    return parts.seat_section(obs, seat, ctx, head, body)


def _side_name(side: int, obs: AvissiniaObservation, names: Sequence[str]) -> str:
    if obs.get("partnership"):
        pair = (names[0], names[2]) if side == 0 else (names[1], names[3])
        # Translators: a partnership's name: "You & North".
        return _("{first} & {second}").format(first=pair[0], second=pair[1])
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
    caption = _("Scores (first to {target})").format(target=obs["target"])
    w_match = pgettext("scores", "Match")
    w_this_round = pgettext("scores", "This round")
    return (
        f'<table class="scores"><caption>{esc(caption)}</caption><thead><tr><td></td>'
        f'<th scope="col">{esc(w_match)}</th>'
        f'<th scope="col">{esc(w_this_round)}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _points_words(record: Mapping[str, Any], seat: int, obs: AvissiniaObservation) -> str:
    """How a seat's pile made its points: "14 cards, 2 of them jacks: 12 × 1 + 2 × 3 = 18"."""
    cards, jacks, points = record["cards"][seat], record["jacks"][seat], record["points"][seat]
    if not cards:
        return _("no cards: 0 points")
    plain = cards - jacks
    if not jacks:
        # Translators: how a pile scored: "{cards}" is "14 cards", "{points}" "14 points".
        return _("{cards}, no jack: {plain} × {value} = {points}").format(
            cards=cards_word(cards), plain=plain, value=obs["card_points"],
            points=points_word(points))
    of_them = ngettext("{count} of them a jack", "{count} of them jacks", jacks).format(
        count=jacks)
    sums = f"{jacks} × {obs['jack_points']}"
    if plain:
        sums = f"{plain} × {obs['card_points']} + {sums}"
    # Translators: how a pile scored: "14 cards, 2 of them jacks: 12 × 1 + 2 × 3 = 18
    # points".
    return _("{cards}, {of_them}: {sums} = {points}").format(
        cards=cards_word(cards), of_them=of_them, sums=sums, points=points_word(points))


def deal_story(obs: AvissiniaObservation, index: int, names: Sequence[str]) -> list[str]:
    """Finished round ``index`` in sentences: what each pile made, who made most, and where
    the race to the target stands."""
    record = obs["rounds"][index]
    partnership = bool(obs.get("partnership"))
    lines = [_("Every card in a pile scores {card}, a jack {jack}; cards left in the centre "
               "score for nobody.").format(card=obs["card_points"], jack=obs["jack_points"])]
    for seat in range(len(record["points"])):
        lines.append(_("{player}: {points}.").format(player=names[seat],
                                                     points=_points_words(record, seat, obs)))
    side_points: list[int] = record["side_points"]
    if partnership:
        lines.extend(
            _("{side} together: {first} + {second} = {total}.").format(
                side=_side_name(side, obs, names), first=record["points"][side],
                second=record["points"][side + 2], total=side_points[side])
            for side in (0, 1))
    best = max(side_points)
    leaders = [_side_name(s, obs, names) for s, p in enumerate(side_points) if p == best]
    if len(leaders) == 1:
        lines.append(ngettext("{side} made most this round ({count} point).",
                              "{side} made most this round ({count} points).", best).format(
            side=leaders[0], count=best))
    else:
        lines.append(ngettext("{sides} tied for most this round ({count} point each).",
                              "{sides} tied for most this round ({count} points each).",
                              best).format(sides=word_and(leaders), count=best))
    left = record.get("centre_left", [])
    if left:
        lines.append(ngettext("{count} card stayed in the centre and scored for nobody.",
                              "{count} cards stayed in the centre and scored for nobody.",
                              len(left)).format(count=len(left)))
    totals: list[int] = record["totals"]
    target = obs["target"]
    standing = pgettext("list separator", ", ").join(
        _("{side} {total}").format(side=_side_name(s, obs, names), total=t)
        for s, t in enumerate(totals))
    top = max(totals)
    if top >= target and totals.count(top) == 1:
        winner = _side_name(totals.index(top), obs, names)
        lines.append(_("Match: {standing}. {winner} reached {target} with the most points and "
                       "won the race.").format(standing=standing, winner=winner, target=target))
    elif top >= target:
        lines.append(_("Match: {standing}. More than one reached {target} with the same score, "
                       "so the race goes on for another round.").format(standing=standing,
                                                                         target=target))
    else:
        lines.append(_("Match: {standing}. The first to reach {target} wins; nobody has yet, so "
                       "another round is dealt.").format(standing=standing, target=target))
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
    title = pgettext("avissinia unit", "Round {number} is over").format(number=index + 1)
    w_round = pgettext("avissinia unit", "Round")
    w_match_2 = pgettext("scores", "Match")
    return parts.summary_dialog(title, Markup(
        f'{story}<table class="scores"><thead><tr><td></td>'
        f'<th scope="col">{esc(w_round)}</th>'
        f'<th scope="col">{esc(w_match_2)}</th></tr></thead>'
        f'<tbody>{rows}</tbody></table>'
    ), "avissinia", ends=ends)


def result_html(obs: AvissiniaObservation, names: Sequence[str], table: str = "",
                ends: DealEnds = PLAIN_ENDS, story: str = "") -> str:
    winners: list[int] = list(obs.get("winners", []))
    if 0 in winners:
        title = _("You win the match!")
    elif obs.get("partnership"):
        title = (_("{side} win the match.").format(side=_side_name(winners[0] % 2, obs, names))
                 if winners else _("Draw."))
    else:
        title = (_("{player} wins the match.").format(player=names[winners[0]]) if winners
                 else _("Draw."))
    if not table:
        sides = len(obs["side_scores"])
        table = "".join(
            f'<tr><th scope="row">{esc(_side_name(s, obs, names))}</th><td></td>'
            f'<td>{obs["side_scores"][s]}</td></tr>' for s in range(sides)
        )
    rounds = len(obs["rounds"])
    played = ngettext("{count} round played.", "{count} rounds played.", rounds).format(
        count=rounds)
    w_last_round = pgettext("scores", "Last round")
    w_match_3 = pgettext("scores", "Match")
    return parts.result_dialog(title, Markup(
        f'{story}<table class="scores"><thead><tr><td></td>'
        f'<th scope="col">{esc(w_last_round)}</th>'
        f'<th scope="col">{esc(w_match_3)}</th></tr></thead>'
        f'<tbody>{table}</tbody></table>'
        f'<p>{esc(played)}</p>'
    ), ends=ends)


def render(obs: AvissiniaObservation, ctx: TableContext) -> str:
    names = ctx.names
    last: Mapping[str, Any] = obs.get("last") or {}
    centre = obs["centre"]
    centre_last = bool(last) and last.get("target") == -1 and bool(centre)
    current = obs.get("current_player")
    if obs.get("is_over"):
        status = _("The match is over.")
    elif current == 0:
        status = _("Your turn.")
    elif current is not None:
        status = _("{player} to play…").format(player=names[current])
    else:
        status = ""
    # Translators: the board's line: "Round 2 · deal 1 of 2 · 24 cards still to deal".
    info = ngettext("Round {round} · deal {deal} of 2 · {count} card still to deal",
                    "Round {round} · deal {deal} of 2 · {count} cards still to deal",
                    obs["stock"]).format(round=obs["round"], deal=obs["deal"],
                                         count=obs["stock"])
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
    centre_word = pgettext("table", "Centre")
    w_avissinia = _("Avissinia")
    return (
        f'<section class="table avissinia {mode}" aria-labelledby="table-title"{motion}>'
        f'<h2 class="visually-hidden" id="table-title">{esc(table_word(w_avissinia))}</h2>'
        + "".join(_seat_html(obs, seat, ctx) for seat in (2, 1, 3))
        + f'<section class="centre" aria-label="{esc(centre_word)}">'
        f'<h3 class="seat-name">{esc(centre_word)}</h3>'
        + pile_html(centre, label=_("Centre pile"), last=centre_last, anchor="centre")
        + f'<p class="status" id="status">{esc(status)}</p>'
        f'<p class="narration">{esc(ctx.narration)}</p></section>'
        + _seat_html(obs, 0, ctx)
        + f'<aside class="board">{scores_html(obs, names)}<p class="info">{esc(info)}</p>'
        f"{notice}</aside>"
        + overlay
        + "</section>"
    )


def turn_line(obs: Mapping[str, Any], legal: Sequence[str]) -> str:
    """The turn line's words on the player's turn: what can be done now."""
    takers = sorted({a.split()[1] for a in legal if a.startswith("capture")},
                    key=lambda c: parse_card(c).rank)
    adds = [a.split()[1] for a in legal if a.startswith("add")]
    if takers:
        cards = word_list([card_short(c) for c in takers])
        if adds:
            return _("Your turn: play a card. Match the top of the centre or of a pile to "
                     "capture (now possible with {cards}), or trail a card onto the centre. You "
                     "can also add to your own pile.").format(cards=cards)
        return _("Your turn: play a card. Match the top of the centre or of a pile to capture "
                 "(now possible with {cards}), or trail a card onto the centre.").format(
            cards=cards)
    if adds:
        return _("Your turn: play a card. No capture is possible: trail a card onto the centre, "
                 "or add it to your own pile.")
    return _("Your turn: play a card. No capture is possible: trail a card onto the centre.")

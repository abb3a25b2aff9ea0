"""Terminal front end: play a game, or simulate many random ones.

python -m pygame_core [play] [GAME] [--seed S] [--auto] [--level L]
python -m pygame_core simulate GAME --games N [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from . import GAMES, GameError, new_game
from .cards import CardError, parse_card
from .opponents import LEVELS, make_opponent
from .registry import SPECS
from .session.commands import Session
from .session.storage import DictStorage


def _game_options(name: str, players: int | None) -> dict[str, Any]:
    option = SPECS[name].players_option
    return {option: players} if players is not None and option else {}


def _pretty(text: str) -> str:
    """Action text with card codes shown as symbols, e.g. ``trail 7♣``."""
    out = []
    for word in text.split():
        try:
            out.append(str(parse_card(word)))
        except CardError:
            out.append(word)
    return " ".join(out)


def _table_text(table: Session) -> str:
    """The table as the page draws it, read out as text (see ``views.text``)."""
    from .views.text import html_to_text

    return html_to_text(table.html())


def cmd_play(args: argparse.Namespace) -> int:
    """Play at the terminal through the same table session as the page: the table drawn
    in text, the others' plays in words, the moves numbered."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    table = Session(DictStorage(), pace=0)
    opponents = SPECS[args.game].players[1] - 1  # the session keeps as many as are seated
    table.new_deal(args.game, _game_options(args.game, args.players), [args.level] * opponents,
                   seed=seed)
    game = table.game
    assert game is not None
    if args.auto:  # the computer plays the human's seat too
        table.opponents[0] = make_opponent(args.game, args.level, 0, seed)
    print(f"{game.TITLE}, seed {seed}." + ("" if args.auto else " You are seat 0 (You)."))
    while not game.is_over:
        if table.summary is not None:
            print(_table_text(table))
            table.next_round()
            continue
        if args.auto or game.current_player != 0:
            seat = game.current_player
            assert seat is not None
            action = table.opponents[seat].decide(game.observation(seat))
            table.play(action)
            print(f"  {table.narration or _pretty(action)}")
            continue
        print(_table_text(table))
        legal: list[str] = game.observation(0)["legal"]
        for i, text in enumerate(legal, 1):
            print(f"  {i:2}. {_pretty(text)}")
        try:
            choice = input("your play (number or text, q to quit): ").strip()
        except EOFError:
            return 0
        if choice == "q":
            return 0
        text = legal[int(choice) - 1] if choice.isdigit() and 0 < int(choice) <= len(legal) \
            else choice
        if text not in legal:
            print(f"  not allowed: {choice!r} is not a play you can make now")
            continue
        table.human_play(text)
    print(_table_text(table))
    print(f"Match over. Scores {game.scores}; winners {game.winners or 'none (a draw)'}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    wins = [0] * 8
    draws = units = moves = 0
    started = time.perf_counter()
    for i in range(args.games):
        game = new_game(args.game, seed=args.seed + i, **_game_options(args.game, args.players))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            moves += 1
        units += game.deals_finished
        if not game.winners:
            draws += 1
        for seat in game.winners:
            wins[seat] += 1
    elapsed = time.perf_counter() - started
    players = game.num_players
    print(
        f"{args.games} random {args.game} matches, seeds {args.seed}..{args.seed + args.games - 1}"
    )
    print(
        "match wins by seat: "
        + ", ".join(f"{s}: {wins[s]}" for s in range(players))
        + f"; draws: {draws}"
    )
    print(f"{units} rounds/hands/deals, {moves} actions in {elapsed:.2f} s")
    print(
        f"throughput: {args.games / elapsed:.1f} matches/s, {units / elapsed:.0f} rounds/s, "
        f"{moves / elapsed:.0f} actions/s"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        prog="python -m pygame_core",
        description=__doc__,
        formatter_class=argparse.RawTextHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="play in the terminal (the default)")
    sim = sub.add_parser("simulate", help="play random matches and print throughput")
    for p in (play, sim):
        p.add_argument(
            "game", nargs="?" if p is play else None, default=next(iter(GAMES)), choices=list(GAMES)
        )
        p.add_argument("--players", type=int, default=None, help="players (Abyssinia: 2-8)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--auto", action="store_true", help="all seats computer players")
    play.add_argument("--level", default="easy", choices=LEVELS)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    if not argv or argv[0] not in ("play", "simulate", "-h", "--help"):
        argv.insert(0, "play")
    args = parser.parse_args(argv)
    try:
        return cmd_simulate(args) if args.command == "simulate" else cmd_play(args)
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""Terminal front end: play a game, or simulate many random ones.

python3 -m pygame_core [play] [GAME] [--players P] [--seed S] [--auto] [--level L]
python3 -m pygame_core simulate GAME --games N [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

from . import GAMES, GameError, i18n, new_game
from .i18n import _
from .opponents import LEVELS, make_opponent
from .registry import SPECS
from .session.commands import Session
from .session.storage import DictStorage


def _game_options(name: str, players: int | None) -> dict[str, Any]:
    option = SPECS[name].players_option
    return {option: players} if players is not None and option else {}


def cmd_play(args: argparse.Namespace) -> int:
    """Play at the terminal through the same table session as the page (``terminal``)."""
    from .terminal import play

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    table = Session(DictStorage(), pace=0)
    opponents = SPECS[args.game].players[1] - 1  # the session keeps as many as are seated
    table.new_deal(args.game, _game_options(args.game, args.players), [args.level] * opponents,
                   seed=seed)
    game = table.game
    assert game is not None
    if args.auto:  # the computer plays the human's seat too
        table.opponents[0] = make_opponent(args.game, args.level, 0, seed)
    if args.auto:
        # Translators: the terminal's first line: a game's title and the seed of its deal.
        print(_("{game}, seed {seed}.").format(game=_(game.TITLE), seed=seed))
    else:
        print(_("{game}, seed {seed}. You are seat 0 (You); ? for help.").format(
            game=_(game.TITLE), seed=seed))
    return play(table, input, print, auto=args.auto)


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


def environment_language(environ: dict[str, str] | None = None) -> str:
    """The language the terminal speaks: the first of the environment's (LANGUAGE, then
    LC_ALL, LC_MESSAGES, LANG, as gettext reads them) that the table offers, else English."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            wanted += [tag.split(".")[0] for tag in value.split(":") if tag]
            if name != "LANGUAGE":
                break
    return i18n.choose(wanted)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    i18n.use(environment_language())
    parser = argparse.ArgumentParser(
        prog="python3 -m pygame_core",
        description=__doc__,
        # Translators: the letters h, u, ? and q are what the player types; the command
        # lines are typed as they are (not translated).
        epilog=_("At the table: a play's number, h hint, u undo, ? help, q quit.\n"
                 "Elsewhere (README, \"Other things to run\"): the levels' arena is the "
                 "lab's,\n"
                 "  python3 -m benchmarks.lab arena GAME --seats LEVELS --deals N\n"
                 "and the page is built and tested with python3 build.py [test]."),
        formatter_class=argparse.RawTextHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help=_("play in the terminal (the default)"))
    sim = sub.add_parser("simulate", help=_("play random matches and print throughput"))
    for p in (play, sim):
        p.add_argument(
            "game", nargs="?" if p is play else None, default=next(iter(GAMES)), choices=list(GAMES)
        )
        p.add_argument("--players", type=int, default=None,
                       help=_("players (Abyssinia: 2-8)"))
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--auto", action="store_true", help=_("all seats computer players"))
    play.add_argument("--level", default="easy", choices=LEVELS)
    play.add_argument("--lang", default=None, choices=list(i18n.LANGUAGES),
                      help=_("the language to play in (else the environment's)"))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    if not argv or argv[0] not in ("play", "simulate", "-h", "--help"):
        argv.insert(0, "play")
    args = parser.parse_args(argv)
    if getattr(args, "lang", None):
        i18n.use(args.lang)
    try:
        return cmd_simulate(args) if args.command == "simulate" else cmd_play(args)
    except GameError as exc:
        print(_("error: {reason}").format(reason=exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

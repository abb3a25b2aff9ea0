"""What the page shows of the session: which screen (start, table, saves), its HTML, the
start form, the Saves list, the settings, the hint and the host page's commands.

The replay, the review and the Embed dialog add their own parts over this
(``replay_screen``, ``review_screen``, ``embed_screen``); ``commands.Session`` puts them
together with the panels and the command table.  The page (``web/main.py``) only puts the
HTML in place and wires events.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable, Mapping
from typing import Any

from ..base import Game, GameError, read_digits
from ..engines import GAMES
from ..i18n import LANGUAGES, PSEUDO, _, choose, ngettext
from ..links import DEFAULT_LEVEL, read_link, share_query, start_game
from ..opponents import LEVELS
from ..query import encode_query
from ..registry import SPECS, GameSpec
from ..views import (
    GAME_TITLES,
    DealEnds,
    TableContext,
    render_saves,
    render_start,
    render_table,
    start_seats,
)
from ..views.panels import PACES, turn_line
from .core import HUMAN, Effects, Table, Work, now
from .host import command_pairs, message
from .storage import DEFAULT_SETTINGS, UNFINISHED, Keys, Storage, wrap_save


def available_games() -> list[tuple[str, bool]]:
    """Every game with whether its module is there (found without importing it)."""
    out = []
    for name, module in GAMES.items():
        try:
            ok = importlib.util.find_spec(module) is not None
        except ImportError:
            ok = False
        out.append((name, ok))
    return out


class Screens(Table):
    """The table as the page shows it, without the replay, the review and the Embed dialog
    (which ``commands.Session`` adds)."""

    def __init__(self, store: Storage, pace: int | None = None,
                 stamp: Callable[[], str] = now, keys: Keys | None = None) -> None:
        """``pace`` None: the player's own, from the stored settings."""
        super().__init__(store, 0 if pace is None else pace, stamp, keys)
        self.settings = self.saved.settings()
        if pace is None:
            self.pace = int(self.settings["pace"])
        self.screen = "start"  # start, table, saves or replay
        self.start_form: dict[str, Any] | None = None  # as filled in, when a deal was refused
        self.hinted: tuple[int, str, str, str] | None = None  # (moves, note, action, why)
        # The coach note: (the game, the moves after the play it speaks of, its text).
        self.noted: tuple[Game[Any, Any], int, str] | None = None
        self.coach_override: bool | None = None  # set by the session (a lesson: on)
        self.site = ""  # the page's address (its folder is the Embed dialog's site)

    def begin(self, game: Game[Any, Any], levels: list[str], narration: str = "") -> Effects:
        self.screen = "table"
        self.forget_match()
        return super().begin(game, levels, narration)

    def forget_match(self) -> None:
        """Drop what belonged to the match shown before (its replay, its reviews)."""

    def at_table(self) -> bool:
        return self.screen == "table" and self.game is not None

    def shown_observation(self) -> Mapping[str, Any]:
        """The human's observation as the table shows it: at a finished deal, that deal as it
        ended (``Table.finished``).  A match opened from its replay link is read-only:
        nobody's turn and nothing to play, so no "Your turn", no badge and no card to focus."""
        assert self.game is not None
        if self.finished is not None and self.summary is not None:
            # The finished deal stays on the table, with nobody to play, until the player
            # asks for the next.
            return {**self.finished.observation(HUMAN), "current_player": None, "legal": []}
        obs = self.game.observation(HUMAN)
        return {**obs, "current_player": None, "legal": []} if self.read_only else obs

    def replay_link(self) -> tuple[int, int] | None:
        """(the step shown, the steps in all) of a match opened from its replay link."""
        if not self.read_only or self.game is None:
            return None
        moves = len(self.game.history)
        return moves, moves

    def turn(self) -> str:
        """``data-turn``: menu, over, summary, you, opponent or replay (a match opened
        from its replay link, read-only)."""
        game = self.game
        if not self.at_table() or game is None:
            return "menu"
        if game.is_over:
            return "over"
        if self.read_only:
            return "replay"
        if self.summary is not None:
            return "summary"
        return "you" if game.current_player == HUMAN else "opponent"

    def deal_ends(self) -> DealEnds:
        """What the dialog at a deal's (or the match's) end offers besides going on: the
        review of the deal just finished."""
        game = self.game
        finished = 0 if game is None else game.deals_finished
        ended = game is not None and (self.summary is not None or game.is_over)
        return DealEnds(review=finished - 1 if finished and ended else None)

    def html(self, thinking: int | None = None, problem: str = "", can_save: bool = True) -> str:
        """The HTML of the screen shown; a notice is shown once."""
        notice, self.notice = self.notice, ""
        if self.at_table() and self.game is not None:
            ctx = TableContext(narration=self.narration, summary=self.summary,
                               thinking=thinking, notice=problem, recent=self.recent(),
                               ends=self.deal_ends(), replay_link=self.replay_link())
            return render_table(self.shown_observation(), ctx)
        if self.screen == "saves":
            return render_saves(self.saved.slot_summaries(GAME_TITLES), can_save=can_save,
                                in_game=self.game is not None, message=notice,
                                usage=self.saved.usage())
        form = self.start_form or {
            "game": self.game.NAME if self.game else "",
            "levels": self.levels if self.game else (),
            "options": self.game.options_dict() if self.game else {},
        }
        self.start_form = None
        return render_start(
            available_games(), LEVELS, chosen_levels=form["levels"],
            message=notice or problem, resume=self.resume_info(), game=form["game"],
            options=form["options"], remembered=self.saved.choices())

    def recent(self) -> tuple[tuple[int, str], ...]:
        """What the computer players did since the human's last move: (seat, words)."""
        since: list[tuple[int, str]] = []
        for _when, seat, text in reversed(self.entries):
            if seat == HUMAN:
                break
            since.append((seat, text))
        return tuple(reversed(since))

    def resume_info(self) -> dict[str, str] | None:
        if self.game is None or self.game.is_over:
            return None
        title = GAME_TITLES.get(self.game.NAME, self.game.NAME)
        moves = len(self.game.history)
        return {"title": title, "detail": ngettext("{count} move played", "{count} moves played",
                                                   moves).format(count=moves)}

    def turn_line(self) -> str:
        if not self.at_table() or self.game is None:
            return ""
        if self.read_only and not self.game.is_over:
            return _("A replay, read-only: step through it, or start a new game from the menu.")
        return turn_line(self.shown_observation(), summary=self.summary is not None)

    def show(self, screen: str, message: str = "") -> Effects:
        self.screen, self.notice = screen, message or self.notice
        return Effects(draw=True)

    def back_to_table(self) -> Effects:
        """Close what covers the table (Saves, a replay): the start screen if no game."""
        if self.game is None:
            return self.show("start")
        return Effects(draw=self.show("table").draw, schedule_ms=self.next_delay())

    def form_choice(self, fields: Mapping[str, str]) -> tuple[GameSpec, dict[str, str], int]:
        """The game chosen on the start form, its options there (as text) and its number
        of players."""
        name = fields.get("game") or ""
        chosen = SPECS.get(name) or next(iter(SPECS.values()))
        options = {o.name: fields[o.name].strip() for o in chosen.form if o.name in fields}
        return chosen, options, chosen.player_count(options)

    def start_layout(self, fields: Mapping[str, str]) -> tuple[str, list[tuple[int, str, bool]]]:
        """What the start form shows as its choices change: the chosen game (whose options
        fieldset is shown) and each opponent row ``(seat, name, shown)``."""
        chosen, _options, players = self.form_choice(fields)
        return chosen.name, start_seats(chosen.name, players)

    def animated(self) -> bool:
        """Whether a redraw moves the cards (web/motion.js): the table and its replays."""
        return self.at_table()

    def start_from_form(self, fields: Mapping[str, str]) -> Effects:
        """The start form's fields (name -> value) deal a new game, or show the form again
        as it was filled in, with the engine's words."""
        chosen, options, players = self.form_choice(fields)
        levels = [fields.get(f"level-{seat}") or DEFAULT_LEVEL for seat in range(1, players)]
        try:
            game = start_game(chosen.name, random.randrange(2**53), dict(options))
        except GameError as exc:
            self.start_form = {"game": chosen.name, "levels": levels, "options": options}
            return self.show("start", _("Cannot deal that game: {reason}").format(reason=exc))
        self.saved.write_choices(chosen.name, levels, options)
        return self.begin(game, levels)

    def page_address(self) -> str:
        """The page's own address, without its query or fragment (links start with it)."""
        return self.site.split("#")[0].split("?")[0]

    def address(self, keep: Mapping[str, str]) -> str:
        """The query for the address bar: the deal's share link, plus the page's own."""
        if self.game is None:
            return ""
        query = share_query(self.game, self.levels)
        return query + ("&" + encode_query(keep) if keep else "")

    # --- the Saves screen -------------------------------------------------------------
    def load_from_saves(self, key: str) -> Effects:
        effects = self.load_slot(key)
        if self.screen == "saves" and effects.say:
            self.notice, effects.say = effects.say, ""
        return effects

    def delete_slot(self, key: str) -> Effects:
        self.saved.remove(key)
        return self.show("saves", _("Deleted."))

    def export(self, key: str) -> Effects | None:
        """A slot offered as a file, named after it (None: no such slot)."""
        text = self.saved.export_text(key, self.stats)
        slot = "".join(c if c.isalnum() or c in "-_" else "-" for c in self.saved.slot_name(key))
        return None if text is None else Effects(
            download=(f"cardtable-{slot or 'save'}.json", text))

    def import_file(self, text: str | Exception, file_name: str) -> Effects:
        """A file chosen in Saves (its text, or why it could not be read): begun, or the
        reason shown in Saves."""
        if isinstance(text, Exception):
            # Translators: {file} is a file's name, {reason} why it cannot be read.
            return self.show("saves", _("{file} cannot be read: {reason}").format(
                file=file_name, reason=text))
        effects = self.import_text(text, file_name)
        if not effects.schedule_ms and not self.at_table():
            self.show("saves", effects.say)
            effects.say = ""
        return effects

    def save_as_from_panel(self, name: str) -> Effects:
        effects = self.save_as(name)
        return self.show("saves", effects.say)

    # --- the coach note -----------------------------------------------------------------
    def coach_note_on(self) -> bool:
        """Whether a costly play of the human's gets a coach note: the session's own choice
        (a lesson switches it on) over the player's setting (off by default)."""
        if self.coach_override is not None:
            return self.coach_override
        return bool(self.settings.get("coach_note"))

    def set_coach_note(self, on: bool | None) -> None:
        """The session's switch for the coach note (the lessons: True while one runs); None
        leaves it to the player's setting again.  The stored setting is not changed."""
        self.coach_override = on
        if not self.coach_note_on():
            self.noted = None

    def human_play(self, action: str) -> Effects:
        """The human's move; with the coach note on, the position before it is analysed in
        slices (the hint's analysis) and a costly play gets a note with Undo."""
        game = self.game
        before = (game.observation(HUMAN) if game is not None and self.coach_note_on()
                  and self.my_turn() else None)
        effects = super().human_play(action)
        if not effects.draw:
            return effects
        self.noted = None
        if before is None or game is None or len(before["legal"]) < 2:
            return effects
        moves = len(game.history)

        def still() -> bool:
            return self.game is game and len(game.history) >= moves and self.coach_note_on()

        def done(text: str | None) -> Effects:
            if not text:
                return Effects()
            self.noted = (game, moves, text)
            return Effects(draw=True, announce=[text])

        from ..coach import note_work

        return effects.merge(Effects(work=Work(note_work(game.NAME, before, action), done,
                                               still)))

    def coach_note_shown(self) -> str:
        """The coach note on the human's last play, while that play stands ("" for none)."""
        if self.noted is None:
            return ""
        game, moves, text = self.noted
        if game is not self.game or len(game.history) < moves or not self.coach_note_on():
            return ""
        return text

    # --- the hint and the settings ----------------------------------------------------
    def hint_effects(self) -> Effects:
        """A hint as background work: the hard level's move for the human and why, shown
        by ``hint_shown`` once found; dropped if the table moves on meanwhile."""
        if not self.my_turn() or self.game is None:
            return Effects(say=_("Hints are given on your turn."))
        moves = len(self.game.history)

        def still() -> bool:
            return self.my_turn() and self.game is not None and len(self.game.history) == moves

        def done(result: tuple[str, str] | None) -> Effects:
            self.hinted = (moves, "", *result) if result else (
                moves, _("There are no hints for this game yet."), "", "")
            return Effects(draw=True)

        self.hinted = (moves, _("Thinking about a hint…"), "", "")
        return Effects(draw=True, work=Work(self.hint_work(), done, still))

    def hint_shown(self) -> tuple[str, str, str] | None:
        """The hint for the position shown, if one was asked for: (a note such as
        "Thinking about a hint…", or the action and the reason)."""
        if self.hinted is None or self.game is None or self.hinted[0] != len(self.game.history):
            return None
        return self.hinted[1], self.hinted[2], self.hinted[3]

    def set_setting(self, key: str, value: str | bool) -> Effects:
        """A setting changed on the page (the pace from the bar or the settings panel): kept
        in storage; unknown keys and unreadable values change nothing."""
        if key == "pace":
            pace = read_digits(str(value), 4)
            if pace is None or pace not in PACES:
                return Effects()
            self.pace = self.settings["pace"] = pace
        elif key == "language":
            if value not in LANGUAGES:
                return Effects()
            self.settings["language"] = value
            self.saved.write_settings(self.settings)
            return Effects(language=str(value))
        elif key in DEFAULT_SETTINGS:
            self.settings[key] = bool(value)
        else:
            return Effects()
        self.saved.write_settings(self.settings)
        return Effects()

    def language_wanted(self, asked: str | None, browser: list[str]) -> str:
        """The language to open in: a link's ``lang=`` (a known one), else the one chosen
        in Settings, else the first of the browser's that the table speaks."""
        if asked in LANGUAGES or asked == PSEUDO:
            return str(asked)
        chosen = str(self.settings.get("language") or "")
        return chosen if chosen in LANGUAGES else choose(browser)

    # --- the host page (embedding) --------------------------------------------------
    def ready_message(self) -> dict[str, Any]:
        game = self.game if self.at_table() else None
        return message("ready", game=None if game is None else game.NAME,
                       options={} if game is None else game.options_dict(),
                       seed=None if game is None else game.seed)

    def host_command(self, data: Mapping[str, Any]) -> Effects:
        """A command from the host page (already accepted by ``host.accepts_command``): a
        new game read as a link is (a refused one is answered with an error message and
        changes nothing), or pause and resume of the computer players."""
        name = data.get("command")
        if name == "pause":
            self.paused = True
            return Effects(draw=True)
        if name == "resume":
            self.paused = False
            return Effects(draw=True, schedule_ms=self.next_delay())
        try:
            link = read_link(command_pairs(data, self.game.NAME if self.game else None))
            game = link.start()
        except GameError as exc:
            return Effects(post=[message("error", command="new-game", message=str(exc))])
        if link.speed is not None:
            self.pace = link.speed
        current = self.game
        if current is not None and not current.is_over and current.history:
            self.put_aside(UNFINISHED, wrap_save(current, self.levels, "", self.stamp()))
        return self.begin(game, list(link.levels or self.levels))

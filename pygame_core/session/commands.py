"""The session as the page drives it: the screens put together (``Session``), the dialog's
panels, and the page's commands (``data-cmd``) as one table from name to what it does."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..i18n import LANGUAGES, SOURCE_LANGUAGE, _, language
from ..views import GAME_TITLES
from ..views.panels import help_keys_html, history_html, settings_html, stats_html
from .core import Effects
from .embed_screen import EMBED_COMMANDS, EmbedScreens
from .lesson_screen import LESSON_COMMANDS, LessonScreens
from .replay_screen import REPLAY_COMMANDS, ReplayScreens
from .review_screen import REVIEW_COMMANDS, ReviewScreens


class Session(LessonScreens, ReplayScreens, ReviewScreens, EmbedScreens):
    """The table as the page shows it: which screen, its HTML, the panels and the
    commands.  The page (``web/main.py``) only puts the HTML in place and wires events."""

    def panel_html(self, kind: str, settings: Mapping[str, Any], chosen_game: str) -> str:
        """The dialog's HTML for help, settings, statistics, history, a review or the
        Embed dialog ("" if none); ``chosen_game``: the start form's, when no game is at
        the table."""
        draw = PANELS_HTML.get(kind)
        return "" if draw is None else draw(self, settings, chosen_game)

    def help_panel(self, chosen_game: str) -> str:
        from ..views.help import RULES, render_help

        name = self.game.NAME if self.at_table() and self.game is not None else chosen_game
        return (render_help(name) if name in RULES else "") + help_keys_html()

    def history_panel(self) -> str:
        if self.game is None:
            return ""
        return history_html(self.entries, self.game.NAME,
                            finished=self.game.deals_finished if self.game.history else None)

    def open_panel(self, kind: str, fields: Mapping[str, str]) -> Effects:
        return Effects(panel=self.panel_html(kind, self.settings, fields.get("game", "")))

    def reset_stats_shown(self) -> Effects:
        self.reset_stats()
        return Effects(panel=self.panel_html("stats", self.settings, ""))

    def copy_link(self) -> Effects | None:
        if self.game is None:
            return None
        # The link opens in the language it was made in (lang=), unless that is English.
        code = language()
        keep = {"lang": code} if code in LANGUAGES and code != SOURCE_LANGUAGE else {}
        return Effects(copy=f"{self.page_address()}?{self.address(keep)}")

    def copy_replay(self) -> Effects | None:
        from ..replay import ReplayError

        try:
            fragment = self.replay_fragment()
        except ReplayError as exc:
            return Effects(say=_("No replay link: {reason}.").format(reason=exc))
        return Effects(copy=f"{self.page_address()}#{fragment}") if fragment else None

    def command(self, name: str, key: str | None = None,
                fields: Mapping[str, str] | None = None) -> Effects | None:
        """The page's commands (``data-cmd``), with the clicked element's ``data-key`` and
        the fields of the forms shown; None for one that is not among them."""
        do = COMMANDS.get(name)
        return None if do is None else do(self, key, fields or {})


# What a command does: (the session, the clicked element's data-key, the forms' fields).
Command = Callable[[Session, "str | None", Mapping[str, str]], "Effects | None"]


def _keyed(do: Callable[[Session, str], Effects | None]) -> Command:
    """A command that needs a ``data-key`` (nothing happens without one)."""
    return lambda session, key, _fields: do(session, key) if key else None


def _panel(kind: str) -> Command:
    return lambda session, _key, fields: session.open_panel(kind, fields)


# What each panel of the dialog shows: (the session, the settings, the start form's game).
PANELS_HTML: dict[str, Callable[[Session, Mapping[str, Any], str], str]] = {
    "help": lambda session, _settings, chosen: session.help_panel(chosen),
    "settings": lambda _session, settings, _chosen: settings_html(settings),
    "stats": lambda session, _settings, _chosen: stats_html(session.stats, GAME_TITLES),
    "history": lambda session, _settings, _chosen: session.history_panel(),
    "review": lambda session, _settings, _chosen: session.review_panel(),
    "embed": lambda session, _settings, chosen: session.embed_panel(chosen),
}
PANELS = ("help", "settings", "stats", "history", "embed")  # commands that open the dialog
COMMANDS: dict[str, Command] = {
    "menu": lambda session, _key, _fields: session.show("start"),
    "resume": lambda session, _key, _fields: session.back_to_table(),
    "close": lambda session, _key, _fields: session.back_to_table(),
    "next-round": lambda session, _key, _fields: (
        session.next_round() if session.summary is not None else Effects()),
    "rematch": lambda session, _key, _fields: session.rematch(),
    "saves": lambda session, _key, _fields: session.show("saves"),
    "load": _keyed(Session.load_from_saves),
    "delete": _keyed(Session.delete_slot),
    "export": _keyed(Session.export),
    "start": lambda session, _key, fields: session.start_from_form(fields),
    "save-as": lambda session, _key, fields: session.save_as_from_panel(
        fields.get("save-name", "").strip()),
    **{kind: _panel(kind) for kind in PANELS},
    "reset-stats": lambda session, _key, _fields: session.reset_stats_shown(),
    "panel-close": lambda session, _key, _fields: Effects(close_panel=True),
    "undo": lambda session, _key, _fields: session.undo(),
    "last-play": lambda session, _key, _fields: session.last_play(),
    "hint": lambda session, _key, _fields: session.hint_effects(),
    "copy-link": lambda session, _key, _fields: session.copy_link(),
    "copy-replay": lambda session, _key, _fields: session.copy_replay(),
}
COMMANDS.update(REPLAY_COMMANDS)
COMMANDS.update(REVIEW_COMMANDS)
COMMANDS.update(EMBED_COMMANDS)
COMMANDS.update(LESSON_COMMANDS)

# Fields whose keys are typing: a shortcut letter pressed there is text, not a command.
# Radio buttons and check boxes take no letters, so ``?`` still opens the help from them.
TEXT_INPUT_TYPES = frozenset({"", "text", "search", "email", "url", "tel", "password",
                              "number", "date", "time", "datetime-local", "month", "week"})


def takes_typing(tag: str, input_type: str = "") -> bool:
    """Whether the element (its tag name and, for an input, its type) takes typed keys."""
    tag = tag.lower()
    return tag in ("select", "textarea") or (tag == "input"
                                              and input_type.lower() in TEXT_INPUT_TYPES)

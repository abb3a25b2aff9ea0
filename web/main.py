"""The page's glue: owns the game, the opponents, the timers, storage and events.

Everything shown is built by the pure views in ``pygame_core.views`` from the human's
observation; this file only puts their HTML into the document, turns clicks into actions
and keeps the game saved in localStorage after every move.
"""

import asyncio
import contextlib
import random
import time
from urllib.parse import parse_qsl, urlencode

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from pygame_core import GameError, OptionError, SaveError, new_game
from pygame_core.opponents import LEVELS, make_opponent
from pygame_core.views import (
    TableContext,
    narrate,
    render_saves,
    render_start,
    render_table,
    session,
)

HUMAN = 0
DEFAULT_PACE = 800  # milliseconds between the computer players' moves
NO_STORAGE = ("This browser does not let the page store anything here (private mode, or a "
              "frame that blocks storage): you can play, but the game cannot be saved.")
FULL_STORAGE = "The browser's storage is full: this game is not being saved."


def now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def missing(value):
    """True for JavaScript's null and undefined (Pyodide gives them as jsnull and None)."""
    return value is None or value is jsnull


def text_or_none(value):
    return None if missing(value) else str(value)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


class Storage:
    """localStorage under one key prefix; every access may throw, none may stop the game."""

    def __init__(self):
        self.problem = ""
        try:
            self.local = window.localStorage
            probe = session.PREFIX + "probe"
            self.local.setItem(probe, "1")
            self.local.removeItem(probe)
        except Exception:
            self.local = None
            self.problem = NO_STORAGE

    @property
    def ok(self):
        return self.local is not None

    def get(self, key):
        if self.local is None:
            return None
        try:
            value = self.local.getItem(key)
        except Exception:
            return None
        return text_or_none(value)

    def set(self, key, text):
        if self.local is None:
            return False
        try:
            self.local.setItem(key, text)
        except Exception:
            self.problem = FULL_STORAGE
            return False
        if self.problem == FULL_STORAGE:
            self.problem = ""
        return True

    def remove(self, key):
        if self.local is not None:
            with contextlib.suppress(Exception):
                self.local.removeItem(key)

    def keys(self, prefix):
        if self.local is None:
            return []
        try:
            found = [self.local.key(i) for i in range(self.local.length)]
        except Exception:
            return []
        return sorted(str(k) for k in found if not missing(k) and str(k).startswith(prefix))


class Page:
    def __init__(self):
        self.app = document.getElementById("app")
        self.store = Storage()
        self.params = dict(parse_qsl(str(window.location.search).lstrip("?")))
        self.embed = self.params.get("embed") == "1"
        self.settings = self.load_settings()
        speed = self.params.get("speed", "")
        self.pace = int(speed) if speed.isdigit() else int(self.settings.get("pace", DEFAULT_PACE))
        self.game = None
        self.levels = [session.DEFAULT_LEVEL] * 3
        self.opponents = {}
        self.screen = "start"
        self.summary = None
        self.thinking = None
        self.narration = ""
        self.notice = ""
        self.generation = 0
        self.reported_over = False
        self.ready = False
        self.tasks = set()

    def spawn(self, coroutine):
        """Run ``coroutine`` as a task, keeping a reference until it is done."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- settings and saving --------------------------------------------------------
    def load_settings(self):
        import json

        try:
            data = json.loads(self.store.get(session.SETTINGS) or "{}")
        except ValueError:
            data = {}
        return data if isinstance(data, dict) else {}

    def save_settings(self):
        import json

        self.store.set(session.SETTINGS, json.dumps(self.settings))

    def autosave(self):
        if self.game is not None:
            text = session.wrap_save(self.game, self.levels, "Game in progress", now())
            self.store.set(session.CURRENT, text)

    # --- starting games -------------------------------------------------------------
    def begin(self, game, levels, narration=""):
        self.game = game
        self.levels = session.clean_levels(list(levels))
        self.opponents = {
            seat: make_opponent(game.NAME, self.levels[seat - 1], seat, game.seed)
            for seat in range(1, game.num_players)
        }
        self.summary = None
        self.thinking = None
        self.reported_over = game.is_over
        self.narration = narration or narrate(game.observation(HUMAN))
        self.screen = "table"
        self.set_address()
        self.autosave()
        self.render()
        self.run_opponents()

    def set_address(self):
        keep = {k: v for k, v in self.params.items() if k in ("speed", "embed", "sw")}
        query = session.share_query(self.game, self.levels)
        if keep:
            query += "&" + urlencode(keep)
        window.history.replaceState(None, "", "?" + query)

    def share_link(self):
        base = str(window.location.href).split("?")[0].split("#")[0]
        return base + "?" + session.share_query(self.game, self.levels)

    def new_deal(self, name, options, levels):
        seed = random.randrange(2**53)
        self.begin(new_game(name, seed=seed, **options), levels)

    def start_from_address(self):
        """Open the page: a share link's deal, else the game in progress, else the menu."""
        try:
            deal = session.parse_query(self.params)
            game = deal.start() if deal else None
        except (OptionError, SaveError) as exc:
            self.show_start(f"This link does not work: {exc}")
            return
        current = self.load_current()
        if game is not None:
            if current and self.same_deal(current.game, game):
                self.begin(current.game, deal.levels or current.levels)
                return
            if current and not current.game.is_over:
                # Keep the unfinished game: the link starts another one.
                self.store.set(session.SLOT + f"Unfinished game {now()[:16]}",
                               session.wrap_save(current.game, current.levels, "", now()))
            self.begin(game, deal.levels or self.levels)
            return
        if current:
            self.begin(current.game, current.levels)
            return
        self.show_start()

    @staticmethod
    def same_deal(a, b):
        return a.NAME == b.NAME and a.seed == b.seed and a.options_dict() == b.options_dict()

    def load_current(self):
        text = self.store.get(session.CURRENT)
        if not text:
            return None
        try:
            return session.unwrap_save(text)
        except (SaveError, GameError) as exc:
            # Keep the damaged text in a slot of its own for inspection; harm nothing else.
            self.store.set(session.SLOT + f"Damaged game {now()[:16]}", text)
            self.store.remove(session.CURRENT)
            self.notice = f"The game in progress could not be resumed: {exc}"
            return None

    # --- the opponents --------------------------------------------------------------
    def run_opponents(self):
        self.generation += 1
        self.spawn(self.opponents_play(self.generation))

    def active(self, generation):
        return (generation == self.generation and self.screen == "table"
                and self.game is not None and self.summary is None and not self.game.is_over)

    async def opponents_play(self, generation):
        await asyncio.sleep(0)
        while self.active(generation) and self.game.current_player != HUMAN:
            seat = self.game.current_player
            started = time.monotonic()
            self.thinking = seat
            if self.pace:
                self.render()
            thinking = self.opponents[seat].think(self.game.observation(seat))
            action = None
            spent = 0.0  # time in the search itself, not in the browser's turns between slices
            while action is None:
                slice_start = js.performance.now()
                try:
                    next(thinking)
                except StopIteration as done:
                    action = done.value
                spent += js.performance.now() - slice_start
                await asyncio.sleep(0)  # let the browser breathe between slices
                if not self.active(generation):
                    return
            # A record of each decision's thinking time, read by benchmarks/opponents_browser.py.
            js.performance.mark(f"decision {self.opponents[seat].level} {spent:.1f}")
            wait = self.pace / 1000 - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
                if not self.active(generation):
                    return
            self.thinking = None
            self.play(action)
            await asyncio.sleep(0)
        self.thinking = None

    # --- moves ----------------------------------------------------------------------
    def play(self, action):
        # Finished rounds (Avissinia) or hands (Avinas: the score sheet, void hands too).
        def finished(obs):
            return len(obs.get("rounds", obs.get("hand_history", [])))

        rounds = finished(self.game.observation(HUMAN))
        self.game.apply(action)
        obs = self.game.observation(HUMAN)
        self.narration = narrate(obs)
        if finished(obs) > rounds:
            self.summary = finished(obs) - 1
        self.autosave()
        self.render()
        if self.game.is_over and not self.reported_over:
            self.reported_over = True
            self.post({"type": "game over", "game": self.game.NAME,
                       "winners": list(self.game.winners), "scores": list(self.game.scores),
                       "you_won": HUMAN in self.game.winners})

    def human_play(self, action):
        if self.game is None or self.game.current_player != HUMAN or self.summary is not None:
            return
        if action not in self.game.observation(HUMAN)["legal"]:
            return
        self.play(action)
        self.run_opponents()

    # --- rendering ------------------------------------------------------------------
    def render(self):
        body = document.body
        focus_inside = self.app.contains(document.activeElement) or document.activeElement == body
        if self.screen == "table" and self.game is not None:
            ctx = TableContext(narration=self.narration, summary=self.summary,
                               thinking=self.thinking, notice=self.store.problem)
            obs = self.game.observation(HUMAN)
            self.app.innerHTML = render_table(obs, ctx)
            if self.game.is_over:
                turn = "over"
            elif self.summary is not None:
                turn = "summary"
            else:
                turn = "you" if self.game.current_player == HUMAN else "opponent"
        elif self.screen == "saves":
            self.app.innerHTML = self.saves_html()
            turn = "menu"
        else:
            self.app.innerHTML = render_start(
                session.available_games(), LEVELS, chosen_levels=self.levels,
                partnership=bool(self.game and self.game.options_dict().get("partnership")),
                message=self.notice or self.store.problem, resume=self.resume_info(),
            )
            turn = "menu"
        body.dataset.turn = turn
        if focus_inside:
            target = self.app.querySelector("[autofocus], [data-action]")
            if not missing(target):
                target.focus(js_object({"preventScroll": True}))
        if not self.ready:
            self.ready = True
            body.dataset.ready = "1"
            window.dispatchEvent(js.CustomEvent.new("cardtable:ready"))
            self.post({"type": "ready"})

    def resume_info(self):
        if self.game is None or self.game.is_over:
            return None
        title = session.GAME_TITLES.get(self.game.NAME, self.game.NAME)
        return {"title": title, "detail": f"{len(self.game.history)} moves played"}

    def saves_html(self, message=""):
        slots = [session.save_summary(k, self.store.get(k) or "")
                 for k in self.store.keys(session.SLOT)]
        return render_saves(slots, can_save=self.store.ok, in_game=self.game is not None,
                            message=message or self.notice)

    def show_start(self, message=""):
        self.notice = message or self.notice
        self.screen = "start"
        self.render()
        self.notice = ""

    def show_saves(self, message=""):
        self.notice = message
        self.screen = "saves"
        self.render()
        self.notice = ""

    def say(self, text):
        """A short message above the table (a link copied, a save written)."""
        box = document.getElementById("notice")
        box.textContent = text
        box.hidden = False

    def post(self, message):
        if self.embed and window.parent != window:
            window.parent.postMessage(js_object(message), "*")

    # --- commands -------------------------------------------------------------------
    def command(self, name, element):
        key = text_or_none(element.getAttribute("data-key"))
        if name == "start":
            self.start_from_form()
        elif name == "menu":
            self.show_start()
        elif name == "resume" or name == "close":
            if self.game is not None:
                self.screen = "table"
                self.render()
                self.run_opponents()
            else:
                self.show_start()
        elif name == "next-round":
            self.summary = None
            self.render()
            self.run_opponents()
        elif name == "rematch" and self.game is not None:
            options = {k: v for k, v in self.game.options_dict().items() if k != "deck"}
            self.new_deal(self.game.NAME, options, self.levels)
        elif name == "saves":
            self.show_saves()
        elif name == "copy-link" and self.game is not None:
            self.spawn(self.copy_link())
        elif name == "save-as":
            self.save_as()
        elif name == "load" and key:
            self.load_slot(key)
        elif name == "delete" and key:
            self.store.remove(key)
            self.show_saves("Deleted.")
        elif name == "export" and key:
            self.export(key)

    def start_from_form(self):
        form = document.getElementById("start-form")
        data = js.FormData.new(form)
        name = text_or_none(data.get("game")) or "avissinia"
        options = {}
        if name == "avissinia":
            options["partnership"] = text_or_none(data.get("partnership")) == "1"
        levels = [text_or_none(data.get(f"level-{seat}")) or session.DEFAULT_LEVEL
                  for seat in (1, 2, 3)]
        try:
            self.new_deal(name, options, levels)
        except (OptionError, ImportError) as exc:
            self.show_start(f"Cannot deal that game: {exc}")

    async def copy_link(self):
        link = self.share_link()
        try:
            await window.navigator.clipboard.writeText(link)
            self.say(f"Link copied: {link}")
        except Exception:
            self.say(f"Copy this link: {link}")

    def save_as(self):
        field = document.getElementById("save-name")
        name = "" if missing(field) else str(field.value).strip()
        if not name or self.game is None:
            self.show_saves("Give the save a name first.")
            return
        text = session.wrap_save(self.game, self.levels, name, now())
        if self.store.set(session.SLOT + name, text):
            self.show_saves(f"Saved as “{name}”.")
        else:
            self.show_saves(self.store.problem or "Could not save.")

    def load_slot(self, key):
        text = self.store.get(key)
        name = key[len(session.SLOT):]
        try:
            if text is None:
                raise SaveError("it is no longer there")
            loaded = session.unwrap_save(text)
        except (SaveError, GameError) as exc:
            self.show_saves(f"“{name}” cannot be loaded: {exc}")
            return
        self.begin(loaded.game, loaded.levels)
        self.say(f"Loaded “{name}”.")

    def export(self, key):
        text = self.store.get(key)
        if text is None:
            return
        name = "".join(c if c.isalnum() or c in "-_" else "-" for c in key[len(session.SLOT):])
        blob = js.Blob.new([text], js_object({"type": "application/json"}))
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"cardtable-{name or 'save'}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    async def import_file(self, field):
        files = field.files
        if missing(files) or files.length == 0:
            return
        file = files.item(0)
        try:
            text = str(await file.text())
            loaded = session.unwrap_save(text)
        except (SaveError, GameError) as exc:
            self.show_saves(f"{file.name} cannot be imported: {exc}")
            return
        except Exception as exc:  # an unreadable file
            self.show_saves(f"{file.name} cannot be read: {exc}")
            return
        name = loaded.name or str(file.name).removesuffix(".json")
        if self.store.ok:
            self.store.set(session.SLOT + name, session.wrap_save(
                loaded.game, loaded.levels, name, loaded.saved_at or now()))
        self.begin(loaded.game, loaded.levels)
        self.say(f"Imported “{name}”.")

    # --- events ---------------------------------------------------------------------
    def on_click(self, event):
        target = event.target.closest("[data-action], [data-cmd]")
        if missing(target) or target.disabled:
            return
        document.getElementById("notice").hidden = True
        try:
            action = text_or_none(target.getAttribute("data-action"))
            if action is not None:
                self.human_play(action)
            else:
                self.command(str(target.getAttribute("data-cmd")), target)
        except Exception as exc:  # never leave the page dead: report and go on
            js.console.warn(f"card table: {exc!r}")
            self.say(f"Something went wrong: {exc}")

    def on_change(self, event):
        target = event.target
        if target.id == "pace":
            self.pace = int(target.value)
            self.settings["pace"] = self.pace
            self.save_settings()
        elif target.id == "import-file":
            self.spawn(self.import_file(target))

    def start(self):
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("change", create_proxy(self.on_change))
        pace = document.getElementById("pace")
        pace.value = str(self.pace) if str(self.pace) in ("1400", "800", "300", "0") else "800"
        for button in document.querySelectorAll(".bar [disabled], .bar select"):
            button.disabled = False
        self.start_from_address()


PAGE = Page()
PAGE.start()

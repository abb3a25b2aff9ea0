"""The page's glue: owns the game, the opponents, the timers, storage and events.

Everything shown is built by the pure views in ``pygame_core.views`` from the human's
observation; this file only puts their HTML into the document, turns clicks into actions
and keeps the game saved in localStorage after every move.
"""

import asyncio
import contextlib
import json
import random
import time

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from pygame_core import GameError, OptionError, SaveError, new_game
from pygame_core.opponents import LEVELS, make_opponent
from pygame_core.views import (
    TableContext,
    comforts,
    narrate,
    render_saves,
    render_start,
    render_table,
    session,
    start_seats,
)
from pygame_core.views.help import RULES, render_help

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


# --- comforts: keyboard, live region, settings, help, hints, history, undo, stats ------
ROVING = ".hand, [data-roving]"  # groups whose moves are one tab stop, walked with arrows
NEXT_KEYS = ("ArrowRight", "ArrowDown")
PREV_KEYS = ("ArrowLeft", "ArrowUp")
SHORTCUTS = {"h": "hint", "u": "undo", "n": "next-round", "l": "last-play", "r": "history",
             "?": "help", "s": "settings"}
STATS_KEY = session.PREFIX + comforts.STATS
LIVE_LINES = 6  # lines kept in the live log


class Comforts:
    """The comforts around the table, mixed into Page: everything here reads the page's
    state (game, screen, summary) and the document, and touches nothing else."""

    def init_comforts(self):
        self.stats = comforts.parse_stats(self.store.get(STATS_KEY))
        self.entries = []  # (round, seat, text) of every move of the game shown
        self.rove_index = 0
        self.focus_action = None
        self.hinted = None  # (moves played when the hint was given, its action)
        self.last_turn = ""
        self.panel = document.getElementById("panel")
        self.panel_kind = ""

    # settings -------------------------------------------------------------------------
    def apply_settings(self):
        root = document.documentElement.classList
        root.toggle("no-anim", not self.settings["animations"])
        root.toggle("four-colour", bool(self.settings["four_colour"]))

    def change_setting(self, target):
        key = str(target.getAttribute("data-setting"))
        if key == "pace":
            self.pace = int(target.value)
            self.settings["pace"] = self.pace
            document.getElementById("pace").value = str(self.pace)
        elif key in comforts.DEFAULT_SETTINGS:
            self.settings[key] = bool(target.checked)
        self.save_settings()
        self.apply_settings()

    # the live region ------------------------------------------------------------------
    def announce(self, text):
        """Say ``text`` to screen readers (a polite log of the latest lines)."""
        if not text:
            return
        live = document.getElementById("live")
        line = document.createElement("p")
        line.textContent = text
        live.appendChild(line)
        while live.childElementCount > LIVE_LINES:
            live.firstElementChild.remove()

    # history --------------------------------------------------------------------------
    def comforts_begin(self):
        """A game was (re)started, loaded or undone: its history is replayed once."""
        self.hinted = None
        self.set_hint("")
        try:
            self.entries = comforts.history_entries(self.game, HUMAN)
        except Exception as exc:  # a history is a comfort: never stop the game for it
            js.console.warn(f"card table: no history: {exc!r}")
            self.entries = []

    def comforts_played(self, round_before, seat):
        """After every move: the history grows, the move is said, a finished match counted."""
        text = self.narration or str(self.game.history[-1])
        self.entries.append((round_before, seat, text))
        self.announce(text)
        if self.game.is_over and not self.reported_over:
            score = self.game.scores[HUMAN] if self.game.scores else 0
            self.stats = comforts.record_result(
                self.stats, self.game.NAME, won=HUMAN in self.game.winners, score=score)
            self.store.set(STATS_KEY, json.dumps(self.stats))

    def undo_cut(self):
        if self.game is None or self.game.is_over:
            return None
        for index in range(len(self.entries) - 1, -1, -1):
            if self.entries[index][1] == HUMAN:
                return index
        return None

    def undo(self):
        cut = self.undo_cut()
        if cut is None:
            self.say("There is no play of yours to undo.")
            return
        game = comforts.rebuild(self.game, cut)
        self.begin(game, self.levels, narration="You took back your last play.")
        self.announce("You took back your last play.")

    # hints ----------------------------------------------------------------------------
    def set_hint(self, text):
        box = document.getElementById("hint")
        if not missing(box):
            box.textContent = text

    def my_turn(self):
        return (self.screen == "table" and self.game is not None and self.summary is None
                and not self.game.is_over and self.game.current_player == HUMAN)

    async def hint(self):
        if not self.my_turn():
            self.set_hint("Hints are given on your turn.")
            return
        moves = len(self.game.history)
        self.set_hint("Thinking about a hint…")
        try:
            adviser = make_opponent(self.game.NAME, "hard", HUMAN, self.game.seed)
        except (ImportError, ValueError):
            self.set_hint("There are no hints for this game yet.")
            return
        thinking = adviser.think(self.game.observation(HUMAN))
        action = None
        while action is None:
            try:
                next(thinking)
            except StopIteration as done:
                action = done.value
            await asyncio.sleep(0)
            if self.game is None or len(self.game.history) != moves or not self.my_turn():
                return  # the table moved on
        self.hinted = (moves, action)
        element = self.action_element(action)
        label = action
        if element is not None:
            label = text_or_none(element.getAttribute("aria-label")) or str(element.textContent)
        self.set_hint(comforts.hint_text(label.strip(), adviser.explain()))
        self.mark_hint(focus=True)

    def mark_hint(self, focus=False):
        if not self.hinted or self.game is None or self.hinted[0] != len(self.game.history):
            self.hinted = None
            return
        element = self.action_element(self.hinted[1])
        if element is None:
            return
        element.classList.add("hinted")
        if focus:
            self.focus_element(element)

    # focus and the keyboard -----------------------------------------------------------
    def action_element(self, action):
        for element in self.app.querySelectorAll("[data-action]"):
            if element.getAttribute("data-action") == action:
                return element
        return None

    def group_items(self, element):
        group = element.closest(ROVING)
        if missing(group):
            return None
        return list(group.querySelectorAll("[data-action]"))

    def focus_element(self, element):
        items = self.group_items(element)
        if items:
            for i, item in enumerate(items):
                item.tabIndex = 0 if item == element else -1
                if item == element:
                    self.rove_index = i
        element.focus(js_object({"preventScroll": False}))

    def remember_focus(self):
        """Before the table is drawn again: what had the focus, to give it back."""
        active = document.activeElement
        self.focus_action = None
        if missing(active) or not self.app.contains(active):
            return
        self.focus_action = text_or_none(active.getAttribute("data-action"))
        items = self.group_items(active)
        if items:
            self.rove_index = next((i for i, e in enumerate(items) if e == active), 0)

    def rove(self):
        """Each group of moves (the hand) is one tab stop: only one item is tabbable."""
        for group in self.app.querySelectorAll(ROVING):
            items = list(group.querySelectorAll("[data-action]"))
            if not items:
                continue
            chosen = min(self.rove_index, len(items) - 1)
            for i, item in enumerate(items):
                item.tabIndex = 0 if i == chosen else -1

    def place_focus(self):
        """Give the focus back after the table was drawn again (it was in the table)."""
        target = self.app.querySelector("[autofocus]")
        if missing(target) and self.focus_action:
            target = self.action_element(self.focus_action)
        if missing(target):
            target = self.app.querySelector(
                ", ".join(f"{group} [tabindex='0']" for group in ROVING.split(", ")))
        if missing(target):
            target = self.app.querySelector("[data-action]")
        if not missing(target):
            self.focus_element(target)

    def after_render(self, turn):
        """The strip above the table, the hand's tab stop, the hint, and what to say."""
        self.rove()
        tools = document.getElementById("table-tools")
        at_table = self.screen == "table" and self.game is not None
        tools.hidden = not at_table
        if at_table:
            obs = self.game.observation(HUMAN)
            line = comforts.turn_line(obs, summary=self.summary is not None)
            document.getElementById("turn-line").textContent = line
            for name, enabled in (("hint", self.my_turn()),
                                  ("undo", self.undo_cut() is not None)):
                button = tools.querySelector(f"[data-cmd='{name}']")
                button.disabled = not enabled
            self.mark_hint()
            if turn != self.last_turn and turn in ("summary", "over", "you"):
                dialog = self.app.querySelector("[role='dialog'] h2")
                if turn == "you":
                    self.announce("Your turn.")
                elif not missing(dialog):
                    self.announce(str(dialog.textContent))
        if turn != "you":
            self.set_hint("")
        self.last_turn = turn

    def on_key(self, event):
        try:
            self.handle_key(event)
        except Exception as exc:  # never leave the page dead: report and go on
            js.console.warn(f"card table: {exc!r}")

    def handle_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey or self.panel.open:
            return
        key = str(event.key)
        target = event.target
        if key in NEXT_KEYS + PREV_KEYS + ("Home", "End"):
            items = self.group_items(target) if not missing(target.closest) else None
            if items and target in items:
                event.preventDefault()
                i = items.index(target)
                if key == "Home":
                    i = 0
                elif key == "End":
                    i = len(items) - 1
                else:
                    i = (i + (1 if key in NEXT_KEYS else -1)) % len(items)
                self.focus_element(items[i])
            return
        tag = str(target.tagName).lower() if not missing(target.tagName) else ""
        if tag in ("input", "select", "textarea") or not self.settings["shortcuts"]:
            return
        name = SHORTCUTS.get(key.lower())
        if name is None or event.repeat:
            return
        event.preventDefault()
        if name == "next-round" and self.summary is None:
            return
        self.command(name, document.body)

    # panels ---------------------------------------------------------------------------
    def open_panel(self, kind, html):
        document.getElementById("panel-body").innerHTML = html
        self.panel_kind = kind
        heading = self.panel.querySelector("#panel-body h2")
        if not missing(heading):
            if not heading.id:
                heading.id = "panel-title"
            self.panel.setAttribute("aria-labelledby", heading.id)
        if not self.panel.open:
            self.panel.showModal()
        first = self.panel.querySelector("#panel-body input, #panel-body select, "
                                         "#panel-body button")
        if not missing(first):
            first.focus()

    def on_panel_closed(self, _event):
        self.panel_kind = ""
        active = document.activeElement
        if missing(active) or active == document.body or not document.contains(active):
            self.place_focus()

    def help_html(self):
        name = self.game.NAME if self.game is not None and self.screen == "table" else None
        if name is None:
            checked = document.querySelector("input[name='game']:checked")
            name = "avissinia" if missing(checked) else str(checked.value)
        rules = render_help(name) if name in RULES else ""
        return rules + comforts.help_keys_html()

    def comfort_command(self, name, element):
        """The comforts' commands; False for a command that is not one of them."""
        if name == "help":
            self.open_panel("help", self.help_html())
        elif name == "settings":
            self.open_panel("settings", comforts.settings_html(self.settings))
        elif name == "stats":
            self.open_panel("stats", comforts.stats_html(self.stats, session.GAME_TITLES))
        elif name == "reset-stats":
            self.stats = {}
            self.store.remove(STATS_KEY)
            self.open_panel("stats", comforts.stats_html(self.stats, session.GAME_TITLES))
        elif name == "history":
            if self.game is None:
                return True
            self.open_panel("history", comforts.history_html(self.entries, self.game.NAME))
        elif name == "panel-close":
            self.panel.close()
        elif name == "hint":
            self.spawn(self.hint())
        elif name == "undo":
            self.undo()
        elif name == "last-play":
            text = self.narration or "No play yet."
            self.announce(text)
            self.say(f"Last play: {text}")
        else:
            return False
        return True

    def stats_export(self, text):
        """A slot's text with the statistics added (the export file carries them)."""
        try:
            data = json.loads(text)
        except ValueError:
            return text
        if isinstance(data, dict):
            data["stats"] = self.stats
            return json.dumps(data, ensure_ascii=False)
        return text

    def start_comforts(self):
        document.addEventListener("keydown", create_proxy(self.on_key))
        self.panel.addEventListener("close", create_proxy(self.on_panel_closed))
        self.apply_settings()


class Page(Comforts):
    def __init__(self):
        self.app = document.getElementById("app")
        self.store = Storage()
        # The browser parses the address: urllib.parse would add ~50 ms to the start.
        search = js.URLSearchParams.new(window.location.search)
        self.params = {str(k): str(v) for k, v in js.Array.from_(search.entries())}
        self.embed = self.params.get("embed") == "1"
        self.settings = self.load_settings()
        speed = self.params.get("speed", "")
        self.pace = int(speed) if speed.isdigit() else int(self.settings.get("pace", DEFAULT_PACE))
        self.game = None
        self.levels = [session.DEFAULT_LEVEL] * 3
        self.opponents = {}
        self.screen = "start"
        self.start_form = None  # the start form as filled in, when a deal was refused
        self.summary = None
        self.thinking = None
        self.narration = ""
        self.notice = ""
        self.generation = 0
        self.reported_over = False
        self.ready = False
        self.tasks = set()
        self.init_comforts()

    def spawn(self, coroutine):
        """Run ``coroutine`` as a task, keeping a reference until it is done."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- settings and saving --------------------------------------------------------
    def load_settings(self):
        return comforts.parse_settings(self.store.get(session.SETTINGS))

    def save_settings(self):
        self.store.set(session.SETTINGS, json.dumps(self.settings))

    def autosave(self):
        if self.game is not None:
            text = session.wrap_save(self.game, self.levels, "Game in progress", now())
            self.store.set(session.CURRENT, text)

    # --- starting games -------------------------------------------------------------
    def begin(self, game, levels, narration=""):
        self.game = game
        self.levels = session.clean_levels(list(levels), game.num_players - 1)
        self.opponents = {
            seat: session.opponent(game.NAME, self.levels[seat - 1], seat, game.seed)
            for seat in range(1, game.num_players)
        }
        self.summary = None
        self.thinking = None
        self.reported_over = game.is_over
        self.narration = narration or narrate(game.observation(HUMAN))
        self.screen = "table"
        self.comforts_begin()
        self.set_address()
        self.autosave()
        self.render()
        self.run_opponents()

    def set_address(self):
        keep = {k: v for k, v in self.params.items() if k in ("speed", "embed", "sw", "snapshot")}
        query = session.share_query(self.game, self.levels)
        if keep:
            query += "&" + session.encode_query(keep)
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
        # Finished rounds (Avissinia), hands (Avinas: void hands too) or deals (Abyssinia).
        before = self.game.observation(HUMAN)
        rounds = comforts.round_of(before)
        seat = self.game.current_player
        self.game.apply(action)
        obs = self.game.observation(HUMAN)
        self.narration = narrate(obs)
        if comforts.round_of(obs) > rounds:
            self.summary = comforts.round_of(obs) - 1
        self.autosave()
        self.comforts_played(comforts.round_of(before), seat)
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
        self.remember_focus()
        if self.screen == "table" and self.game is not None:
            ctx = TableContext(narration=self.narration, summary=self.summary,
                               thinking=self.thinking, notice=self.store.problem)
            obs = self.game.observation(HUMAN)
            # web/motion.js: the new table goes in and the cards that moved glide there
            window.cardMotion.swap(self.app, render_table(obs, ctx), js_object({"pace": self.pace}))
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
            options = self.game.options_dict() if self.game else {}
            form = self.start_form or {
                "game": self.game.NAME if self.game else "", "levels": self.levels,
                "players": int(options.get("players", 4)), "chips": options.get("chips", 100),
            }
            self.app.innerHTML = render_start(
                session.available_games(), LEVELS, chosen_levels=form["levels"],
                partnership=bool(options.get("partnership")),
                message=self.notice or self.store.problem, resume=self.resume_info(),
                game=form["game"], players=form["players"], chips=form["chips"],
            )
            turn = "menu"
        body.dataset.turn = turn
        self.after_render(turn)
        if focus_inside:
            self.place_focus()
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
        if self.comfort_command(name, element):
            return
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

    def start_choices(self):
        """The start form's game and player count (Abyssinia's ``players``, else 4)."""
        data = js.FormData.new(document.getElementById("start-form"))
        name = text_or_none(data.get("game")) or "avissinia"
        players = text_or_none(data.get("players")) or "4"
        return data, name, int(players) if name == "abyssinia" and players.isdigit() else 4

    def sync_start(self):
        """Show the chosen game's options and one level selector per computer seat."""
        _, name, players = self.start_choices()
        for box in document.querySelectorAll("#start-form fieldset[data-game]"):
            box.hidden = str(box.dataset.game) != name
        for seat, label, shown in start_seats(name, players):
            row = document.querySelector(f"#start-form .level[data-seat='{seat}']")
            if not missing(row):
                row.hidden = not shown
                row.querySelector(".level-name").textContent = label

    def start_from_form(self):
        data, name, players = self.start_choices()
        options = {}
        if name == "avissinia":
            options["partnership"] = text_or_none(data.get("partnership")) == "1"
        if name == "abyssinia":
            options["players"] = players
            options["chips"] = (text_or_none(data.get("chips")) or "").strip()
        seats = [seat for seat, _, shown in start_seats(name, players) if shown]
        levels = [text_or_none(data.get(f"level-{seat}")) or session.DEFAULT_LEVEL
                  for seat in seats]
        try:
            self.new_deal(name, options, levels)
        except (OptionError, ImportError) as exc:
            # Show the form again as it was filled in, with the engine's words.
            self.start_form = {"game": name, "players": players,
                               "chips": options.get("chips", 100), "levels": levels}
            self.show_start(f"Cannot deal that game: {exc}")
            self.start_form = None

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
        text = self.stats_export(text)
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
        if target.hasAttribute("data-setting"):
            self.change_setting(target)
        elif target.id == "pace":
            self.pace = int(target.value)
            self.settings["pace"] = self.pace
            self.save_settings()
        elif target.id == "import-file":
            self.spawn(self.import_file(target))
        elif str(target.name) in ("game", "players") and not missing(target.closest("#start-form")):
            self.sync_start()

    def start(self):
        document.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("change", create_proxy(self.on_change))
        self.start_comforts()
        pace = document.getElementById("pace")
        pace.value = str(self.pace) if str(self.pace) in ("1400", "800", "300", "0") else "800"
        for button in document.querySelectorAll(".bar [disabled], .bar select"):
            button.disabled = False
        self.start_from_address()


PAGE = Page()
PAGE.start()

"""The page: the browser side of the table session (``pygame_core.table``).

Every decision (what to start, what a click does, what to save, what to show) is the
session's, tested under CPython; this file only does what needs the browser: events,
timers, focus and the roving tab stop, the dialog element, file download and upload,
localStorage and postMessage.
"""

import asyncio
import contextlib
import json
import time

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from pygame_core.table import Keys, TableScreens, WebStorage, accepts_command, parent_origin
from pygame_core.views import comforts, start_seats

HUMAN = 0
DEFAULT_PACE = 800  # milliseconds between the computer players' moves
ROVING = ".hand, [data-roving]"  # groups whose moves are one tab stop, walked with arrows
NEXT_KEYS, PREV_KEYS = ("ArrowRight", "ArrowDown"), ("ArrowLeft", "ArrowUp")
SHORTCUTS = {"h": "hint", "u": "undo", "n": "next-round", "l": "last-play", "r": "history",
             "?": "help", "s": "settings"}
PANELS = ("help", "settings", "stats", "history")
LIVE_LINES = 6  # lines kept in the live log
KEEP_PARAMS = ("speed", "embed", "sw", "snapshot", "parent")  # the page's own, kept in the URL


def missing(value):
    """True for JavaScript's null and undefined (Pyodide gives them as jsnull and None)."""
    return value is None or value is jsnull


def text_or_none(value):
    return None if missing(value) else str(value)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


# The parent window may be of another origin: it is touched in JavaScript only (a Python
# proxy of a cross-origin window could trip over properties it may not read).
HAS_PARENT = js.Function.new("return window.parent !== window")
POST_TO_PARENT = js.Function.new("message", "origin", "window.parent.postMessage(message, origin)")
FROM_PARENT = js.Function.new("event", "return event.source === window.parent")
# The content's height: the bottom of what the table shows (the page itself is stretched
# to its frame, so its own height would never shrink).
CONTENT_HEIGHT = js.Function.new("""
  const app = document.getElementById("app");
  let bottom = 0;
  for (const child of app.children) bottom = Math.max(bottom, child.getBoundingClientRect().bottom);
  bottom += parseFloat(getComputedStyle(app).paddingBottom) || 0;
  return Math.ceil(bottom + window.scrollY);""")


async def run_sliced(work, still):
    """Drive sliced work (a computer player's thinking, a hint) with the browser running
    between slices: the page's async twin of ``pygame_core.opponents.drive``.  Returns
    (result, ms spent in the work itself), or None once ``still()`` turns false."""
    spent = 0.0
    while True:
        start = js.performance.now()
        try:
            next(work)
        except StopIteration as done:
            return done.value, spent + js.performance.now() - start
        spent += js.performance.now() - start
        await asyncio.sleep(0)
        if not still():
            work.close()
            return None


class Page:
    def __init__(self):
        self.app = document.getElementById("app")
        self.panel = document.getElementById("panel")
        keys = Keys.for_folder(str(window.location.pathname))
        try:
            local = window.localStorage  # reading it throws where storage is blocked
        except Exception:
            local = None
        self.store = WebStorage(local, keys.prefix + "probe", missing)
        # The browser parses the address (urllib.parse would add ~50 ms to the start).
        search = js.URLSearchParams.new(window.location.search)
        self.query = [(str(k), str(v)) for k, v in js.Array.from_(search.entries())]
        params = dict(self.query)
        self.keep = {k: params[k] for k in KEEP_PARAMS if k in params}
        self.embed = params.get("embed") == "1"
        self.parent_given = "parent" in params
        self.parent = parent_origin(params.get("parent"))  # None: post nowhere, take nothing
        self.height = 0
        self.settings = comforts.parse_settings(self.store.get(keys.settings))
        self.table = TableScreens(self.store, int(self.settings.get("pace", DEFAULT_PACE)),
                                  keys=keys)
        self.thinking, self.generation, self.ready = None, 0, False
        self.tasks, self.rove_index, self.focus_action = set(), 0, None
        self.hinted, self.last_turn = None, ""

    def spawn(self, coroutine):
        """Run ``coroutine`` as a task, keeping a reference until it is done."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- doing what the session says ------------------------------------------------
    def do(self, effects):
        if effects is None:
            return
        if effects.draw:
            self.render()
        for text in effects.announce:
            self.announce(text)
        if effects.say:
            self.say(effects.say)
        for message in effects.post:
            self.post(message)
        if self.table.at_table() and self.table.game is not None and not self.table.read_only:
            query = self.table.address(self.keep)
            window.history.replaceState(None, "", "?" + query)
        if effects.schedule_ms is not None:
            self.generation += 1
            self.spawn(self.opponents_play(self.generation))

    def active(self, generation):
        return generation == self.generation and self.table.waiting_for_computer() \
            and self.table.at_table()

    async def opponents_play(self, generation):
        """The computer players' moves, each thought in slices between which the browser
        runs, then shown after the rest of the pace's pause."""
        await asyncio.sleep(0)
        while self.active(generation):
            started = time.monotonic()
            self.thinking = self.table.thinking_seat()
            if self.table.pace:
                self.render()
            seat = self.thinking
            level = self.table.opponents[seat].level
            done = await run_sliced(self.table.computer_thinking(),
                                    lambda: self.active(generation))
            if done is None or done[0] is None:
                self.thinking = None
                return
            action, spent = done
            # Each decision's thinking time, read by benchmarks/opponents_browser.py.
            iterations = getattr(self.table.opponents[seat], "iterations", 0)
            js.performance.mark(f"decision {level} {spent:.1f} iterations {iterations}")
            wait = self.table.pace / 1000 - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
                if not self.active(generation):
                    return
            self.thinking = None
            effects = self.table.play(action)
            effects.schedule_ms = None  # this loop goes on with the next player
            self.do(effects)
            await asyncio.sleep(0)
        self.thinking = None

    # --- drawing --------------------------------------------------------------------
    def render(self):
        focus_inside = (self.app.contains(document.activeElement)
                        or document.activeElement == document.body)
        self.remember_focus()
        markup = self.table.html(self.thinking, self.store.problem, self.store.ok)
        if self.table.at_table():  # web/motion.js: the cards that moved glide to their places
            window.cardMotion.swap(self.app, markup, js_object({"pace": self.table.pace}))
        else:
            self.app.innerHTML = markup
        turn = self.table.turn()
        document.body.dataset.turn = turn
        self.after_render(turn)
        if focus_inside:
            self.place_focus()
        if not self.ready:
            self.ready = True
            document.body.dataset.ready = "1"
            window.dispatchEvent(js.CustomEvent.new("cardtable:ready"))
            self.post({"type": "ready"})
            self.post(self.table.ready_message())
        self.report_height()

    def after_render(self, turn):
        """The strip above the table, the hand's tab stop, the hint, and what to say."""
        self.rove()
        tools = document.getElementById("table-tools")
        tools.hidden = not self.table.at_table()
        if self.table.at_table():
            document.getElementById("turn-line").textContent = self.table.turn_line()
            for name, enabled in (("hint", self.table.my_turn()),
                                  ("undo", self.table.undo_available())):
                tools.querySelector(f"[data-cmd='{name}']").disabled = not enabled
            self.mark_hint()
            if turn != self.last_turn and turn in ("summary", "over", "you"):
                heading = self.app.querySelector("[role='dialog'] h2")
                if turn == "you":
                    self.announce("Your turn.")
                elif not missing(heading):
                    self.announce(str(heading.textContent))
        if turn != "you":
            self.set_hint("")
        self.last_turn = turn

    def announce(self, text):
        """Say ``text`` to screen readers (a polite log of the latest lines)."""
        live = document.getElementById("live")
        line = document.createElement("p")
        line.textContent = text
        live.appendChild(line)
        while live.childElementCount > LIVE_LINES:
            live.firstElementChild.remove()

    def say(self, text):
        """A short message above the table (a link copied, a save written)."""
        box = document.getElementById("notice")
        box.textContent, box.hidden = text, False

    def post(self, message):
        if not (self.embed or self.parent_given) or not HAS_PARENT():
            return
        if self.parent_given and self.parent is None:
            return  # a parent= that is not an origin: tell nobody
        # Through JSON, so None arrives as null (to_js would make it undefined).
        POST_TO_PARENT(js.JSON.parse(json.dumps(message)), self.parent or "*")

    def report_height(self, *_):
        if not (self.embed or self.parent_given):
            return  # nobody to tell (post sends nothing): no layout read on every redraw
        height = int(CONTENT_HEIGHT())
        if self.ready and height > 0 and height != self.height:
            self.height = height
            self.post({"protocol": "card-table", "type": "resize", "height": height})

    def on_message(self, event):
        """A command from the host page (README, "Embedding"): taken only from the parent
        window, and only from the parent= origin when one is given."""
        try:
            data = json.loads(str(js.JSON.stringify(event.data)))
        except Exception:
            return  # not a plain object: not ours
        if not accepts_command(data, bool(FROM_PARENT(event)), str(event.origin), self.parent,
                               self.parent_given):
            return
        if data["command"] == "pause":
            self.thinking = None
        self.do(self.table.host_command(data))

    # --- focus and the keyboard -----------------------------------------------------
    def action_element(self, action):
        for element in self.app.querySelectorAll("[data-action]"):
            if element.getAttribute("data-action") == action:
                return element
        return None

    def group_items(self, element):
        group = element.closest(ROVING)
        return None if missing(group) else list(group.querySelectorAll("[data-action]"))

    def focus_element(self, element):
        for i, item in enumerate(self.group_items(element) or []):
            item.tabIndex = 0 if item == element else -1
            if item == element:
                self.rove_index = i
        element.focus(js_object({"preventScroll": False}))

    def remember_focus(self):
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
            for i, item in enumerate(items):
                item.tabIndex = 0 if i == min(self.rove_index, len(items) - 1) else -1

    def place_focus(self):
        target = self.app.querySelector("[autofocus]")
        if missing(target) and self.focus_action:
            target = self.action_element(self.focus_action)
        for selector in (", ".join(f"{g} [tabindex='0']" for g in ROVING.split(", ")),
                         "[data-action]"):
            if missing(target):
                target = self.app.querySelector(selector)
        if not missing(target):
            self.focus_element(target)

    def on_key(self, event):
        if event.ctrlKey or event.metaKey or event.altKey or self.panel.open:
            return
        key, target = str(event.key), event.target
        if key in (*NEXT_KEYS, *PREV_KEYS, "Home", "End"):
            items = self.group_items(target) if not missing(target.closest) else None
            if items and target in items:
                event.preventDefault()
                i = {"Home": 0, "End": len(items) - 1}.get(
                    key, (items.index(target) + (1 if key in NEXT_KEYS else -1)) % len(items))
                self.focus_element(items[i])
            return
        tag = str(target.tagName).lower() if not missing(target.tagName) else ""
        name = SHORTCUTS.get(key.lower())
        if tag in ("input", "select", "textarea") or not self.settings["shortcuts"] \
                or name is None or event.repeat:
            return
        event.preventDefault()
        if name != "next-round" or self.table.summary is not None:
            self.command(name, document.body)

    # --- hints, panels, files -------------------------------------------------------
    def set_hint(self, text):
        document.getElementById("hint").textContent = text

    async def hint(self):
        if not self.table.my_turn():
            self.set_hint("Hints are given on your turn.")
            return
        moves = len(self.table.game.history)
        self.set_hint("Thinking about a hint…")
        done = await run_sliced(self.table.hint_work(), lambda: self.table.my_turn() and len(
            self.table.game.history) == moves)
        if done is None:
            return  # the table moved on
        result, _ = done
        if result is None:
            self.set_hint("There are no hints for this game yet.")
            return
        action, reason = result
        self.hinted = (moves, action)
        element = self.action_element(action)
        label = action if element is None else (
            text_or_none(element.getAttribute("aria-label")) or str(element.textContent))
        self.set_hint(comforts.hint_text(label.strip(), reason))
        self.mark_hint(focus=True)

    def mark_hint(self, focus=False):
        game = self.table.game
        if not self.hinted or game is None or self.hinted[0] != len(game.history):
            self.hinted = None
            return
        element = self.action_element(self.hinted[1])
        if element is not None:
            element.classList.add("hinted")
            if focus:
                self.focus_element(element)

    def open_panel(self, kind):
        checked = document.querySelector("input[name='game']:checked")
        chosen = "avissinia" if missing(checked) else str(checked.value)
        document.getElementById("panel-body").innerHTML = self.table.panel_html(
            kind, self.settings, chosen)
        heading = self.panel.querySelector("#panel-body h2")
        if not missing(heading):
            heading.id = heading.id or "panel-title"
            self.panel.setAttribute("aria-labelledby", heading.id)
        if not self.panel.open:
            self.panel.showModal()
        first = self.panel.querySelector("#panel-body :is(input, select, button)")
        if not missing(first):
            first.focus()

    def on_panel_closed(self, _event):
        active = document.activeElement
        if missing(active) or active == document.body or not document.contains(active):
            self.place_focus()

    def export(self, key):
        text = self.table.export_text(key)
        if text is None:
            return
        name = "".join(c if c.isalnum() or c in "-_" else "-"
                       for c in key[len(self.table.keys.slot):])
        url = js.URL.createObjectURL(js.Blob.new([text], js_object({"type": "application/json"})))
        link = document.createElement("a")
        link.href, link.download = url, f"cardtable-{name or 'save'}.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_proxy(lambda: js.URL.revokeObjectURL(url)), 1000)

    async def import_file(self, field):
        if missing(field.files) or field.files.length == 0:
            return
        file = field.files.item(0)
        try:
            text = str(await file.text())
        except Exception as exc:  # an unreadable file
            self.do(self.table.show("saves", f"{file.name} cannot be read: {exc}"))
            return
        effects = self.table.import_text(text, str(file.name))
        if not effects.schedule_ms and not self.table.at_table():
            self.table.show("saves", effects.say)
            effects.say = ""
        self.do(effects)

    async def copy_link(self, replay=False):
        base = str(window.location.href).split("?")[0].split("#")[0]
        link = base + ("#" + self.table.replay_fragment() if replay
                       else "?" + self.table.address({}))
        try:
            await window.navigator.clipboard.writeText(link)
            self.say(f"Link copied: {link}")
        except Exception:
            self.say(f"Copy this link: {link}")

    # --- commands and events --------------------------------------------------------
    def command(self, name, element):
        key = text_or_none(element.getAttribute("data-key"))
        table = self.table
        if name in PANELS:
            self.open_panel(name)
        elif name == "reset-stats":
            table.reset_stats()
            self.open_panel("stats")
        elif name == "panel-close":
            self.panel.close()
        elif name == "hint":
            self.spawn(self.hint())
        elif name == "copy-link" and table.game is not None:
            self.spawn(self.copy_link())
        elif name == "copy-replay" and table.replay_fragment():
            self.spawn(self.copy_link(replay=True))
        elif name == "export" and key:
            self.export(key)
        elif name == "start":
            fields = js.FormData.new(document.getElementById("start-form"))
            self.do(table.start_from_form(
                {str(k): str(v) for k, v in js.Array.from_(fields.entries())}))
        elif name == "save-as":
            field = document.getElementById("save-name")
            self.do(table.save_as_from_panel("" if missing(field) else str(field.value).strip()))
        else:
            handlers = {"undo": table.undo, "last-play": table.last_play}
            self.do(handlers[name]() if name in handlers else table.command(name, key))

    def sync_start(self):
        """Show the chosen game's options and one level selector per computer seat."""
        data = js.FormData.new(document.getElementById("start-form"))
        name = text_or_none(data.get("game")) or "avissinia"
        players = text_or_none(data.get("players")) or "4"
        count = int(players) if name == "abyssinia" and players.isdigit() else 4
        for box in document.querySelectorAll("#start-form fieldset[data-game]"):
            box.hidden = str(box.dataset.game) != name
        for seat, label, shown in start_seats(name, count):
            row = document.querySelector(f"#start-form .level[data-seat='{seat}']")
            if not missing(row):
                row.hidden = not shown
                row.querySelector(".level-name").textContent = label

    def guarded(self, handler):
        """An event handler that never leaves the page dead: report and go on."""
        def run(event, *_):
            try:
                handler(event)
            except Exception as exc:
                js.console.warn(f"card table: {exc!r}")
                self.say(f"Something went wrong: {exc}")
        return create_proxy(run)

    def on_click(self, event):
        target = event.target.closest("[data-action], [data-cmd]")
        if missing(target) or target.disabled:
            return
        document.getElementById("notice").hidden = True
        action = text_or_none(target.getAttribute("data-action"))
        if action is None:
            self.command(str(target.getAttribute("data-cmd")), target)
        else:
            self.do(self.table.human_play(action))

    def on_change(self, event):
        target = event.target
        key = text_or_none(target.getAttribute("data-setting"))
        if target.id == "pace" or key == "pace":
            self.table.pace = self.settings["pace"] = int(target.value)
            document.getElementById("pace").value = str(self.table.pace)
        elif key in comforts.DEFAULT_SETTINGS:
            self.settings[key] = bool(target.checked)
        elif target.id == "import-file":
            self.spawn(self.import_file(target))
        elif str(target.name) in ("game", "players") and not missing(target.closest("#start-form")):
            self.sync_start()
        if key is not None or target.id == "pace":
            self.store.set(self.table.keys.settings, json.dumps(self.settings))
            self.apply_settings()

    def on_storage(self, event):
        if text_or_none(event.key) == self.table.keys.current:
            self.do(self.table.other_tab_wrote(text_or_none(event.newValue)))

    def apply_settings(self):
        root = document.documentElement.classList
        root.toggle("no-anim", not self.settings["animations"])
        root.toggle("four-colour", bool(self.settings["four_colour"]))

    def start(self):
        for kind, handler in (("click", self.on_click), ("change", self.on_change),
                              ("keydown", self.on_key)):
            document.addEventListener(kind, self.guarded(handler))
        window.addEventListener("storage", self.guarded(self.on_storage))
        window.addEventListener("message", self.guarded(self.on_message))
        js.ResizeObserver.new(self.guarded(self.report_height)).observe(self.app)
        self.panel.addEventListener("close", create_proxy(self.on_panel_closed))
        self.apply_settings()
        pace = document.getElementById("pace")
        pace.value = str(self.table.pace) if str(self.table.pace) in ("1400", "800", "300", "0") \
            else "800"
        for button in document.querySelectorAll(".bar [disabled], .bar select"):
            button.disabled = False
        replay = self.table.open_replay(str(window.location.hash))
        self.do(replay or self.table.start_from_address(self.query))


def main():
    """Start the page; whatever goes wrong, leave a usable start screen with the message
    (the player's saves are untouched: nothing is removed on the way)."""
    page = None
    try:
        page = Page()
        page.start()
    except Exception as exc:
        js.console.warn(f"card table: the page could not start: {exc!r}")
        message = (f"Something went wrong while opening the table: {exc}. "
                   "Start a new game below; your saves are kept.")
        with contextlib.suppress(Exception):
            page.table.game = None
            page.do(page.table.show("start", message))
            return page
        app = document.getElementById("app")  # not even the start screen: say so plainly
        app.textContent = message
        document.body.dataset.ready = "1"
    return page


PAGE = main()

"""The page: the browser side of the table session (``pygame_core.session``).

Every decision (what to start, what a click or a key does, what to save, what to show) is
the session's, tested under CPython; this file only does what needs the browser: events,
timers, focus and the roving tab stop, the dialog element, file download and upload,
localStorage and postMessage.  The few lines that must touch the parent window are
JavaScript, in ``boot.js`` (``window.cardTableHost``).
"""

import asyncio
import contextlib
import json
import time

import js
from pyodide.ffi import create_proxy, jsnull, to_js
from pyscript import document, window

from pygame_core import i18n
from pygame_core.i18n import _
from pygame_core.links import PAGE_RUN_PARAMS
from pygame_core.session.commands import Session, takes_typing
from pygame_core.session.host import accepts_command, parent_origin
from pygame_core.session.storage import DEFAULT_SETTINGS, Keys, WebStorage
from pygame_core.views.chrome import chrome_text
from pygame_core.words import hint_text

SHORTCUTS = {"h": "hint", "u": "undo", "n": "next-round", "l": "last-play", "r": "history",
             "?": "help", "s": "settings"}
LIVE_LINES = 6  # lines kept in the live log
HOST = window.cardTableHost  # boot.js: the parent window, touched in JavaScript only
DOM = window.cardPage  # page.js: the DOM work (focus, the strip, the dialog, files)


def missing(value):
    """True for JavaScript's null and undefined (Pyodide gives them as jsnull and None)."""
    return value is None or value is jsnull


def text_or_none(value):
    return None if missing(value) else str(value)


def js_object(value):
    return to_js(value, dict_converter=js.Object.fromEntries)


def by_id(name):
    return document.getElementById(name)


async def fetch_catalogue(code):
    """The compiled catalogue of language ``code`` (dist/locale/<code>.mo), as bytes: the
    one boot.js began to fetch with the runtime, when it is that language's."""
    early = getattr(window, "cardTableEarly", None)
    response = None
    if not missing(early) and str(early.lang) == code and not missing(early.catalogue):
        response, early.catalogue = await early.catalogue, jsnull  # a body is read once
    if response is None:
        response = await js.fetch(f"./locale/{code}.mo")
    if not response.ok:
        raise OSError(f"HTTP {response.status}")
    return js.Uint8Array.new(await response.arrayBuffer()).to_bytes()


async def speak(code):
    """Speak ``code`` from now on: its catalogue fetched (only the chosen one ever is),
    the page's own frame translated and ``<html lang>`` set, so screen readers follow.
    A catalogue that cannot be had leaves the page in English.  Returns the language."""
    catalogue = None
    if code not in (i18n.SOURCE_LANGUAGE, i18n.PSEUDO):
        try:
            catalogue = await fetch_catalogue(code)
        except Exception as exc:
            js.console.warn(f"card table: no catalogue for {code}: {exc!r}")
            code = i18n.SOURCE_LANGUAGE
    code = i18n.use(code, catalogue)
    document.documentElement.lang = code
    for element in document.querySelectorAll("[data-msg]"):
        element.textContent = chrome_text(str(element.dataset.msg))
    for element in document.querySelectorAll("[data-msg-label]"):
        element.setAttribute("aria-label", chrome_text(str(element.dataset.msgLabel)))
    return code


async def run_sliced(work, still):
    """Drive sliced work (a computer player's thinking, a hint, a review) with the browser
    running between slices (a slice that yields a number asks for that many ms of pause
    first): the page's async twin of ``pygame_core.slices.drive``.  Returns (result, ms
    spent in the work itself), or None once ``still()`` turns false."""
    spent = 0.0
    while True:
        start = js.performance.now()
        try:
            pause = next(work)
        except StopIteration as done:
            return done.value, spent + js.performance.now() - start
        spent += js.performance.now() - start
        await asyncio.sleep((pause or 0) / 1000)
        if not still():
            work.close()
            return None


class Page:
    def __init__(self):
        self.app, self.panel = by_id("app"), by_id("panel")
        keys = Keys.for_folder(str(window.location.pathname))
        local = None
        with contextlib.suppress(Exception):  # reading it throws where storage is blocked
            local = window.localStorage
        self.store = WebStorage(local, keys.probe, missing)
        # The browser parses the address (urllib.parse would add ~50 ms to the start).
        search = js.URLSearchParams.new(window.location.search)
        self.query = [(str(k), str(v)) for k, v in js.Array.from_(search.entries())]
        params = dict(self.query)
        self.keep = {k: params[k] for k in PAGE_RUN_PARAMS if k in params}
        self.to_parent = params.get("embed") == "1" or "parent" in params
        self.parent = parent_origin(params.get("parent"))  # None: post nowhere, take nothing
        self.table = Session(self.store, keys=keys)
        self.table.site = str(window.location.href)
        self.thinking, self.generation, self.ready, self.height = None, 0, False, 0
        self.tasks, self.last_turn, self.focus_hint = set(), "", False
        self.lesson_shown = ""  # the lesson's step last shown ("step 3 of 20")

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
            DOM.announce(LIVE_LINES, text)
        if effects.say:
            DOM.say(effects.say)
        for message in effects.post:
            self.post(message)
        if effects.panel is not None:
            DOM.openPanel(self.panel, effects.panel)
        if effects.close_panel:
            self.panel.close()
        if effects.update:  # parts of what is shown, such as a review's progress
            DOM.update(js_object(effects.update))
        if effects.copy:
            DOM.copy(effects.copy, js_object({  # what the notice says of it
                "linkCopied": chrome_text("Link copied: "), "copied": chrome_text("Copied: "),
                "copyLink": chrome_text("Copy this link: "),
                "copyText": chrome_text("Copy this text: ")}))
        if effects.download:
            DOM.download(*effects.download)
        if effects.work:
            self.spawn(self.background(effects.work))
        if effects.language:
            self.spawn(self.switch_language(effects.language))
        if self.table.at_table() and not self.table.read_only:
            window.history.replaceState(None, "", "?" + self.table.address(self.keep))
        if effects.schedule_ms is not None:
            self.generation += 1
            self.spawn(self.opponents_play(self.generation))

    async def switch_language(self, code):
        """The language chosen in Settings: spoken at once, the table and the open
        Settings drawn again in it, the game untouched (a link's lang= follows it)."""
        code = await speak(code)
        if "lang" in self.keep:
            self.keep["lang"] = code
        self.render()
        if self.panel.open:
            self.do(self.table.command("settings"))

    async def background(self, work):
        def still():  # and, for long work, where it has got to on the loading screen
            if work.progress is not None:
                DOM.update(js_object({"loading-text": work.progress()}))
            return work.still()

        done = await run_sliced(work.steps, still)
        if done is not None:
            self.focus_hint = True
            self.do(work.done(done[0]))

    def active(self, generation):
        return generation == self.generation and self.table.waiting_for_computer() \
            and self.table.at_table()

    async def opponents_play(self, generation):
        """The computer players' moves, each thought in slices between which the browser
        runs, then shown after the rest of the pace's pause."""
        await asyncio.sleep(0)
        while self.active(generation):
            started = time.monotonic()
            self.thinking = seat = self.table.thinking_seat()
            if self.table.pace:
                self.render()
            done = await run_sliced(self.table.computer_thinking(),
                                    lambda: self.active(generation))
            if done is None or done[0] is None:
                break
            action, spent = done
            # Each decision's thinking time, for benchmarks/opponents_browser.py's observer.
            # Cleared at once: the timeline keeps every mark, an evening's would pile up.
            opponent = self.table.opponents[seat]
            mark = f"decision {opponent.level} {spent:.1f} iterations " \
                   f"{getattr(opponent, 'iterations', 0)}"
            js.performance.mark(mark)
            js.performance.clearMarks(mark)
            wait = self.table.pace / 1000 - (time.monotonic() - started)
            if wait > 0:
                await asyncio.sleep(wait)
                if not self.active(generation):
                    break
            self.thinking = None
            effects = self.table.play(action)
            effects.schedule_ms = None  # this loop goes on with the next player
            self.do(effects)
            await asyncio.sleep(0)
        self.thinking = None

    # --- drawing --------------------------------------------------------------------
    def render(self):
        focus_inside = DOM.before(self.app)
        problem = _(self.store.problem) if self.store.problem else ""
        markup = self.table.html(self.thinking, problem, self.store.ok)
        if self.table.animated():  # web/motion.js: the cards that moved glide to their places
            window.cardMotion.swap(self.app, markup, js_object({"pace": self.table.pace}))
        else:
            self.app.innerHTML = markup
        turn = self.table.turn()
        document.body.dataset.turn = turn
        document.body.dataset.lesson = self.table.lesson_state()  # "", "on" or "done"
        hinted = self.after_render(turn)
        DOM.after(self.app, focus_inside)
        if hinted is not None and self.focus_hint:  # a hint just found: go to its move
            DOM.focus(hinted)
        self.show_lesson_place()
        self.focus_hint = False
        if not self.ready:
            self.ready = True
            document.body.dataset.ready = "1"
            window.dispatchEvent(js.CustomEvent.new("cardtable:ready"))
            self.post({"type": "ready"})
            self.post(self.table.ready_message())
        self.report_height()

    def show_lesson_place(self):
        """A lesson's new step: the part of the table it speaks of scrolled into view (on
        a phone, above the step's box at the foot of the screen: CSS scroll margins)."""
        count = self.app.querySelector(".lesson-count")
        ready = not missing(self.app.querySelector(".lesson .lesson-go"))  # not waiting
        shown = str(count.textContent) if ready and not missing(count) else ""
        if shown and shown != self.lesson_shown:
            place = self.app.querySelector("[data-lesson-place]")
            if not missing(place):
                place.scrollIntoView(js_object({"block": "nearest"}))
            self.lesson_shown = shown

    def after_render(self, turn):
        """The strip above the table and what to say; returns the hinted move's element."""
        table = self.table
        note, action, why = table.hint_shown() or ("", "", "")
        label = DOM.strip(self.app, js_object({
            "atTable": table.at_table(), "turnLine": table.turn_line(), "hint": table.my_turn(),
            "undo": table.undo_available(), "note": note if turn == "you" else "",
            "hintAction": action if turn == "you" else "",
            "coachNote": table.coach_note_shown() if table.at_table() else ""}))
        if not missing(label):
            by_id("hint").textContent = hint_text(str(label), why)
        if table.at_table() and turn != self.last_turn and turn in ("summary", "over", "you"):
            heading = self.app.querySelector("[role='dialog'] h2")
            if turn == "you" or not missing(heading):
                said = _("Your turn.") if turn == "you" else str(heading.textContent)
                DOM.announce(LIVE_LINES, said)
        self.last_turn = turn
        return None if missing(label) else DOM.byAction(self.app, action)

    def post(self, message):
        if not self.to_parent or not HOST.hasParent():
            return
        if "parent" in self.keep and self.parent is None:
            return  # a parent= that is not an origin: tell nobody
        # Through JSON, so None arrives as null (to_js would make it undefined).
        HOST.post(js.JSON.parse(json.dumps(message)), self.parent or "*")

    def report_height(self, *_args):  # only for a parent page: reading it forces a layout
        height = int(HOST.contentHeight()) if self.to_parent else 0
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
        if accepts_command(data, bool(HOST.fromParent(event)), str(event.origin), self.parent,
                           "parent" in self.keep):
            if data["command"] == "pause":
                self.thinking = None
            self.do(self.table.host_command(data))

    # --- the keyboard's shortcuts (the roving tab stop itself is web/page.js) ---------
    def on_key(self, event):
        target, replay = event.target, self.table.key_command(str(event.key))
        if replay is not None and not self.panel.open:  # a replay's keys ("": none)
            event.preventDefault()
            return self.command(replay, document.body) if replay else None
        name = SHORTCUTS.get(str(event.key).lower())
        if event.ctrlKey or event.metaKey or event.altKey or self.panel.open or name is None \
                or event.repeat or not self.table.settings["shortcuts"] \
                or takes_typing(str(getattr(target, "tagName", "")),
                                str(getattr(target, "type", ""))):
            return
        event.preventDefault()
        self.command(name, document.body)

    # --- the dialog and files ---------------------------------------------------------
    async def import_file(self, field):
        if not missing(field.files) and field.files.length:
            file = field.files.item(0)
            try:
                text = str(await file.text())
            except Exception as exc:  # an unreadable file
                text = exc
            self.do(self.table.import_file(text, str(file.name)))

    # --- events -----------------------------------------------------------------------
    def command(self, name, element):
        key = text_or_none(element.getAttribute("data-key"))
        self.do(self.table.command(name, key, self.fields()))

    def fields(self):
        """The fields of every form shown (the start form, the save's name)."""
        return {str(k): str(v) for k, v in DOM.fields().to_py().items()}

    def guarded(self, handler):
        """An event handler that never leaves the page dead: report and go on."""
        def run(event, *_args):
            try:
                handler(event)
            except Exception as exc:
                js.console.warn(f"card table: {exc!r}")
                DOM.say(_("Something went wrong: {reason}").format(reason=exc))
        return create_proxy(run)

    def on_click(self, event):
        target = event.target.closest("[data-action], [data-cmd]")
        if missing(target) or target.disabled:
            return
        by_id("notice").hidden = True
        action = text_or_none(target.getAttribute("data-action"))
        if action is None:
            self.command(str(target.getAttribute("data-cmd")), target)
        else:
            self.do(self.table.human_play(action))

    def on_change(self, event):
        target = event.target
        key = text_or_none(target.getAttribute("data-setting"))
        if target.id == "pace" or key is not None:
            value = target.checked if str(target.type) == "checkbox" else str(target.value)
            self.do(self.table.set_setting(key or "pace", value))
            self.apply_settings()
        elif target.id == "import-file":
            self.spawn(self.import_file(target))
        elif not missing(target.closest("#start-form")):  # its options and rows follow
            DOM.startLayout(*to_js(self.table.start_layout(self.fields())))

    def on_input(self, event):  # a form the session follows as it is filled in (data-form)
        form = event.target.closest("form[data-form]")
        if not missing(form):
            fields = js.Array.from_(js.FormData.new(form).entries())
            self.do(self.table.form_input(str(form.dataset.form),
                                          {str(k): str(v) for k, v in fields}))

    def on_storage(self, event):
        if text_or_none(event.key) == self.table.keys.current:
            self.do(self.table.other_tab_wrote(text_or_none(event.newValue)))

    def apply_settings(self):
        settings = self.table.settings
        document.documentElement.classList.toggle("no-anim", not settings["animations"])
        document.documentElement.classList.toggle("four-colour", bool(settings["four_colour"]))
        pace = by_id("pace")  # a pace the select does not offer shows as the default
        pace.value = str(self.table.pace)
        pace.value = pace.value or str(DEFAULT_SETTINGS["pace"])

    def start(self):
        for kind, handler in (("click", self.on_click), ("change", self.on_change),
                              ("keydown", self.on_key), ("input", self.on_input)):
            document.addEventListener(kind, self.guarded(handler))
        window.addEventListener("storage", self.guarded(self.on_storage))
        window.addEventListener("message", self.guarded(self.on_message))
        js.ResizeObserver.new(self.guarded(self.report_height)).observe(self.app)
        self.apply_settings()
        browser = [str(tag) for tag in (window.navigator.languages or [])]
        code = self.table.language_wanted(self.keep.get("lang"), browser)
        if code == i18n.SOURCE_LANGUAGE:  # English needs no catalogue: open at once
            self.open()
        else:
            self.spawn(self.open_in(code))

    async def open_in(self, code):
        try:
            await speak(code)
        finally:
            self.open()

    def open(self):
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
        message = _("Something went wrong while opening the table: {reason}. Start a new game "
                    "below; your saves are kept.").format(reason=exc)
        with contextlib.suppress(Exception):
            page.table.game = None
            page.do(page.table.show("start", message))
            return page
        by_id("app").textContent = message  # not even the start screen: say so plainly
        document.body.dataset.ready = "1"
    return page


THE_PAGE = main()

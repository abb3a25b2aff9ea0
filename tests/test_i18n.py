"""The table in English, Lithuanian and Greek: one translation layer (pygame_core.i18n).

- Under the pseudo-language every message the layer gives is wrapped in ⟦ ⟧: any visible
  word outside the marks, on any screen of any game, has escaped the layer.
- The Lithuanian and Greek catalogues hold every message of the code (extracted afresh
  with Babel), nothing stale, every plural form and every placeholder.
- The language is chosen by a link's lang=, else Settings, else the browser; saves and
  links do not depend on it.
"""

from __future__ import annotations

import io
import random
import re
import string
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from pygame_core import i18n, new_game
from pygame_core.saves import dumps
from pygame_core.session.commands import Session
from pygame_core.session.core import HUMAN, Effects, finish_work
from pygame_core.session.storage import DictStorage, parse_settings
from pygame_core.views.chrome import MESSAGES as CHROME_MESSAGES

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

LANGUAGES = ("lt", "el")
SETUPS = [("avissinia", {}), ("avissinia", {"partnership": True}), ("avinas", {}),
          ("abyssinia", {"players": 3}), ("abyssinia", {"players": 8})]


# --- the catalogues ----------------------------------------------------------------------
def po_path(code: str) -> Path:
    return build.LOCALE / code / "LC_MESSAGES" / "messages.po"


def catalogue(code: str) -> Catalog:
    with po_path(code).open("rb") as f:
        return read_po(f, locale=code)


def compiled(code: str) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalogue(code))
    return out.getvalue()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """Every message of the code now, extracted afresh as build.py extracts them."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    build.extract_messages(pot)
    with pot.open("rb") as f:
        return read_po(f)


def message_ids(cat: Catalog) -> set[tuple[Any, str | None]]:
    return {(m.id, m.context) for m in cat if m.id}


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_catalogue_has_every_message_and_no_stale_one(code: str, template: Catalog) -> None:
    have, want = message_ids(catalogue(code)), message_ids(template)
    missing, stale = want - have, have - want
    assert not missing, f"{len(missing)} messages missing from {code}: {sorted(missing)[:5]}"
    assert not stale, f"{len(stale)} stale messages in {code}: {sorted(stale)[:5]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_with_every_plural_form(code: str) -> None:
    cat = catalogue(code)
    forms = get_plural(code).num_plurals
    untranslated, fuzzy, short = [], [], []
    for m in cat:
        if not m.id:
            continue
        if m.fuzzy:
            fuzzy.append(m.id)
        if m.pluralizable:
            strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
            if len(strings) != forms or not all(strings):
                short.append(m.id)
        elif not m.string:
            untranslated.append(m.id)
    assert cat.num_plurals == forms
    assert not untranslated, f"{len(untranslated)} untranslated in {code}: {untranslated[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy in {code}: {fuzzy[:5]}"
    assert not short, f"{len(short)} plural messages lack a form in {code}: {short[:5]}"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_translation_keeps_its_placeholders(code: str) -> None:
    wrong = []
    for m in catalogue(code):
        if not m.id:
            continue
        ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
        strings = list(m.string) if isinstance(m.string, (list, tuple)) else [m.string]
        # Each form may use the placeholders of either English form ("{rank}" in the
        # singular, "{ranks}" in the plural); it must keep those both forms share, but for
        # the count, which a singular form may leave out ("one card").
        allowed = set().union(*(placeholders(i) for i in ids))
        shared = set.intersection(*(placeholders(i) for i in ids)) - {"count"}
        for s in strings:
            if s and not (shared <= placeholders(s) <= allowed):
                wrong.append((m.id, s))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("code", LANGUAGES)
def test_numbers_follow_the_locale(code: str) -> None:
    symbols = Locale.parse(code).number_symbols["latn"]
    i18n.use(code, compiled(code))
    try:
        assert i18n.number(1234.5, 1) == f"1{symbols['group']}234{symbols['decimal']}5"
    finally:
        i18n.use("en")
    assert i18n.number(1234.5, 1) == "1,234.5"


def test_the_page_frame_messages_are_the_ones_index_html_marks() -> None:
    page = (ROOT / "web" / "index.html").read_text()
    marked = set(re.findall(r'data-msg(?:-label)?="([^"]+)"', page))
    page_js = (ROOT / "web" / "main.py").read_text()
    said = set(re.findall(r'chrome_text\("([^"]+)"\)', page_js))
    assert marked | said == set(CHROME_MESSAGES)


# --- the pseudo-language: nothing escapes the layer ---------------------------------------
SHOWN_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "aria-description")
LETTER = re.compile(r"[^\W\d_]")


def outside_marks(text: str) -> str:
    """``text`` less everything between the pseudo-language's marks (which nest)."""
    return follow_marks(text)[0]


def follow_marks(text: str, depth: int = 0) -> tuple[str, int]:
    """(``text`` outside the marks, the marks still open at its end)."""
    out = []
    for ch in text:
        if ch == i18n.PSEUDO_OPEN:
            depth += 1
        elif ch == i18n.PSEUDO_CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out), depth


class ShownText(HTMLParser):
    """What a reader sees or hears in a page of HTML: its text, in order (a message may
    hold markup, so the marks are followed across elements), and the attributes read
    aloud.  Keys (``<kbd>``) are keys and snippets of code (``<code>``, a read-only
    ``<textarea>``) are code, not words; an element marked with its own ``lang`` (a
    language named in itself, in the language switch) is in that language on purpose."""

    SKIP = frozenset({"style", "script", "kbd", "code"})

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.attributes: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in self.SKIP or (tag == "textarea" and "readonly" in found) or "lang" in found:
            self.skipping.append(tag)
        for name, value in attrs:
            if name in SHOWN_ATTRIBUTES and value:
                self.attributes.append(value)

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.text.append(data)


def leaks(html: str) -> list[str]:
    parser = ShownText()
    parser.feed(html)
    parser.close()
    found = [t.strip() for t in parser.attributes if LETTER.search(outside_marks(t))]
    depth = 0
    for chunk in parser.text:  # the marks nest across elements: follow them through
        outside, depth = follow_marks(chunk, depth)
        if LETTER.search(outside):
            found.append(chunk.strip())
    return found


def spoken(*texts: str) -> list[str]:
    return [t for t in texts if t and LETTER.search(outside_marks(t))]



class Screens:
    """Everything one session shows and says, gathered as it is played."""

    def __init__(self, table: Session) -> None:
        self.table, self.seen = table, []

    def look(self, effects: Effects | None = None, where: str = "") -> None:
        table = self.table
        for text in leaks(table.html()):
            self.seen.append(f"{where}: {text}")
        for text in spoken(table.turn_line(), table.coach_note_shown()):
            self.seen.append(f"{where} (strip): {text}")
        if effects is not None:
            for text in spoken(*effects.announce, effects.say):
                self.seen.append(f"{where} (said): {text}")
            for part in [effects.panel or "", *effects.update.values()]:
                self.seen += [f"{where} (panel): {t}" for t in leaks(part)]


def play_a_deal(screens: Screens, seed: int) -> None:
    """A deal played to its summary; the first of the player's turns asks for a hint
    (the coach's words) and the coach note is on (after a costly play, its words)."""
    table, rng = screens.table, random.Random(seed)
    table.set_coach_note(True)
    hinted = False
    while table.summary is None and table.game is not None and not table.game.is_over:
        if table.my_turn():
            if not hinted:
                hinted = True
                screens.look(finish_work(table.command("hint")), "hint")
                shown = table.hint_shown()
                assert shown is not None
                screens.seen += [f"hint: {t}" for t in spoken(shown[0], shown[2])]
            legal = table.game.observation(HUMAN)["legal"]
            screens.look(table.human_play(rng.choice(legal)), "your play")
        else:
            screens.look(table.step(), "their play")


@pytest.mark.parametrize(("name", "options"), SETUPS)
def test_every_screen_of_a_game_speaks_through_the_layer(
        name: str, options: dict[str, Any], pseudo: None) -> None:
    table = Session(DictStorage(), pace=0)
    screens = Screens(table)
    screens.look(table.show("start"), "start")
    screens.look(table.begin(new_game(name, seed=4, **options), ["easy"] * 7), "dealt")
    for panel in ("help", "settings", "stats", "history", "embed"):
        screens.look(table.command(panel), panel)
    play_a_deal(screens, 4)
    screens.look(table.command("history"), "history after a deal")
    review = finish_work(table.command("review", "0"))
    assert review is not None and "review-body" in review.update.get("review-out", "")
    screens.look(review, "review")
    screens.look(table.command("next-round"), "next deal")
    screens.look(table.command("undo"), "undo")
    screens.look(table.command("saves"), "saves")
    screens.look(table.command("menu"), "menu")
    assert not screens.seen, "\n".join(screens.seen[:20])


@pytest.mark.parametrize("game", ["avissinia", "avinas", "abyssinia"])
def test_every_lesson_step_speaks_through_the_layer(game: str, pseudo: None) -> None:
    table = Session(DictStorage(), pace=0)
    screens = Screens(table)
    screens.look(table.start_from_address([("learn", game), ("speed", "0")]), "lesson")
    for number in range(400):
        if table.lesson_state() != "on":
            break
        while table.waiting_for_computer():
            screens.look(table.step(), f"lesson step {number}: their play")
        assert table.lesson is not None
        move = table.lesson.step.move
        effects = table.human_play(move) if move else table.command("lesson-next")
        screens.look(effects, f"lesson step {number}")
    assert table.lesson_state() == "done"
    screens.look(None, "lesson done")
    assert not screens.seen, "\n".join(screens.seen[:20])


# --- choosing the language ----------------------------------------------------------------
def test_a_link_then_settings_then_the_browser_choose_the_language() -> None:
    table = Session(DictStorage(), pace=0)
    assert table.language_wanted(None, ["lt-LT", "en"]) == "lt"
    assert table.language_wanted(None, ["de-DE", "el"]) == "el"
    assert table.language_wanted(None, ["de"]) == "en"
    assert table.language_wanted("xx", []) == "en"  # an unknown lang= is ignored
    effects = table.set_setting("language", "el")
    assert effects.language == "el" and table.settings["language"] == "el"
    assert table.language_wanted(None, ["lt"]) == "el"  # Settings beat the browser
    assert table.language_wanted("lt", ["en"]) == "lt"  # a link beats Settings
    assert Session(table.saved.store, pace=0).settings["language"] == "el"  # remembered
    assert table.set_setting("language", "klingon").language == ""
    assert parse_settings('{"language": "xx"}')["language"] == ""


@pytest.mark.parametrize("code", LANGUAGES)
def test_saves_and_links_are_the_same_in_every_language(code: str) -> None:
    def play(language: str) -> tuple[str, str]:
        i18n.use(language, None if language == "en" else compiled(language))
        try:
            table = Session(DictStorage(), pace=0)
            table.site = "https://example.org/cards/index.html"
            table.begin(new_game("avinas", seed=9), ["easy"] * 3)
            rng = random.Random(9)
            for _ in range(12):
                if table.my_turn():
                    table.human_play(rng.choice(table.game.observation(HUMAN)["legal"]))
                else:
                    table.step()
            assert table.game is not None
            link = table.copy_link()
            assert link is not None
            return dumps(table.game), link.copy
        finally:
            i18n.use("en")

    save_en, link_en = play("en")
    save_other, link_other = play(code)
    assert save_other == save_en
    assert link_other == f"{link_en}&lang={code}"


def test_the_embed_dialog_can_set_the_tables_language_for_every_reader() -> None:
    table = Session(DictStorage(), pace=0)
    table.site = "https://example.org/cards/index.html"
    table.begin(new_game("avinas", seed=2), ["easy"] * 3)
    panel = table.panel_html("embed", {}, "")
    assert '<select name="lang">' in panel and '<option value="" selected>' in panel
    copied = table.command("embed-copy", "element")
    assert copied is not None and "lang=" not in copied.copy  # each reader's own, by default
    table.form_input("embed", {"deal": "fixed", "width": "960", "height": "720", "lang": "lt"})
    for key in ("element", "iframe"):
        copied = table.command("embed-copy", key)
        assert copied is not None
        assert ('lang="lt"' if key == "element" else "lang=lt") in copied.copy
    table.form_input("embed", {"lang": "xx"})  # not a language the table speaks: none
    copied = table.command("embed-copy", "iframe")
    assert copied is not None and "lang=" not in copied.copy


TRANSLATING = frozenset({"_", "N_", "ngettext", "pgettext", "npgettext"})


def test_no_message_hides_inside_an_f_string() -> None:
    """Babel's extractor cannot see a translation call inside an f-string's braces (under
    Python 3.11): such a message would never reach the catalogues, so it would stay
    English in every language."""
    import ast

    hidden = []
    for path in sorted([*(ROOT / "pygame_core").rglob("*.py"), ROOT / "web" / "main.py"]):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    # A call on a name (a message marked with N_ where it is defined)
                    # is extracted there; a literal message here would be lost.
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) \
                            and inner.func.id in TRANSLATING and any(
                                isinstance(arg, ast.Constant) for arg in inner.args):
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert not hidden, hidden


# --- the strict JSON reader's refusals (a damaged save, a broken replay link) --------------
# Each kind of damage, with the words its English refusal holds and the data (not words)
# it quotes: a repeated key "1" quotes no letter; a constant is quoted as written.
DAMAGED_JSON: list[tuple[object, str, str]] = [
    (b"\xff\xfe", "not text (damaged", ""),
    (None, "is not text", ""),
    (" " * 40, "too large", ""),
    ("[" * 20, "nests deeper", ""),
    ('{"1": 1, "1": 2}', "appears twice", ""),
    ('{"a": NaN}', "NaN is not a number we write", "NaN"),
    ('{"a": 1,', "goes wrong at line 1, column 9", ""),
]


@pytest.mark.parametrize(("text", "english", "data"), DAMAGED_JSON)
def test_the_strict_readers_refusals_speak_through_the_layer(
        text: object, english: str, data: str) -> None:
    from pygame_core.base import GameError
    from pygame_core.strict_json import REPLAY_LINK, SAVE, STORED_ENTRY, read_json

    def refusal(what: Any) -> str:
        with pytest.raises(GameError) as caught:
            read_json(text, 5, what, GameError, max_chars=30)
        return str(caught.value)

    for what, subject in ((SAVE, "save "), (REPLAY_LINK, "the replay link "),
                          (STORED_ENTRY, "a stored entry ")):
        said = refusal(what)
        assert said.startswith(subject) and english in said, said
        i18n.use(i18n.PSEUDO)
        try:  # the whole sentence is the layer's; only the quoted data stands outside
            assert "".join(LETTER.findall(outside_marks(refusal(what)))) == data
        finally:
            i18n.use("en")
        for code in LANGUAGES:
            i18n.use(code, compiled(code))
            try:  # and it is translated: nothing of the English sentence is left
                translated = refusal(what)
                assert translated != said and english not in translated, translated
            finally:
                i18n.use("en")

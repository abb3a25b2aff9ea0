"""The package's imports run one way (/work/shared/DESIGN.md, "The layers"): ``LAYERS`` below
is the one place that says which part may import which, and every module's imports (at
the top, inside functions and under TYPE_CHECKING alike) are read from its source and held
to it.  A module that no layer claims fails too, so a new module gets a place first."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "pygame_core"

# layer -> the modules in it (a name covers its submodules), from the bottom up.
MODULES: dict[str, tuple[str, ...]] = {
    "bottom": ("slices", "words", "query", "i18n"),
    "engines": ("base", "cards", "poker_hands", "save_format", "registry", "engines", "strict_json",
                "avissinia", "avinas", "abyssinia"),
    "views": ("views",),
    "opponents": ("opponents",),
    "coach": ("coach",),
    "saves": ("saves",),
    "links": ("links",),
    "replays": ("replay", "replay_coding", "review"),
    "lessons": ("lessons",),
    "session": ("session",),
    "root": ("",),  # pygame_core itself: the public calls, for scripts and tests
    "front": ("__main__", "arena", "terminal", "web.main"),  # the terminal, its arena, the page
}
# layer -> the layers it may import (its own included).  Nothing imports upwards; views
# and opponents never import each other, and no view imports a save or the package root.
LAYERS: dict[str, frozenset[str]] = {
    "bottom": frozenset({"bottom"}),
    "engines": frozenset({"bottom", "engines"}),
    "views": frozenset({"bottom", "engines", "views"}),
    "opponents": frozenset({"bottom", "engines", "opponents"}),
    "coach": frozenset({"bottom", "engines", "opponents", "coach"}),
    "saves": frozenset({"bottom", "engines", "saves"}),
    "links": frozenset({"bottom", "engines", "opponents", "links"}),
    "replays": frozenset({"bottom", "engines", "opponents", "coach", "replays"}),
    "lessons": frozenset({"bottom", "engines", "lessons"}),
    "session": frozenset({"bottom", "engines", "views", "opponents", "coach", "saves", "links",
                          "replays", "lessons", "session"}),
    "root": frozenset({"bottom", "engines", "saves", "root"}),
    "front": frozenset(MODULES),
}


def layer_of(module: str) -> str | None:
    """The layer of a module of the package (``pygame_core.x.y``), or None if none claims it."""
    name = module.removeprefix(PACKAGE).removeprefix(".")
    best: tuple[int, str | None] = (-1, None)
    for layer, prefixes in MODULES.items():
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".") if prefix else not name) \
                    and len(prefix) > best[0]:
                best = (len(prefix), layer)
    return best[1]


@functools.cache
def _parsed(source: str) -> list[ast.AST]:
    return list(ast.walk(ast.parse(source)))


def source_modules() -> dict[str, str]:
    """Every module of the package and the page's glue: name -> source."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path.read_text(encoding="utf-8")
    found[f"{PACKAGE}.web.main"] = (ROOT / "web" / "main.py").read_text(encoding="utf-8")
    return found


def imports(module: str, source: str, known: Mapping[str, str]) -> Iterator[str]:
    """The modules of the package that ``module`` imports, wherever in it."""
    is_package = module == PACKAGE or f"{module}.__init__" in known or any(
        k.startswith(module + ".") for k in known)
    here = module if is_package else module.rpartition(".")[0]
    for node in _parsed(source):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.split(".")[0] == PACKAGE)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.module else base
            elif (node.module or "").split(".")[0] == PACKAGE:
                base = node.module or ""
            else:
                continue
            for alias in node.names:  # ``from . import x`` names a module or a value
                yield f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base


def violations(known: Mapping[str, str]) -> list[str]:
    found = []
    for module, source in known.items():
        layer = layer_of(module)
        if layer is None:
            found.append(f"{module}: no layer claims it (add it to MODULES)")
            continue
        for target in imports(module, source, known):
            other = layer_of(target)
            if other is None or other not in LAYERS[layer]:
                found.append(f"{module} ({layer}) imports {target} ({other})")
    return found


def cycles(known: Mapping[str, str]) -> list[list[str]]:
    """Groups of modules that import each other, directly or through others (Tarjan)."""
    graph = {m: sorted(set(imports(m, s, known)) - {m}) for m, s in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, []):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_every_module_imports_down_the_layers_only() -> None:
    assert violations(source_modules()) == []


def test_no_modules_import_each_other() -> None:
    assert cycles(source_modules()) == []


@pytest.mark.parametrize(("module", "source"), [
    ("pygame_core.opponents.avissinia", "from ..views import plural"),
    ("pygame_core.opponents.avissinia", "def f():\n    from pygame_core.views.text import x"),
    ("pygame_core.views.panels", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                 "    from ..opponents import Opponent"),
    ("pygame_core.views.panels", "from .. import new_game"),
    ("pygame_core.views.panels", "from ..saves import parse_json"),
    ("pygame_core.saves", "from . import GAMES"),
    ("pygame_core.review", "from .views import narrate"),
    ("pygame_core.replay", "from .session import core"),
    ("pygame_core.session.core", "import pygame_core.web.main"),
])
def test_an_import_against_the_layers_is_caught(module: str, source: str) -> None:
    known = source_modules()
    assert violations(known) == []
    assert violations({**known, module: source}) != []


def test_a_cycle_is_caught() -> None:
    known = source_modules()
    looped = {**known, "pygame_core.session.host": known["pygame_core.session.host"]
              + "\nfrom .commands import Session\n"}
    assert any("pygame_core.session.host" in group for group in cycles(looped))


def test_a_module_no_layer_claims_is_caught() -> None:
    assert violations({**source_modules(), "pygame_core.stray": ""}) == [
        "pygame_core.stray: no layer claims it (add it to MODULES)"]

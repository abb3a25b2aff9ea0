"""build.py's trimmed python_stdlib.zip: what it keeps, and the build failing when the
page's own code imports a standard-library module the trimmed library leaves out."""

from __future__ import annotations

import importlib.util
import zipfile
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def build() -> Any:
    spec = importlib.util.spec_from_file_location("cardtable_build_stdlib", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_imports_are_found_at_any_depth_but_not_for_type_checking(build: Any) -> None:
    source = """
import json, os.path
from typing import TYPE_CHECKING
if __name__ == "__main__":
    import doctest
from . import sibling
from ..up import thing
if TYPE_CHECKING:
    import email
else:
    import csv
def later():
    import fractions
"""
    found = build.imports_in(source, "pkg.sub")
    assert {"json", "os.path", "typing", "typing.TYPE_CHECKING", "csv", "fractions",
            "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing"} <= found
    assert "email" not in found and "doctest" not in found
    assert "fractions" not in build.imports_in(source, "pkg.sub", lazy=False)


def test_a_source_of_a_newer_python_is_read_by_its_import_lines(build: Any) -> None:
    source = """
import json
x = f'{d['k']}'  # 3.12's f-strings: not Python 3.11 syntax
def later():
    from .sib import (one,
                      two)
"""
    assert build.imports_in(source, "pkg") >= {"json", "pkg.sib", "pkg.sib.one", "pkg.sib.two"}
    assert build.imports_in(source, "pkg", lazy=False) == {"json"}


def make_stdlib(folder: Path) -> Path:
    """A small standard library: a imports b, and lazy inside a function; b is a package
    importing c; lonely is imported by no one."""
    path = folder / "python_stdlib.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("a.py", "import b\ndef f():\n    import lazy\n")
        zf.writestr("lazy.py", "")
        zf.writestr("b/__init__.py", "from . import c\n")
        zf.writestr("b/c.py", "")
        zf.writestr("lonely.py", "import a\n")
    return path


def test_the_closure_follows_imports_but_not_those_inside_functions(
    build: Any, tmp_path: Path
) -> None:
    with zipfile.ZipFile(make_stdlib(tmp_path)) as zf:
        modules = build.zip_modules(zf.namelist())
        kept = build.stdlib_closure({"a"}, modules, lambda e: zf.read(e).decode())
    assert kept == {"a", "b", "b.c"}


def test_trimming_keeps_the_record_and_fails_on_an_unrecorded_import(
    build: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = make_stdlib(tmp_path)
    record = tmp_path / "stdlib-modules.txt"
    record.write_text("# comment\na\n")
    monkeypatch.setattr(build, "STDLIB_RECORD", record)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "CODEC_MARGIN", ())
    monkeypatch.setattr(build, "SNAPSHOT_MAKER_MODULES", ())
    monkeypatch.setattr(build, "page_imports", lambda: {"b.c": {"pygame_core/x.py"}})
    dest = tmp_path / "trimmed.zip"
    assert build.trim_stdlib(source, dest) == (3, 5)  # a, and b, b.c that it imports
    with zipfile.ZipFile(dest) as zf:
        assert sorted(zf.namelist()) == ["a.py", "b/__init__.py", "b/c.py"]
    monkeypatch.setattr(build, "page_imports", lambda: {"lonely": {"pygame_core/y.py"}})
    with pytest.raises(SystemExit, match=r"lonely \(imported by pygame_core/y.py\)"):
        build.trim_stdlib(source, dest)


def test_a_stale_record_fails_the_build(build: Any, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "stdlib-modules.txt"
    record.write_text("a\ngone\n")
    monkeypatch.setattr(build, "STDLIB_RECORD", record)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    with pytest.raises(SystemExit, match="gone"):
        build.trim_stdlib(make_stdlib(tmp_path), tmp_path / "trimmed.zip")


def test_the_page_zip_leaves_out_the_terminal_and_keeps_what_the_glue_imports(
    build: Any, tmp_path: Path
) -> None:
    """The terminal's own modules never run on the page; what only the page's glue imports
    (the session's command table) must stay."""
    _, _, terminal = build.package_modules()
    assert "pygame_core.__main__" in terminal
    assert "pygame_core.session.commands" not in terminal
    dest = tmp_path / "page.zip"
    build.zip_package(dest)
    names = set(zipfile.ZipFile(dest).namelist())
    assert "pygame_core/__main__.py" not in names
    assert {"pygame_core/session/commands.py", "cardtable_page.py"} <= names

"""README says what the build needs and spells the Python command one way (issue 43)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end != -1 else None]


def test_the_build_needs_are_stated_with_pyprojects_python() -> None:
    needs = section("The two commands")
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    version = re.fullmatch(r">=(\d+\.\d+)", wanted)
    assert version is not None and f"Python {version.group(1)} or newer" in needs
    assert "Node.js and npm" in needs and "npm ci" in needs


def test_the_opening_is_for_players_and_python_is_python3() -> None:
    opening = README[:README.index("\n## ")]
    assert "pytest" not in opening and "Pyodide" not in opening
    for title in ("The two commands", "Other things to run", "Playing"):
        assert not re.search(r"\bpython (?!3)", section(title)), title

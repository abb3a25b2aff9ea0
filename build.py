#!/usr/bin/env python3
"""Build, serve and test the card table.

    python build.py           build dist/, the deployable static site
    python build.py serve     build, then serve dist/ on 127.0.0.1 (--port N)
    python build.py test      set everything up (venv, npm packages, chromium), then run
                              ruff, mypy --strict and the whole pytest suite

Only the standard library is used here, so the commands work on a fresh machine.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
VENV_PY = VENV / "bin" / "python"
CHROMIUM = Path("/usr/bin/chromium")


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], cwd=cwd, check=True, env=env)


# --- setting up -----------------------------------------------------------------------
def ensure_venv() -> None:
    """A project virtualenv holding the pinned test tools; reinstalled when pyproject changes."""
    stamp = VENV / ".pyproject-sha"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want and VENV_PY.exists():
        return
    if not VENV_PY.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(VENV_PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    run(VENV_PY, "-m", "pip", "install", "-q", "-e", ".[test]")
    stamp.write_text(want)


def ensure_chromium() -> None:
    """Playwright cannot download a browser here: the browser tests use Debian's chromium."""
    if CHROMIUM.exists():
        return
    if os.geteuid() != 0:
        sys.exit("Debian's chromium is missing: run `sudo apt-get install -y chromium` first")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run("apt-get", "update", "-qq", env=env)
    run("apt-get", "install", "-y", "-qq", "chromium", env=env)


# --- commands -------------------------------------------------------------------------
def cmd_build(args: argparse.Namespace) -> None:
    sys.exit("the page is not part of the project yet (issue: the page)")


def cmd_serve(args: argparse.Namespace) -> None:
    cmd_build(args)


def cmd_test(args: argparse.Namespace) -> None:
    ensure_venv()
    ensure_chromium()
    if (ROOT / "web" / "package.json").exists():
        cmd_build(args)
    run(VENV_PY, "-m", "ruff", "check", ".")
    run(VENV_PY, "-m", "mypy")
    extra = list(args.pytest_args)
    run(VENV_PY, "-m", "pytest", "-q", "-n", "2", "-m", "not browser", *extra)
    if (ROOT / "tests" / "browser").exists():
        run(VENV_PY, "-m", "pytest", "-q", "-m", "browser", *extra)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/")
    serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    test = sub.add_parser("test", help="set up and run the whole test suite")
    test.add_argument("pytest_args", nargs="*", help="extra arguments for pytest")
    args = parser.parse_args()
    try:
        {"build": cmd_build, "serve": cmd_serve, "test": cmd_test, None: cmd_build}[args.command](
            args
        )
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)


if __name__ == "__main__":
    main()

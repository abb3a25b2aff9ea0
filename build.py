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
import contextlib
import hashlib
import os
import re
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


# --- building -------------------------------------------------------------------------
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = WEB / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# @pyscript/core dist chunks the page loads: core.js imports core-*.js, which imports these
# at start (the error banner, the config deprecation check, and the small plugin stubs that
# core always registers; `files` zips are unpacked by Pyodide itself).  The editor, terminal
# and TOML chunks they could pull in later are not used by the page and are left out.
PYSCRIPT_CHUNKS = ("error", "deprecations-manager", "donkey", "py-editor", "py-game",
                   "py-terminal")
SITE_FILES = ("index.html", "style.css", "boot.js", "embed.js", "motion.js", "page.js")
# PyScript's `interpreter` module (web/loader.mjs): pyodide.mjs's loadPyodide, restoring a
# memory snapshot when one is stored.  It lives beside pyodide.mjs because PyScript takes
# the interpreter module's folder as Pyodide's indexURL.
LOADER = "loader.mjs"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshots"
# The glue (web/main.py) travels inside the zip as this module, and the page's inline
# script only imports it: PyScript then has no separate file to fetch and scan for imports,
# which measured about 50 ms off the time to ready.
GLUE_MODULE = "cardtable_page"
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def ensure_npm() -> None:
    """Install the pinned runtime (web/package-lock.json) unless node_modules matches it."""
    lock = WEB / "package-lock.json"
    stamp = NODE_MODULES / ".lock-sha"
    want = hashlib.sha256(lock.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want:
        return
    run("npm", "ci", "--no-audit", "--no-fund", cwd=WEB)
    stamp.write_text(want)


def zip_package(dest: Path) -> None:
    """pygame_core and the glue as a small, reproducible zip: only .py files, deflated."""
    import zipfile

    sources = [(p, p.relative_to(ROOT).as_posix()) for p in (ROOT / "pygame_core").rglob("*.py")]
    sources.append((WEB / "main.py", f"{GLUE_MODULE}.py"))
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path, rel in sorted(sources, key=lambda item: item[1]):
            info = zipfile.ZipInfo(rel, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes(), compresslevel=9)


def make_snapshot(zip_path: Path) -> tuple[Path, Path]:
    """The page's package zip with its start-up modules compiled to bytecode, and a memory
    snapshot of Python with them imported, both made under Node from the very Pyodide that
    dist/ ships (web/make-snapshot.mjs says why).  Named by a hash of that Pyodide build,
    of the source zip and of the script, so a stale snapshot is never used; made once per
    hash (it takes a Pyodide start under Node) and kept in .cache/."""
    pyodide = NODE_MODULES / "pyodide"
    script = WEB / "make-snapshot.mjs"
    digest = hashlib.sha256()
    for path in [*(pyodide / name for name in PYODIDE_FILES), zip_path, script]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    out = SNAPSHOT_CACHE / f"snapshot-{digest.hexdigest()[:16]}.bin"
    page_zip = out.with_suffix(".zip")
    if not (out.exists() and page_zip.exists()):
        SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
        for old in SNAPSHOT_CACHE.glob("snapshot-*"):
            old.unlink()
        partial, partial_zip = out.with_suffix(".part"), out.with_suffix(".zip-part")
        run("node", script, pyodide, zip_path, partial, partial_zip)
        partial_zip.rename(page_zip)
        partial.rename(out)
    return out, page_zip


def pyscript_files() -> list[Path]:
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    core = (dist / "core.js").read_text()
    found = re.findall(r'from"\./(core-[\w-]+\.js)"', core)
    if len(found) != 1:
        sys.exit("@pyscript/core: cannot find the core chunk that core.js imports")
    files = [dist / "core.js", dist / "core.css", dist / found[0]]
    body = (dist / found[0]).read_text()
    for name in sorted(set(re.findall(r'import\("\./([\w-]+\.js)"\)', body))):
        if name.rsplit("-", 1)[0] in PYSCRIPT_CHUNKS:
            files.append(dist / name)
    return files


def png(size: int) -> bytes:
    """The app icon as a PNG: a green rounded square with a white card and a red heart."""
    import struct
    import zlib

    def inside_heart(x: float, y: float) -> bool:
        x, y = (x - 0.5) * 3.2, (0.48 - y) * 3.2
        return (x * x + y * y - 1) ** 3 - x * x * y * y * y <= 0

    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            u, v = (i + 0.5) / size, (j + 0.5) / size
            r = 0.18  # corner radius of the felt square
            cx, cy = min(max(u, r), 1 - r), min(max(v, r), 1 - r)
            if (u - cx) ** 2 + (v - cy) ** 2 > r * r:
                row += bytes((0, 0, 0, 0))
            elif 0.22 <= u <= 0.78 and 0.14 <= v <= 0.86:
                hx, hy = (u - 0.22) / 0.56, (v - 0.14) / 0.72
                if inside_heart(hx, hy):
                    row += bytes((0xC6, 0x28, 0x28, 255))
                else:
                    row += bytes((0xFD, 0xFB, 0xF5, 255))
            else:
                row += bytes((0x1F, 0x6B, 0x3A, 255))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


ICON_SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="18" fill="#1f6b3a"/>
<rect x="22" y="14" width="56" height="72" rx="7" fill="#fdfbf5"/>
<path d="M50 68 C30 54 28 40 38 35 C44 32 49 36 50 40 C51 36 56 32 62 35 C72 40 70 54 50 68Z"
 fill="#c62828"/></svg>
"""


def manifest() -> str:
    import json

    return json.dumps({
        "name": "Card table: Avissinia, Avinas, Abyssinia",
        "short_name": "Card table",
        "description": "Traditional card games against computer opponents, offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#14502b",
        "theme_color": "#1f6b3a",
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png",
             "purpose": "any maskable"},
        ],
    }, indent=2) + "\n"


def cmd_build(args: argparse.Namespace) -> None:
    """Write dist/: the page, its runtime files, the zipped package and the service worker."""
    import json
    import shutil

    ensure_npm()
    if DIST.exists():
        shutil.rmtree(DIST)
    (DIST / "pyodide").mkdir(parents=True)
    (DIST / "pyscript").mkdir()
    (DIST / "icons").mkdir()
    for name in SITE_FILES:
        shutil.copyfile(WEB / name, DIST / name)
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE_MODULES / "pyodide" / name, DIST / "pyodide" / name)
    for path in pyscript_files():
        shutil.copyfile(path, DIST / "pyscript" / path.name)
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    source_zip = SNAPSHOT_CACHE.parent / "pygame_core-source.zip"
    zip_package(source_zip)
    snapshot, page_zip = make_snapshot(source_zip)
    shutil.copyfile(page_zip, DIST / "pygame_core.zip")
    shutil.copyfile(snapshot, DIST / "pyodide" / snapshot.name)
    loader = (WEB / LOADER).read_text().replace("__SNAPSHOT__", snapshot.name)
    snapshot_sha = hashlib.sha256(snapshot.read_bytes()).hexdigest()
    loader = loader.replace("__SNAPSHOT_SHA256__", snapshot_sha)
    (DIST / "pyodide" / LOADER).write_text(loader)
    (DIST / "icons" / "icon.svg").write_text(ICON_SVG)
    (DIST / "icons" / "icon-192.png").write_bytes(png(192))
    (DIST / "icons" / "icon-512.png").write_bytes(png(512))
    (DIST / "manifest.webmanifest").write_text(manifest())
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (DIST / name).read_bytes() + b"\0")
    version = digest.hexdigest()[:16]
    worker = (WEB / "sw.js").read_text()
    worker = worker.replace("__VERSION__", version)
    worker = worker.replace("__FILES__", json.dumps(["./", *files]))
    (DIST / "sw.js").write_text(worker)
    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built {DIST.relative_to(ROOT)}/: {len(files) + 2} files, {total / 1e6:.1f} MB,"
          f" version {version}")


def make_handler(directory: Path) -> type:
    import functools
    import http.server

    class Handler(http.server.SimpleHTTPRequestHandler):
        extensions_map = {  # noqa: RUF012 (the base class's own attribute)
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
            ".webmanifest": "application/manifest+json", ".py": "text/plain; charset=utf-8",
            ".svg": "image/svg+xml", ".zip": "application/zip",
            ".bin": "application/octet-stream",
        }

        def log_message(self, format: str, *args: object) -> None:
            pass

        def end_headers(self) -> None:
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

    return functools.partial(Handler, directory=str(directory))  # type: ignore[return-value]


def cmd_serve(args: argparse.Namespace) -> None:
    import http.server

    cmd_build(args)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), make_handler(DIST))
    print(f"serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)",
          flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


# --- commands -------------------------------------------------------------------------
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
        # Only a renderer crash is run again (see tests/browser/conftest.py's `shared`).
        run(VENV_PY, "-m", "pytest", "-q", "-m", "browser", "--reruns", "1",
            "--only-rerun", "Target crashed", *extra)


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

#!/usr/bin/env python3
"""Build, serve and test the card table.

    python3 build.py          build dist/, the deployable static site
    python3 build.py serve    build, then serve dist/ on 127.0.0.1 (--port N)
    python3 build.py messages extract the messages again and update each language's .po
    python3 build.py test     set everything up (venv, npm packages, chromium), then run
                              ruff, mypy --strict and the whole pytest suite

This script imports only the standard library, so it runs on a fresh machine; the build
runs Node.js and npm (`npm ci` for the pinned runtime, `node web/make-snapshot.mjs`) and
Babel from the project virtualenv (the translation catalogues).
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
from typing import Any

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
# @pyscript/core dist chunks the page loads: core.js imports core-*.js, which imports its
# plug-ins at start unless the page's config turns them off ("plugins": ["!name"], in
# web/index.html); the editor, terminal and TOML chunks are never loaded by the page.
ALWAYS_CHUNKS = ("error",)  # core imports it even when turned off (to report errors)
SITE_FILES = ("index.html", "style.css", "boot.js", "embed.js", "motion.js", "page.js")
WORDS_FILES = ("boot.js", "embed.js")  # they carry the words shown before Python runs
# PyScript's `interpreter` module (web/loader.mjs): pyodide.mjs's loadPyodide, restoring a
# memory snapshot when one is stored.  It lives beside pyodide.mjs because PyScript takes
# the interpreter module's folder as Pyodide's indexURL.
LOADER = "loader.mjs"
SNAPSHOT_CACHE = ROOT / ".cache" / "snapshots"
# The standard-library modules the page was measured to import (benchmarks/record_imports.py);
# python_stdlib.zip ships these and what they import.  CARDTABLE_FULL_STDLIB=1 ships it whole
# (the recorder needs that, to see what the page would import).
STDLIB_RECORD = WEB / "stdlib-modules.txt"
# Codecs are imported by name when text is first encoded or decoded with them; these are
# the ones text from a file, the clipboard or the browser can come in.
CODEC_MARGIN = ("encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
                "encodings.latin_1", "encodings.cp1252", "encodings.utf_16", "encodings.idna")
# web/make-snapshot.mjs compiles the page's start-up modules with this, in the very Pyodide
# that dist/ ships (the bytecode must be that build's).
SNAPSHOT_MAKER_MODULES = ("py_compile",)
TRIMMED_RUNTIME = ROOT / ".cache" / "pyodide-trimmed"

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
    """pygame_core (less the terminal's own modules) and the glue as a small, reproducible
    zip: only .py files, deflated."""
    import zipfile

    modules, _, terminal = package_modules()  # the terminal's own modules stay out
    sources = [(path, path.relative_to(ROOT).as_posix()) for name, path in modules.items()
               if name not in terminal]
    sources.append((WEB / "main.py", f"{GLUE_MODULE}.py"))
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path, rel in sorted(sources, key=lambda item: item[1]):
            info = zipfile.ZipInfo(rel, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes(), compresslevel=9)


# --- the languages (pygame_core/i18n.py) ----------------------------------------------
LOCALE = ROOT / "pygame_core" / "locale"  # <lang>/LC_MESSAGES/messages.po, and its .mo
MESSAGES_POT = LOCALE / "messages.pot"
BABEL_CFG = ROOT / "babel.cfg"
# The keywords of pygame_core.i18n (Babel's defaults name _, N_, ngettext and pgettext too;
# listed so that extraction never depends on those defaults).
BABEL_KEYWORDS = ("_", "N_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3")


def babel(*args: str | Path) -> None:
    """Babel's command line from the project virtualenv (Babel is a build tool only)."""
    ensure_venv()
    run(VENV_PY, "-m", "babel.messages.frontend", *args)


def extract_messages(pot: Path = MESSAGES_POT) -> None:
    """Every message of pygame_core and the page's glue, as a template (.pot)."""
    keywords = [arg for word in BABEL_KEYWORDS for arg in ("-k", word)]
    pot.parent.mkdir(parents=True, exist_ok=True)
    babel("extract", "--no-default-keywords", *keywords, "-F", BABEL_CFG, "--sort-by-file",
          "--no-wrap", "--project", "card-table", "--add-comments", "Translators:",
          "-o", pot, "pygame_core", "web/main.py")


def cmd_messages(args: argparse.Namespace) -> None:
    """Extract the messages again and bring every language's .po up to date with them."""
    extract_messages()
    babel("update", "-i", MESSAGES_POT, "-d", LOCALE, "-D", "messages", "--no-wrap",
          "--ignore-obsolete", "--no-fuzzy-matching")


def compile_catalogues(dest: Path | None = None) -> list[Path]:
    """Compile every language's .po to its .mo beside it (the terminal and the tests read
    those) and, given ``dest``, copy each as ``dest/<lang>.mo`` (the page fetches the one
    it speaks).  Returns the .mo files."""
    import shutil

    if not list(LOCALE.glob("*/LC_MESSAGES/messages.po")):
        return []
    babel("compile", "-d", LOCALE, "-D", "messages", "--statistics")
    compiled = sorted(LOCALE.glob("*/LC_MESSAGES/messages.mo"))
    if dest is not None:
        dest.mkdir(parents=True, exist_ok=True)
        for mo in compiled:
            shutil.copyfile(mo, dest / f"{mo.parent.parent.name}.mo")
    return compiled


def before_python_words(compiled: list[Path]) -> str:
    """The words web/boot.js and web/embed.js show before Python runs, in every language,
    as JSON: {"lt": {"English": "Lietuviškai", ...}, ...}, read from the compiled
    catalogues (pygame_core/views/chrome.py lists them)."""
    import gettext
    import json

    sys.path.insert(0, str(ROOT))
    from pygame_core.views.chrome import before_python_words as words

    table = {}
    for mo in compiled:
        with mo.open("rb") as f:
            table[mo.parent.parent.name] = words(gettext.GNUTranslations(f).gettext)
    return json.dumps(table, sort_keys=True)  # ASCII: embed.js may run on a page in any encoding


def make_snapshot(zip_path: Path, pyodide: Path) -> tuple[Path, Path]:
    """The page's package zip with its start-up modules compiled to bytecode, and a memory
    snapshot of Python with them imported, both made under Node from the very Pyodide that
    dist/ ships (web/make-snapshot.mjs says why).  Named by a hash of that Pyodide build,
    of the source zip and of the script, so a stale snapshot is never used; made once per
    hash (it takes a Pyodide start under Node) and kept in .cache/."""
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


def disabled_plugins() -> set[str]:
    """The PyScript plug-ins web/index.html's config turns off ("!name")."""
    import json

    found = re.search(r"<script type=\"py\" config='([^']*)'", (WEB / "index.html").read_text())
    if not found:
        sys.exit("web/index.html: cannot find the <script type=\"py\" config='...'>")
    plugins = json.loads(found.group(1)).get("plugins", [])
    # PyScript loads the plug-ins once for each script type: MicroPython's config must turn
    # off the same ones, or they are fetched all the same.
    mpy = re.search(r"<mpy-config hidden>([^<]*)</mpy-config>", (WEB / "index.html").read_text())
    if not mpy or json.loads(mpy.group(1)).get("plugins") != plugins:
        sys.exit("web/index.html: <mpy-config hidden> must list the same plugins as the"
                 " page's config")
    return {name[1:] for name in plugins if name.startswith("!")}


def pyscript_files() -> list[Path]:
    """core.js, its css and core chunk, and the plug-in chunks the page's config leaves on.
    A plug-in of this PyScript that the config neither uses nor turns off fails the build,
    so a new PyScript cannot bring a chunk in unnoticed."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    core = (dist / "core.js").read_text()
    found = re.findall(r'from"\./(core-[\w-]+\.js)"', core)
    if len(found) != 1:
        sys.exit("@pyscript/core: cannot find the core chunk that core.js imports")
    files = [dist / "core.js", dist / "core.css", dist / found[0]]
    body = (dist / found[0]).read_text()
    plugins = dict(re.findall(r'"?([\w-]+)"?:\(\)=>import\("\./([\w-]+\.js)"\)', body))
    if not plugins:
        sys.exit("@pyscript/core: cannot find the core chunk's table of plug-ins")
    off = disabled_plugins()
    unknown = set(plugins) - off - set(ALWAYS_CHUNKS)
    if unknown:
        sys.exit(f"@pyscript/core loads plug-ins {sorted(unknown)} at start: turn them off in"
                 ' web/index.html\'s config ("plugins": ["!name"]) or list them in build.py')
    files += [dist / chunk for name, chunk in sorted(plugins.items()) if name not in off]
    return files


# --- the trimmed standard library -----------------------------------------------------
def imports_in(source: str, package: str = "", *, lazy: bool = True) -> set[str]:
    """The modules a Python source imports, except under `if TYPE_CHECKING:` and
    `if __name__ == "__main__":`; with
    ``lazy``, also those imported inside functions (when they run).  `from a import b`
    names both a and a.b (b may be a submodule); relative imports are resolved against
    ``package``."""
    import ast

    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and any(word in ast.unparse(node.test)
                                            for word in ("TYPE_CHECKING", "__main__")):
            for statement in node.orelse:
                visit(statement)
            return
        if not lazy and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            add_from(found, package, node.level, node.module or "",
                     [alias.name for alias in node.names])
        for child in ast.iter_child_nodes(node):
            visit(child)

    try:
        tree = ast.parse(source)
    except SyntaxError:  # a newer Python's syntax than this one's (Pyodide's library)
        return imports_by_pattern(source if lazy else without_functions(source), package)
    visit(tree)
    return found


def add_from(found: set[str], package: str, level: int, module: str, names: list[str]) -> None:
    """`from <level dots><module> import <names>`: the module, and each name as a possible
    submodule of it."""
    base = module
    if level:
        parts = package.split(".")[: len(package.split(".")) - level + 1]
        base = ".".join([*parts, module] if module else parts)
    if base:
        found.add(base)
        found.update(f"{base}.{name}" for name in names if name != "*")


IMPORT_LINE = re.compile(r"^[ \t]*import[ \t]+([\w. \t,]+)", re.M)
FROM_LINE = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)",
                       re.M)
DEF_LINE = re.compile(r"([ \t]*)(async[ \t]+)?def[ \t]")


def without_functions(source: str) -> str:
    """The source without the bodies of its functions (told by indentation alone)."""
    kept, body_of = [], -1  # body_of: the indentation of the def whose body is skipped
    for line in source.splitlines():
        indent = len(line) - len(line.lstrip())
        if body_of >= 0 and (not line.strip() or indent > body_of):
            continue
        body_of = -1
        header = DEF_LINE.match(line)
        if header:
            body_of = len(header.group(1))
        kept.append(line)
    return "\n".join(kept)


def imports_by_pattern(source: str, package: str) -> set[str]:
    """imports_in for a source this Python cannot parse: the import statements found line
    by line (TYPE_CHECKING blocks are not told apart)."""
    found: set[str] = set()
    for match in IMPORT_LINE.finditer(source):
        found.update(part.split()[0] for part in match.group(1).split(",") if part.split())
    for dots, module, names in FROM_LINE.findall(source):
        listed = [n.split()[0] for n in names.strip("()").split(",") if n.split()]
        add_from(found, package, len(dots), module, listed)
    return found


def zip_modules(names: list[str]) -> dict[str, str]:
    """Module name -> its entry, for the .py entries of a zip of modules."""
    modules = {}
    for name in names:
        if name.endswith("/__init__.py"):
            modules[name[: -len("/__init__.py")].replace("/", ".")] = name
        elif name.endswith(".py"):
            modules[name[:-3].replace("/", ".")] = name
    return modules


def with_parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def stdlib_closure(start: set[str], modules: dict[str, str], read: Any) -> set[str]:
    """``start`` (names of the zip's modules), their packages, and everything they import
    from the zip when they are imported (not inside their functions: those lazy imports
    are what the measurement is for), transitively."""
    kept: set[str] = set()
    todo = [name for name in start if name in modules]
    while todo:
        name = todo.pop()
        for module in with_parents(name):
            if module in kept or module not in modules:
                continue
            kept.add(module)
            entry = modules[module]
            package = module if entry.endswith("__init__.py") else module.rpartition(".")[0]
            todo.extend(n for n in imports_in(read(entry), package, lazy=False) if n in modules)
    return kept


def recorded_modules() -> set[str]:
    lines = STDLIB_RECORD.read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def package_modules() -> tuple[dict[str, Path], dict[str, set[str]], set[str]]:
    """The package's modules (name -> file), what each (and the page's glue) imports, and
    the terminal's own modules, which the page never loads: `__main__` and the modules that
    only it (or only those) import.  Modules no one imports by name stay in: the registry
    imports each game's modules by name."""
    package = ROOT / "pygame_core"
    sources = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): p
               for p in sorted(package.rglob("*.py"))}
    imports = {GLUE_MODULE: imports_in((WEB / "main.py").read_text())}  # the page's glue
    for name, path in sources.items():
        home = name if path.name == "__init__.py" else name.rpartition(".")[0]
        imports[name] = imports_in(path.read_text(), home)
    importers: dict[str, set[str]] = {name: set() for name in sources}
    for name, found in imports.items():
        for target in found & set(sources):
            if target != name:
                importers[target].add(name)
    terminal = {"pygame_core.__main__"}
    grown = True
    while grown:
        more = {name for name, by in importers.items()
                if by and by <= terminal and name not in terminal}
        terminal |= more
        grown = bool(more)
    return sources, imports, terminal


def page_imports() -> dict[str, set[str]]:
    """What the page's own code imports: module name -> the files that import it.  The
    page's code is the glue and the package less the terminal's own modules."""
    sources, imports, terminal = package_modules()
    paths = {**sources, GLUE_MODULE: WEB / "main.py"}
    found_by: dict[str, set[str]] = {}
    for name, found in imports.items():
        if name in terminal:
            continue
        for module in found:
            found_by.setdefault(module, set()).add(paths[name].relative_to(ROOT).as_posix())
    return found_by


def trim_stdlib(source: Path, dest: Path) -> tuple[int, int]:
    """Write ``dest``: ``source`` (Pyodide's python_stdlib.zip) with only the modules the
    page was measured to import (Pyodide's own boot among them), the common codecs, and a
    margin: whatever those import when they are imported.
    Fails the build when the page's own code imports a standard-library module left out.
    Returns (modules kept, modules in the whole library)."""
    import zipfile

    with zipfile.ZipFile(source) as whole:
        names = whole.namelist()
        modules = zip_modules(names)

        def read(entry: str) -> str:
            return whole.read(entry).decode("utf-8")

        recorded = recorded_modules()
        stale = sorted(name for name in recorded if name not in modules)
        if stale:
            sys.exit(f"{STDLIB_RECORD.name} names modules this Pyodide's standard"
                     f" library lacks: {stale}; run benchmarks/record_imports.py again")
        start = recorded | set(CODEC_MARGIN) | set(SNAPSHOT_MAKER_MODULES)
        kept = stdlib_closure(start, modules, read)
        missing = {name: files for name, files in page_imports().items()
                   if name in modules and name not in kept}
        if missing:
            lines = "\n".join(f"  {name} (imported by {', '.join(sorted(files))})"
                              for name, files in sorted(missing.items()))
            sys.exit("the page's code imports standard-library modules that the trimmed"
                     f" python_stdlib.zip leaves out:\n{lines}\nrun `python"
                     " benchmarks/record_imports.py` to measure the page again (or add them"
                     f" to web/{STDLIB_RECORD.name})")
        entries = {modules[name] for name in kept}
        folders = {entry.rpartition("/")[0] + "/" for entry in entries if "/" in entry}
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for info in whole.infolist():
                if info.filename in entries or info.filename in folders:
                    out.writestr(info, whole.read(info), compress_type=zipfile.ZIP_DEFLATED,
                                 compresslevel=9)
    return len(kept), len(modules)


def runtime_folder() -> Path:
    """Pyodide's files as dist/ ships them: a copy of the package's folder with the trimmed
    python_stdlib.zip (the whole one when CARDTABLE_FULL_STDLIB=1)."""
    import shutil

    pyodide = NODE_MODULES / "pyodide"
    if os.environ.get("CARDTABLE_FULL_STDLIB") == "1":
        return pyodide
    TRIMMED_RUNTIME.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        if name != "python_stdlib.zip":
            shutil.copyfile(pyodide / name, TRIMMED_RUNTIME / name)
    kept, whole = trim_stdlib(pyodide / "python_stdlib.zip", TRIMMED_RUNTIME / "python_stdlib.zip")
    print(f"python_stdlib.zip: {kept} of {whole} modules kept", flush=True)
    return TRIMMED_RUNTIME


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
    words = before_python_words(compile_catalogues(DIST / "locale"))
    for name in SITE_FILES:
        text = (WEB / name).read_text()
        (DIST / name).write_text(text.replace("/*__WORDS__*/{}", words) if name in WORDS_FILES
                                 else text)
    runtime = runtime_folder()
    for name in PYODIDE_FILES:
        shutil.copyfile(runtime / name, DIST / "pyodide" / name)
    for path in pyscript_files():
        shutil.copyfile(path, DIST / "pyscript" / path.name)
    SNAPSHOT_CACHE.mkdir(parents=True, exist_ok=True)
    source_zip = SNAPSHOT_CACHE.parent / "pygame_core-source.zip"
    zip_package(source_zip)
    snapshot, page_zip = make_snapshot(source_zip, runtime)
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
    digests = {name: hashlib.sha256((DIST / name).read_bytes()).hexdigest() for name in files}
    version = hashlib.sha256(json.dumps(digests, sort_keys=True).encode()).hexdigest()[:16]
    # The worker's manifest: every file but the snapshot, which it keeps only on request.
    snapshot_file = f"pyodide/{snapshot.name}"
    kept = {"./": digests["index.html"]}
    kept.update((name, sha) for name, sha in digests.items() if name != snapshot_file)
    worker = (WEB / "sw.js").read_text()
    worker = worker.replace("__VERSION__", version)
    worker = worker.replace("__MANIFEST__", json.dumps(kept, indent=0))
    worker = worker.replace("__PAGE__", json.dumps((DIST / "index.html").read_text()))
    worker = worker.replace("__SNAPSHOT__", json.dumps({"file": snapshot_file,
                                                        "sha256": digests[snapshot_file]}))
    (DIST / "sw.js").write_text(worker)
    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built {DIST.relative_to(ROOT)}/: {len(files) + 2} files, {total / 1e6:.1f} MB,"
          f" version {version}")


def make_handler(directory: Path, served: Any = None) -> type:
    """A handler serving ``directory``; ``served(path, size)`` is called for every body
    sent (the benchmarks and tests count what crosses the wire with it)."""
    import functools
    import http.server
    import shutil

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

        def copyfile(self, source: Any, outputfile: Any) -> None:
            if served is not None:
                served(self.path.split("?")[0], os.fstat(source.fileno()).st_size)
            shutil.copyfileobj(source, outputfile)

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
    # worksteal: a worker that runs out takes queued tests from the other, so the long
    # coach and property tests do not leave one worker idle at the end.
    run(VENV_PY, "-m", "pytest", "-q", "-n", "2", "--dist", "worksteal", "-m", "not browser",
        *extra)
    if (ROOT / "tests" / "browser").exists():
        # Two workers, each its own chromium serving the dist/ built above (a test file's
        # tests stay together: they share a page); only a renderer crash is run again (see
        # tests/browser/conftest.py's `shared`).
        env = dict(os.environ, CARDTABLE_DIST_BUILT="1")
        run(VENV_PY, "-m", "pytest", "-q", "-m", "browser", "-n", "2", "--dist", "loadfile",
            "--reruns", "1", "--only-rerun", "Target crashed", *extra, env=env)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/")
    sub.add_parser("messages", help="extract the messages and update every language's .po")
    serve = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    test = sub.add_parser("test", help="set up and run the whole test suite")
    test.add_argument("pytest_args", nargs="*", help="extra arguments for pytest")
    args = parser.parse_args()
    try:
        {"build": cmd_build, "serve": cmd_serve, "test": cmd_test, "messages": cmd_messages,
         None: cmd_build}[args.command](
            args
        )
    except subprocess.CalledProcessError as exc:
        sys.exit(exc.returncode)


if __name__ == "__main__":
    main()

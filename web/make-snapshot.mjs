// Two things made with the very Pyodide that dist/ ships, in one start of it under Node:
//
// 1. The page's package zip, with the modules the page imports before it shows anything
//    compiled to bytecode.  A first visit otherwise compiles them from source in the page,
//    which measured about four times the import time of the compiled files (bytecode only
//    loads into the exact Python build that made it, which is why it is made here and not
//    by CPython).  They go in as sourceless `.pyc` files in place of their `.py`, as
//    bytecode beside its source would double their download; the rest (each game's own
//    modules, the arena, replay links, the review) stays source, because compiled it
//    measured larger than the first visit's budget of bytes allows.
// 2. A memory snapshot of the interpreter with those modules imported, so that a return
//    visit restores it instead of bootstrapping Python (see loader.mjs).  Nothing from
//    JavaScript may be held by the snapshot, so only pure-Python modules are imported
//    (never the page glue, which touches the document, nor pyscript, which the page sets
//    up after the restore).
//
//     node web/make-snapshot.mjs <pyodide folder> <source zip> <out.bin> <out page zip>
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, outPath, outZip] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
// unpackArchive wants a Uint8Array, not Node's Buffer.
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip");
pyodide.runPython(`
import os, py_compile, sys, zipfile

# The modules the page imports before it shows anything (web/main.py's imports).
import pygame_core.session.commands, pygame_core.session.storage  # noqa: E401
START = {"cardtable_page.py"} | {
    module.__file__.removeprefix(os.getcwd() + "/") for name, module in sys.modules.items()
    if name.startswith("pygame_core") and getattr(module, "__file__", None)}
names = sorted(os.path.join(root, f)[2:] for root, _, files in os.walk(".") for f in files)
names = [n for n in names if n.startswith(("pygame_core/", "cardtable_page."))]
with zipfile.ZipFile("/tmp/page.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
    for name in names:
        if name in START:
            compiled = name + "c"
            py_compile.compile(name, cfile=compiled, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            os.remove(name)
            name = compiled
        info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        with open(name, "rb") as file:
            zf.writestr(info, file.read(), compresslevel=9)
print(f"compiled {len(START)} start-up modules")
`);
writeFileSync(outZip, pyodide.FS.readFile("/tmp/page.zip"));
pyodide.runPython(`
import asyncio, contextlib, json, random, time
import pygame_core, pygame_core.session.commands
from pygame_core import GAMES
from pygame_core.views import panels, help  # noqa: F401 (the page imports them)
import importlib
for name in GAMES:
    for package in ("pygame_core", "pygame_core.views", "pygame_core.opponents"):
        importlib.import_module(f"{package}.{name}")
import gc
gc.collect()
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(outPath, snapshot);
console.log(`snapshot: ${snapshot.length} bytes`);

// Make a Pyodide memory snapshot of the interpreter with the table's modules imported,
// so that a return visit restores it instead of bootstrapping Python (see loader.mjs).
//
//     node web/make-snapshot.mjs <pyodide folder> <pygame_core.zip> <out.bin>
//
// Run by build.py under Node, from the same node_modules/pyodide that dist/ ships: a
// snapshot only restores into the exact build that made it.  Nothing from JavaScript may
// be held by the snapshot, so only pure-Python modules are imported (never the page glue,
// which touches the document, nor pyscript, which the page sets up after the restore).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, zipPath, outPath] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
// unpackArchive wants a Uint8Array, not Node's Buffer.
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip");
pyodide.runPython(`
import asyncio, contextlib, json, random, time
import pygame_core
from pygame_core import GAMES
from pygame_core.views import session, comforts, help  # noqa: F401 (the page imports them)
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

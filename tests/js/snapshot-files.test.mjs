// Unit tests of snapshot-files.js (the rules' installed files kept beside the Python snapshot), run
// by Node's test runner (tests/test_js_in_node.py). The file system is a small stand-in with the
// calls of Emscripten's FS that the module uses; the browser tests (tests/e2e/test_snapshot.py) use
// Pyodide's own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { packFiles, readTree, unpackFiles, writeTree } from "../../docs/assets/js/snapshot-files.js";

const DIR = 0o040000;
const FILE = 0o100000;

/** An in-memory FS: { readdir, stat, isDir, readFile, writeFile, mkdirTree } over a Map of paths. */
function memoryFS(entries = {}) {
  const files = new Map(Object.entries(entries));
  const dirs = new Set(["/"]);
  const addDirs = (path) => {
    for (let i = path.indexOf("/", 1); i !== -1; i = path.indexOf("/", i + 1)) dirs.add(path.slice(0, i));
  };
  for (const path of files.keys()) addDirs(path);
  return {
    files,
    dirs,
    readdir(dir) {
      if (!dirs.has(dir)) throw new Error(`ENOENT ${dir}`);
      const names = new Set([".", ".."]);
      for (const path of [...files.keys(), ...dirs]) {
        if (path.startsWith(`${dir}/`) && !path.slice(dir.length + 1).includes("/")) names.add(path.slice(dir.length + 1));
      }
      return [...names];
    },
    stat: (path) => ({ mode: dirs.has(path) ? DIR : FILE }),
    isDir: (mode) => (mode & DIR) === DIR,
    readFile: (path) => files.get(path),
    writeFile(path, bytes) {
      if (!dirs.has(path.slice(0, path.lastIndexOf("/")))) throw new Error(`ENOENT ${path}`);
      files.set(path, Uint8Array.from(bytes));
    },
    mkdirTree(path) {
      addDirs(`${path}/x`);
    },
  };
}

const bytes = (text) => new TextEncoder().encode(text);
const SP = "/lib/python3.14/site-packages";
const INSTALLED = {
  [`${SP}/petteia_core/__init__.py`]: bytes("from .board import Board\n"),
  [`${SP}/petteia_core/__pycache__/__init__.cpython-314.pyc`]: Uint8Array.from([0xcb, 0x0d, 0x0d, 0x0a, 0, 1, 2]),
  [`${SP}/petteia_core/puzzles/data/classic.json`]: bytes('[{"id": "classic-001"}]'),
  [`${SP}/petteia_core/puzzles/data/empty.txt`]: new Uint8Array(0),
  [`${SP}/petteia_core-0.1.0.dist-info/RECORD`]: bytes("petteia_core/__init__.py,,\n"),
  [`${SP}/other/__init__.py`]: bytes("not ours\n"),
};
const ROOTS = [`${SP}/petteia_core`, `${SP}/petteia_core-0.1.0.dist-info`];

test("the files under the roots, kept and written back, are the same files with the same bytes", () => {
  const source = memoryFS(INSTALLED);
  const read = readTree(source, ROOTS);
  assert.deepEqual(read.map(([p]) => p).sort(), Object.keys(INSTALLED).filter((p) => !p.includes("/other/")).sort());
  const { index, data } = packFiles(read);
  const back = unpackFiles(index, data.slice()); // as if read back from storage
  const target = memoryFS();
  writeTree(target, back);
  assert.deepEqual([...target.files.keys()].sort(), read.map(([p]) => p).sort());
  for (const [path, content] of read) assert.deepEqual(target.files.get(path), content, path);
});

test("an index that does not fit the bytes is refused", () => {
  const { index, data } = packFiles(readTree(memoryFS(INSTALLED), ROOTS));
  assert.equal(unpackFiles(index, data.subarray(0, data.length - 1)), null); // a byte short
  assert.equal(unpackFiles(index, Uint8Array.from([...data, 0])), null); // a byte over
  assert.equal(unpackFiles([[42, 3]], new Uint8Array(3)), null); // not a path
  assert.equal(unpackFiles([["/a", -1]], new Uint8Array(0)), null); // not a size
  assert.deepEqual(unpackFiles([], new Uint8Array(0)), []);
});

test("reading the same tree twice gives the same order (the stored index is stable)", () => {
  const a = readTree(memoryFS(INSTALLED), ROOTS).map(([p]) => p);
  const b = readTree(memoryFS(Object.fromEntries(Object.entries(INSTALLED).reverse())), ROOTS).map(([p]) => p);
  assert.deepEqual(a, b);
});

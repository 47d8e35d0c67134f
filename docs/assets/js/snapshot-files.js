// The rules' installed files, kept beside the Python worker's memory snapshot (snapshot.js).
//
// A snapshot holds Python's memory, not Pyodide's file system, so a start from it still needs the
// files the wheel installs (the puzzles' data, the sources tracebacks quote, the .dist-info).
// Unpacking the wheel again is a Python zipfile extraction of 133 entries: 45 ms in Node here and
// 100-190 ms in Chromium's worker, on the path to "Python ready". Read once from the file system
// after the first ordinary start and stored as they are (about 1.5 MB), they are written back
// with a few FS calls instead.
//
// * readTree(FS, roots): every file under the folders ``roots``, as [[path, bytes], ...];
// * packFiles(files): { index: [[path, size], ...], data: Uint8Array } (the bytes end to end);
// * unpackFiles(index, data): the [[path, bytes], ...] back (views into ``data``);
// * writeTree(FS, files): write them (their folders made as needed).

/** Every file under each folder of ``roots`` (absolute paths), in a stable order. */
export function readTree(FS, roots) {
  const files = [];
  const walk = (dir) => {
    for (const name of FS.readdir(dir).sort()) {
      if (name === "." || name === "..") continue;
      const path = `${dir}/${name}`;
      if (FS.isDir(FS.stat(path).mode)) walk(path);
      else files.push([path, FS.readFile(path)]);
    }
  };
  roots.forEach(walk);
  return files;
}

/** The files' bytes end to end, with the index that cuts them apart again. */
export function packFiles(files) {
  const index = files.map(([path, bytes]) => [path, bytes.byteLength]);
  const data = new Uint8Array(index.reduce((sum, [, size]) => sum + size, 0));
  let at = 0;
  for (const [, bytes] of files) {
    data.set(bytes, at);
    at += bytes.byteLength;
  }
  return { index, data };
}

/** The files of ``index`` cut from ``data`` (null if the sizes do not add up to its length). */
export function unpackFiles(index, data) {
  const files = [];
  let at = 0;
  for (const [path, size] of index) {
    if (typeof path !== "string" || !Number.isInteger(size) || size < 0 || at + size > data.byteLength) return null;
    files.push([path, data.subarray(at, at + size)]);
    at += size;
  }
  return at === data.byteLength ? files : null;
}

/** Write ``files`` into the file system, making their folders. */
export function writeTree(FS, files) {
  const made = new Set();
  for (const [path, bytes] of files) {
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(path, bytes);
  }
}

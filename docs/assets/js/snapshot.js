// The Python worker's memory snapshot (worker.js): Pyodide's whole memory, taken right after the
// first ordinary start of this runtime and wheel in this browser and kept in IndexedDB
// (snapshot-store.js). Later starts hand it to loadPyodide({_loadSnapshot}) instead of starting
// Python and importing petteia_core again.
//
// * readSnapshot(key): the stored snapshot (being read), or null (none stored, or only another
//   version's, which is deleted). Its bytes are checked against the checksum taken when it was
//   stored (snapshot-checksum.js); a damaged one is deleted and its ``bytes`` promise rejects.
// * saveSnapshot(key, raw, idle, files): store ``raw`` with its checksum, and the rules' installed
//   files (snapshot-files.js) with theirs, step by step when idle.
//
// One Blob holds the memory, then the files' bytes end to end (or, where IndexedDB refuses Blobs,
// one ArrayBuffer, ``data``); the record lists the files
// ({ index: [[path, size], ...], checksum }). A record made before the files were kept has none: a
// start from it unpacks the wheel as before.
//
// Stored as it is, not compressed: measured in Chromium here, gunzipping the 31 MB (5.1 MB
// gzipped) takes 150-250 ms of the worker's own thread on every later start, while reading the
// stored Blob takes ~45 ms, meanwhile Pyodide's files load. The price is 31 MB of this origin's
// storage instead of 5 MB.
import { checksum } from "./snapshot-checksum.js";
import { packFiles, unpackFiles } from "./snapshot-files.js";
import { deleteRecord, putRecord, takeRecord } from "./snapshot-store.js";

/** Bytes copied into the stored Blob at a time, between two requests. */
const SLICE = 4 << 20;

/** Whether this browser can keep a snapshot (a worker of a secure context with these APIs). */
export function supported() {
  return typeof indexedDB !== "undefined" && typeof Blob === "function" && typeof Blob.prototype.arrayBuffer === "function";
}

/** The record's key: a snapshot is only valid for the very runtime and wheel that made it. */
export function snapshotKey(runtime) {
  return `${runtime.pyodideDir}|${runtime.wheel}`;
}

/**
 * The snapshot stored for ``key``, or null when there is none: { stored: <bytes kept>, hasFiles, bytes:
 * Promise<Uint8Array>, files: Promise<[[path, bytes], ...] | null>, ms: Promise<number|null> }
 * (``bytes`` is Python's memory, read and checked while Pyodide's own files load; ``files`` the
 * rules' installed files, null for a record that has none; ``ms``: from the call to the checked
 * last byte). Snapshots of other keys are deleted on the way; a record whose size or checksums are
 * not the ones stored with it is deleted, and ``bytes`` and ``files`` reject.
 */
export async function readSnapshot(key) {
  if (!supported()) return null;
  const t0 = performance.now();
  const record = await takeRecord(key);
  if (!record) return null;
  const checked = (async () => {
    try {
      const data = record.blob ? await record.blob.arrayBuffer() : record.data; // see saveSnapshot
      const kept = record.files ? record.files.index.reduce((sum, [, size]) => sum + size, 0) : 0;
      if (data.byteLength === record.bytes + kept) {
        const memory = new Uint8Array(data, 0, record.bytes);
        const rest = new Uint8Array(data, record.bytes);
        const files = record.files ? unpackFiles(record.files.index, rest) : null;
        if (checksum(memory) === record.checksum && (!record.files || (checksum(rest) === record.files.checksum && files))) {
          return { memory, files };
        }
      }
    } catch {
      /* the stored Blob cannot be read any more (cleared by the browser, I/O error) */
    }
    await deleteRecord(key);
    throw new Error("the stored snapshot is damaged");
  })();
  const bytes = checked.then((c) => c.memory);
  const files = checked.then((c) => c.files);
  files.catch(() => {}); // the same failure reaches the start through ``bytes``
  const ms = bytes.then(() => performance.now() - t0, () => null);
  return { stored: record.bytes, hasFiles: Boolean(record.files), bytes, files, ms };
}

/** Forget the snapshot of ``key`` (it did not start Python). */
export const dropSnapshot = deleteRecord;

/**
 * Run ``work()`` and measure the largest gap between 10 ms ticks of this worker's event loop
 * while it ran, leaving out the gaps in which a request started or ended (``activity()`` counts
 * those): how long a request's message could have waited for the snapshot's own work.
 */
async function longestPause(work, activity) {
  let last = performance.now();
  let seen = activity();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const a = activity();
    if (a === seen) longest = Math.max(longest, now - last);
    seen = a;
    last = now;
  }, 10);
  try {
    return [await work(), longest];
  } finally {
    clearInterval(timer);
  }
}

/**
 * Store ``raw`` under ``key`` with its checksum, and ``readFiles()``'s files (snapshot-files.js:
 * the rules' installed files; null for none) with theirs, step by step (the checksums; the Blob,
 * built SLICE bytes at a time; the write),
 * each step once ``await idle.wait()`` says no request is running (``idle.activity()`` counts
 * requests' starts and ends). Resolves with { saved, bytes, files, ms, longestPause }: ``files``,
 * the bytes of the files kept; ``ms`` the time the steps took, the waits left out.
 */
export async function saveSnapshot(key, raw, idle, readFiles = () => null) {
  let ms = 0;
  const step = async (work) => {
    await idle.wait();
    const t = performance.now();
    const result = await work();
    ms += performance.now() - t;
    return result;
  };
  let kept = null;
  const [saved, pause] = await longestPause(async () => {
    const sum = await step(() => checksum(raw));
    kept = await step(async () => {
      const files = readFiles();
      if (!files) return null;
      const { index, data } = packFiles(files);
      return { index, data, checksum: checksum(data) };
    });
    let blob = new Blob([]);
    for (let at = 0; at < raw.byteLength; at += SLICE) {
      blob = await step(() => new Blob([blob, raw.subarray(at, at + SLICE)])); // copies this slice only
    }
    if (kept) blob = await step(() => new Blob([blob, kept.data]));
    const files = kept ? { index: kept.index, checksum: kept.checksum } : undefined;
    const record = { key, bytes: raw.byteLength, files, checksum: sum, made: Date.now() };
    if (await step(() => putRecord({ ...record, blob }))) return true;
    // WebKit's IndexedDB refuses Blobs (WebKitGTK 2.50, in pages and workers): the same bytes as
    // one ArrayBuffer (its structured clone copies them once more, in this step).
    return step(async () => putRecord({ ...record, data: await blob.arrayBuffer() }));
  }, idle.activity);
  return { saved, bytes: raw.byteLength, files: kept ? kept.data.byteLength : 0, ms, longestPause: pause };
}

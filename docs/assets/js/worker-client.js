// The page's side of the one Python worker: starts it once, reports loading progress, gives up
// with a clear reason instead of waiting for ever, and passes JSON requests to petteia_core.web.
import * as Comlink from "../vendor/comlink/comlink.mjs";
import { moduleFailure } from "./module-check.js";

// Give up when loading makes no progress for this long (a wrong .wasm MIME type can make
// Pyodide wait silently), or takes longer than HARD_LIMIT in all. Tests may shorten both.
const STALL_MS = () => window.__petteiaLoadTimeout ?? 30000;
const HARD_LIMIT_MS = () => Math.max(STALL_MS() * 4, 120000);

let client = null; // { ready: Promise<api>, listeners: Set<fn> } while alive

/** Start the worker if needed. `onProgress({phase, percent, text})` is called while it loads. */
export function getClient(onProgress) {
  if (!client) client = start();
  if (onProgress) {
    client.listeners.add(onProgress);
    if (client.last) onProgress(client.last);
  }
  return client.ready;
}

export function stopListening(onProgress) {
  client?.listeners.delete(onProgress);
}

/**
 * The worker's API for a page component: `onProgress` hears the loading progress until Python is
 * ready or has failed; on failure `onError(err)` is called and the result is null.
 */
export async function connect(onProgress, onError) {
  try {
    return await getClient(onProgress);
  } catch (err) {
    onError(err);
    return null;
  } finally {
    stopListening(onProgress);
  }
}

const workerURL = new URL("./worker.js", import.meta.url);

/** Loading made no progress: say which download waited, and what to do. */
function stallMessage(file) {
  const waiting = file ? ` while downloading ${file}` : "";
  return `Python did not finish loading (no progress for ${Math.round(STALL_MS() / 1000)} s${waiting}): ` +
    "check the network connection, then reload the page";
}

function start() {
  const c = { listeners: new Set(), last: null };
  const emit = (p) => {
    c.last = p;
    for (const fn of c.listeners) fn(p);
  };
  c.ready = new Promise((resolve, reject) => {
    performance.mark("petteia-worker-start");
    let worker;
    try {
      worker = new Worker(workerURL, { type: "module", name: "petteia-python" });
    } catch (err) {
      reject(new Error(`this browser cannot start a module worker (${err.message})`));
      return;
    }
    let stallTimer;
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      c.listeners.clear(); // no late progress after the verdict
      clearTimeout(stallTimer);
      clearTimeout(hardTimer);
      worker.terminate();
      client = null; // the next page tries again
      reject(new Error(message));
    };
    const armStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => fail(stallMessage(c.last?.file)), STALL_MS());
    };
    const hardTimer = setTimeout(
      () => fail(`Python took too long to load: check the network connection, then reload the page`), HARD_LIMIT_MS());
    armStall();
    // A worker script that fails to load or throws at the top level ends up here, most often
    // without a message: look for the file of its import graph that failed.
    worker.addEventListener("error", async (e) => {
      e.preventDefault();
      fail(await moduleFailure(workerURL, e.message ? new Error(e.message) : null));
    });
    const api = Comlink.wrap(worker);
    const progress = Comlink.proxy((p) => {
      if (settled) return;
      armStall();
      emit(p);
    });
    // The worker keeps a memory snapshot of Python once the page is quiet (worker.js); tests may
    // shorten the wait. What became of it is left in window.__petteiaSnapshot (tests, make bench).
    const onSnapshot = Comlink.proxy((result) => {
      window.__petteiaSnapshot = result;
    });
    api.init(progress, onSnapshot, window.__petteiaSnapshotDelay ?? 5000).then(
      (info) => {
        if (settled) return;
        settled = true;
        clearTimeout(stallTimer);
        clearTimeout(hardTimer);
        performance.mark("petteia-python-ready");
        c.info = info;
        window.__petteiaRuntime = info; // read by site_scripts/bench_load.py
        emit({ phase: "ready", percent: 100, text: "Python ready" });
        resolve(makeApi(api, info));
      },
      (err) => fail(err?.message || String(err)),
    );
  });
  return c;
}

function makeApi(api, info) {
  return {
    info,
    /** Whether stop() can interrupt the computer (the browser has JSPI; see worker.js). */
    canStop: Boolean(info.canStop),
    /** The running search ends now and its best move so far is played. */
    stop() {
      return api.stop();
    },
    /** One operation of petteia_core.web: resolves with its reply (reply.ok false on errors). */
    async call(op, args) {
      return JSON.parse(await api.call(JSON.stringify({ op, args })));
    },
  };
}

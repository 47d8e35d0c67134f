// The page's side of the one Python worker: starts it once, reports loading progress, gives up
// with a clear reason instead of waiting for ever, and passes JSON requests to petteia_core.web.
import { LANG, t } from "./i18n.js";
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
  const s = Math.round(STALL_MS() / 1000);
  return file
    ? t("Python did not finish loading (no progress for {s} s while downloading {file}): check the network connection, then reload the page", { s, file })
    : t("Python did not finish loading (no progress for {s} s): check the network connection, then reload the page", { s });
}

/**
 * Start a worker. ``spare``: a standby for restartWorker (it makes no memory snapshot and leaves
 * no marks or globals behind: the worker in use does that).
 */
function start({ spare = false } = {}) {
  const c = { listeners: new Set(), last: null, spare };
  const emit = (p) => {
    c.last = p;
    for (const fn of c.listeners) fn(p);
  };
  c.ready = new Promise((resolve, reject) => {
    if (!spare) performance.mark("petteia-worker-start");
    let worker;
    try {
      worker = new Worker(workerURL, { type: "module", name: "petteia-python" });
    } catch (err) {
      reject(new Error(t("this browser cannot start a module worker ({error})", { error: err.message })));
      return;
    }
    c.worker = worker;
    let stallTimer;
    let settled = false;
    const fail = (message) => {
      if (settled) return;
      settled = true;
      c.listeners.clear(); // no late progress after the verdict
      clearTimeout(stallTimer);
      clearTimeout(hardTimer);
      worker.terminate();
      if (client === c) client = null; // the next page tries again
      if (standby === c) standby = null;
      reject(new Error(message));
    };
    const armStall = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => fail(stallMessage(c.last?.file)), STALL_MS());
    };
    const hardTimer = setTimeout(
      () => fail(t("Python took too long to load: check the network connection, then reload the page")), HARD_LIMIT_MS());
    armStall();
    // A worker script that fails to load or throws at the top level ends up here, most often
    // without a message: look for the file of its import graph that failed.
    worker.addEventListener("error", async (e) => {
      e.preventDefault();
      fail(await moduleFailure(workerURL, e.message ? new Error(e.message) : null, t));
    });
    const api = Comlink.wrap(worker);
    const progress = Comlink.proxy((p) => {
      if (settled) return;
      armStall();
      // The worker has no page, so no language: its loading line is worded here.
      emit(p.phase === "loading" ? { ...p, text: t("Getting the board ready… {percent}%", { percent: p.percent }) } : p);
    });
    // The worker keeps a memory snapshot of Python once the page is quiet (worker.js); tests may
    // shorten the wait. What became of it is left in window.__petteiaSnapshot (tests, make bench).
    const onSnapshot = Comlink.proxy((result) => {
      window.__petteiaSnapshot = result;
    });
    // "Move now" through a shared flag where the page is cross-origin isolated (docs/sw.js).
    const stopFlag = self.crossOriginIsolated && typeof SharedArrayBuffer === "function"
      ? new Int32Array(new SharedArrayBuffer(4)) : null;
    const options = {
      snapshotDelay: window.__petteiaSnapshotDelay ?? 5000,
      makeSnapshot: !spare,
      stopFlag,
      way: window.__petteiaStopWay ?? null, // tests may ask for a way to stop; taken if possible
      language: LANG, // the engine's sentences in the page's language (petteia_core.web.set_language)
    };
    api.init(progress, spare ? null : onSnapshot, options).then(
      (info) => {
        if (settled) return;
        settled = true;
        clearTimeout(stallTimer);
        clearTimeout(hardTimer);
        c.info = info;
        if (!spare) {
          performance.mark("petteia-python-ready");
          window.__petteiaRuntime = info; // read by site_scripts/bench/bench_load.py
        }
        emit({ phase: "ready", percent: 100, text: t("Python ready") });
        resolve(makeApi(api, info, stopFlag, c));
      },
      (err) => fail(err?.message || String(err)),
    );
  });
  return c;
}

let standby = null; // a second worker, started while the computer thinks, for restartWorker

/**
 * Where "Move now" must restart the worker (stopWay "restart"), start a second one while the
 * computer thinks, so that the restart finds Python ready. It waits, idle, until then (and after
 * a restart, the next think prepares the next one). Nothing happens where the search can be
 * stopped, or when a standby is there already.
 */
export function prepareStandby() {
  if (standby || !client?.info || client.info.stopWay !== "restart") return;
  standby = start({ spare: true });
  // Python imports the search on its first think, which takes a second or two in a slow engine:
  // the standby thinks once, briefly, so that its first move after a restart is quick.
  const mine = standby;
  // window.__petteiaStandby: "ready" once the standby is warm (tests and the benchmark read it).
  mine.ready.then(warmUp).then(
    () => standby === mine && (window.__petteiaStandby = "ready"),
    () => {}, // a standby that fails is no one's concern: restartWorker starts afresh
  );
}

/** The standby's API once it is ready, else null (it is not used up: restartWorker takes it over). */
export function standbyApi() {
  return standby?.info ? standby.ready : Promise.resolve(null);
}

async function warmUp(api) {
  const board_id = "standby-warm-up";
  await api.call("open", { kind: "game", board_id, ruleset: "tournament", computer: "w" });
  await api.call("think", { board_id, level: 5, seed: 1, node_limit: 300 });
  await api.call("close", { board_id });
}

/**
 * End this worker (a search it is running with it) and go on with another: what "Move now" does
 * where the search cannot be interrupted (stopWay "restart"). The standby takes over when there
 * is one (prepareStandby), else a new worker starts. Every session of the old worker is gone, and
 * its unanswered requests stay unanswered: their boards must be disposed first. Resolves with the
 * new worker's API.
 */
export function restartWorker(onProgress) {
  const old = client;
  if (old) old.ended = true;
  old?.worker?.terminate();
  client = standby; // null: getClient starts a new one
  standby = null;
  window.__petteiaStandby = null;
  if (client) client.spare = false;
  return getClient(onProgress);
}

function makeApi(api, info, stopFlag, c) {
  return {
    info,
    /** How stop() reaches a running search: "flag" (a shared flag: the page is cross-origin
     *  isolated), "jspi" (Python suspends to read messages), or "restart" (stop() cannot: the
     *  page restarts the worker, restartWorker). See worker.js. */
    stopWay: info.stopWay,
    /** Whether stop() interrupts the running search (and its best move so far is played). */
    canStop: info.stopWay === "flag" || info.stopWay === "jspi",
    /** The running search ends now and its best move so far is played. */
    stop() {
      if (info.stopWay === "flag") return Atomics.store(stopFlag, 0, 1);
      return api.stop();
    },
    /** One operation of petteia_core.web: resolves with its reply (reply.ok false on errors). */
    async call(op, args) {
      if (c.ended) return { ok: false, error: t("Python was restarted: this request came too late") };
      return JSON.parse(await api.call(JSON.stringify({ op, args })));
    },
  };
}

// Where this browser keeps the Python worker's memory snapshot (docs/assets/js/snapshot.js): an
// IndexedDB database of the site's origin, "petteia-python", store "snapshots", one record per key
// (the runtime's folder name and the wheel's hashed address, snapshot.js: snapshotKey). A record is
// { key, blob: Blob (or data: ArrayBuffer where IndexedDB refuses Blobs: WebKit), bytes: <the
// memory's size>, checksum: <hex>, files: { index, checksum } (the rules' installed files after the
// memory in the Blob; absent in records made before), made: <Date.now()> }.
//
// IndexedDB, not Cache Storage: the service worker owns the "petteia-<release>" caches (it deletes
// every other one of that prefix when a release activates, and the offline copy is checked file by
// file against the build's list); the snapshot is no file of the build, made here, never
// downloaded. Every function fails quietly (private modes, quota, a browser without IndexedDB in
// workers): the snapshot is an optimisation, and the ordinary start is always there.
const DB = "petteia-python";
const STORE = "snapshots";

/** The database, or null where IndexedDB is missing or refused. */
function open() {
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(DB, 1);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
}

/**
 * Run ``fn(store)`` in one transaction of ``mode``; ``fn`` may return a function that gives the
 * result once the transaction is complete. Resolves with that result (undefined without one).
 */
async function transact(mode, fn) {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(result?.());
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The stored record for ``key``, or null. Records under any other key are deleted (stale). */
export async function takeRecord(key) {
  try {
    const found = await transact("readwrite", (store) => {
      let record = null;
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        if (c.key === key) record = c.value;
        else c.delete(); // another runtime's or wheel's snapshot: never used again
        c.continue();
      };
      return () => record;
    });
    return found ?? null;
  } catch {
    return null;
  }
}

/** Store ``record`` (its ``key`` included) in place of every other; true when it was kept. */
export async function putRecord(record) {
  try {
    const kept = await transact("readwrite", (store) => {
      store.clear();
      store.put(record);
      return () => true;
    });
    return kept === true;
  } catch {
    return false; // quota, private mode: no snapshot this time
  }
}

/** Forget the record of ``key`` (it failed to load). */
export async function deleteRecord(key) {
  try {
    await transact("readwrite", (store) => {
      store.delete(key);
    });
  } catch {
    /* nothing stored, or no IndexedDB */
  }
}

// One session of the Python worker (petteia_core/web: a game, a puzzle attempt): it owns its id,
// adds it to every request, and drops what comes back once it is closed, so a reply meant for a
// game the reader has left can never reach the game that replaced it.
//
// `call(op, args)` is how requests reach the worker (the page's api.call, which may change when
// "Move now" restarts the worker); ids are never reused on a page.

let made = 0;

/** A session id never used before on this page: `<prefix>-<what>-<time>-<n>`. */
export function newSessionId(prefix, what) {
  made += 1;
  return `${prefix}-${what}-${Date.now().toString(36)}-${made}`;
}

export class WorkerSession {
  /** @param {string} id @param {(op: string, args: object) => Promise<object>} call */
  constructor(id, call) {
    this.id = id;
    this.send = call;
    this.closed = false;
  }

  /** The worker's reply to `op`, or null once the session is closed (before or while it ran). */
  async call(op, args = {}) {
    if (this.closed) return null;
    const reply = await this.send(op, { ...args, board_id: this.id });
    return this.closed ? null : reply;
  }

  /** The worker forgets the session; later and late replies are dropped. */
  close() {
    if (this.closed) return;
    this.closed = true;
    this.send("close", { board_id: this.id }).catch(() => {});
  }
}

// "Move now" on the play page: the computer ends its search and plays the best move it has found.
// Where the browser can interrupt the worker's search (api.canStop) it is told to stop; where it
// cannot (stopWay "restart", worker.js), the worker is restarted and the game comes back from its
// record, the computer moving after a short search (HURRY_NODES). While such a search runs, a
// standby worker (worker-client.js) loads the game and makes that short search already, so a
// restart finds the move made or on its way.
import { t } from "../i18n.js";
import { HURRY_NODES } from "../game-driver.js";
import { restartWorker, standbyApi } from "../worker-client.js";
import { shorten } from "./store.js";

export class MoveNow {
  /** @param ctrl the play page's controller (ctrl.js) */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.over = null; // a promise resolved when the computer's turn ends
    this.end = null;
    this.quick = null; // {board, session, api, reply, dropped}: the standby's prepared move
    this.asked = false; // "Move now" was pressed for this think
  }

  /** Whether the computer is thinking. */
  get thinking() {
    return this.over !== null;
  }

  /** Whether "Move now" can be pressed now. */
  get available() {
    return this.thinking && !this.asked && !this.ctrl.board?.hurry;
  }

  /** A new board: whatever was thinking before is over. */
  reset() {
    this.end?.();
    this.over = null;
    this.asked = false;
  }

  /** The board of the current game says when the computer starts and stops thinking. */
  onThinking(on, board) {
    const ctrl = this.ctrl;
    if (board !== ctrl.board) return; // an old game's board, already replaced
    this.drop();
    this.asked = false;
    if (on) {
      if (ctrl.api?.stopWay === "restart" && !board.hurry) this.prepare(board);
      this.over = new Promise((resolve) => (this.end = resolve));
      ctrl.status = { text: t("The computer is thinking…"), kind: "info" };
    } else {
      this.end?.();
      this.over = null;
      if (ctrl.state) ctrl.status = { text: ctrl.state.status, kind: ctrl.state.result ? "result" : "info" };
    }
    ctrl.redraw();
    ctrl.review?.sync();
  }

  /** The "Move now" button. */
  now() {
    const ctrl = this.ctrl;
    if (!this.thinking || ctrl.board?.hurry) return;
    this.asked = true;
    ctrl.say(t("Moving now…"));
    if (ctrl.api?.canStop) ctrl.api.stop();
    else this.restart();
  }

  /** Before a new game, a loaded one or an undo: make a thinking computer move now and wait for it. */
  async stopThinking() {
    const ctrl = this.ctrl;
    for (;;) {
      if (this.over) {
        const over = this.over;
        this.now();
        await over;
      } else if (ctrl.board?.busy && !ctrl.board.disposed) {
        await ctrl.board.settled(); // the reader's own move still on its way
      } else {
        return true;
      }
    }
  }

  /** What brings the current game back in another worker: its record, and the roll already
   * thrown for the side to move (a record does not hold it; a new roll would change the dice). */
  reloadArgs() {
    const { record, dice } = this.ctrl.state;
    return { record, ...this.ctrl.gameArgs(this.ctrl.opts), ...(dice ? { dice } : {}) };
  }

  /**
   * The worker is busy with a search nothing can interrupt: end it with the worker, start a new
   * one (from the stored snapshot, when there is one) and bring the game back from its record;
   * the computer then moves after a short search. The page's turn of events is untouched: a New
   * game waiting in stopThinking() goes on once the computer has moved.
   */
  async restart() {
    const ctrl = this.ctrl;
    const { board, opts } = ctrl;
    if (!board || !ctrl.state) return;
    const args = this.reloadArgs();
    const quick = this.quick?.board === board ? this.quick : null;
    this.quick = null;
    board.dispose(); // its unanswered think dies with the old worker
    performance.mark("petteia-restart"); // tests and the benchmark count restarts
    let session = null, reply = null;
    try {
      ctrl.api = await restartWorker((p) => ctrl.say(`${t("Moving now…")} ${p.text}`));
      // The standby works out its move while the search runs (prepare), or it is done now.
      reply = quick ? await quick.reply : null;
      if (reply && quick.api === ctrl.api) session = quick.session;
      else {
        session = ctrl.newSession(opts.ruleset);
        reply = await session.call("load", args);
      }
    } catch (err) {
      reply = { ok: false, error: err?.message || String(err) };
    }
    if (ctrl.disposed) return;
    if (!reply?.ok) {
      this.reset();
      ctrl.redraw();
      return ctrl.showNotice(t("The computer could not be stopped ({error}); reload the page to go on.", { error: shorten(reply?.error) }), "error");
    }
    await ctrl.mount(session, reply, opts, { hurry: true });
  }

  /** While the search runs, the standby loads the game and plays the computer's move after a
   * short search, so that a restart finds the move made (or on its way). */
  prepare(board) {
    const ctrl = this.ctrl;
    const args = this.reloadArgs();
    const quick = { board, session: null, api: null, dropped: false };
    quick.reply = (async () => {
      quick.api = await standbyApi();
      if (!quick.api || quick.dropped) return null;
      quick.session = ctrl.newSession(ctrl.opts.ruleset, (op, a) => quick.api.call(op, a));
      const loaded = await quick.session.call("load", args);
      if (!loaded?.ok || quick.dropped) return null;
      const reply = await quick.session.call("think", {
        level: ctrl.opts.level, seed: Math.floor(Math.random() * 1e9), ...window.__petteiaThinkArgs, node_limit: HURRY_NODES,
      });
      return reply?.ok ? reply : null;
    })().catch(() => null);
    this.quick = quick;
  }

  /** The search ended by itself: the standby's prepared move is not needed. */
  drop() {
    const quick = this.quick;
    this.quick = null;
    if (!quick) return;
    quick.dropped = true;
    quick.reply.then(() => quick.session?.close()).catch(() => {});
  }
}

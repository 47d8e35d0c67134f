// The play page's game in the browser's storage, as the controller (ctrl.js) keeps it: read back
// after a reload, written after every state, kept aside while a friend's game is open, and handed
// over between two tabs of the page. store.js checks what is read; this module decides when to
// read and write, and what the reader is told.
import { t } from "../i18n.js";

export class Saving {
  /** @param ctrl the play page's controller (its store, state, opts, clock, board, notices) */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.failed = false; // the last write was refused (and the reader told)
    this.elsewhere = false; // the reader went on in another tab: this one neither plays nor saves
  }

  /** The saved game, its settings checked one by one (a bad one is replaced and said). */
  read({ quiet = false } = {}) {
    const { ctrl } = this;
    const saved = ctrl.store.readGame();
    if (saved !== "bad") return saved;
    if (!quiet) {
      ctrl.store.forgetGame();
      ctrl.showNotice(t("Your saved game could not be read and was ignored; a new game has started."), "error");
    }
    return null;
  }

  /** Store `value` under `key`; false (and the reader told) when the browser refuses. */
  keep(key, value) {
    const why = this.ctrl.store.write(key, value);
    if (why === null) return true;
    this.ctrl.showNotice(t("Your game could not be saved ({why}): it will not come back after a reload. “Record, link and import” can download it.", { why }), "error");
    this.failed = true;
    return false;
  }

  /** The game on the board, saved as it stands now (a finished game is forgotten). */
  save() {
    if (this.elsewhere) return; // the other tab's game is the saved one now
    const { state: s, opts, clock, store } = this.ctrl;
    if (!s || s.result) return store.forgetGame();
    const { ruleset, side, level, opponent, first, hints, since } = opts;
    const game = { ruleset, side, level, opponent, first, hints, since, clock: clock.snapshot(), dice: s.dice ?? null, record: s.record };
    if (this.keep(store.STORE, game) && this.failed) {
      this.failed = false;
      this.ctrl.showNotice("");
    }
  }

  /** A game the reader set up in this tab: this tab plays and saves again. */
  here() {
    this.elsewhere = false;
  }

  /** Another tab of this page saved its game (the browser's storage event). When it is not this
   * tab's game, this tab stops (no moves, no saving) and offers to take the game over: two tabs
   * never overwrite each other's moves in silence. */
  onStorage(key, value) {
    const { ctrl } = this;
    if (key !== ctrl.store.STORE || this.elsewhere || !value || !ctrl.state) return;
    let record = null;
    try {
      record = JSON.parse(value)?.record ?? null;
    } catch {
      return;
    }
    if (!record || record === ctrl.state.record) return;
    this.elsewhere = true;
    ctrl.board.lock();
    ctrl.showNotice(t("This game went on in another tab of this page, so this tab has stopped."), "info",
      { label: t("Continue here"), run: () => this.takeOver() });
  }

  /** "Continue here": the game as the other tab left it, on this tab's board. */
  async takeOver() {
    const saved = this.read({ quiet: true });
    this.elsewhere = false;
    this.ctrl.board?.unlock(); // the lock of onStorage: loading waits for the board to be quiet
    if (saved) await this.ctrl.load(saved.record, saved, "tab", saved.mended);
  }
}

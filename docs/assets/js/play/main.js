// "Play against the computer" (docs/play/index.md): choose a game, a side and a level (or two
// players on one device, or a friend by link), play, look back through the moves, undo, resign,
// offer a draw, review the game, export and import the record, share a link; the last
// unfinished game comes back after a reload.
//
// This module puts the page together: the controller (ctrl.js, the page's data and actions, no
// DOM), its views (view-*.js, drawn from it at every redraw), the saved game (store.js) and the
// page's collaborators (clock.js, review.js, classroom.js). The rules and the computer run in the
// one Python worker, so the page never waits for them.
import { connect } from "../worker-client.js";
import { el } from "../dom.js";
import { StepButtons } from "../step-buttons.js";
import { PlayCtrl } from "./ctrl.js";
import { playStore } from "./store.js";
import { PlayClock } from "./clock.js";
import { GameReview } from "./review.js";
import { Classroom } from "./classroom.js";
import { SetupView } from "./view-setup.js";
import { GameView } from "./view-game.js";
import { MovesView } from "./view-moves.js";
import { ExportView } from "./view-export.js";
import { testApi } from "./test-api.js";
import { t } from "../i18n.js";

const pageAddress = () => location.origin + location.pathname;

class PlayPage {
  constructor(root) {
    this.root = root;
    this.figure = el("figure", { class: "petteia-board play-board", id: "play-board" });
    this.figure.append(el("div", { class: "petteia-svg-wrap" }));
    this.steps = null;
    const clock = new PlayClock({ announce: (text) => this.game.speech.say(text), lose: (side) => this.ctrl.loseOnTime(side) });
    this.ctrl = new PlayCtrl({ ui: this.ui(), store: playStore, clock });
    const ctrl = this.ctrl;
    this.setup = new SetupView(ctrl, clock);
    this.game = new GameView(ctrl);
    this.moves = new MovesView(ctrl);
    this.exports = new ExportView(ctrl, pageAddress);
    this.review = new GameReview(ctrl, { figure: () => this.figure, moveButtons: () => this.moves.buttons() });
    ctrl.review = this.review;
    this.moves.node.append(this.review.node);
    this.review.attach(this.game.viewBar);
    this.classroom = new Classroom(ctrl, this.setup.present);
    this.build();
    this.redraw();
  }

  /** The board first; beside it (below it on a phone) the game's state, its controls, the moves,
   * and the form for the next game; the record under both. */
  build() {
    const r = this.root;
    const g = this.game;
    r.replaceChildren();
    r.classList.add("play-page");
    const main = el("div", { class: "play-main" });
    const side = el("div", { class: "play-side" });
    main.append(this.figure, side);
    side.append(this.ctrl.clock.faces, g.status, g.speech.node, g.dice.node, g.controls, g.confirm, g.viewBar,
      g.friend.node, this.moves.node, this.setup.node);
    r.append(g.notice, main, this.exports.node);
  }

  /** What the controller may ask of the page (it knows no DOM). */
  ui() {
    return {
      redraw: () => this.redraw(),
      announce: (text) => this.game.speech.say(text),
      writeForm: (opts) => this.setup.write(opts),
      clearHash: () => history.replaceState(null, "", location.pathname + location.search),
      pageAddress,
      presenting: () => document.documentElement.classList.contains("petteia-classroom"),
      boardFigure: (state, opts) => this.newFigure(state, opts),
      mounted: (board, state) => this.mounted(board, state),
    };
  }

  redraw() {
    const { ctrl } = this;
    this.game.update(this.root);
    this.moves.update();
    this.exports.update();
    if (this.steps && ctrl.stateCount !== this.stepsDrawn) {
      this.stepsDrawn = ctrl.stateCount;
      if (ctrl.state) this.steps.render(ctrl.state);
    }
    if (this.steps && ctrl.looking) this.steps.clear();
    this.drawHeading();
  }

  /** The page's heading says who the game on the board is against. */
  drawHeading() {
    const heading = this.root.closest("article")?.querySelector("h1");
    if (!heading || !this.ctrl.board) return;
    const { opponent } = this.ctrl.opts;
    const text = opponent === "friend" ? t("Play a friend by link")
      : opponent === "human" ? t("Two players on this device") : t("Play against the computer");
    const words = heading.firstChild; // the text before the theme's permalink (¶)
    if (words?.nodeType === Node.TEXT_NODE) words.data = text;
    else heading.prepend(text);
  }

  /** A new game's board: a fresh figure in place of the old one. */
  newFigure(state, opts) {
    const duodecim = state.kind === "duodecim";
    const figure = el("figure", {
      class: `petteia-board play-board ${duodecim ? "play-duodecim duo-live" : ""}`,
      id: "play-board", "data-mode": "play", "data-ruleset": state.ruleset, "data-side": opts.side,
    });
    figure.append(el("div", { class: "petteia-svg-wrap" }));
    this.figure.replaceWith(figure);
    this.figure = figure;
    return figure;
  }

  /** The new board's driver exists: Duodecim scripta gets a button per legal step. */
  mounted(board, state) {
    this.steps = state.kind === "duodecim" ? new StepButtons(board) : null;
    this.stepsDrawn = -1;
    if (this.steps) board.wrap.after(this.steps.box);
    this.game.reset();
    this.redraw();
  }

  async start(hash) {
    window.addEventListener("hashchange", this.onHash);
    window.addEventListener("pagehide", this.onHide);
    window.addEventListener("storage", this.onStorage);
    await this.ctrl.start(hash, connect);
    if (Classroom.requested() && !this.ctrl.disposed) this.classroom.enter();
  }

  dispose() {
    window.removeEventListener("hashchange", this.onHash);
    window.removeEventListener("pagehide", this.onHide);
    window.removeEventListener("storage", this.onStorage);
    this.classroom.dispose();
    this.ctrl.dispose();
  }

  onHash = (e) => this.ctrl.fromHash(new URL(e.newURL).hash);

  /** Another tab of this site wrote to the storage (the play page's saved game among others). */
  onStorage = (e) => this.ctrl.saving.onStorage(e.key, e.newValue);

  /** The page is left or reloaded: the saved game keeps the clock's time as it is now. */
  onHide = () => {
    if (this.ctrl.state && this.ctrl.clock.setting) this.ctrl.saving.save();
  };
}

let current = null;

export function mountPlay(root, hash = location.hash) {
  if (current && current.root === root && !current.ctrl.disposed) return current; // the same page again
  current?.dispose();
  current = new PlayPage(root);
  window.__petteiaPlay = testApi(current); // the browser tests drive the page through it
  current.start(hash);
  return current;
}

export function unmountPlay() {
  current?.dispose();
  current = null;
  window.__petteiaPlay = null;
}

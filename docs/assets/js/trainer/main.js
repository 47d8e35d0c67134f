// The puzzle trainer's page (docs/puzzles/index.md): this module puts it together. The controller
// (ctrl.js: the page's data and actions, no DOM) with its runs (ctrl-modes.js) and assignment
// (ctrl-assign.js); the views (view-*.js), drawn from it at every redraw(); the progress in
// storage (store.js), merged with another tab's at every storage event; the board's GameDriver;
// and what the tests read (test-api.js, window.__petteiaTrainer).
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { connect } from "../worker-client.js";
import { GameDriver } from "../game-driver.js";
import { Announcer } from "../announcer.js";
import { Presenter } from "../present.js";
import { StepButtons } from "../step-buttons.js";
import { TrainerCtrl } from "./ctrl.js";
import { PuzzleView } from "./view-puzzle.js";
import { ChooseView } from "./view-choose.js";
import { DashboardView } from "./view-dashboard.js";
import { AssignmentPanel } from "./view-assign.js";
import { testApi } from "./test-api.js";

class TrainerPage {
  constructor(root) {
    this.root = root;
    this.speech = new Announcer(); // what happens on the board, for screen readers
    this.ctrl = new TrainerCtrl({ ui: this.ui(), connect });
    const ctrl = this.ctrl;
    this.puzzle = new PuzzleView(ctrl);
    this.choose = new ChooseView(ctrl);
    this.dashboard = new DashboardView(ctrl);
    this.assignShown = -1; // the assignment screen drawn (ctrl.assign.changed)
    this.panel = null;
    this.build();
    ctrl.board = new GameDriver(this.figure, {
      id: null,
      call: (op, args) => ctrl.ask(op, args),
      mode: "puzzle",
      label: t("Puzzle board."),
      hideCaptures: true, // the destination marks must not tell captures from quiet moves
      host: {
        onState: (state) => {
          if (!ctrl.owns(state)) return;
          this.speech.say(state.description);
          ctrl.onState(state);
        },
        say: (text, kind) => ctrl.setStatus(text, kind),
        announce: (text) => this.speech.say(text),
        thinking: () => {},
      },
    });
    // A Duodecim puzzle's turn: a button per legal step under the board, as on the play page.
    this.steps = new StepButtons(ctrl.board);
    ctrl.board.wrap.after(this.steps.box);
    this.stepsOf = null; // the board state the buttons were drawn for
    this.onHash = () => ctrl.fromHash(location.hash);
    this.onStorage = (e) => ctrl.keeper.onStorage(e.key, e.newValue);
    window.addEventListener("hashchange", this.onHash);
    window.addEventListener("storage", this.onStorage);
    this.redraw();
  }

  /** What the controller may ask of the page (it knows no DOM). */
  ui() {
    return {
      redraw: () => this.redraw(),
      announce: (text) => this.speech.say(text),
      setHash: (url) => {
        if (location.hash !== url) history.replaceState(null, "", url);
      },
      hint: (from, to) => this.ctrl.board.view.setHint({ from, to }),
      focusBoard: () => this.ctrl.board.wrap.focus({ preventScroll: true }),
    };
  }

  /** The board first; beside it (below it on a phone) the puzzle, its buttons, then the choice of
   *  puzzles and the reader's results; the dashboard and the list under both. */
  build() {
    const r = this.root;
    const { puzzle: pv, choose: cv } = this;
    r.replaceChildren();
    r.classList.add("trainer");
    this.notice = el("p", { class: "trainer-notice", role: "status", hidden: true });
    this.main = el("div", { class: "trainer-main" });
    this.figure = el("figure", { class: "petteia-board trainer-board", id: "trainer-board", "data-mode": "puzzle" });
    this.figure.append(el("div", { class: "petteia-svg-wrap" }), this.speech.node);
    // Present mode (present.js): the board and the puzzle beside it, alone and large, for a projector.
    this.presenter = new Presenter(this.main, { focus: () => this.ctrl.board.wrap, say: (text) => this.speech.say(text), label: t("the puzzle") });
    this.presenter.button.classList.add("md-button");
    pv.actions.append(this.presenter.button);
    const side = el("div", { class: "trainer-side" });
    side.append(pv.title, pv.goal, pv.dice.node, pv.status, pv.actions, pv.meta, pv.link, cv.ratingLine,
      cv.filters, cv.modes, cv.stats);
    this.main.append(this.figure, side);
    // The assignment's start form, "Puzzle 2 of 6" and finish screen (view-assign.js).
    this.assignBox = el("div", { class: "trainer-assign", hidden: true });
    r.append(this.notice, cv.modeBox, this.assignBox, this.main, this.dashboard.node, cv.listBox);
  }

  redraw() {
    const { ctrl } = this;
    if (!this.dashboard) return; // the controller speaks before the views are made
    this.notice.textContent = [...ctrl.notes.values()].join(" ");
    this.notice.hidden = ctrl.notes.size === 0;
    this.drawAssignment();
    this.puzzle.update(this.figure);
    this.choose.update(this.root);
    this.dashboard.update();
    this.drawSteps();
  }

  /** The step buttons of a Duodecim puzzle's board state (none for other puzzles). */
  drawSteps() {
    const state = this.ctrl.board?.state ?? null;
    if (!this.steps || state === this.stepsOf) return;
    this.stepsOf = state;
    if (state?.kind === "duodecim" && state.trainer?.your_turn && !this.ctrl.modes.locked) this.steps.render(state);
    else this.steps.clear();
  }

  /** The assignment's part: drawn anew for every new screen of it (ctrl-assign.js). */
  drawAssignment() {
    const a = this.ctrl.assign;
    if (!a.run) {
      if (this.panel) {
        this.panel = null;
        delete this.root.dataset.assignment;
        this.assignBox.hidden = true;
        this.assignBox.replaceChildren();
        this.main.hidden = false;
      }
      return;
    }
    if (this.panel?.run !== a.run) {
      this.panel = new AssignmentPanel(a.run, {
        start: (name) => a.start(name),
        finishNow: () => a.finishNow(),
        restart: () => a.restart(),
        qr: async (value, label) => (await import("../qr.js")).qrSvg(value, label),
      });
      this.assignBox.replaceChildren(this.panel.node);
      this.assignShown = -1;
    }
    this.root.dataset.assignment = "on";
    this.assignBox.hidden = false;
    this.main.hidden = a.screen !== "progress";
    if (this.assignShown === a.changed) return;
    this.assignShown = a.changed;
    if (a.screen === "start") this.panel.showStart();
    else if (a.screen === "finish") this.panel.showFinish(location.href);
    else this.panel.showProgress(a.index);
    if (a.screen !== "progress") window.scrollTo({ top: 0 }); // the form or the finish screen is at the top
  }

  dispose() {
    window.removeEventListener("hashchange", this.onHash);
    window.removeEventListener("storage", this.onStorage);
    this.presenter.dispose();
    this.ctrl.dispose();
  }
}

let page = null;

export function mountTrainer(root, hash = location.hash) {
  page?.dispose();
  page = new TrainerPage(root);
  window.__petteiaTrainer = testApi(page); // for tests and debugging
  page.ctrl.mount(hash);
}

export function unmountTrainer() {
  page?.dispose();
  page = null;
}

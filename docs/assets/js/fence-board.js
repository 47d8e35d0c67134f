// A live board of a page (a ```petteia fence with `mode: explore`, `puzzle` or `play`): the
// build's SVG comes alive once Python has loaded. Around the board (board-view.js, driven by
// game-driver.js) it shows the loading progress, a status line, the buttons (back to the start,
// take back, replay, turn the board round), a fence's line of play (line.js), and for Duodecim
// scripta the step buttons and, with `notation: yes`, the position string. A spoken line tells
// screen readers what happened. Its "Present" button (present.js) shows it alone, full screen.
//
// A Duodecim scripta board plays the turn shown one die at a time, takes steps back, returns to
// the page's position and goes on with the next rolls; the rolls of the fence's line come first.
import { t } from "./i18n.js";
import { icon } from "./icons.js";
import { GameDriver } from "./game-driver.js";
import { LineControls, LINE_KEY_HELP } from "./line.js";
import { StepButtons } from "./step-buttons.js";
import { Announcer } from "./announcer.js";
import { Presenter } from "./present.js";
import { el } from "./dom.js";
import { SIDES } from "../vendor/words.mjs"; // generated from petteia_core/web/words.py

const json = (text) => (text ? JSON.parse(text) : null);

/** The touch first-touch.js answered before this code loaded (a piece picked up, perhaps a
 *  destination chosen), taken off the figure; null if none. */
function takeFirstTouch(figure) {
  const d = figure.dataset;
  if (d.touchFrom === undefined) return null;
  const touch = { from: Number(d.touchFrom), to: d.touchTo === undefined ? null : Number(d.touchTo) };
  delete d.touchFrom;
  delete d.touchTo;
  return touch;
}

export class FenceBoard {
  constructor(figure, index) {
    this.figure = figure;
    this.id = `${figure.id || "board"}-${index}`;
    const d = figure.dataset;
    this.duodecim = d.ruleset === "duodecim";
    // mode "play": the reader plays `side` against the computer (petteia_core.ai at `level`).
    // mode "puzzle": the reader must find the moves of the fence's `solution` (the worker checks
    // them and plays the replies); without a solution it behaves as "explore".
    this.mode = d.mode || "explore";
    this.side = (d.side || "w")[0].toLowerCase() === "b" ? "b" : "w"; // w|b|white|black
    this.level = Number(d.level) || 3;
    this.api = null;
    this.live = false;
    this.failed = false;
    this.disposed = false;
    this.movedEarly = false;
    this.buildUi();
    this.driver = new GameDriver(figure, {
      id: this.id,
      call: (op, args) => this.api.call(op, args),
      mode: this.mode === "play" ? "play" : "explore",
      side: this.side,
      level: this.level,
      label: this.duodecim ? t("Duodecim scripta board.")
        : (d.ruleset || "").startsWith("latrunculi-") ? t("Latrunculi board.") : t("Petteia board."),
      hideCaptures: this.mode === "puzzle", // a puzzle's marks must not give the answer away
      host: this,
    });
    // The build wrote what the first move needs (site_scripts/build/first_move.py): the board answers it
    // while Python loads.
    if (d.first) {
      this.driver.early(JSON.parse(d.first));
      const touch = takeFirstTouch(figure);
      if (touch) this.driver.replayTouch(touch);
    }
  }

  // ------------------------------------------------------------------ chrome around the SVG
  buildUi() {
    const f = this.figure;
    f.querySelectorAll(".petteia-ui, .play-steps, .duo-notation").forEach((n) => n.remove()); // a page restored from cache
    const ui = el("div", { class: "petteia-ui" });
    this.status = el("p", { class: "petteia-status" });
    this.bar = el("progress", { class: "petteia-progress", max: "100", value: "0", "aria-hidden": "true" });
    this.controls = el("div", { class: "petteia-controls", role: "group", "aria-label": t("Board controls") });
    const button = (name, label, glyph, action) => {
      const b = el("button", { type: "button", class: `petteia-btn petteia-${name}`, "aria-label": label, title: label, disabled: "" });
      b.append(icon(glyph));
      b.addEventListener("click", () => this.command(action));
      this.controls.append(b);
      return b;
    };
    this.buttons = {
      reset: button("reset", t("Back to the start"), "reset", "reset"),
      undo: button("undo", this.duodecim ? t("Take back a step (or the last turn)") : t("Take back a move"), "back", "undo"),
      redo: button("redo", t("Replay the move"), "next", "redo"),
    };
    // The race track reads the same way for both players: no flip.
    if (!this.duodecim) this.buttons.flip = button("flip", t("Turn the board round"), "flip", "flip");
    // A fence's line of play (data-line), to step through on an explore board.
    // (Duodecim boards use their line's rolls for the first turns instead.)
    this.line = f.dataset.line && this.mode === "explore" && !this.duodecim ? new LineControls(this, this.controls) : null;
    this.speech = new Announcer(); // read by screen readers; visually hidden (the board shows the same)
    this.liveRegion = this.speech.node;
    // Present mode (present.js): the arrows step the line through its own buttons' verbs.
    const line = this.line;
    this.presenter = new Presenter(f, {
      steps: line && {
        next: () => line.go("next"), back: () => line.go("back"), start: () => line.go("start"), end: () => line.go("end"),
      },
      focus: () => (this.live ? this.wrap : null),
      say: (text) => this.announce(text),
    });
    this.controls.insertBefore(this.presenter.button, line?.where ?? null); // usable while Python loads
    ui.append(this.status, this.bar, this.controls, this.liveRegion);
    f.insertBefore(ui, f.querySelector("figcaption"));
    this.setStatus(t("Loading Python…"));
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  announce(text) {
    this.speech.say(text);
  }

  showProgress({ percent, text }) {
    if (this.live || this.disposed || this.failed) return;
    this.figure.classList.add("is-loading");
    this.bar.value = percent;
    if (!this.movedEarly) this.setStatus(text); // after an early move the status tells the move
  }

  fail(err) {
    if (this.disposed) return;
    console.error(`${this.id}:`, err);
    this.live = false;
    this.failed = true;
    this.driver?.dispose();
    this.figure.classList.remove("is-loading");
    this.figure.classList.add("is-error");
    this.bar.hidden = true;
    this.status.setAttribute("role", "alert");
    this.setStatus(
      t("This board could not be made interactive: {error}. The diagram above still shows the position.", { error: err?.message || err }),
      "error",
    );
  }

  get busy() {
    return this.driver.busy;
  }

  get state() {
    return this.driver?.state ?? null;
  }

  dispose() {
    this.disposed = true;
    this.presenter?.dispose();
    this.driver?.dispose();
    if (this.api) this.api.call("close", { board_id: this.id }).catch(() => {});
  }

  // ------------------------------------------------------------------ life
  /** What the worker needs to open this fence's game: position, marks, solution or line. */
  openArgs() {
    const d = this.figure.dataset;
    if (this.duodecim) {
      return {
        board_id: this.id, kind: "game", ruleset: "duodecim", position: d.position || null,
        rolls: (json(d.line) || []).map((turn) => turn.split(" ")[0]),
        highlights: json(d.highlights) || {},
      };
    }
    return {
      board_id: this.id,
      ruleset: d.ruleset || "classic",
      position: d.position || null,
      flipped: d.flip === "1",
      attic: d.attic === "1",
      // The fence's marks, redrawn by the worker until the first move.
      arrows: json(d.arrows),
      highlights: json(d.highlights),
      last: json(d.last),
      solution: this.mode === "puzzle" ? d.solution || null : null,
      line: this.line ? json(d.line) : null,
    };
  }

  async start(api) {
    if (this.disposed) return;
    this.api = api;
    const state = await api.call("open", this.openArgs());
    if (!state.ok) throw new Error(state.error);
    if (this.disposed) return;
    const driver = this.driver;
    if (this.duodecim) {
      this.figure.classList.add("duo-live");
      this.steps = new StepButtons(driver);
      const ui = this.figure.querySelector(".petteia-ui");
      ui.after(this.steps.box); // status and buttons first
      if (this.figure.dataset.notation === "1") {
        this.notation = el("p", { class: "duo-notation" }, `${t("Position string at the start of this turn:")} `);
        this.notation.append(el("code"));
        ui.after(this.notation);
      }
    }
    this.live = true;
    this.figure.classList.remove("is-loading");
    this.figure.classList.add("is-live");
    this.bar.hidden = true;
    for (const b of Object.values(this.buttons)) b.removeAttribute("disabled");
    await driver.start(state); // the buttons then say what can be done
    if (this.line) this.wrap.setAttribute("aria-label", this.wrap.getAttribute("aria-label") + LINE_KEY_HELP());
  }

  get wrap() {
    return this.driver?.wrap ?? this.figure.querySelector(".petteia-svg-wrap");
  }

  /** The buttons: back to the start, take back, replay, turn round. */
  async command(op) {
    const d = this.driver;
    if (!this.live || !d || d.busy) return;
    if (!this.duodecim) {
      await d.command(op);
      return;
    }
    if (op === "reset") {
      // Back to the page's position, with the line's rolls ahead again.
      const reply = await d.request("open", this.openArgs());
      if (!reply) return;
      d.show(reply);
      this.announce(`${t("Back to the position of the page.")} ${turnWords(reply)}`);
      d.maybeThink();
    } else if (op === "undo" && d.state?.prefix.length) {
      await d.unstep();
      this.announce(`${t("Step taken back.")} ${turnWords(d.state)}`);
    } else {
      await d.command(op);
      this.announce(`${op === "undo" ? t("Turn taken back.") : t("Turn replayed.")} ${turnWords(d.state)}`);
    }
  }

  /** Line controls (line.js) ask for the verbs the board has. */
  request(op, args) {
    return this.driver.request(op, args);
  }

  show(state) {
    this.driver.show(state);
  }

  // ------------------------------------------------------------------ the driver's host
  say(text, kind = "info") {
    if (!this.live) this.movedEarly = true; // a move (or a refusal) before Python
    this.setStatus(text, kind);
    if (kind === "error") this.announce(text);
  }

  onState(state) {
    if (!this.buttons) return;
    this.buttons.undo.disabled = !state.can_undo;
    this.buttons.redo.disabled = !state.can_redo;
    this.buttons.reset.disabled = !state.can_undo && !state.can_redo;
    this.line?.update(state);
    this.status.removeAttribute("role");
    this.setStatus(state.status, state.result || state.puzzle?.status === "solved" ? "result" : "info");
    if (this.duodecim) {
      this.steps?.render(state);
      if (this.notation) this.notation.querySelector("code").textContent = state.position;
      if (state.said) this.announce(state.said); // what the die just played did, in Python's words
    } else {
      this.announce(state.puzzle ? `${state.puzzle.text} ${state.description}` : state.description);
    }
  }

  thinking(on) {
    if (on) {
      this.setStatus(t("The computer is thinking…"));
      return;
    }
    const s = this.driver?.state;
    if (!s) return;
    if (!this.duodecim) {
      this.setStatus(s.status, s.result ? "result" : "info"); // the moves were announced as they came
      return;
    }
    this.onState(s);
    if (s.last_turn && s.last_turn.side !== this.side) {
      this.announce(t("{side} (the computer) played {move}. {status}", { side: SIDES[s.last_turn.side], move: s.last_move.text, status: turnWords(s) }));
    }
  }

}

/** Whose turn it is, with the dice (or the result): Python's status line. */
const turnWords = (s) => s?.status ?? "";

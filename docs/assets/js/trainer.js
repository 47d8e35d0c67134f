// The puzzle trainer (docs/puzzles/index.md): serves the stored puzzles (petteia_core.web.puzzle,
// through the one Python worker), filtered by game, theme and difficulty; the reader plays the
// solution on a live board (click, drag or keyboard), the worker plays the stored defence, a wrong
// move is shown with the reply that refutes it. Hints in two steps, "Show solution", progress in
// localStorage (trainer-progress.js), the puzzle of the day (#daily) and one link per puzzle
// (#id=classic-001). Every puzzle has a rating (petteia_core/puzzles/rating.py) and so has the
// reader (Glicko-2, glicko2.js): "Next puzzle" picks one near the reader's rating, not seen lately
// (trainer-modes.js); the Streak and Timed modes; the dashboard (trainer-dashboard.js) with the
// progress file (save to a file, load from one). An assignment made by a teacher
// (#assign=…, trainer-assignment.js) runs its puzzles in order and ends with a result code.
//
// Every puzzle opened is a new *session* with its own board id in the worker (trainer-1,
// trainer-2, …). Every request goes through ask(), which drops the reply when the session changed
// while it was under way, so a sequence that belongs to one puzzle (solution playback, a hint, a
// reply, a refutation) can never write another puzzle's state; and a late request or close of an
// old session reaches only that old session's board in the worker.
//
// What an attempt counts as (solved, first try, rated, an assignment's outcome), the hints and the
// clipping of echoed input are decided in Python (petteia_core/web/attempt.py, puzzle.py,
// duodecim_puzzle.py): every puzzle reply carries `attempt`, and the page records what it says.
import { t as word } from "./i18n.js";
import { DiceView } from "./dice-view.js";
import { connect } from "./worker-client.js";
import { GameDriver } from "./game-driver.js";
import { Announcer } from "./announcer.js";
import { el } from "./dom.js";
import { Presenter } from "./present.js";
import { fillPuzzleFilters } from "./puzzle-filters.js";
import {
  STORE, exportProgress, importProgress, loadProgress, recordAttempt, saveProgress, seenLately,
} from "./trainer-progress.js";
import { StreakMode, TimedMode, TIMED_SECONDS, pickNear } from "./trainer-modes.js";
import { renderDashboard } from "./trainer-dashboard.js";
import { AssignmentError, decodeAssignment } from "./assignment-code.js";
import { AssignmentPanel, AssignmentRun } from "./trainer-assignment.js";
import { currentPuzzleId } from "./puzzle-ids.js";

const STEP_MS = () => window.__petteiaTrainerStepMs ?? 900; // pause between the solution's moves
const OPENED = 40; // puzzles opened in this visit that "Next puzzle" does not offer again
const MODE_PAUSE_MS = 900; // in a mode, the pause between a solved puzzle and the next
// The timed mode's length; a test may shorten it (window.__petteiaTrainerTimedSeconds).
const TIMED = () => window.__petteiaTrainerTimedSeconds ?? TIMED_SECONDS;
const clockText = (ms) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** What an address fragment asks for: {route: "daily" | "id" | "assign" | "next", id, assign,
 *  unreadable}. Never throws. */
export function readHash(hash) {
  let h = (hash || "").replace(/^#/, "");
  try {
    h = decodeURIComponent(h);
  } catch {
    return { route: "next", unreadable: true };
  }
  if (h === "daily") return { route: "daily" };
  const m = h.match(/^id=([\s\S]*)$/);
  if (m) return { route: "id", id: currentPuzzleId(m[1]) };
  const a = h.match(/^assign=([\s\S]*)$/);
  if (a) return { route: "assign", assign: a[1] };
  return { route: "next" };
}

// ---------------------------------------------------------------- one puzzle on screen
let sessions = 0;

/** One opening of one puzzle: its board id in the worker and what the reader did in it. */
class Session {
  constructor() {
    this.n = ++sessions;
    this.boardId = `trainer-${this.n}`;
    this.puzzle = null; // the puzzle's summary, once open
    this.recorded = false; // the result of this attempt is in the progress
    this.finished = false; // the assignment heard how this puzzle ended
    this.playing = false; // the solution is being played
  }
}

// ---------------------------------------------------------------- the page
class Trainer {
  constructor(root) {
    this.root = root;
    this.api = null;
    this.all = [];
    this.current = null; // summary of the puzzle on screen
    this.session = null; // the Session on screen; every other one is over
    this.disposed = false;
    this.notes = new Map(); // topic -> sentence, shown together above the trainer
    this.opened = []; // the puzzles opened in this visit, the last OPENED (not offered again by "Next")
    this.mode = null; // the Streak or Timed run under way (trainer-modes.js), or null
    this.modeTimer = null;
    this.modeLocked = false; // the board is locked because a timed run is over
    this.run = null; // the assignment under way (trainer-assignment.js), or null
    this.panel = null; // its start form, progress line and finish screen
    this.assignIndex = 0; // the index in the assignment of the puzzle on screen
    const { data, notice } = loadProgress();
    this.progress = data;
    this.build();
    this.note("stored", notice);
  }

  build() {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("trainer");
    this.notice = el("p", { class: "trainer-notice", role: "status", hidden: true });
    const filters = el("div", { class: "trainer-filters", role: "group", "aria-label": "Choose puzzles" });
    const select = (name, label) => {
      const wrap = el("label", { class: "trainer-field" }, label);
      const s = el("select", { name, class: `trainer-${name}` });
      wrap.append(s);
      filters.append(wrap);
      s.addEventListener("change", () => this.refreshList());
      return s;
    };
    this.fGame = select("game", "Game");
    this.fTheme = select("theme", "Theme");
    this.fDiff = select("difficulty", "Difficulty");
    const btn = (cls, text, fn) => {
      const b = el("button", { type: "button", class: `md-button trainer-${cls}` }, text);
      b.addEventListener("click", fn);
      return b;
    };
    // The reader chose another puzzle: a word about the address that opened this one is over.
    const choose = (fn) => () => {
      this.note("address", null);
      if (!this.mode) this.modeBox.hidden = true; // the last run's result is over too
      fn();
    };
    this.bNext = btn("next", "Next puzzle", choose(() => (this.run ? this.assignNext() : this.next())));
    this.bDaily = btn("daily", "Puzzle of the day", choose(() => this.openDaily()));
    this.bRetryList = btn("retry-failed", "Retry failed", choose(() => this.next(true)));
    filters.append(this.bDaily, this.bRetryList);
    // The modes: a run of puzzles from the filters' choice.
    const modes = el("div", { class: "trainer-modes", role: "group", "aria-label": "Modes" });
    this.bStreak = btn("streak", "Streak", choose(() => this.startMode("streak")));
    this.bTimed = btn("timed", `Timed (${clockText(TIMED() * 1000)})`, choose(() => this.startMode("timed")));
    this.bStop = btn("stop", "Stop", () => this.endMode("stopped"));
    this.bStop.hidden = true;
    // Above the board while a run is on (and its result after it): the score, the clock, Stop.
    this.modeBox = el("div", { class: "trainer-modebar", hidden: true });
    // Not a live region: the clock changes every second. Scores and the end are spoken (speech).
    this.modeBar = el("p", { class: "trainer-mode" });
    this.modeBox.append(this.modeBar, this.bStop);
    modes.append(this.bStreak, this.bTimed);
    this.ratingLine = el("p", { class: "trainer-rating" });

    this.stats = el("p", { class: "trainer-stats", "aria-live": "polite" });
    const main = el("div", { class: "trainer-main" });
    this.figure = el("figure", { class: "petteia-board trainer-board", id: "trainer-board", "data-mode": "puzzle" });
    this.speech = new Announcer(); // what happens on the board, for screen readers
    this.figure.append(el("div", { class: "petteia-svg-wrap" }), this.speech.node);
    this.duo = el("div", { class: "trainer-duo", hidden: true });
    const side = el("div", { class: "trainer-side" });
    this.title = el("h2", { class: "trainer-title" });
    this.goal = el("p", { class: "trainer-goal" });
    this.meta = el("dl", { class: "trainer-meta" });
    this.status = el("p", { class: "trainer-status", role: "status", "aria-live": "polite" }, "Loading Python…");
    const actions = el("div", { class: "trainer-actions" });
    this.bHint = btn("hint", "Hint", () => this.hint());
    this.bSolution = btn("solution", "Show solution", () => this.showSolution());
    this.bTry = btn("try-again", "Try again", () => this.retry());
    this.bTry.hidden = true;
    this.link = el("a", { class: "trainer-link" }, "Link to this puzzle");
    actions.append(this.bTry, this.bHint, this.bSolution, this.bNext); // "Next puzzle" beside the puzzle's own buttons
    // Present mode (present.js): the board and the puzzle beside it, alone and large, for a projector.
    this.presenter = new Presenter(main, { focus: () => this.board.wrap, say: (t) => this.speech.say(t), label: "the puzzle" });
    this.presenter.button.classList.add("md-button");
    actions.append(this.presenter.button);
    // The board first; beside it (below it on a phone) the puzzle, its buttons, then the choice of
    // puzzles and the reader's results.
    this.dice = new DiceView("play-dice trainer-dice");
    side.append(this.title, this.goal, this.dice.node, this.status, actions, this.meta, this.link, this.ratingLine,
      filters, modes, this.stats);
    this.listBox = el("details", { class: "trainer-list" });
    this.listSummary = el("summary", {}, "Puzzles");
    this.list = el("ol", {});
    this.listBox.append(this.listSummary, this.list);
    // A puzzle chosen from the list opens here: the theme's instant navigation would otherwise take
    // the link (a same-page address changes without a "hashchange", and the puzzle would not change).
    this.list.addEventListener("click", (e) => {
      const a = e.target.closest?.("a[href^='#id=']");
      if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !this.api) return;
      e.preventDefault();
      e.stopPropagation();
      this.note("address", null);
      if (this.mode) this.endMode("stopped");
      this.open(a.getAttribute("href").slice(4));
    });
    main.append(this.figure, this.duo, side);
    // The dashboard, with the progress file.
    this.dashBox = el("details", { class: "trainer-dashboard", id: "trainer-dashboard" });
    this.dashBox.append(el("summary", {}, "Your progress: rating, results, progress file"));
    this.dash = el("div", { class: "trainer-dash" });
    this.bReplay = btn("replay", "Replay my misses", choose(() => this.next(true)));
    this.bExport = btn("export", "Save progress to a file", () => this.exportFile());
    this.fileInput = el("input", { type: "file", accept: ".json,application/json", class: "trainer-import-file", hidden: true });
    this.fileInput.addEventListener("change", () => this.importFile());
    this.bImport = btn("import", "Load progress from a file", () => this.fileInput.click());
    this.fileMsg = el("p", { class: "trainer-file-msg", role: "status", "aria-live": "polite", hidden: true });
    this.dashBox.append(this.dash, this.fileMsg, this.fileInput);
    this.dashBox.addEventListener("toggle", () => this.renderDashboard());
    // The assignment's start form, "Puzzle 2 of 6" and finish screen (trainer-assignment.js).
    this.assignBox = el("div", { class: "trainer-assign", hidden: true });
    r.append(this.notice, this.modeBox, this.assignBox, main, this.dashBox, this.listBox);
    this.main = main;
    // Every request of the board (the reader's moves) goes through ask(), for the session on screen.
    this.board = new GameDriver(this.figure, {
      id: null,
      call: (op, args) => this.ask(op, args),
      mode: "puzzle",
      label: "Puzzle board.",
      hideCaptures: true, // the destination marks must not tell captures from quiet moves
      host: {
        onState: (state) => {
          if (!this.owns(state)) return;
          this.speech.say(state.description);
          this.onState(state);
        },
        say: (text, kind) => this.setStatus(text, kind),
        announce: (text) => this.speech.say(text),
        thinking: () => {},
      },
    });
    this.setButtons(false);
    this.renderStats();
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  /** Show (or, with null, withdraw) the sentence about `topic` in the note above the trainer. */
  note(topic, text) {
    if (text) this.notes.set(topic, text);
    else this.notes.delete(topic);
    this.notice.textContent = [...this.notes.values()].join(" ");
    this.notice.hidden = this.notes.size === 0;
  }

  setButtons(enabled) {
    for (const b of [this.bHint, this.bSolution, this.bNext, this.bDaily, this.bRetryList, this.bStreak, this.bTimed,
      this.bReplay, this.bImport]) b.disabled = !enabled;
  }

  renderStats() {
    const res = Object.values(this.progress.results);
    const solved = res.filter((v) => v === "solved").length;
    const failed = res.length - solved;
    this.stats.textContent = `Solved ${solved} · Failed ${failed} · Streak ${this.progress.streak} (best ${this.progress.best})`;
    this.bRetryList.textContent = `Retry failed (${failed})`;
    this.bReplay.textContent = `Replay my misses (${failed})`;
    if (this.api) this.bRetryList.disabled = this.bReplay.disabled = failed === 0 || Boolean(this.mode);
    const r = this.progress.rating;
    this.ratingLine.replaceChildren("Your rating: ",
      el("strong", { class: "trainer-rating-value", "data-rating": String(r.rating) }, String(Math.round(r.rating))));
    if (this.lastChange) {
      const d = Math.round(this.lastChange);
      this.ratingLine.append(" ", el("span", { class: `trainer-rating-change ${d >= 0 ? "up" : "down"}` },
        d === 0 ? "(±0)" : `(${d > 0 ? "+" : "−"}${Math.abs(d)})`));
    }
    this.renderDashboard();
    for (const li of this.list.querySelectorAll("li[data-id]")) {
      li.dataset.result = this.progress.results[li.dataset.id] || "";
    }
  }

  /** What the worker says `session`'s attempt counts as (`attempt` of a puzzle reply): a lost
   *  first try marks the assignment's puzzle, a result is recorded once, an outcome ends the
   *  assignment's puzzle once. */
  noteAttempt(session, attempt) {
    if (!attempt || session !== this.session) return;
    if (!attempt.first_try) this.assignMark("failed");
    if (attempt.result) this.record(session, attempt.result, attempt.rated);
    if (attempt.outcome && !session.finished) {
      session.finished = true;
      this.assignMark(attempt.outcome);
    }
  }

  /** The result of `session`'s attempt (once per attempt), kept and saved; the rating moves when
   *  the worker says so (`rated`: not after a hint) and not for a puzzle tried in the last days;
   *  a mode under way hears of it. */
  record(session, result, rated) {
    if (session !== this.session || session.recorded || !session.puzzle) return;
    session.recorded = true;
    const ok = result === "solved";
    const rating = typeof session.puzzle.rating === "number" ? session.puzzle.rating : null;
    this.lastChange = recordAttempt(this.progress, { id: session.puzzle.id, ok, puzzleRating: rating, rated });
    if (this.mode) this.mode.result(ok);
    this.save();
    this.renderStats();
    if (this.mode) this.afterModeResult(session, ok);
  }

  renderDashboard() {
    if (!this.dashBox.open) return; // drawn when opened, and again on every change while open
    const misses = Object.values(this.progress.results).filter((v) => v === "failed").length;
    renderDashboard(this.dash, this.progress, this.all, this.games || [], misses ? [this.bReplay, this.bExport, this.bImport] : [this.bExport, this.bImport]);
  }

  // ------------------------------------------------------------ modes
  startMode(kind) {
    if (this.mode) this.endMode("stopped");
    const pool = this.filtered();
    if (!pool.length) {
      this.setStatus("No puzzle matches these filters: choose others to start a run.", "error");
      return;
    }
    const rating = this.progress.rating.rating;
    this.mode = kind === "streak" ? new StreakMode(pool, rating) : new TimedMode(pool, rating, { seconds: TIMED() });
    this.modeResult = null;
    this.bStop.hidden = false;
    this.bStreak.hidden = this.bTimed.hidden = true;
    this.modeBox.hidden = false;
    delete this.modeBar.dataset.over;
    this.root.dataset.mode = kind;
    this.modeBox.scrollIntoView({ block: "start" });
    if (kind === "timed") this.modeTimer = setInterval(() => this.tick(), 200);
    this.renderMode();
    this.renderStats();
    this.modeNext();
  }

  /** The mode bar: the run's score, and the clock in the timed mode. */
  renderMode() {
    const m = this.mode;
    if (!m) return;
    const best = this.progress.modes[m.kind];
    this.modeBar.textContent = m.kind === "streak"
      ? `Streak: ${m.score} solved in a row (best ${best}). One miss ends it.`
      : `Timed: ${clockText(m.left())} left · ${m.score} solved (best ${best}). A miss costs 10 seconds.`;
    this.modeBar.dataset.score = String(m.score);
  }

  tick() {
    const m = this.mode;
    if (!m || m.kind !== "timed") return;
    if (m.over) return this.endMode("time");
    this.renderMode();
  }

  async modeNext() {
    const m = this.mode;
    if (!m) return;
    const p = m.next();
    if (!p) return this.endMode(m.kind === "streak" ? "done" : "time");
    await this.open(p.id);
  }

  afterModeResult(session, ok) {
    const m = this.mode;
    this.renderMode();
    if (!m.over) this.speech.say(`${m.kind === "streak" ? "Streak" : "Timed"}: ${m.score} solved.`);
    if (m.over) return this.endMode(m.kind === "streak" ? (m.reason || "miss") : "time");
    // Solved, or a miss in the timed mode: the next puzzle after a short pause.
    setTimeout(() => {
      if (this.mode === m && !m.over && this.session === session) this.modeNext();
    }, ok ? MODE_PAUSE_MS : MODE_PAUSE_MS * 2);
  }

  /** The run is over: its score kept if it is the best, and said. */
  endMode(why) {
    const m = this.mode;
    if (!m) return;
    this.mode = null;
    clearInterval(this.modeTimer);
    this.modeTimer = null;
    const best = Math.max(this.progress.modes[m.kind], m.score);
    const record = m.score > this.progress.modes[m.kind];
    this.progress.modes[m.kind] = best;
    this.save();
    const solved = `${m.score} puzzle${m.score === 1 ? "" : "s"}`;
    const tail = record ? " A new best!" : ` Your best: ${best}.`;
    const text = {
      miss: `Streak over: you solved ${solved} in a row before the miss.${tail}`,
      done: `Streak complete: you solved all ${solved} that match the filters.${tail}`,
      time: `Time is up! You solved ${solved} in the timed run.${tail}`,
      stopped: `Run stopped: ${solved} solved.`,
    }[why];
    this.modeBar.textContent = text;
    this.modeBar.dataset.over = why;
    this.speech.say(text);
    this.modeResult = { kind: m.kind, why, score: m.score };
    this.bStop.hidden = true;
    this.bStreak.hidden = this.bTimed.hidden = false;
    delete this.root.dataset.mode;
    if (why === "time" && !this.modeLocked && this.session?.puzzle) {
      this.modeLocked = true; // the clock is at zero: no more moves on this puzzle
      this.board.lock();
      this.beginSession(); // and a late reply of the old one changes nothing
      this.setStatus(text + " Press “Next puzzle” or start another run.", "info");
    }
    this.renderStats();
  }

  // ------------------------------------------------------------ the progress file
  exportFile() {
    const text = exportProgress(this.progress);
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = el("a", { href: url, download: `petteia-progress-${today()}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.fileMessage("Your progress was saved to a file. Load it on another device with “Load progress from a file”.", "info");
  }

  async importFile() {
    const file = this.fileInput.files?.[0];
    this.fileInput.value = "";
    if (!file) return;
    let data;
    try {
      data = importProgress(await file.text());
    } catch (err) {
      this.fileMessage(`${err.message} Your progress was not changed.`, "error");
      return;
    }
    if (this.mode) this.endMode("stopped");
    try {
      const before = window.localStorage.getItem(STORE);
      if (before !== null) window.localStorage.setItem(`${STORE}.before-import`, before);
    } catch {
      /* the save below tells the reader if storage does not work */
    }
    this.progress = data;
    this.lastChange = 0;
    this.save();
    this.renderStats();
    this.refreshList();
    const tried = Object.keys(data.tries).length;
    this.fileMessage(`Progress loaded: ${tried} puzzle${tried === 1 ? "" : "s"} tried, rating ${Math.round(data.rating.rating)}.`, "solved");
  }

  fileMessage(text, kind) {
    this.fileMsg.textContent = text;
    this.fileMsg.dataset.kind = kind;
    this.fileMsg.hidden = false;
  }

  /** Save the progress; a failure is told in the note (and withdrawn once a save works again). */
  save() {
    const why = saveProgress(this.progress);
    this.note("save", why && `Your progress could not be saved: ${why}. Solving still works, and this visit's results are counted until you leave the page.`);
  }

  // ------------------------------------------------------------ sessions and requests
  /** True while `session` is the one on screen. */
  live(session) {
    return !this.disposed && session !== null && session === this.session;
  }

  /** Whether a state from the worker belongs to the session on screen. */
  owns(state) {
    return Boolean(this.session && state?.board_id === this.session.boardId);
  }

  /** One request about the session on screen: its reply, or null when it failed (the status
   *  says why) or when the reader moved on to another puzzle while it was under way. */
  async ask(op, args = {}) {
    const session = this.session;
    if (!this.live(session) || !this.api) return null;
    this.board.lock(); // no input until the reply is in (a move also holds it through the animation)
    let reply;
    try {
      reply = await this.api.call(op, { ...args, board_id: session.boardId });
    } catch (err) {
      if (this.live(session)) this.setStatus(`The trainer stopped: ${err?.message || err}. Reload the page to go on.`, "error");
      return null;
    } finally {
      this.board.unlock();
    }
    if (!this.live(session)) return null;
    if (!reply.ok) {
      this.setStatus(reply.error, "error");
      return null;
    }
    return reply;
  }

  /** A new session replaces the one on screen; the old one is over (and closed in the worker). */
  beginSession() {
    const old = this.session;
    this.session = new Session();
    if (old) this.closeSession(old);
    return this.session;
  }

  /** `promise`, with the board taking no input until it settles (a puzzle is being chosen). */
  async locked(promise) {
    this.board.lock();
    try {
      return await promise;
    } finally {
      this.board.unlock();
    }
  }

  closeSession(session) {
    this.api?.call("close", { board_id: session.boardId }).catch(() => {});
  }

  // ------------------------------------------------------------ start
  async mount(hash) {
    this.api = await connect((p) => this.setStatus(p.text),
      (err) => this.setStatus(`The trainer could not start: ${err.message}.`, "error"));
    if (!this.api || this.disposed) return;
    const reply = await this.api.call("puzzle_list", {});
    if (this.disposed) return;
    if (!reply.ok) {
      this.setStatus(reply.error, "error");
      return;
    }
    this.all = reply.puzzles;
    this.games = reply.rulesets;
    fillPuzzleFilters({ game: this.fGame, theme: this.fTheme, difficulty: this.fDiff }, reply, (d) => "★".repeat(d));
    this.setButtons(true);
    this.refreshList();
    this.renderStats();
    this.onHash = () => this.fromHash(location.hash);
    window.addEventListener("hashchange", this.onHash);
    await this.fromHash(hash);
  }

  dispose() {
    this.disposed = true;
    this.presenter.dispose();
    clearInterval(this.modeTimer);
    if (this.onHash) window.removeEventListener("hashchange", this.onHash);
    if (this.session) this.closeSession(this.session);
    this.session = null;
    this.board.dispose();
  }

  filtered() {
    const g = this.fGame.value, t = this.fTheme.value, d = this.fDiff.value;
    return this.all.filter((p) => (!g || p.ruleset === g) && (!t || p.themes.includes(t)) && (!d || p.difficulty === Number(d)));
  }

  refreshList() {
    const ps = this.filtered();
    this.listSummary.textContent = `${ps.length} puzzle${ps.length === 1 ? "" : "s"} match`;
    this.list.replaceChildren(...ps.map((p) => {
      const li = el("li", { "data-id": p.id, "data-result": this.progress.results[p.id] || "" });
      li.append(el("a", { href: `#id=${p.id}` }, `${p.id}`), ` — ${p.goal} ${"★".repeat(p.difficulty)}`);
      return li;
    }));
  }

  /** Open what the address asks for; an address that cannot be read gets a word and a puzzle. */
  async fromHash(hash) {
    const want = readHash(hash);
    if (want.route === "assign") return this.openAssignment(want.assign);
    if (this.run) this.leaveAssignment();
    this.note("address", want.unreadable
      ? "This puzzle address could not be read (it is not a link the trainer knows), so here is the next puzzle."
      : null);
    if (want.route === "daily") return this.openDaily();
    if (want.route === "id") return this.open(want.id, { fallback: true });
    return this.next(false, { landing: true });
  }

  async openDaily() {
    const session = this.beginSession(); // a later choice of the reader wins over this one
    const reply = await this.locked(this.api.call("puzzle_daily", { date: today() }));
    if (!this.live(session)) return;
    if (!reply.ok) return this.noPuzzle("The puzzle of the day", reply.error);
    await this.open(reply.id, { daily: true }, session);
  }

  /** The next puzzle: one of the filters' choice near the reader's rating, not seen lately and
   *  not solved yet if there is one (or, with `failedOnly`, the next failed one in the list). */
  async next(failedOnly = false, { landing = false } = {}) {
    if (this.mode) this.endMode("stopped");
    const pool = failedOnly ? this.all.filter((p) => this.progress.results[p.id] === "failed") : this.filtered();
    if (!pool.length) {
      this.setStatus(failedOnly ? "No failed puzzles to retry." : "No puzzle matches these filters.", "error");
      return;
    }
    let pick;
    if (failedOnly) {
      const at = this.current ? pool.findIndex((p) => p.id === this.current.id) : -1;
      pick = [...pool.slice(at + 1), ...pool.slice(0, at + 1)][0];
    } else {
      const seen = seenLately(this.progress);
      for (const id of this.opened) seen.add(id); // opened in this visit, tried or not
      // The trainer opens on a board puzzle (a Duodecim puzzle is answered with a whole turn).
      const boards = landing ? pool.filter((p) => p.ruleset !== "duodecim") : [];
      pick = pickNear(boards.length ? boards : pool, this.progress.rating.rating, seen, Math.random,
        (p) => this.progress.results[p.id] !== "solved");
    }
    await this.open(pick.id);
  }

  /** Open puzzle `id` in a new session. `fallback`: an unknown id gets a word and the next puzzle. */
  async open(id, { daily = false, fallback = false, tried = false } = {}, session = this.beginSession()) {
    const reply = await this.locked(this.api.call("open", { kind: "puzzle", board_id: session.boardId, puzzle_id: id, tried }));
    if (!this.live(session)) {
      this.closeSession(session); // the reader moved on while it opened
      return;
    }
    if (!reply.ok) {
      if (fallback) {
        this.note("address", `No such puzzle: ${reply.error}. Here is the next puzzle instead.`);
        return this.next(false, { landing: true });
      }
      return this.noPuzzle("Unknown puzzle", `No such puzzle: ${reply.error}. Choose one from the list below or press “Next puzzle”.`);
    }
    const t = reply.trainer;
    session.puzzle = t;
    this.opened = [...this.opened.filter((x) => x !== t.id), t.id].slice(-OPENED);
    if (this.modeLocked) {
      this.modeLocked = false;
      this.board.unlock();
    }
    this.current = t;
    const url = `#id=${t.id}`;
    if (location.hash !== url && !this.run) history.replaceState(null, "", url); // an assignment keeps its address
    this.link.href = url;
    this.title.textContent = this.run
      ? `Puzzle ${this.assignIndex + 1} of ${this.run.total} · ${t.game}`
      : `${daily ? "Puzzle of the day: " : ""}${t.game} · ${t.id}`;
    // The roll decides how far each piece goes (Kubeia: in the position; Duodecim: the puzzle's).
    const given = t.roll ?? reply.dice ?? null; // a Duodecim puzzle's roll is written "63"
    const roll = given ? Array.from(given, Number) : null;
    this.goal.textContent = roll ? `${t.goal} ${word("Roll: {a} and {b}.", { a: roll[0], b: roll[1] })}` : t.goal;
    this.dice.show(roll, reply.turn ?? t.side ?? "w", roll ? `${t.id}:${roll.join("")}` : null);
    this.showMeta(t);
    this.bHint.disabled = this.bSolution.disabled = false;
    this.bTry.hidden = true;
    if (reply.duodecim) return this.openDuodecim(reply);
    this.duo.hidden = true;
    this.figure.hidden = false;
    this.board.id = session.boardId;
    this.board.start(reply);
  }

  showMeta(t) {
    this.meta.replaceChildren();
    const row = (k, v) => this.meta.append(el("dt", {}, k), el("dd", { class: `trainer-meta-${k.toLowerCase().replace(/ /g, "-")}` }, v));
    row("Themes", t.themes.join(", "));
    row("Difficulty", `${"★".repeat(t.difficulty)}${"☆".repeat(5 - t.difficulty)} (${t.difficulty} of 5)`);
    if (typeof t.rating === "number") row("Rating", String(t.rating));
    row("Source", t.source);
    const result = this.progress.results[t.id];
    if (result) row("Your result", result === "solved" ? "solved before" : "failed before");
  }

  /** No puzzle on screen (the one asked for could not be opened): say why, leave no dead board. */
  noPuzzle(title, text) {
    this.current = null;
    this.title.textContent = title;
    this.goal.textContent = "";
    this.dice.show(null);
    this.meta.replaceChildren();
    this.figure.hidden = this.duo.hidden = true;
    this.setStatus(text, "error");
    this.bHint.disabled = this.bSolution.disabled = true;
    this.bTry.hidden = true;
  }

  /** Called by the board with every new state of the session on screen. */
  onState(state) {
    const t = state.trainer;
    const session = this.session;
    if (!t || !session?.puzzle) return;
    this.bTry.hidden = t.status !== "wrong";
    this.bHint.disabled = !t.your_turn || session.playing;
    this.bSolution.disabled = t.status === "solved" || session.playing;
    this.figure.dataset.status = t.status;
    const inMode = Boolean(this.mode);
    this.noteAttempt(session, t.attempt); // the worker decides what counts (a solve only at the first try)
    let text = t.text;
    if (t.status === "wrong") {
      text += inMode ? "" : " Press “Try again” to take it back.";
      if (inMode) this.bTry.hidden = true;
      if (inMode && !this.mode) text += ` ${this.modeBar.textContent}`; // the miss ended the run
    }
    if (t.status === "solved") {
      text += inMode ? (this.mode ? " Next puzzle…" : "")
        : this.run ? ` Press “${this.bNext.textContent}”.` : " Press “Next puzzle” for another.";
    }
    this.setStatus(text, t.status);
  }

  async retry() {
    const reply = await this.ask("retry");
    if (reply) this.board.show(reply);
    this.board.wrap.focus({ preventScroll: true });
  }

  async hint() {
    const session = this.session;
    if (!session?.puzzle) return;
    const duodecim = session.puzzle.ruleset === "duodecim";
    const ply = this.board.state?.ply;
    const reply = await this.ask("hint");
    if (!reply || !this.live(session)) return;
    this.noteAttempt(session, reply.attempt); // a hint ends the first try and leaves the rating
    if (duodecim) return this.setStatus(`Hint: ${reply.text}`, "hint");
    if (this.board.state?.ply !== ply) return; // the position moved on
    this.board.view.setHint({ from: reply.from, to: reply.to });
    this.speech.say(reply.text);
    this.setStatus(`Hint: ${reply.text}`, "hint");
  }

  /** Play the stored solution from the puzzle position, one move at a time; stops as soon as the
   *  reader opens another puzzle (every await is followed by a check). */
  async showSolution() {
    const session = this.session;
    if (!session?.puzzle || session.playing) return;
    if (session.puzzle.ruleset === "duodecim") {
      const reply = await this.ask("show_solution");
      if (!reply) return;
      this.noteAttempt(session, reply.trainer.attempt); // the puzzle is missed
      this.setStatus(reply.trainer.text, "solved");
      return;
    }
    session.playing = true;
    this.bSolution.disabled = this.bHint.disabled = true;
    try {
      // The puzzle is missed, the board back at its start; then the solution, one move at a time.
      let reply = await this.ask("show_solution");
      if (!reply) return;
      this.noteAttempt(session, reply.trainer.attempt);
      this.board.show(reply);
      this.setStatus("The solution…", "shown");
      while (reply.trainer.status !== "solved") {
        await sleep(STEP_MS() / 2);
        if (!this.live(session)) return;
        reply = await this.ask("solution");
        if (!reply) return;
        await this.board.view.animate(reply.last_move);
        if (!this.live(session)) return;
        this.board.show(reply);
        await sleep(STEP_MS() / 2);
        if (!this.live(session)) return;
      }
    } finally {
      session.playing = false;
    }
  }

  // ------------------------------------------------------------ an assignment (#assign=…)
  /** Open the assignment in the address: its start form, the puzzle the pupil is at, or its finish
   *  screen. A link that cannot be read, or that names puzzles this site lacks, gets a word and
   *  the ordinary trainer. */
  async openAssignment(text) {
    let a;
    try {
      a = decodeAssignment(text);
    } catch (err) {
      if (!(err instanceof AssignmentError)) throw err;
      this.leaveAssignment();
      this.note("address", `This assignment link could not be read: ${err.message}. Ask your teacher for the link again; meanwhile, here is a puzzle to practise.`);
      return this.next(false, { landing: true });
    }
    const check = await this.api.call("puzzle_unknown", { ids: a.ids }); // the worker clips what it echoes
    if (check.ok && check.unknown.length) {
      const n = check.unknown.length;
      this.leaveAssignment();
      this.note("address", `This assignment names puzzle${n === 1 ? "" : "s"} this site does not have (${check.text}). Ask your teacher for a new link; meanwhile, here is a puzzle to practise.`);
      return this.next(false, { landing: true });
    }
    this.note("address", null);
    if (this.mode) this.endMode("stopped");
    if (this.run?.assignment.id !== a.id) {
      this.run = new AssignmentRun(a);
      this.panel = new AssignmentPanel(this.run, {
        start: (name) => this.assignStart(name),
        restart: () => this.assignRestart(),
        qr: async (value, label) => (await import("./qr.js")).qrSvg(value, label),
      });
      this.assignBox.replaceChildren(this.panel.node);
    }
    this.root.dataset.assignment = "on";
    this.assignBox.hidden = false;
    return this.assignShow();
  }

  /** Back to the ordinary trainer (the reader followed another puzzle address). */
  leaveAssignment() {
    this.run = this.panel = null;
    delete this.root.dataset.assignment;
    this.assignBox.hidden = true;
    this.assignBox.replaceChildren();
    this.main.hidden = false;
    this.bNext.hidden = false;
  }

  /** Show where the pupil is: the start form, the next puzzle, or the finish screen. */
  async assignShow() {
    const run = this.run;
    if (!run.started || run.done) {
      this.beginSession(); // no puzzle on screen: a late reply of the last one changes nothing
      this.current = null;
      this.main.hidden = true;
      if (!run.started) this.panel.showStart();
      else await this.panel.showFinish(location.href);
      window.scrollTo({ top: 0 }); // the form or the finish screen is at the top of the page
      return;
    }
    this.main.hidden = false;
    this.assignIndex = run.index;
    this.bNext.hidden = true; // until this puzzle has its result
    this.panel.showProgress(run.index);
    // A puzzle of the assignment missed before is no first try now (the worker counts it so).
    await this.open(currentPuzzleId(run.assignment.ids[run.index]), { tried: run.failed[run.index] });
  }

  assignStart(name) {
    if (!this.run.start(name)) this.note("save", "This browser does not keep data for this page: finish the assignment before you leave it.");
    this.assignShow();
  }

  assignRestart() {
    this.run.clear();
    this.assignShow();
  }

  /** What happened on the board in the assignment's puzzle on screen, as the worker counts it:
   *  "failed" (no first try any more), or its outcome "first", "solved" or "missed" (then "Next
   *  puzzle" is offered). */
  assignMark(what) {
    const run = this.run;
    if (!run || !this.session?.puzzle || this.current?.id !== currentPuzzleId(run.assignment.ids[this.assignIndex])) return;
    if (what === "failed") return run.markFailed(this.assignIndex);
    const result = run.finish(this.assignIndex, what);
    const last = run.index === run.total;
    this.bNext.textContent = last ? "See my result code" : "Next puzzle";
    this.bNext.hidden = false;
    this.bNext.disabled = false;
    const words = { first: "Solved at the first try!", solved: "Solved.", missed: "Missed: this puzzle counts as not solved." }[result];
    this.speech.say(`${words} ${last ? "That was the last puzzle." : ""}`);
  }

  async assignNext() {
    this.bNext.textContent = "Next puzzle";
    await this.assignShow();
  }

  // ------------------------------------------------------------ Duodecim: one whole turn
  openDuodecim(reply) {
    this.figure.hidden = true;
    this.duo.hidden = false;
    this.duo.replaceChildren();
    const pic = el("div", { class: "trainer-duo-svg" });
    pic.innerHTML = reply.svg;
    const form = el("form", { class: "trainer-duo-form" });
    const label = el("label", { for: "trainer-turn" }, "Your turn (choose it, or type it, e.g. “@A6 A4-B2”):");
    const input = el("input", { id: "trainer-turn", list: "trainer-turns", autocomplete: "off", class: "trainer-turn", maxlength: "120" });
    const dl = el("datalist", { id: "trainer-turns" });
    const chooser = el("select", { class: "trainer-turn-select", "aria-label": "Legal turns" });
    chooser.append(el("option", { value: "" }, `— ${reply.turns.length} legal turns —`));
    for (const t of reply.turns) {
      dl.append(el("option", { value: t }));
      chooser.append(el("option", { value: t }, t));
    }
    chooser.addEventListener("change", () => (input.value = chooser.value));
    const check = el("button", { type: "submit", class: "md-button trainer-check" }, "Check");
    form.append(label, input, dl, chooser, check);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.checkTurn(input.value);
    });
    this.duo.append(pic, form);
    this.setStatus(reply.trainer.text, "todo");
  }

  /** Check a whole Duodecim turn. Input that is not a playable turn is an error, not an attempt. */
  async checkTurn(turn) {
    const session = this.session;
    if (!session?.puzzle) return;
    const r = await this.ask("play", { notation: turn });
    if (!r) return; // not a turn (the status says why), or another puzzle is on screen now
    const inMode = Boolean(this.mode);
    this.noteAttempt(session, r.attempt);
    if (r.correct) {
      this.setStatus(`${r.text}${inMode ? "" : " Press “Next puzzle” for another."}`, "solved");
    } else {
      const over = inMode && !this.mode ? ` ${this.modeBar.textContent}` : ""; // the miss ended the run
      this.setStatus(`${r.text}${inMode ? "" : " Try again."}${over}`, "wrong");
    }
  }

}

let trainer = null;

export function mountTrainer(root, hash = location.hash) {
  trainer?.dispose();
  trainer = new Trainer(root);
  window.__petteiaTrainer = trainer; // for tests and debugging
  trainer.mount(hash);
}

export function unmountTrainer() {
  trainer?.dispose();
  trainer = null;
}

// The puzzle trainer (docs/puzzles/index.md): serves the stored puzzles (petteia_core.web_puzzles,
// through the one Python worker), filtered by game, theme and difficulty; the reader plays the
// solution on a live board (click, drag or keyboard), the worker plays the stored defence, a wrong
// move is shown with the reply that refutes it. Hints in two steps, "Show solution", progress in
// localStorage, the puzzle of the day (#daily) and one link per puzzle (#id=classic-001).
import { connect } from "./worker-client.js";
import { LiveBoard } from "./board.js";
import { KeyboardCursor } from "./keyboard.js";
import { el } from "./dom.js";

const STORE = "petteia-trainer";
const SVG_NS = "http://www.w3.org/2000/svg";
const STEP_MS = () => window.__petteiaTrainerStepMs ?? 900; // pause between the solution's moves

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// ---------------------------------------------------------------- progress (localStorage)
export function loadProgress() {
  const empty = { v: 1, results: {}, streak: 0, best: 0 };
  let raw = null;
  try {
    raw = localStorage.getItem(STORE);
  } catch {
    return { data: empty, notice: "Progress cannot be saved in this browser (storage is blocked)." };
  }
  if (raw === null) return { data: empty, notice: null };
  try {
    const d = JSON.parse(raw);
    const ok = d && typeof d === "object" && d.results && typeof d.results === "object" && !Array.isArray(d.results) &&
      Object.values(d.results).every((v) => v === "solved" || v === "failed") &&
      Number.isInteger(d.streak) && d.streak >= 0;
    if (!ok) throw new Error("bad shape");
    return { data: { v: 1, results: d.results, streak: d.streak, best: Number.isInteger(d.best) ? d.best : d.streak }, notice: null };
  } catch {
    return { data: empty, notice: "Your saved puzzle progress could not be read, so it was ignored and starts afresh." };
  }
}

function saveProgress(data) {
  try {
    localStorage.setItem(STORE, JSON.stringify(data));
  } catch {
    /* private mode: progress lives for this visit only */
  }
}

// ---------------------------------------------------------------- the board
class TrainerBoard extends LiveBoard {
  constructor(figure, trainer) {
    super(figure, 0);
    this.trainer = trainer;
    this.hint = null; // {from, to} while a hint is shown
  }

  async start(api, state) {
    this.api = api;
    this.live = true;
    this.figure.classList.add("is-live");
    this.bar.hidden = true;
    this.wrap.tabIndex = 0;
    this.wrap.setAttribute("role", "application");
    this.wrap.setAttribute("aria-label",
      "Puzzle board. Arrow keys move the cursor, Enter picks up a piece or moves it, Escape puts it back.");
    if (!this.keyboard) {
      this.keyboard = new KeyboardCursor(this);
      this.attachPointer();
    }
    for (const b of Object.values(this.buttons)) b.removeAttribute("disabled");
    this.show(state);
  }

  request(op, args) {
    return super.request(op === "play" ? "puzzle_play" : op, args);
  }

  show(state) {
    if (this.disposed) return;
    this.hint = null;
    super.show(state);
    this.trainer.onState(state);
  }

  maybeThink() {}

  drawFx() {
    super.drawFx();
    if (!this.svg || !this.hint) return;
    const fx = this.svg.querySelector("g.fx");
    if (this.hint.from !== null && this.hint.from !== undefined) {
      this.pieceOn(this.hint.from)?.classList.add("is-hint");
      const [x, y] = this.corner(this.hint.from);
      const r = document.createElementNS(SVG_NS, "rect");
      r.setAttribute("class", "hint-from");
      r.setAttribute("x", x + 2); r.setAttribute("y", y + 2);
      r.setAttribute("width", this.g.s - 4); r.setAttribute("height", this.g.s - 4);
      r.dataset.sq = this.hint.from;
      fx.append(r);
    }
    if (this.hint.to !== null && this.hint.to !== undefined) {
      const [cx, cy] = this.centre(this.hint.to);
      const c = document.createElementNS(SVG_NS, "circle");
      c.setAttribute("class", "hint-to");
      c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", this.g.s * 0.3);
      c.dataset.sq = this.hint.to;
      fx.append(c);
    }
  }

  showHint(hint) {
    this.hint = { from: hint.from, to: hint.to };
    this.drawFx();
    this.announce(hint.text);
  }
}

// ---------------------------------------------------------------- the page
class Trainer {
  constructor(root) {
    this.root = root;
    this.api = null;
    this.all = [];
    this.current = null; // summary of the puzzle on screen
    this.attempt = null; // {failed, shown, recorded}
    this.disposed = false;
    const { data, notice } = loadProgress();
    this.progress = data;
    this.build(notice);
  }

  build(notice) {
    const r = this.root;
    r.replaceChildren();
    r.classList.add("trainer");
    this.notice = el("p", { class: "trainer-notice", role: "status", hidden: !notice }, notice || "");
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
    this.bNext = btn("next", "Next puzzle", () => this.next());
    this.bDaily = btn("daily", "Puzzle of the day", () => this.openDaily());
    this.bRetryList = btn("retry-failed", "Retry failed", () => this.next(true));
    filters.append(this.bNext, this.bDaily, this.bRetryList);

    this.stats = el("p", { class: "trainer-stats", "aria-live": "polite" });
    const main = el("div", { class: "trainer-main" });
    this.figure = el("figure", { class: "petteia-board trainer-board", id: "trainer-board" });
    this.figure.append(el("div", { class: "petteia-svg-wrap" }));
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
    actions.append(this.bTry, this.bHint, this.bSolution);
    side.append(this.title, this.goal, this.status, actions, this.meta, this.link);
    main.append(this.figure, this.duo, side);
    this.listBox = el("details", { class: "trainer-list" });
    this.listSummary = el("summary", {}, "Puzzles");
    this.list = el("ol", {});
    this.listBox.append(this.listSummary, this.list);
    r.append(this.notice, filters, this.stats, main, this.listBox);
    this.board = new TrainerBoard(this.figure, this);
    this.setButtons(false);
    this.renderStats();
  }

  setStatus(text, kind = "info") {
    this.status.textContent = text;
    this.status.dataset.kind = kind;
  }

  setButtons(enabled) {
    for (const b of [this.bHint, this.bSolution, this.bNext, this.bDaily, this.bRetryList]) b.disabled = !enabled;
  }

  failedIds() {
    return Object.entries(this.progress.results).filter(([, v]) => v === "failed").map(([k]) => k);
  }

  renderStats() {
    const res = Object.values(this.progress.results);
    const solved = res.filter((v) => v === "solved").length;
    const failed = res.length - solved;
    this.stats.textContent = `Solved ${solved} · Failed ${failed} · Streak ${this.progress.streak} (best ${this.progress.best})`;
    this.bRetryList.textContent = `Retry failed (${failed})`;
    if (this.api) this.bRetryList.disabled = failed === 0;
    for (const li of this.list.querySelectorAll("li[data-id]")) {
      li.dataset.result = this.progress.results[li.dataset.id] || "";
    }
  }

  record(result) {
    const id = this.current.id;
    const a = this.attempt;
    if (!a || a.recorded) return;
    a.recorded = true;
    this.progress.results[id] = result;
    if (result === "solved") {
      this.progress.streak += 1;
      this.progress.best = Math.max(this.progress.best, this.progress.streak);
    } else {
      this.progress.streak = 0;
    }
    saveProgress(this.progress);
    this.renderStats();
  }

  // ------------------------------------------------------------ start
  async mount(hash) {
    this.api = await connect((p) => this.setStatus(p.text),
      (err) => this.setStatus(`The trainer could not start: ${err.message}.`, "error"));
    if (!this.api || this.disposed) return;
    const reply = await this.api.call("puzzle_list", {});
    if (!reply.ok) {
      this.setStatus(reply.error, "error");
      return;
    }
    this.all = reply.puzzles;
    const opt = (s, value, text) => s.append(el("option", { value }, text));
    opt(this.fGame, "", "All games");
    for (const g of reply.rulesets) if (this.all.some((p) => p.ruleset === g.id)) opt(this.fGame, g.id, g.name);
    opt(this.fTheme, "", "All themes");
    for (const t of reply.themes) opt(this.fTheme, t, t);
    opt(this.fDiff, "", "Any difficulty");
    for (let d = 1; d <= 5; d++) if (this.all.some((p) => p.difficulty === d)) opt(this.fDiff, String(d), "★".repeat(d));
    this.setButtons(true);
    this.refreshList();
    this.renderStats();
    this.onHash = () => this.fromHash(location.hash);
    window.addEventListener("hashchange", this.onHash);
    await this.fromHash(hash);
  }

  dispose() {
    this.disposed = true;
    if (this.onHash) window.removeEventListener("hashchange", this.onHash);
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

  async fromHash(hash) {
    const h = decodeURIComponent((hash || "").replace(/^#/, ""));
    if (h === "daily") return this.openDaily();
    const m = h.match(/^id=(.*)$/);
    if (m) return this.open(m[1]);
    return this.next();
  }

  async openDaily() {
    const reply = await this.api.call("puzzle_daily", { date: today() });
    if (!reply.ok) return this.setStatus(reply.error, "error");
    await this.open(reply.id, { daily: true });
  }

  /** The next puzzle of the filter not yet solved (or the next failed one). */
  async next(failedOnly = false) {
    let pool = failedOnly ? this.all.filter((p) => this.progress.results[p.id] === "failed") : this.filtered();
    if (!pool.length) {
      this.setStatus(failedOnly ? "No failed puzzles to retry." : "No puzzle matches these filters.", "error");
      return;
    }
    const at = this.current ? pool.findIndex((p) => p.id === this.current.id) : -1;
    const order = [...pool.slice(at + 1), ...pool.slice(0, at + 1)];
    const pick = failedOnly ? order[0] : order.find((p) => this.progress.results[p.id] !== "solved") || order[0];
    await this.open(pick.id);
  }

  async open(id, { daily = false } = {}) {
    const reply = await this.api.call("puzzle_open", { board_id: this.board.id, puzzle_id: id });
    if (!reply.ok) {
      this.current = null;
      this.title.textContent = "Unknown puzzle";
      this.goal.textContent = "";
      this.meta.replaceChildren();
      this.setStatus(`No such puzzle: ${reply.error}. Choose one from the list below or press “Next puzzle”.`, "error");
      this.bHint.disabled = this.bSolution.disabled = true;
      this.bTry.hidden = true;
      return;
    }
    const t = reply.trainer;
    this.current = t;
    this.attempt = { failed: false, shown: false, recorded: false };
    const url = `#id=${t.id}`;
    if (location.hash !== url) history.replaceState(null, "", url);
    this.link.href = url;
    this.title.textContent = `${daily ? "Puzzle of the day: " : ""}${t.game} · ${t.id}`;
    this.goal.textContent = t.goal + (t.roll ? ` Roll: ${t.roll[0]} and ${t.roll[1]}.` : "");
    this.meta.replaceChildren();
    const row = (k, v) => this.meta.append(el("dt", {}, k), el("dd", { class: `trainer-meta-${k.toLowerCase().replace(/ /g, "-")}` }, v));
    row("Themes", t.themes.join(", "));
    row("Difficulty", `${"★".repeat(t.difficulty)}${"☆".repeat(5 - t.difficulty)} (${t.difficulty} of 5)`);
    row("Source", t.source);
    const result = this.progress.results[t.id];
    if (result) row("Your result", result === "solved" ? "solved before" : "failed before");
    this.bHint.disabled = this.bSolution.disabled = false;
    this.bTry.hidden = true;
    if (reply.duodecim) return this.openDuodecim(reply);
    this.duo.hidden = true;
    this.figure.hidden = false;
    await this.board.start(this.api, reply);
  }

  /** Called by the board with every new state. */
  onState(state) {
    const t = state.trainer;
    if (!t || !this.current) return;
    this.bTry.hidden = t.status !== "wrong";
    this.bHint.disabled = !t.your_turn;
    this.bSolution.disabled = t.status === "solved";
    this.figure.dataset.status = t.status;
    let text = t.text;
    if (t.status === "wrong") {
      this.attempt.failed = true;
      this.record("failed");
      text += " Press “Try again” to take it back.";
    }
    if (t.status === "solved") {
      if (!this.attempt.failed && !this.attempt.shown) this.record("solved");
      text += " Press “Next puzzle” for another.";
    }
    this.setStatus(text, t.status);
  }

  async retry() {
    const reply = await this.board.request("puzzle_retry", { board_id: this.board.id });
    if (reply) this.board.show(reply);
    this.board.wrap.focus({ preventScroll: true });
  }

  async hint() {
    if (this.current?.ruleset === "duodecim") {
      this.duoHint = (this.duoHint || 0) + 1;
      const first = this.duoSolution.split(" ").slice(1);
      this.setStatus(this.duoHint === 1 ? `Hint: start with ${first[0]}.` : `Hint: ${first.join(" ")}.`, "hint");
      return;
    }
    const reply = await this.board.request("puzzle_hint", { board_id: this.board.id });
    if (!reply) return;
    this.board.showHint(reply);
    this.setStatus(`Hint: ${reply.text}`, "hint");
  }

  async showSolution() {
    if (!this.current) return;
    this.attempt.shown = true;
    this.record("failed");
    if (this.current.ruleset === "duodecim") {
      this.setStatus(`The solution: ${this.duoSolution}.`, "solved");
      return;
    }
    this.bSolution.disabled = this.bHint.disabled = true;
    let reply = await this.board.request("puzzle_reset", { board_id: this.board.id });
    if (!reply) return;
    this.board.show(reply);
    this.setStatus("The solution…", "shown");
    while (reply && reply.trainer.status !== "solved" && !this.disposed) {
      await sleep(STEP_MS() / 2);
      reply = await this.board.request("puzzle_step", { board_id: this.board.id });
      if (!reply) break;
      await this.board.animate(reply.last_move);
      this.board.show(reply);
      await sleep(STEP_MS() / 2);
    }
  }

  // ------------------------------------------------------------ Duodecim: one whole turn
  openDuodecim(reply) {
    this.figure.hidden = true;
    this.duo.hidden = false;
    this.duoHint = 0;
    this.duoSolution = null;
    this.duo.replaceChildren();
    const pic = el("div", { class: "trainer-duo-svg" });
    pic.innerHTML = reply.svg;
    const form = el("form", { class: "trainer-duo-form" });
    const label = el("label", { for: "trainer-turn" }, "Your turn (choose it, or type it, e.g. “@A2 A6-A9*”):");
    const input = el("input", { id: "trainer-turn", list: "trainer-turns", autocomplete: "off", class: "trainer-turn" });
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
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const r = await this.api.call("puzzle_turn", { puzzle_id: this.current.id, turn: input.value });
      if (!r.ok) return this.setStatus(r.error, "error");
      if (r.correct) {
        if (!this.attempt.failed && !this.attempt.shown) this.record("solved");
        this.setStatus(`${r.text} Press “Next puzzle” for another.`, "solved");
      } else {
        this.attempt.failed = true;
        this.record("failed");
        this.setStatus(`${r.text} Try again.`, "wrong");
      }
    });
    this.duo.append(pic, form);
    // The stored answer, for hints and "Show solution" (a Duodecim puzzle is one turn).
    this.duoSolution = reply.trainer.solution || "";
    this.setStatus(reply.trainer.text, "todo");
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

// The play page's clock for two players on one device (classroom matches): its setting in the
// New game form, its state and its two faces. Off by default; shown only for "Two players on
// this device". It starts with the first move, adds the increment to the side that has just
// moved, and stops at a result; a side whose time runs out loses, by the worker's op
// `lose_on_time` (Python writes the result, "0-1 (time)", in the record).
//
// Time is measured with performance.now() deltas, never by counting ticks, so a throttled
// background tab still shows the right time. A reload keeps the clock: the page saves snapshot()
// with the game (play-store.js checks it when it is read back, checkClock) and reset() takes it
// back; the clock does not run while the page is closed, and the running side's time goes on
// from where it was once the game is back on the board.
//
// Test hook: window.__petteiaClockScale (a number, default 1) multiplies the time that passes,
// so a browser test can run a real preset out in a few seconds. The presets themselves are real.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { SIDES as SIDE } from "../../vendor/words.mjs";

/** @typedef {{minutes: number, increment: number}} ClockSetting  minutes per side, seconds added per move */
/** @typedef {"w"|"b"} Side */

/** @typedef {{minutes: number, increment: number, left: {w: number, b: number}, running: boolean}} ClockSnapshot
 *  what a saved game keeps of its clock: the setting, the time left, whether it was running */

/** The presets of the form: value -> [label, setting]. */
export const PRESETS = {
  "3+2": [t("{m} min + {s} s a move", { m: 3, s: 2 }), { minutes: 3, increment: 2 }],
  "5+3": [t("{m} min + {s} s a move", { m: 5, s: 3 }), { minutes: 5, increment: 3 }],
  "10+5": [t("{m} min + {s} s a move", { m: 10, s: 5 }), { minutes: 10, increment: 5 }],
  "15+10": [t("{m} min + {s} s a move", { m: 15, s: 10 }), { minutes: 15, increment: 10 }],
};
const TICK_MS = 100;
const LOW_MS = 10_000; // under ten seconds: tenths shown, the face marked, one announcement

/** "m:ss", or "s.t" tenths under ten seconds. @param {number} ms */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < LOW_MS) return `0:0${Math.floor(left / 1000)}.${Math.floor((left % 1000) / 100)}`;
  const s = Math.ceil(left / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Custom minutes (1–180) and increment (0–60 s), as typed in the form.
 * @param {string} minutes @param {string} increment
 * @returns {{setting: ClockSetting|null, error: string}}
 */
export function checkCustom(minutes, increment) {
  const m = Number(minutes), i = Number(increment);
  if (String(minutes).trim() === "" || !Number.isInteger(m) || m < 1 || m > 180) {
    return { setting: null, error: t("The clock's minutes must be a whole number from 1 to 180.") };
  }
  if (String(increment).trim() === "" || !Number.isInteger(i) || i < 0 || i > 60) {
    return { setting: null, error: t("The clock's increment must be a whole number of seconds from 0 to 60.") };
  }
  return { setting: { minutes: m, increment: i }, error: "" };
}

export class PlayClock {
  /**
   * @param {{announce: (text: string) => void, lose: (side: Side) => Promise<boolean>}} host
   *   announce: a sentence for screen readers; lose: ask the worker for the loss on time (false: not now, try again)
   */
  constructor(host) {
    this.host = host;
    /** @type {ClockSetting|null} the running game's setting (null: no clock) */
    this.setting = null;
    /** @type {{w: number, b: number}} milliseconds left */
    this.left = { w: 0, b: 0 };
    /** @type {Side|null} whose time runs */
    this.running = null;
    this.ply = 0;
    /** @type {Side|null} the side to move in the last state seen */
    this.turn = null;
    this.over = false; // a result, or a side's time ran out: the clock stays stopped
    this.lowSaid = { w: false, b: false };
    this.timer = 0;
    this.last = 0;
    this.build();
  }

  build() {
    this.select = el("select", { name: "clock", id: "play-clock" });
    this.select.append(el("option", { value: "off" }, t("Off")));
    for (const [v, [label]] of Object.entries(PRESETS)) this.select.append(el("option", { value: v }, label));
    this.select.append(el("option", { value: "custom" }, t("Custom…")));
    // Plain text fields checked by checkCustom(): the browser's own number checks would block the
    // form without this page's message.
    this.minutes = el("input", { type: "text", name: "clock-minutes", id: "play-clock-minutes", value: "10",
      inputmode: "numeric", size: "4", "aria-describedby": "play-clock-msg" });
    this.increment = el("input", { type: "text", name: "clock-increment", id: "play-clock-increment", value: "5",
      inputmode: "numeric", size: "4", "aria-describedby": "play-clock-msg" });
    this.custom = el("div", { class: "play-clock-custom", hidden: true });
    this.custom.append(el("label", { for: "play-clock-minutes" }, t("Minutes (1–180)")), this.minutes,
      el("label", { for: "play-clock-increment" }, t("+ seconds a move (0–60)")), this.increment);
    this.message = el("p", { class: "play-clock-msg", id: "play-clock-msg", role: "alert", hidden: true });
    /** The form's field: a select, the custom inputs and their message. */
    this.field = el("div", { class: "play-field play-clock-field" });
    this.field.append(el("label", { for: "play-clock" }, t("Clock (two players)")), this.select, this.custom, this.message);
    this.select.addEventListener("change", () => {
      this.custom.hidden = this.select.value !== "custom";
      this.message.hidden = true;
    });
    this.faces = el("div", { class: "play-clock", hidden: true, role: "group", "aria-label": t("Clock") });
    this.face = {};
    for (const side of ["w", "b"]) {
      const f = el("div", { class: `play-clock-face play-clock-${side}`, role: "timer", "aria-label": t("{side}'s time", { side: SIDE[side] }) });
      f.append(el("span", { class: "play-clock-name" }, SIDE[side]), el("span", { class: "play-clock-time" }, ""));
      this.face[side] = f;
      this.faces.append(f);
    }
  }

  /** Show the setting only for two players on this device. @param {boolean} human */
  sync(human) {
    this.field.hidden = !human;
  }

  /** The form's setting, checked: ok false (and the message shown) for bad custom values.
   * @returns {{ok: boolean, setting: ClockSetting|null}} */
  read() {
    const v = this.select.value;
    this.message.hidden = true;
    if (v === "custom") {
      const { setting, error } = checkCustom(this.minutes.value, this.increment.value);
      if (!setting) {
        this.message.textContent = error;
        this.message.hidden = false;
        return { ok: false, setting: null };
      }
      return { ok: true, setting };
    }
    return { ok: true, setting: PRESETS[v]?.[1] ?? null };
  }

  /** A new game on the page: the form's clock for two players, none against the computer.
   * @param {boolean} human @param {number} ply the game's ply (a loaded game goes on from there)
   * @param {ClockSnapshot|null} saved  a saved game's clock (checked by play-store.js): it comes back */
  reset(human, ply = 0, saved = null) {
    this.stop();
    if (human && saved) this.showSetting(saved);
    const { setting } = this.read();
    this.setting = human ? setting : null;
    const ms = this.setting ? this.setting.minutes * 60_000 : 0;
    this.left = human && saved ? { ...saved.left } : { w: ms, b: ms };
    this.resume = Boolean(human && saved?.running); // runs again with the game's first state
    this.ply = ply;
    this.turn = null; // set by the game's first state
    this.over = false;
    this.lowSaid = { w: false, b: false };
    this.faces.hidden = !this.setting;
    this.render();
  }

  /** The form shows a saved clock's setting (a preset, or Custom with its values). @param {ClockSetting} c */
  showSetting({ minutes, increment }) {
    const preset = Object.entries(PRESETS).find(([, [, p]]) => p.minutes === minutes && p.increment === increment);
    this.select.value = preset ? preset[0] : "custom";
    this.minutes.value = String(minutes);
    this.increment.value = String(increment);
    this.custom.hidden = this.select.value !== "custom";
  }

  /** What a saved game keeps of the clock, or null when there is none. @returns {ClockSnapshot|null} */
  snapshot() {
    if (!this.setting) return null;
    this.tick();
    return { ...this.setting, left: { ...this.left }, running: Boolean(this.running) };
  }

  /** Each new state of the game. @param {{turn: Side, ply: number, result: object|null}} state */
  update(state) {
    if (!this.setting) return;
    if (this.resume && !state.result) this.start(state.turn); // a saved game's clock, back after a reload
    this.resume = false;
    if (state.result) {
      this.stop();
      this.over = true;
    } else if (state.ply !== this.ply && !this.over) {
      if (state.ply > this.ply && this.turn) {
        this.tick();
        this.left[this.turn] += this.setting.increment * 1000; // the side that has just moved
      }
      if (!this.running && state.ply > this.ply) this.host.announce(t("The clock has started."));
      this.start(state.turn);
    } else if (!this.over && this.running && this.running !== state.turn) {
      this.start(state.turn); // a withdrawn resignation or draw: the side to move runs again
    }
    this.ply = state.ply;
    this.turn = state.turn;
    this.render();
  }

  /** @param {Side} side */
  start(side) {
    this.tick();
    this.running = side;
    this.last = performance.now();
    if (!this.timer) this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  stop() {
    if (this.running) this.tick();
    clearInterval(this.timer);
    this.timer = 0;
    this.running = null;
    this.render();
  }

  /** The time since the last tick comes off the running side (scaled by the tests' hook). */
  tick() {
    const side = this.running;
    if (!side) return;
    const now = performance.now();
    const scale = Number(window.__petteiaClockScale) > 0 ? Number(window.__petteiaClockScale) : 1;
    this.left[side] -= (now - this.last) * scale;
    this.last = now;
    if (this.left[side] < LOW_MS && !this.lowSaid[side] && this.left[side] > 0) {
      this.lowSaid[side] = true;
      this.host.announce(t("{side} has less than ten seconds left.", { side: SIDE[side] }));
    }
    if (this.left[side] <= 0) this.flag(side);
    this.render();
  }

  /** `side`'s time ran out: the clock stops and the worker ends the game (retried while the board is busy). */
  async flag(side) {
    this.left[side] = 0;
    clearInterval(this.timer);
    this.timer = 0;
    this.running = null;
    this.over = true;
    this.render();
    const ok = await this.host.lose(side);
    if (!ok && this.setting && this.over && this.left[side] === 0) setTimeout(() => this.flag(side), 200);
  }

  render() {
    for (const side of ["w", "b"]) {
      const f = this.face[side];
      f.querySelector(".play-clock-time").textContent = clockText(this.left[side]);
      f.classList.toggle("is-running", this.running === side);
      f.classList.toggle("is-low", this.left[side] < LOW_MS);
      f.classList.toggle("is-out", this.setting !== null && this.left[side] <= 0);
    }
  }

  dispose() {
    this.stop();
  }
}

// The layout of the Duodecim track: its points and the tray of pieces off the board, their rows
// and cursor, the words for a point, and the marks of the moves on offer.
import { t, tn } from "./i18n.js";
import { inRows, rects } from "./board-spots.js";
import { SIDES } from "../vendor/words.mjs"; // generated from petteia_core/web/words.py

// ---------------------------------------------------------------------- the Duodecim track
const TRAY = "tray"; // the side to move's pieces off the board: to enter, and borne off

export const TRACK = {
  get keyHelp() {
    return t("Arrow keys move over the points (Down from the bottom row reaches your pieces off the board), Enter chooses a piece or plays it to the point, Escape lets go. The step buttons below do the same.");
  },
  get putBack() { return t("Let go."); },

  tray: (view) => view.svg.querySelector(`g.tray-side[data-side="${view.turn}"]`),

  spots(view) {
    const out = rects(view, "rect.pt[data-point]", (r) => r.dataset.point);
    const body = TRACK.tray(view)?.querySelector("circle.body");
    if (body) {
      const cx = Number(body.getAttribute("cx")), cy = Number(body.getAttribute("cy"));
      out.set(TRAY, { id: TRAY, x: cx - 19, y: cy - 19, w: 38, h: 38, round: true });
    }
    return out;
  },

  /** The points in screen rows, then the tray as a row of its own (Down from the bottom row). */
  rows(view) {
    const points = [...view.spots.values()].filter((s) => s.id !== TRAY);
    const rows = inRows(points);
    const tray = view.spot(TRAY);
    return tray ? [...rows, [tray]] : rows;
  },

  /** A click or Enter on the tray: bear the chosen piece off, or choose a piece to enter. */
  resolve(view, spot) {
    if (spot !== TRAY) return spot;
    return view.selected !== null && view.dests.some((m) => m.from === view.selected && m.to === "off") ? "off" : "enter";
  },

  /** The spot under a click: a point, or the tray of the side to move. */
  spotOf(view, target) {
    const hit = target.closest("[data-point], g.tray-side");
    if (!hit) return null;
    if (hit.matches("g.tray-side")) return hit.dataset.side === view.turn ? TRAY : null;
    return hit.dataset.point;
  },

  home(view) {
    const from = view.dests[0]?.from;
    if (from === undefined) return "A1";
    return from === "enter" ? TRAY : from;
  },

  picked(view, spot) {
    const n = view.dests.filter((m) => m.from === spot).length;
    const what = spot === "enter" ? t("A piece to enter") : spot;
    return tn("{what} chosen: {n} step.", "{what} chosen: {n} steps.", n, { what });
  },

  idle: (view, spot) => {
    const where = spot === TRAY ? t("Off the board") : spot;
    return t("{spot}: nothing to do here.", { spot: where });
  },

  describe(view, spot) {
    const mine = SIDES[view.turn];
    const dests = view.dests;
    let text;
    let here;
    if (spot === TRAY) {
      const d = TRACK.tray(view)?.dataset || {};
      text = t("{side}'s pieces off the board: {hand} to enter, {bar} hit, {off} borne off", { side: mine, hand: d.hand, bar: d.bar, off: d.off });
      const off = view.selected !== null && dests.find((m) => m.from === view.selected && m.to === "off");
      if (off) return t("{description}. Enter plays {move} (bears the piece off).", { description: text, move: off.text });
      here = "enter";
    } else {
      const stack = view.svg.querySelector(`g.stack[data-point="${spot}"]`);
      const n = Number(stack?.dataset.count || 0);
      text = n ? tn("{point}: {n} {side} piece", "{point}: {n} {side} pieces", n, { point: spot, side: SIDES[stack.dataset.side].toLowerCase() })
        : t("{square}: empty", { square: spot });
      const st = view.selected !== null && dests.find((m) => m.from === view.selected && m.to === spot);
      const vars = { description: text, move: st?.text };
      if (st) return st.hit ? t("{description}. Enter plays {move} and hits.", vars) : t("{description}. Enter plays {move}.", vars);
      here = spot;
    }
    const n = dests.filter((m) => m.from === here).length;
    if (n) {
      text = here === "enter" ? tn("{description}, {n} step to enter", "{description}, {n} steps to enter", n, { description: text })
        : tn("{description}, {n} step", "{description}, {n} steps", n, { description: text });
    }
    return `${text}.`;
  },

  marks() {},

  /** The points a piece can leave, the chosen one and its destinations; the tray likewise. */
  draw(view) {
    const froms = new Set(view.dests.map((m) => m.from));
    const to = new Set(view.destinations().map((m) => m.to));
    for (const r of view.svg.querySelectorAll("rect.pt[data-point]")) {
      const p = r.dataset.point;
      r.classList.toggle("is-movable", froms.has(p));
      r.classList.toggle("is-selected", p === view.selected);
      r.classList.toggle("is-dest", to.has(p));
    }
    const tray = TRACK.tray(view);
    tray?.classList.toggle("is-movable", froms.has("enter") || to.has("off"));
    tray?.classList.toggle("is-selected", view.selected === "enter");
  },
};

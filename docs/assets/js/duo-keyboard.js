// Keyboard play on a Duodecim scripta board, after keyboard.js's conventions: arrow keys move a
// cursor over the points in screen directions (Down from the bottom row reaches the tray of the
// side to move: its pieces to enter, and where pieces are borne off), Enter or Space chooses the
// piece under the cursor or plays the chosen piece there, Escape lets go of it.
const SVG_NS = "http://www.w3.org/2000/svg";
import { SIDES as NAMES } from "../vendor/words.mjs"; // generated from petteia_core/web/words.py

export class DuoKeyboard {
  constructor(board) {
    this.board = board;
    this.spot = null; // a point name, or "tray"
    this.visible = false;
    const wrap = board.wrap;
    wrap.tabIndex = 0;
    wrap.setAttribute("role", "application");
    wrap.setAttribute("aria-label",
      "Duodecim scripta board. Arrow keys move over the points (Down from the bottom row reaches your pieces off the board), " +
      "Enter chooses a piece or plays it to the point, Escape lets go. The step buttons below do the same.");
    wrap.addEventListener("keydown", (e) => this.onKey(e));
    wrap.addEventListener("focus", () => this.show());
    wrap.addEventListener("blur", () => this.hide());
  }

  /** The points on screen: [{name, x, y, w, h}], in rows from top to bottom, left to right. */
  rows() {
    const pts = [...this.board.svg.querySelectorAll("rect.pt[data-point]")].map((r) => ({
      name: r.dataset.point, x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")),
      w: Number(r.getAttribute("width")), h: Number(r.getAttribute("height")),
    }));
    const byY = new Map();
    for (const p of pts) byY.set(p.y, [...(byY.get(p.y) || []), p]);
    return [...byY.keys()].sort((a, b) => a - b).map((y) => byY.get(y).sort((a, b) => a.x - b.x));
  }

  tray() {
    return this.board.svg.querySelector(`g.tray-side[data-side="${this.board.state?.turn}"]`);
  }

  /** Where the cursor starts: the first point a piece can leave, the tray if pieces enter, else A1. */
  home() {
    const froms = this.board.steps().map((s) => s.from);
    if (!froms.length) return "A1";
    return froms[0] === "enter" ? "tray" : froms[0];
  }

  show() {
    if (this.spot === null) this.spot = this.home();
    this.visible = this.board.wrap.matches(":focus-visible") || this.visible;
    this.draw();
  }

  hide() {
    this.visible = false;
    this.draw();
  }

  moveTo(spot, visible = true) {
    this.spot = spot;
    this.visible = visible;
    this.draw();
  }

  /** The cursor, in the SVG's g.fx layer (redrawn after every new SVG). */
  draw() {
    const svg = this.board.svg;
    const fx = svg?.querySelector("g.fx");
    if (!fx) return;
    fx.querySelectorAll(".cursor").forEach((n) => n.remove());
    if (!this.visible || this.spot === null) return;
    if (this.spot === "tray") {
      const body = this.tray()?.querySelector("circle.body");
      if (!body) return;
      const c = document.createElementNS(SVG_NS, "circle");
      c.setAttribute("class", "cursor");
      c.setAttribute("cx", body.getAttribute("cx"));
      c.setAttribute("cy", body.getAttribute("cy"));
      c.setAttribute("r", "19");
      fx.append(c);
      return;
    }
    const r = svg.querySelector(`rect.pt[data-point="${this.spot}"]`);
    if (!r) return;
    const cur = document.createElementNS(SVG_NS, "rect");
    cur.setAttribute("class", "cursor");
    cur.setAttribute("x", Number(r.getAttribute("x")) + 3);
    cur.setAttribute("y", Number(r.getAttribute("y")) + 3);
    cur.setAttribute("width", Number(r.getAttribute("width")) - 6);
    cur.setAttribute("height", Number(r.getAttribute("height")) - 6);
    cur.setAttribute("rx", 4);
    fx.append(cur);
  }

  /** The spot one arrow key away from the cursor (the cursor itself at an edge). */
  next(key) {
    const rows = this.rows();
    if (!rows.length) return this.spot;
    const last = rows.length - 1;
    if (this.spot === "tray") {
      if (key !== "ArrowUp") return "tray";
      const cx = Number(this.tray()?.querySelector("circle.body")?.getAttribute("cx") || 0);
      return nearest(rows[last], cx).name;
    }
    const r = rows.findIndex((row) => row.some((p) => p.name === this.spot));
    if (r < 0) return rows[0][0].name;
    const row = rows[r];
    const c = row.findIndex((p) => p.name === this.spot);
    const here = row[c];
    if (key === "ArrowLeft") return row[Math.max(0, c - 1)].name;
    if (key === "ArrowRight") return row[Math.min(row.length - 1, c + 1)].name;
    if (key === "ArrowUp") return r > 0 ? nearest(rows[r - 1], here.x + here.w / 2).name : this.spot;
    if (r < last) return nearest(rows[r + 1], here.x + here.w / 2).name;
    return this.tray() ? "tray" : this.spot;
  }

  /** A short sentence about the spot under the cursor, for screen readers. */
  describe(spot) {
    const b = this.board;
    const steps = b.steps();
    const mine = NAMES[b.state.turn];
    let text;
    let here;
    if (spot === "tray") {
      const d = this.tray()?.dataset || {};
      text = `${mine}'s pieces off the board: ${d.hand} to enter, ${d.bar} hit, ${d.off} borne off`;
      const off = b.selected !== null && steps.find((s) => s.from === b.selected && s.to === "off");
      if (off) return `${text}. Enter plays ${off.text} (bears the piece off).`;
      here = "enter";
    } else {
      const stack = b.svg.querySelector(`g.stack[data-point="${spot}"]`);
      const n = Number(stack?.dataset.count || 0);
      text = `${spot}: ${n ? `${n} ${NAMES[stack.dataset.side].toLowerCase()} piece${n === 1 ? "" : "s"}` : "empty"}`;
      const st = b.selected !== null && steps.find((s) => s.from === b.selected && s.to === spot);
      if (st) return `${text}. Enter plays ${st.text}${st.hit ? " and hits" : ""}.`;
      here = spot;
    }
    const n = steps.filter((s) => s.from === here).length;
    if (n) text += `, ${n} step${n === 1 ? "" : "s"}${here === "enter" ? " to enter" : ""}`;
    return `${text}.`;
  }

  onKey(e) {
    const b = this.board;
    if (!b.live || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key.startsWith("Arrow")) {
      e.preventDefault(); // the page must not scroll
      if (this.spot === null) this.spot = this.home();
      else this.spot = this.next(e.key);
      this.visible = true;
      this.draw();
      b.game.announce(this.describe(this.spot));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.spot === null) this.spot = this.home();
      this.visible = true;
      this.draw();
      if (!b.activate(this.spot)) b.game.announce(`${this.spot === "tray" ? "Off the board" : this.spot}: nothing to do here.`);
    } else if (e.key === "Escape") {
      if (b.clearSelection()) {
        e.preventDefault();
        b.game.announce("Let go.");
      }
    }
  }
}

function nearest(row, x) {
  return row.reduce((best, p) => (Math.abs(p.x + p.w / 2 - x) < Math.abs(best.x + best.w / 2 - x) ? p : best));
}

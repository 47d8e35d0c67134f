// The keyboard cursor of a board (both layouts: the squares of a custodian board, the points and
// the tray of a Duodecim scripta board). Arrow keys move it in screen directions over the rows of
// spots the board gives it (so it follows a turned board without any arithmetic of its own),
// Enter or Space acts on the spot under it, Escape puts a picked-up piece back.
//
// The cursor knows nothing of the rules: its board (board-view.js) tells it the rows of spots on
// screen, where it starts, what a spot is, and what Enter and Escape do there.
const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * A spot on screen, in the SVG's user units: `{ id, x, y, w, h, round }` (`round`: drawn as a
 * circle, like the tray's pile of pieces).
 * @typedef {{ id: (number|string), x: number, y: number, w: number, h: number, round?: boolean }} Spot
 */

export class Cursor {
  /**
   * @param {object} board  rows(): Spot[][] (top to bottom, each left to right); home(): the id to
   *   start on; fx(): the SVG group to draw into; describe(id), activate(id) → bool,
   *   idle(id) (what Enter says where it does nothing), cancel() → bool, announce(text).
   */
  constructor(board) {
    this.board = board;
    this.at = null; // the spot's id
    this.visible = false;
  }

  /** Where the cursor is shown when the board gets the focus. */
  show(focusVisible) {
    if (this.at === null || !this.find(this.at)) this.at = this.board.home();
    this.visible = focusVisible || this.visible;
    this.draw();
  }

  hide() {
    this.visible = false;
    this.draw();
  }

  /** Put the cursor on `id` (a click there): drawn only while the keyboard is in use. */
  moveTo(id, visible = true) {
    this.at = id;
    this.visible = visible;
    this.draw();
  }

  /** [row index, column index] of `id` in rows, or null. */
  find(id, rows = this.board.rows()) {
    for (let r = 0; r < rows.length; r++) {
      const c = rows[r].findIndex((s) => s.id === id);
      if (c >= 0) return [r, c];
    }
    return null;
  }

  /** The spot one arrow key away (the cursor's own at an edge). */
  next(key) {
    const rows = this.board.rows();
    const where = this.find(this.at, rows);
    if (!where) return rows[0]?.[0]?.id ?? this.at;
    const [r, c] = where;
    const row = rows[r];
    if (key === "ArrowLeft") return row[Math.max(0, c - 1)].id;
    if (key === "ArrowRight") return row[Math.min(row.length - 1, c + 1)].id;
    const to = key === "ArrowUp" ? r - 1 : r + 1;
    if (to < 0 || to >= rows.length) return this.at;
    const here = row[c];
    return nearest(rows[to], here.x + here.w / 2).id;
  }

  /** The cursor's mark, in the board's g.fx layer (redrawn with every new SVG). */
  draw() {
    const fx = this.board.fx();
    if (!fx) return;
    fx.querySelectorAll(".cursor").forEach((n) => n.remove());
    if (!this.visible || this.at === null) return;
    const spot = this.board.rows().flat().find((s) => s.id === this.at);
    if (!spot) return;
    if (spot.round) {
      fx.append(svg("circle", { class: "cursor", cx: spot.x + spot.w / 2, cy: spot.y + spot.h / 2, r: spot.w / 2 }));
    } else {
      fx.append(svg("rect", { class: "cursor", x: spot.x + 3, y: spot.y + 3, width: spot.w - 6, height: spot.h - 6, rx: 4 }));
    }
  }

  onKey(e) {
    const b = this.board;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key.startsWith("Arrow")) {
      e.preventDefault(); // the page must not scroll
      this.at = this.at === null ? b.home() : this.next(e.key);
      this.visible = true;
      this.draw();
      b.announce(b.describe(this.at));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.at === null) this.at = b.home();
      this.visible = true;
      this.draw();
      if (!b.activate(this.at)) b.announce(b.idle(this.at));
    } else if (e.key === "Escape") {
      if (b.cancel()) e.preventDefault();
    }
  }
}

function nearest(row, x) {
  return row.reduce((best, s) => (Math.abs(s.x + s.w / 2 - x) < Math.abs(best.x + best.w / 2 - x) ? s : best));
}

/** An SVG element with attributes. */
export function svg(name, attrs = {}) {
  const n = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
}

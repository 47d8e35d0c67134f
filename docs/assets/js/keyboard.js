// Keyboard play for a live board: arrow keys move a cursor over the squares (in screen
// directions, so they follow a flipped board), Enter or Space picks up the piece under the
// cursor or moves the picked-up piece there, Escape puts it back.
const SVG_NS = "http://www.w3.org/2000/svg";
const STEP = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class KeyboardCursor {
  constructor(board) {
    this.board = board;
    this.sq = null;
    this.visible = false;
  }

  /** The first square the cursor lands on: a piece that can move, else the bottom-left corner. */
  home() {
    const movable = [...this.board.byFrom.keys()].filter((k) => k !== "hand");
    return movable.length ? movable[0] : 0;
  }

  show() {
    if (this.sq === null || this.sq >= this.board.g.w * this.board.g.h) this.sq = this.home();
    this.visible = this.board.wrap.matches(":focus-visible") || this.visible;
    this.board.drawFx();
  }

  hide() {
    this.visible = false;
    this.board.drawFx();
  }

  moveTo(sq, visible = true) {
    this.sq = sq;
    this.visible = visible;
    this.board.drawFx();
  }

  draw(fx) {
    if (!this.visible || this.sq === null) return;
    const [x, y] = this.board.corner(this.sq);
    const s = this.board.g.s;
    const r = document.createElementNS(SVG_NS, "rect");
    r.setAttribute("class", "cursor");
    r.setAttribute("x", x + 3);
    r.setAttribute("y", y + 3);
    r.setAttribute("width", s - 6);
    r.setAttribute("height", s - 6);
    r.setAttribute("rx", 4);
    fx.append(r);
  }

  /** A short sentence about the square under the cursor, for screen readers. */
  describe(sq) {
    const b = this.board;
    const name = b.squareName(sq);
    const piece = b.pieceOn(sq);
    let text = name + ": ";
    if (piece) {
      const side = piece.classList.contains("w") ? "White" : "Black";
      const kind = ["basileus", "hoplite", "ordinarius", "vagus"].find((k) => piece.classList.contains(k)) || "piece";
      text += `${side} ${kind}`;
      const n = (b.byFrom.get(sq) || []).length;
      if (n) text += `, ${n} move${n === 1 ? "" : "s"}`;
    } else {
      text += "empty";
    }
    const move = b.moveTo(sq);
    if (move) text += `. Enter plays ${move.text}`;
    return text + ".";
  }

  onKey(e) {
    const b = this.board;
    if (!b.live || e.altKey || e.ctrlKey || e.metaKey) return;
    const { w, h, flipped } = b.g;
    if (e.key in STEP) {
      e.preventDefault(); // the page must not scroll
      if (this.sq === null) this.sq = this.home();
      let [dx, dy] = STEP[e.key];
      if (flipped) [dx, dy] = [-dx, -dy];
      const row = Math.floor(this.sq / w) - dy; // screen "up" is a higher row
      const col = (this.sq % w) + dx;
      if (row >= 0 && row < h && col >= 0 && col < w) this.sq = row * w + col;
      this.visible = true;
      b.drawFx();
      b.announce(this.describe(this.sq));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.sq === null) this.sq = this.home();
      this.visible = true;
      if (!b.activate(this.sq)) b.announce(`${b.squareName(this.sq)}: nothing to do here.`);
    } else if (e.key === "Escape") {
      if (b.selected !== null) {
        e.preventDefault();
        b.clearSelection();
        b.announce("Put back.");
      }
    }
  }
}

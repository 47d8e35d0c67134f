// The spots of a board's picture (squares, points) and the keys of its moves: shared by the
// board view and its two layouts.

export const HAND = "hand"; // the key of placements (Poleis), which start from no square

/** A spot's key in the moves: placements start from the hand. */
export const key = (from) => (from === null || from === undefined ? HAND : from);

/** The squares a move lands on, in order: a jump chain's path, then its last square. */
export const landings = (move) => [...(move.path || []), move.to];

/** Spots of the SVG's rects with `selector`, by `id(rect)`. */
export function rects(view, selector, id) {
  const out = new Map();
  for (const r of view.svg.querySelectorAll(selector)) {
    const attr = (n) => Number(r.getAttribute(n));
    out.set(id(r), { id: id(r), x: attr("x"), y: attr("y"), w: attr("width"), h: attr("height") });
  }
  return out;
}

/** Spots in screen rows: top to bottom, each left to right. */
export function inRows(spots) {
  const byY = new Map();
  for (const s of spots) byY.set(s.y, [...(byY.get(s.y) || []), s]);
  return [...byY.keys()].sort((a, b) => a - b).map((y) => byY.get(y).sort((a, b) => a.x - b.x));
}


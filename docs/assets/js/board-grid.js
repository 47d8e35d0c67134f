// The layout of a custodian board's squares (Petteia, Poleis, Ludus latrunculorum): its spots, rows
// and cursor, the words for a square, and the marks of the moves on offer.
import { t, tn } from "./i18n.js";
import { svg as svgEl } from "./cursor.js";
import { inRows, landings, rects } from "./board-spots.js";
import { SIDES } from "../vendor/words.mjs"; // generated from petteia_core/web/words.py

/** A piece's kind in words ("hoplite"), for the square descriptions. */
const KINDS = () => ({
  basileus: t("basileus"), hoplite: t("hoplite"), ordinarius: t("ordinarius"), vagus: t("vagus"), dux: t("dux"),
  alligatus: t("bound counter"), piece: t("piece"),
});

// ---------------------------------------------------------------------- custodian boards
export const GRID = {
  get keyHelp() { return t("Arrow keys move the cursor, Enter picks up a piece or moves it, Escape puts it back."); },
  get putBack() { return t("Put back."); },

  spots: (view) => rects(view, "rect.sq[data-sq]", (r) => Number(r.dataset.sq)),
  rows: (view) => inRows([...view.spots.values()]),
  resolve: (view, spot) => spot,

  /** The first square the cursor lands on: a piece that can move, else the first square. */
  home(view) {
    const from = view.dests.find((m) => m.from !== null);
    return from ? from.from : 0;
  },

  name: (view, sq) => view.svg.querySelector(`rect.sq[data-sq="${sq}"]`)?.dataset.name ?? String(sq),

  picked(view, sq) {
    const n = view.dests.filter((m) => m.from === sq).length;
    return tn("{square} picked up: {n} move.", "{square} picked up: {n} moves.", n, { square: GRID.name(view, sq) });
  },

  idle: (view, sq) => t("{spot}: nothing to do here.", { spot: GRID.name(view, sq) }),

  describe(view, sq) {
    const piece = view.pieceOn(sq);
    const square = GRID.name(view, sq);
    let text;
    if (piece) {
      const side = SIDES[piece.classList.contains("w") ? "w" : "b"];
      const kind = KINDS()[["basileus", "hoplite", "ordinarius", "vagus", "dux", "alligatus"].find((k) => piece.classList.contains(k)) || "piece"];
      const n = view.dests.filter((m) => m.from === sq).length;
      text = n ? tn("{square}: {side} {kind}, {n} move", "{square}: {side} {kind}, {n} moves", n, { square, side, kind })
        : t("{square}: {side} {kind}", { square, side, kind });
    } else {
      text = t("{square}: empty", { square });
    }
    const act = view.chainAction(sq);
    const move = act ? act.move : view.moveTo(sq);
    if (move) return t("{description}. Enter plays {move}.", { description: text, move: move.text });
    if (act?.jump) return t("{description}. Enter jumps here (a jump of a chain).", { description: text });
    return `${text}.`;
  },

  /** Marks that belong to the picture: which pieces can move. */
  marks(view) {
    for (const piece of view.svg.querySelectorAll("g.piece[data-sq]")) {
      piece.classList.toggle("is-movable", view.movableFrom(Number(piece.dataset.sq)));
    }
  },

  draw(view, fx) {
    view.svg.querySelectorAll(".is-selected, .is-hint").forEach((n) => n.classList.remove("is-selected", "is-hint"));
    if (view.selected !== null) {
      view.svg.querySelector(`rect.sq[data-sq="${view.selected}"]`)?.classList.add("is-selected");
      view.pieceOn(view.selected)?.classList.add("is-selected");
    }
    const n = view.via.length;
    for (const sq of view.via) {
      const s = view.spot(sq);
      if (s) fx.append(svgEl("rect", { class: "chain-via", x: s.x + 4, y: s.y + 4, width: s.w - 8, height: s.h - 8, "data-sq": sq }));
    }
    const chaining = view.selected !== null && view.chaining();
    for (const m of view.destinations()) {
      const hops = landings(m);
      const to = chaining ? hops[Math.min(n, hops.length - 1)] : m.to; // along a chain: the next landing
      const s = view.spot(to);
      if (!s) continue;
      const ends = !chaining || hops.length <= n + 1;
      const ring = ends && (m.captures || []).length > 0 && !view.config.hideCaptures;
      const [cx, cy] = view.centre(to);
      fx.append(svgEl("circle", { class: ring ? "dest-ring" : "dest-dot", cx, cy, r: s.w * (ring ? 0.42 : 0.15), "data-sq": to }));
    }
    const hint = view.hint;
    if (hint && hint.from !== null && hint.from !== undefined && view.spot(hint.from)) {
      const s = view.spot(hint.from);
      view.pieceOn(hint.from)?.classList.add("is-hint");
      fx.append(svgEl("rect", { class: "hint-from", x: s.x + 2, y: s.y + 2, width: s.w - 4, height: s.h - 4, "data-sq": hint.from }));
    }
    if (hint && hint.to !== null && hint.to !== undefined && view.spot(hint.to)) {
      const [cx, cy] = view.centre(hint.to);
      fx.append(svgEl("circle", { class: "hint-to", cx, cy, r: view.spot(hint.to).w * 0.3, "data-sq": hint.to }));
    }
  },
};


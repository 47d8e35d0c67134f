// The first touch on a live board, answered before the site's modules have loaded.
//
// A classic script, 1.6 KB gzipped, that the build loads `async` from the <head> of pages whose
// boards carry first-move data (site_scripts/build/hooks.py, data-first written by
// site_scripts/build/first_move.py). Its one listener is on the document, so it is ready before the
// boards are parsed, while the theme's bundle and the board modules are still loading (or
// held up behind them): a click on a piece that can move shows its
// destination dots at once, and a click on a dot is remembered. It only ever draws the build's own
// data onto the build's own picture; it decides nothing.
//
// When the board's code arrives (fence-board.js), it takes the touch over with takeFirstTouch()
// and replays it through the board's own input (a selection, or the move itself), and this
// script leaves that board alone: a figure marked is-early, is-live or is-error belongs to the
// board's code.
(() => {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const OWNED = ["is-early", "is-live", "is-error"];

  /** The build's first-move data of a figure (cached on the element), or null. */
  function firstOf(figure) {
    if (!figure.__petteiaFirst) {
      try {
        figure.__petteiaFirst = JSON.parse(figure.dataset.first);
      } catch {
        return null;
      }
    }
    return figure.__petteiaFirst;
  }

  /** The square (data-sq) under a click: a square, a piece or a dot. */
  function squareOf(target) {
    const hit = target.closest?.("[data-sq]");
    return hit ? Number(hit.dataset.sq) : null;
  }

  function draw(figure, svg, first, from) {
    svg.querySelectorAll(".is-selected").forEach((n) => n.classList.remove("is-selected"));
    let fx = svg.querySelector("g.fx");
    if (!fx) {
      fx = document.createElementNS(SVG, "g");
      fx.setAttribute("class", "fx");
      svg.append(fx);
    }
    fx.replaceChildren();
    if (from === null) return;
    svg.querySelector(`rect.sq[data-sq="${from}"]`)?.classList.add("is-selected");
    svg.querySelector(`g.piece[data-sq="${from}"]`)?.classList.add("is-selected");
    const puzzle = figure.dataset.mode === "puzzle"; // a puzzle's rings would give the answer away
    for (const [f, to, captures] of first.moves) {
      if (f !== from) continue;
      const sq = svg.querySelector(`rect.sq[data-sq="${to}"]`);
      if (!sq) continue;
      const w = Number(sq.getAttribute("width"));
      const ring = captures.length > 0 && !puzzle;
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("class", ring ? "dest-ring" : "dest-dot");
      dot.setAttribute("cx", String(Number(sq.getAttribute("x")) + w / 2));
      dot.setAttribute("cy", String(Number(sq.getAttribute("y")) + Number(sq.getAttribute("height")) / 2));
      dot.setAttribute("r", String(w * (ring ? 0.42 : 0.15)));
      dot.dataset.sq = String(to);
      fx.append(dot);
    }
  }

  function onClick(event) {
    const figure = event.target.closest?.("figure.petteia-board[data-first]");
    if (!figure || OWNED.some((c) => figure.classList.contains(c))) return;
    const svg = figure.querySelector("svg.petteia-svg");
    const first = firstOf(figure);
    const sq = squareOf(event.target);
    if (!svg || !first || sq === null || figure.dataset.touchTo) return;
    const picked = figure.dataset.touchFrom === undefined ? null : Number(figure.dataset.touchFrom);
    if (picked !== null && first.moves.some(([f, t]) => f === picked && t === sq)) {
      figure.dataset.touchTo = String(sq); // played when the board's code arrives, in a moment
      return;
    }
    const from = picked !== sq && first.moves.some(([f]) => f === sq) ? sq : null;
    if (from === null) delete figure.dataset.touchFrom;
    else figure.dataset.touchFrom = String(from);
    draw(figure, svg, first, from);
  }

  document.addEventListener("click", onClick);
})();

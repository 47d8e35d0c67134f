// A board's input: pointer (click, tap, drag) and keys, turned into the BoardView's actions
// (select, activate, choose, cancel). It decides nothing about moves: the view does.
import { TRACK } from "./board-track.js";

const DRAG_THRESHOLD = 4; // px of pointer travel before a press becomes a drag

/** Listen to the reader's pointer and keys on ``view``'s wrap. */
export function attachInput(view) {
  const wrap = view.wrap;
  let press = null; // {sq, x, y, id, piece, wasSelected, dragging}
  const ready = () => view.enabled && !view.config.busy();

  wrap.addEventListener("pointerdown", (e) => {
    if (!ready() || e.button > 0 || !view.svg?.contains(e.target)) return;
    if (view.layout === TRACK) {
      const spot = TRACK.spotOf(view, e.target);
      if (spot === null) return;
      view.cursor.moveTo(spot, false);
      view.activate(spot);
      return;
    }
    const sq = view.squareAt(e.clientX, e.clientY);
    if (sq === null) return;
    view.cursor.moveTo(sq, false);
    if (view.accepts(sq)) {
      view.activate(sq); // a click on a dot (or an empty square for a placement, a chain's next square)
      e.preventDefault();
      return;
    }
    if (!view.movableFrom(sq)) {
      view.cancel(false);
      view.refuse(sq);
      return;
    }
    e.preventDefault(); // no text selection, no scrolling while dragging a piece
    const wasSelected = view.selected === sq;
    if (!wasSelected) view.select(sq);
    press = { sq, x: e.clientX, y: e.clientY, id: e.pointerId, piece: view.pieceOn(sq), wasSelected, dragging: false };
    wrap.setPointerCapture(e.pointerId);
  });

  wrap.addEventListener("pointermove", (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!press.dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
    if (!press.dragging) {
      press.dragging = true;
      press.piece?.classList.add("is-dragging");
      press.piece?.parentNode.append(press.piece); // on top of the other pieces
    }
    const [x, y] = view.toSvg(e.clientX, e.clientY);
    if (press.piece) press.piece.style.transform = `translate(${x}px, ${y}px)`;
    const over = view.squareAt(e.clientX, e.clientY);
    view.svg.querySelectorAll("rect.sq.is-hover").forEach((n) => n.classList.remove("is-hover"));
    if (over !== null && view.moveTo(over)) {
      view.svg.querySelector(`rect.sq[data-sq="${over}"]`)?.classList.add("is-hover");
    }
  });

  const end = (e, cancelled) => {
    if (!press || e.pointerId !== press.id) return;
    const p = press;
    press = null;
    if (wrap.hasPointerCapture(e.pointerId)) wrap.releasePointerCapture(e.pointerId);
    view.svg.querySelectorAll("rect.sq.is-hover").forEach((n) => n.classList.remove("is-hover"));
    if (p.dragging) {
      const target = cancelled ? null : view.squareAt(e.clientX, e.clientY);
      const move = target !== null && ready() ? view.moveTo(target) : null;
      p.piece?.classList.remove("is-dragging");
      if (move) {
        view.choose(move, { dragged: true });
      } else if (p.piece) {
        p.piece.style.transform = ""; // back to its square (the transform attribute)
      }
    } else if (p.wasSelected) {
      view.cancel(false); // a second click on the picked-up piece puts it back
    }
  };
  wrap.addEventListener("pointerup", (e) => end(e, false));
  wrap.addEventListener("pointercancel", (e) => end(e, true));
  wrap.addEventListener("keydown", (e) => {
    if (view.enabled) view.cursor.onKey(e);
  });
  wrap.addEventListener("focus", () => view.cursor.show(wrap.matches(":focus-visible")));
  wrap.addEventListener("blur", () => view.cursor.hide());
}

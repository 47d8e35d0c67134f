// The play page's move list: a button per move, which shows the position after it (ctrl.view).
// Drawn again for every new state of the game; between states it only marks the move on view.
import { t } from "../i18n.js";
import { el } from "../dom.js";
import { SIDES } from "../../vendor/words.mjs";

export class MovesView {
  /** @param ctrl the play page's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    this.node = el("section", { class: "play-moves", "aria-label": t("Moves") });
    this.list = el("ol", { class: "play-movelist" });
    this.node.append(el("h2", {}, t("Moves")), this.list);
    this.drawn = -1; // the controller's state count last drawn
  }

  update() {
    const { ctrl } = this;
    if (ctrl.stateCount !== this.drawn && ctrl.state) {
      this.drawn = ctrl.stateCount;
      this.draw(ctrl.state);
    }
    const viewed = ctrl.looking?.ply ?? null;
    for (const b of this.list.querySelectorAll(".play-move")) b.classList.toggle("is-viewed", Number(b.dataset.ply) === viewed);
  }

  /** The move buttons (review.js marks them). */
  buttons() {
    return this.list.querySelectorAll(".play-move[data-ply]");
  }

  draw(state) {
    const list = this.list;
    list.replaceChildren();
    for (const row of state.moves_list) {
      const li = el("li", { value: String(row.number) });
      li.append(el("span", { class: "play-move-no", "aria-hidden": "true" }, `${row.number}.`));
      for (const side of ["w", "b"]) {
        const m = row[side];
        if (!m) {
          li.append(el("span", { class: "play-move-empty" }, side === "w" ? "…" : ""));
          continue;
        }
        const b = el("button", { type: "button", class: "play-move", "data-ply": String(m.ply),
          "aria-label": t("Move {n}, {side}: {move}. Show this position", { n: row.number, side: SIDES[side], move: m.text }) }, m.text);
        if (m.ply === state.ply) b.setAttribute("aria-current", "step");
        b.addEventListener("click", () => this.ctrl.view(m.ply));
        li.append(b);
      }
      list.append(li);
    }
    if (!state.moves_list.length) list.append(el("li", { class: "play-move-none" }, t("No moves yet.")));
    list.scrollTop = list.scrollHeight; // the list keeps its height: the latest move stays in view
  }
}

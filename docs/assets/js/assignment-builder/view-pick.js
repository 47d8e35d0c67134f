// Choosing puzzles: the filters (game, theme, difficulty), "Add the puzzles shown", the list with a
// checkbox and a Preview button each, and the preview of one puzzle's position.
import { t, tn } from "../i18n.js";
import { el } from "../dom.js";
import { fillPuzzleFilters } from "../puzzle-filters.js";

/** Difficulty `d` (1 to 5) as five stars, the same in the list, the preview and the assignment. */
export function starsOf(d) {
  return `${"★".repeat(d)}${"☆".repeat(Math.max(0, 5 - d))}`;
}

export function starsNode(d) {
  return el("span", { class: "assign-stars", title: t("Difficulty {d} of 5", { d }), "aria-label": t("difficulty {d} of 5", { d }) }, starsOf(d));
}

export class PickView {
  /** @param ctrl the builder's controller */
  constructor(ctrl) {
    this.ctrl = ctrl;
    const filters = el("div", { class: "assign-filters", role: "group", "aria-label": t("Filter the puzzles") });
    const select = (name, label) => {
      const wrap = el("label", { class: "assign-field" }, label);
      const s = el("select", { name, class: `assign-${name}` });
      s.addEventListener("change", () => ctrl.setFilter(name, s.value));
      wrap.append(s);
      filters.append(wrap);
      return s;
    };
    this.selects = { game: select("game", t("Game")), theme: select("theme", t("Theme")), difficulty: select("difficulty", t("Difficulty")) };
    const addAll = el("button", { type: "button", class: "md-button assign-add-shown" }, t("Add the puzzles shown"));
    addAll.addEventListener("click", () => ctrl.addShown());
    filters.append(addAll);
    this.count = el("p", { class: "assign-count-shown" });
    this.list = el("ul", { class: "assign-list", "aria-label": t("Puzzles of the collection") });
    this.list.addEventListener("change", (e) => {
      const box = e.target.closest?.("input[type=checkbox]");
      if (box) ctrl.toggle(box.value, box.checked);
    });
    this.list.addEventListener("click", (e) => {
      const b = e.target.closest?.("button[data-preview]");
      if (b) ctrl.showPreview(b.dataset.preview);
    });
    this.previewBox = el("div", { class: "assign-preview", "aria-live": "polite" },
      t("Press “Preview” beside a puzzle to see its position here."));
    const pick = el("div", { class: "assign-pick" });
    pick.append(filters, this.count, this.list);
    this.node = el("div", { class: "assign-columns" });
    this.node.append(pick, this.previewBox);
    this.drawn = { filled: null, shown: -1, preview: null };
  }

  update() {
    const { ctrl } = this;
    if (ctrl.list && this.drawn.filled !== ctrl.list) {
      this.drawn.filled = ctrl.list;
      fillPuzzleFilters(this.selects, ctrl.list, (d) => t("{stars} ({d} of 5)", { stars: "★".repeat(d), d }));
    }
    if (ctrl.list && this.drawn.shown !== ctrl.shownVersion) {
      this.drawn.shown = ctrl.shownVersion;
      this.drawList(ctrl.shown());
    }
    for (const box of this.list.querySelectorAll("input[type=checkbox]")) box.checked = ctrl.chosen.includes(box.value);
    this.drawPreview();
  }

  drawList(ps) {
    this.count.textContent = tn("{n} puzzle shown, easiest first (★☆☆☆☆ easiest, ★★★★★ hardest).",
      "{n} puzzles shown, easiest first (★☆☆☆☆ easiest, ★★★★★ hardest).", ps.length);
    this.list.replaceChildren(...ps.map((p) => {
      const li = el("li", { "data-id": p.id });
      const box = el("input", { type: "checkbox", value: p.id, id: `assign-pick-${p.id}` });
      const label = el("label", { for: `assign-pick-${p.id}` });
      label.append(el("strong", {}, p.id), ` · ${p.game} · `, starsNode(p.difficulty), ` · ${p.theme_names.join(", ")}`);
      const b = el("button", { type: "button", class: "md-button assign-preview-button", "data-preview": p.id,
        "aria-label": t("Preview {id}", { id: p.id }) }, t("Preview"));
      li.append(box, label, b);
      return li;
    }));
  }

  drawPreview() {
    const { ctrl } = this;
    const pv = ctrl.preview;
    if (!pv) return;
    const inIt = ctrl.chosen.includes(pv.id);
    if (pv === this.drawn.preview) {
      if (this.add) {
        this.add.textContent = inIt ? t("In the assignment") : t("Add to the assignment");
        this.add.disabled = inIt;
      }
      return;
    }
    this.drawn.preview = pv;
    this.add = null;
    if (pv.loading) return this.previewBox.replaceChildren(el("p", {}, t("Loading {id}…", { id: pv.id })));
    if (pv.error) return this.previewBox.replaceChildren(el("p", { "data-kind": "error" }, pv.error));
    const p = pv.puzzle;
    const pic = pv.svg ? el("div", { class: "assign-preview-svg" })
      : el("p", {}, t("(A Duodecim scripta puzzle: the pupil chooses a whole turn.)"));
    if (pv.svg) pic.innerHTML = pv.svg; // drawn by petteia_core.render: our own SVG
    const trainer = new URL(`../../puzzles/#id=${p.id}`, location.href).href;
    const open = el("a", { href: trainer, target: "_blank", rel: "noopener" }, t("Try it in the trainer"));
    const info = el("p", {}, `${p.id} · ${p.game} · `);
    const roll = p.roll ? " " + t("Roll: {a} and {b}.", { a: p.roll[0], b: p.roll[1] }) : "";
    info.append(starsNode(p.difficulty), ` · ${p.goal}${roll} `, open);
    this.add = el("button", { type: "button", class: "md-button assign-preview-add" },
      inIt ? t("In the assignment") : t("Add to the assignment"));
    this.add.disabled = inIt;
    this.add.addEventListener("click", () => ctrl.toggle(p.id, true));
    this.previewBox.replaceChildren(el("h3", {}, t("Preview: {id}", { id: p.id })), pic, info, this.add);
  }
}

// Small DOM helpers shared by the boards, the play page and the puzzle trainer.

/** True when the reader asked the system for less motion (animations are skipped). */
export const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** el("button", {class: "x", disabled: true}, "text"): a new element; attributes that are false,
 *  null or undefined are left out, true becomes an empty attribute. */
export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    node.setAttribute(k, v === true ? "" : v);
  }
  if (text) node.textContent = text;
  return node;
}

/** A material button of class `md-button ${cls}` saying `text`, calling `onClick` when pressed. */
export function button(cls, text, onClick) {
  const node = el("button", { type: "button", class: `md-button ${cls}` }, text);
  node.addEventListener("click", onClick);
  return node;
}

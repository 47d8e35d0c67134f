// Keyboard access to a page's boards (#34, 21): a "Skip to the first board" link right after the
// theme's own "Skip to content", and a board that takes the focus is scrolled whole into view
// (the browser shows only as much of a focused element as it must).
import { t } from "./i18n.js";

const SKIP_CLASS = "petteia-skip-board";
let skipTarget = null; // the figure the link leads to on the page shown

/** Put the skip link before the page's first live board (once; later pages retarget it), or take it
 * away on a page without one. The link is never replaced while it may have the focus. */
export function mountSkipLink(figures) {
  skipTarget = figures.find((f) => f.id) ?? null;
  let link = document.querySelector(`a.${SKIP_CLASS}`);
  if (!skipTarget) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement("a");
    link.className = SKIP_CLASS;
    link.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation(); // the theme's instant navigation must not treat it as a link to follow
      const wrap = skipTarget?.querySelector(".petteia-svg-wrap");
      if (wrap) wrap.focus(); // the focus handler below brings it whole into view
      else skipTarget?.scrollIntoView({ block: "start" });
    });
    const themeSkip = document.querySelector("a.md-skip");
    if (themeSkip) themeSkip.after(link);
    else document.body.prepend(link);
  }
  link.href = `#${skipTarget.id}`;
  link.textContent = t("Skip to the first board");
}

let watching = false;

/** Once per document: a focused board (its SVG wrapper) is scrolled into view whole when it fits. */
export function keepFocusedBoardsInView() {
  if (watching) return;
  watching = true;
  document.addEventListener("focusin", (event) => {
    const wrap = event.target instanceof Element ? event.target.closest(".petteia-svg-wrap") : null;
    if (!wrap || wrap !== event.target) return;
    wrap.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}

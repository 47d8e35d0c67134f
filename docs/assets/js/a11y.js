// Accessibility repairs to the theme's own markup (mkdocs-material), applied on every page:
// * the search overlay is a role="dialog" without a name: it gets one;
// * a wide table sits in a scrolling box (.md-typeset__scrollwrap) that the keyboard could not
//   reach: when it does scroll sideways, it becomes a focusable, named region.
let resizeTimer = 0;

function scrollBoxes() {
  for (const box of document.querySelectorAll(".md-typeset__scrollwrap")) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      const caption = box.querySelector("caption")?.textContent.trim();
      box.setAttribute("aria-label", caption ? `${caption} (table, scrolls sideways)` : "Table (scrolls sideways)");
    } else if (!scrolls && box.getAttribute("tabindex") === "0") {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  }
}

export function repairTheme() {
  for (const dialog of document.querySelectorAll('.md-search[role="dialog"]:not([aria-label])')) {
    dialog.setAttribute("aria-label", "Search");
  }
  scrollBoxes();
}

window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(scrollBoxes, 200);
});

// The offline page (site/offline.html, made by site_scripts/build/offline_page.py; docs/sw.js shows it
// for a page that is not stored when there is no network): fills #petteia-stored-pages with links
// to the pages this browser has stored, which work without a network.
import { storedState, pageList } from "./offline-check.js";
import { t, tn } from "./i18n.js";

let mounted = null;

export async function mount(root) {
  mounted = root;
  const s = await storedState();
  if (mounted !== root || !s.supported) return;
  const p = document.createElement("p");
  if (!s.pages.length) {
    p.textContent = t("No page of this site is stored in this browser yet.");
    root.replaceChildren(p);
    return;
  }
  const n = s.pages.length;
  const whole = s.missing?.length === 0 && s.version;
  p.textContent = whole
    ? tn("The whole site is stored here: {n} page. This page's address is not one of them; choose one:",
      "The whole site is stored here: {n} pages. This page's address is not one of them; choose one:", n)
    : tn("Stored in this browser, and readable now ({n} page):", "Stored in this browser, and readable now ({n} pages):", n);
  root.replaceChildren(p, pageList(s.pages));
}

export function unmount() {
  mounted = null;
}

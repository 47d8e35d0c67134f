// The offline page (site/offline.html, made by site_scripts/build/offline_page.py; docs/sw.js shows it
// for a page that is not stored when there is no network): fills #petteia-stored-pages with links
// to the pages this browser has stored, which work without a network.
import { storedState, pageList } from "./offline-check.js";

let mounted = null;

export async function mount(root) {
  mounted = root;
  const s = await storedState();
  if (mounted !== root || !s.supported) return;
  const p = document.createElement("p");
  if (!s.pages.length) {
    p.textContent = "No page of this site is stored in this browser yet.";
    root.replaceChildren(p);
    return;
  }
  p.textContent = s.missing?.length === 0 && s.version
    ? `The whole site is stored here: ${s.pages.length} pages. This page's address is not one of them; choose one:`
    : `Stored in this browser, and readable now (${s.pages.length} pages):`;
  root.replaceChildren(p, pageList(s.pages));
}

export function unmount() {
  mounted = null;
}

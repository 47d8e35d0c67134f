// The reader's language: the theme's language selector (links with hreflang, filled in by
// mkdocs-static-i18n with the same page in each language) loads the chosen page in full, and the
// choice is remembered.
//
// * In full: the page's words (i18n.js, words.mjs) and the worker's engine language are chosen once,
//   from <html lang>, when a page loads; the theme's instant navigation would keep them.
// * Remembered (localStorage): a reader who arrives from elsewhere (a bookmark, a typed address, a
//   link from another site) on a page of another language is taken to the same page in the chosen
//   one. Links inside the site are followed as they are, so an English link still shows English.

const KEY = "petteia-language";

/** The language stored, or null (storage may be refused). */
export function storedLanguage() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function remember(lang) {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* not remembered: the selector still works */
  }
}

/** The selector's link to this page in ``lang``, or null. */
function alternate(lang) {
  return document.querySelector(`.md-select__link[hreflang="${CSS.escape(lang)}"], link[rel="alternate"][hreflang="${CSS.escape(lang)}"]`);
}

/** Whether the reader came to this page from outside the site. */
function fromOutside() {
  try {
    return !document.referrer || new URL(document.referrer).origin !== location.origin;
  } catch {
    return true;
  }
}

/** Install once: the selector's clicks, and the remembered language on arrival. */
export function mountLanguageChoice() {
  document.addEventListener("click", (e) => {
    const link = e.target.closest?.("a.md-select__link[hreflang]");
    if (!link || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    remember(link.getAttribute("hreflang"));
    e.preventDefault();
    e.stopImmediatePropagation(); // before the theme's instant navigation: a full load
    location.assign(link.href + location.hash);
  }, true);
  const lang = storedLanguage();
  const here = document.documentElement.lang;
  const there = lang && lang !== here && fromOutside() ? alternate(lang) : null;
  if (there) location.replace(there.href + location.hash);
}

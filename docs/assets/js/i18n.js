// Every word a reader sees on a page comes from here: t("English text", {name: value}) gives the
// text in the page's language (<html lang>) with its {name} placeholders filled in, and
// tn("{n} move", "{n} moves", n, vars) picks the plural form the language needs for n.
//
// The texts are written once, in English, where they are used; Babel extracts them into
// docs/locale/site.pot and site_scripts/build/catalog.py compiles each docs/locale/<lang>.po into
// ../vendor/catalog-<lang>.mjs, which this module loads for a page of that language (the index
// ../vendor/catalog.mjs names them; wordsReady says when it is in). English is the source language
// and needs no catalog of its own.
import { LANGUAGES } from "../vendor/catalog.mjs";
import { fill } from "./fill.js";

/** The t/tn pair for one language's catalog entry ({plural, messages}), or English's (none). */
export function translator(entry) {
  const messages = entry?.messages ?? {};
  const plural = entry?.plural ?? ((n) => (n === 1 ? 0 : 1));
  return {
    t: (text, vars) => fill(typeof messages[text] === "string" ? messages[text] : text, vars),
    tn: (one, other, n, vars) => {
      const forms = messages[one];
      const text = Array.isArray(forms) ? forms[plural(n)] ?? forms[forms.length - 1] : n === 1 ? one : other;
      return fill(text, { n, ...vars });
    },
  };
}

/** The page's language: its <html lang> (a worker or Node: English). */
export const LANG = (globalThis.document?.documentElement?.lang || "en").split("-")[0].toLowerCase();

/** ``lang``'s catalog entry ({plural, messages}), or null for English (and a language with none). */
export async function catalogOf(lang) {
  return LANGUAGES[lang] ? (await LANGUAGES[lang]()).CATALOG : null;
}

// The page's words: English until its catalog is in, then its language. No top-level await: where
// two modules load one that awaits at its top level, WebKit may run one of them before the await
// is over, with the module's exports still "uninitialized" (https://bugs.webkit.org/show_bug.cgi?id=242740).
// petteia.js waits for wordsReady before it loads any module that speaks.
let words = translator(null);

/** Resolves once the page's catalog is loaded (at once for English); rejects if it cannot be. */
export const wordsReady = catalogOf(LANG).then((entry) => {
  words = translator(entry);
});
wordsReady.catch(() => {}); // reported by whoever waits for it (petteia.js), not as an unhandled rejection

/** ``text`` in the page's language, its {name}s filled with ``vars``. */
export const t = (text, vars) => words.t(text, vars);
/** The plural form of ``one``/``other`` the page's language needs for ``n``, filled in. */
export const tn = (one, other, n, vars) => words.tn(one, other, n, vars);

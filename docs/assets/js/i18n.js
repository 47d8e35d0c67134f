// Every word a reader sees on a page comes from here: t("English text", {name: value}) gives the
// text in the page's language (<html lang>) with its {name} placeholders filled in, and
// tn("{n} move", "{n} moves", n, vars) picks the plural form the language needs for n.
//
// The texts are written once, in English, where they are used; Babel extracts them into
// docs/locale/site.pot and site_scripts/build/catalog.py compiles each docs/locale/<lang>.po into
// ../vendor/catalog-<lang>.mjs, which this module loads for a page of that language (the index
// ../vendor/catalog.mjs names them). English is the source language and needs no catalog of its own.
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

export const { t, tn } = translator(await catalogOf(LANG));

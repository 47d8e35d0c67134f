// The worker's words. A worker has no document, so no <html lang>: the page's language comes with
// init() (worker.js), and its catalog is loaded then. Until it is, and where it cannot be (the
// catalog is the file that failed), the words are English.
import { plainWords } from "./module-check.js";

let words = plainWords;

/** i18n.js's t() for the worker: ``text`` in the language chosen by useLanguage(), {name}s filled. */
export const t = (text, vars) => words(text, vars);

/** Speak ``language`` from now on (English needs no catalog); a catalog that will not load leaves English. */
export async function useLanguage(language) {
  if (!language || language === "en") return;
  try {
    const { translator, catalogOf } = await import("./i18n.js");
    words = translator(await catalogOf(language)).t;
  } catch {
    words = plainWords;
  }
}

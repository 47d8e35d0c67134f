// Names the file behind a JavaScript module that would not load.
//
// A failed import() (or a module worker that will not start) names at best the module asked for,
// not the file of its import graph that is missing, damaged or unreachable. moduleFailure() walks
// that graph again with fetch() and returns a sentence for the reader: the file, what went wrong
// and what to do. Its words come from the caller's t() (i18n.js), passed in: this module must load
// even when the catalog is the file that is missing; without one it speaks English.
import { fill } from "./fill.js";

const IMPORTS = /(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** English with {name} placeholders filled: the words when no catalog could be loaded. */
export const plainWords = fill;

// How long one file of the graph may take to answer before it is named as the one that hangs.
const ANSWER_MS = 3000;

/** The file name of ``url`` (its last path segment; a relative ``url`` is read against ``base``). */
export const fileOf = (url, base = undefined) => decodeURIComponent(new URL(url, base).pathname.split("/").pop());

/** The first file of ``url``'s static import graph that cannot be loaded: {url, detail}, or null. */
export async function brokenModule(url, t = plainWords, seen = new Set()) {
  if (seen.has(url.href)) return null;
  seen.add(url.href);
  let response;
  try {
    response = await fetch(url, { cache: "no-cache", signal: AbortSignal.timeout(ANSWER_MS) });
  } catch (err) {
    const silent = err?.name === "TimeoutError";
    const detail = silent
      ? t("the server did not answer within {seconds} s", { seconds: ANSWER_MS / 1000 })
      : t("no network connection?");
    return { url, detail };
  }
  if (!response.ok) return { url, detail: `HTTP ${response.status}` };
  const type = response.headers.get("content-type") || "";
  if (!/javascript|ecmascript/.test(type)) {
    const named = type || t("no type");
    return { url, detail: t("served as \"{type}\", not as JavaScript", { type: named }) };
  }
  const text = await response.text();
  for (const [, spec] of text.matchAll(IMPORTS)) {
    const found = await brokenModule(new URL(spec, url), t, seen);
    if (found) return found;
  }
  return null;
}

/** A sentence for the reader, in t()'s words: which file of ``url``'s module graph failed, and what to do. */
export async function moduleFailure(url, err, t = plainWords) {
  const advice = t("reload the page; if that does not help, the copy of the site on this server is incomplete or damaged");
  const found = await brokenModule(new URL(url), t).catch(() => null);
  if (found) return t("{file} could not be loaded ({detail}): {advice}", { file: fileOf(found.url), detail: found.detail, advice });
  if (err?.message) return t("{file} could not be started ({reason}): {advice}", { file: fileOf(url), reason: err.message, advice });
  return t("{file} could not be started: {advice}", { file: fileOf(url), advice });
}

// Names the file behind a JavaScript module that would not load.
//
// A failed import() (or a module worker that will not start) names at best the module asked for,
// not the file of its import graph that is missing, damaged or unreachable. moduleFailure() walks
// that graph again with fetch() and returns a sentence for the reader: the file, what went wrong
// and what to do.
const IMPORTS = /(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const ADVICE = "reload the page; if that does not help, the copy of the site on this server is incomplete or damaged";

// How long one file of the graph may take to answer before it is named as the one that hangs.
const ANSWER_MS = 3000;

const fileOf = (url) => decodeURIComponent(new URL(url).pathname.split("/").pop());

/** The first file of ``url``'s static import graph that cannot be loaded: {url, detail}, or null. */
export async function brokenModule(url, seen = new Set()) {
  if (seen.has(url.href)) return null;
  seen.add(url.href);
  let response;
  try {
    response = await fetch(url, { cache: "no-cache", signal: AbortSignal.timeout(ANSWER_MS) });
  } catch (err) {
    const silent = err?.name === "TimeoutError";
    return { url, detail: silent ? `the server did not answer within ${ANSWER_MS / 1000} s` : "no network connection?" };
  }
  if (!response.ok) return { url, detail: `HTTP ${response.status}` };
  const type = response.headers.get("content-type") || "";
  if (!/javascript|ecmascript/.test(type)) return { url, detail: `served as "${type || "no type"}", not as JavaScript` };
  const text = await response.text();
  for (const [, spec] of text.matchAll(IMPORTS)) {
    const found = await brokenModule(new URL(spec, url), seen);
    if (found) return found;
  }
  return null;
}

/** A sentence for the reader: which file of ``url``'s module graph failed, and what to do. */
export async function moduleFailure(url, err) {
  const found = await brokenModule(new URL(url)).catch(() => null);
  if (found) return `${fileOf(found.url)} could not be loaded (${found.detail}): ${ADVICE}`;
  const reason = err?.message ? ` (${err.message})` : "";
  return `${fileOf(url)} could not be started${reason}: ${ADVICE}`;
}

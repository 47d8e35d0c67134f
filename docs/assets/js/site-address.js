// Where the page is served from, for the classroom (issue #34, items 14 and 15): pure functions,
// no DOM, tested in Node (tests/js/site-address.test.mjs).
//
// A teacher who runs the classroom download (serve.py) opens the site at http://127.0.0.1:PORT/,
// an address that means "this very device" on every device: a pupil's tablet cannot open a link
// made there. serve.py answers CLASSROOM_FILE with the addresses the pupils' devices can use
// (site_scripts/build/archive_serve.py), so the assignment builder can make the link with one of them.

/** What serve.py answers at the site's root: {server, listening: "all"|"local", lan: [base URLs]}. */
export const CLASSROOM_FILE = "petteia-classroom.json";

/** True for a host name that means "this device": localhost, 127.x.x.x, ::1, 0.0.0.0. */
export function isLoopback(hostname) {
  const h = String(hostname ?? "").toLowerCase().replace(/^\[|\]$/g, "").replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(h) || h === "::1" ||
    h === "0.0.0.0" || h === "::" || /^::ffff:127\./.test(h);
}

/** True when the page comes from a computer of the room's network over plain http (the classroom
 *  server as the pupils' devices see it): such a page cannot be stored for offline use, and needs
 *  no storing: the server is there for the lesson. */
export function onClassroomServer(loc) {
  return loc.protocol === "http:" && !isLoopback(loc.hostname);
}

/** The LAN base addresses of serve.py's answer (only http URLs with a host that is not a loopback
 *  one), or []. */
export function lanBases(answer) {
  if (!answer || !Array.isArray(answer.lan)) return [];
  return answer.lan.filter((u) => {
    try {
      const url = new URL(u);
      return url.protocol === "http:" && !isLoopback(url.hostname);
    } catch {
      return false;
    }
  }).map((u) => new URL(u).href);
}

/** `link` (an address of this site) as seen from `base` (another address of the same server). */
export function onOtherBase(link, base) {
  const from = new URL(link);
  const to = new URL(base);
  from.protocol = to.protocol;
  from.host = to.host;
  return from.href;
}

/**
 * The addresses the pupils' devices can use, when the page at `pageUrl` is on a loopback address:
 * {lan: [base URLs], listening: "all"|"local"|null} (asked of serve.py at the site root `root`),
 * or null when the page is not on one (its own address is the pupils' too).
 */
export async function pupilsBases(pageUrl, root, fetchFn = globalThis.fetch) {
  if (!isLoopback(new URL(pageUrl).hostname)) return null;
  try {
    const response = await fetchFn(new URL(CLASSROOM_FILE, root), { cache: "no-store" });
    const answer = response.ok ? await response.json() : null;
    return { lan: lanBases(answer), listening: answer?.listening ?? null };
  } catch {
    return { lan: [], listening: null };
  }
}

// What the class table reads from outside the page and checks: its address (#assign=…&code=…),
// a scanned QR code's text, the browser's storage (class-roster.js keeps each class there), and
// files (a class file read, a CSV or class file written).
import { el } from "../dom.js";

/** The browser's storage the classes are kept in. */
export const storage = () => window.localStorage;

/** {assign, code} from the page's address fragment (either may be ""). Never throws. */
export function readHash(hash) {
  let h = String(hash || "").replace(/^#/, "");
  try {
    h = decodeURIComponent(h);
  } catch {
    /* read as it is */
  }
  const out = { assign: "", code: "" };
  for (const part of h.split("&")) {
    const m = part.match(/^(assign|code)=(.*)$/s);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** The code in a scanned text: a raw code, or the `code=` of a finish screen's link. */
export function codeFromScan(text) {
  const m = String(text).match(/[#&]code=([0-9A-Za-z-]+)/);
  return m ? m[1] : String(text).trim();
}

/** Save `text` as a file called `name` (the browser's download). */
export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

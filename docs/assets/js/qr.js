// A QR code as an inline SVG element, drawn from npm `qrcode-generator` (vendored by
// site_scripts/build/vendor.py into assets/vendor/qrcode/). No canvas, no data: URL, no inline
// script: the policy of site_scripts/build/csp.py allows it as it is.
import qrcode from "../vendor/qrcode/qrcode.mjs";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4; // the blank border a QR reader needs, in modules

/**
 * The QR code of `text` (byte mode, error correction "M", the smallest version that holds it).
 * @param {string} text
 * @returns {{modules: number, isDark: (row: number, col: number) => boolean}|null}  null when the
 *   text is too long for any QR code
 */
export function qrMatrix(text) {
  const q = qrcode(0, "M");
  // The library reads one byte per character: give it the UTF-8 bytes, as a phone's reader expects.
  q.addData(String.fromCharCode(...new TextEncoder().encode(text)), "Byte");
  try {
    q.make();
  } catch {
    return null; // "code length overflow": longer than a version 40 code holds
  }
  const n = q.getModuleCount();
  return { modules: n, isDark: (r, c) => q.isDark(r, c) };
}

/**
 * An <svg> drawing the QR code of `text`, one path for all dark modules, black on white.
 * @param {string} text
 * @param {string} label  its accessible name
 * @returns {SVGSVGElement|null}  null when the text is too long for a QR code
 */
export function qrSvg(text, label) {
  const m = qrMatrix(text);
  if (!m) return null;
  const size = m.modules + 2 * QUIET;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr-code");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.dataset.modules = String(m.modules);
  const back = document.createElementNS(SVG, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  let d = "";
  for (let r = 0; r < m.modules; r += 1) {
    for (let c = 0; c < m.modules; c += 1) {
      if (m.isDark(r, c)) d += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
    }
  }
  const dark = document.createElementNS(SVG, "path");
  dark.setAttribute("d", d);
  dark.setAttribute("fill", "#000");
  svg.append(back, dark);
  return svg;
}

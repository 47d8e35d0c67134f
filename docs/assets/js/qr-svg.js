// A QR code as an SVG element (npm `qrcode-generator`, vendored by site_scripts/vendor.py).
// Used by the assignments (assignment-builder.js, the trainer's finish screen).
import qrcode from "../vendor/qrcode/qrcode.mjs";

const SVG = "http://www.w3.org/2000/svg";

/** An <svg> drawing `text` as a QR code (error correction M, four modules of quiet zone),
 *  black on white whatever the theme, named `label` for screen readers. */
export function qrSvg(text, { label = "QR code" } = {}) {
  const q = qrcode(0, "M");
  q.addData(text, "Byte"); // UTF-8
  q.make();
  const n = q.getModuleCount();
  const size = n + 8;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", "qr-code");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("shape-rendering", "crispEdges");
  const bg = document.createElementNS(SVG, "rect");
  bg.setAttribute("width", String(size));
  bg.setAttribute("height", String(size));
  bg.setAttribute("fill", "#fff");
  let d = "";
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (q.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(bg, path);
  return svg;
}

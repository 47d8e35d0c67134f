// The board buttons' icons, drawn as SVG (as the theme draws its own): a reader's fonts may lack
// ⏮ and ⏭ (every headless browser here showed empty boxes), and a drawn icon is the same
// everywhere. Each icon is decorative: its button carries the words (aria-label and title).
const NS = "http://www.w3.org/2000/svg";

const PATHS = {
  start: "M4 4h2.2v12H4zM16 4v12L7.5 10z", // back to the start: a bar and a triangle to the left
  back: "M14.5 4v12L5.5 10z",
  next: "M5.5 4v12l9-6z",
  end: "M13.8 4H16v12h-2.2zM4 4v12l8.5-6z",
  reset: "M10 3.5a6.5 6.5 0 1 1-6.5 6.5h2.2A4.3 4.3 0 1 0 10 5.7v2.6L5.6 4.6 10 .9z", // back to the page's position
  flip: "M6.5 2.5l4 4.2H7.6V13H5.4V6.7H2.5zM13.5 17.5l-4-4.2h2.9V7h2.2v6.3h2.9z", // turn the board round
};

/** The icon `name` (start, back, next, end, reset, flip) as an inline SVG element. */
export function icon(name) {
  const svg = document.createElementNS(NS, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 20 20", width: "1.1em", height: "1.1em", "aria-hidden": "true",
    focusable: "false", class: `petteia-icon petteia-icon-${name}` })) svg.setAttribute(k, v);
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", PATHS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

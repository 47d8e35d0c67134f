// The light/dark toggle in the header (overrides/partials/palette.html: the theme's own inputs
// and labels), in place of the theme's palette component.
//
// The theme's bundle mounted its palette component in its first task, where it set
// data-md-color-switching on <body> (a rule under it restyles every element), then added a
// color-scheme <meta> and filled it in (Chromium restyles every element when such a meta changes):
// three whole-page restyles on every page load, 40-60 ms of a task of 100-130 ms on this machine
// (Chromium traces of make bench). The choice made before the page was drawn (the partial's script,
// the theme's own script) needs none of that; this module changes the page only when the reader
// switches, and does what the theme did then: the body's palette attributes, the stored choice
// (the theme's __palette key, read by its own script on every page), the visible toggle, and the
// color-scheme and theme-color metas (the partial's script put the color-scheme one in <head>).

/** The palette option an input stands for (the theme's stored form: { media, scheme, primary, accent }). */
function optionOf(input) {
  const get = (name) => input.getAttribute(`data-md-color-${name}`);
  return { media: get("media"), scheme: get("scheme"), primary: get("primary"), accent: get("accent") };
}

/**
 * The colours to apply for ``option``: the option itself, or for an automatic one (media
 * "(prefers-color-scheme)"), those of the option for the system's light or dark preference.
 */
function resolvedColours(option, options, prefersLight) {
  if (option.media !== "(prefers-color-scheme)") return option;
  const wanted = `(prefers-color-scheme: ${prefersLight ? "light" : "dark"})`;
  const match = options.find((o) => o.media === wanted);
  return match ? { ...match, media: option.media } : option;
}

let form = null;

/** The toggle's inputs, one per palette, in the order of mkdocs.yml. */
const inputsOf = () => [...form.querySelectorAll("input")];

/** Apply the palette of input ``index`` of the toggle (the reader chose it). */
function apply(index) {
  const inputs = inputsOf();
  const option = optionOf(inputs[index]);
  const colours = resolvedColours(option, inputs.map(optionOf), matchMedia("(prefers-color-scheme: light)").matches);
  const body = document.body;
  body.setAttribute("data-md-color-switching", ""); // the theme's CSS: no transitions while switching
  for (const [key, value] of Object.entries(colours)) body.setAttribute(`data-md-color-${key}`, value);
  inputs.forEach((input, i) => {
    const label = input.nextElementSibling;
    if (label instanceof HTMLLabelElement) label.hidden = i !== index;
  });
  window.__md_set?.("__palette", { index, color: option });
  const header = document.querySelector("[data-md-component=header]") || body;
  const style = getComputedStyle(header);
  const scheme = document.querySelector('meta[name="color-scheme"]') || document.head.appendChild(meta("color-scheme"));
  scheme.content = style.colorScheme;
  const rgb = style.backgroundColor.match(/\d+/g);
  if (rgb) {
    const theme = document.querySelector('meta[name="theme-color"]') || document.head.appendChild(meta("theme-color"));
    theme.content = "#" + rgb.slice(0, 3).map((v) => (+v).toString(16).padStart(2, "0")).join("");
  }
  setTimeout(() => body.removeAttribute("data-md-color-switching"));
}

function meta(name) {
  const el = document.createElement("meta");
  el.name = name;
  return el;
}

/** Serve the page's palette toggle (once: instant navigation keeps the header). */
export function mountPalette() {
  const found = document.querySelector("form[data-petteia-palette]");
  if (!found || found === form) return;
  form = found;
  form.addEventListener("change", (event) => {
    const index = inputsOf().indexOf(event.target);
    if (index >= 0) apply(index);
  });
  // The theme's keyboard access: Enter on the toggle switches to the next palette.
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const inputs = inputsOf();
    const current = Math.max(0, inputs.findIndex((input) => input.checked));
    const next = inputs[(current + 1) % inputs.length];
    next.click();
    next.focus();
  });
  // An automatic palette follows the system's preference as it changes.
  matchMedia("(prefers-color-scheme: light)").addEventListener("change", () => {
    const inputs = inputsOf();
    const index = inputs.findIndex((input) => input.checked);
    if (index >= 0 && optionOf(inputs[index]).media === "(prefers-color-scheme)") apply(index);
  });
}

// A text's {name} placeholders filled from `vars` (a missing one stays as written, so it is seen):
// i18n.js's t() after the catalog, and the English words of a page whose catalog did not load.

/** `text` with each `{name}` replaced by `vars[name]`. */
export function fill(text, vars) {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

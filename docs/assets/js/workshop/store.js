// What the workshop reads from outside the page and checks: its link (docs/lab/workshop.md) and a
// pasted record's rules. A ruleset is the page's address with a hash such as
// `#rules=classic&corner_capture=true`, the preset then its changed options in the words of
// petteia_core.options.format_options. Reading a hash only splits it; the worker judges the options.
import { t } from "../i18n.js";

export class LinkError extends Error {}

/** True when `hash` looks like a workshop ruleset (it names its preset). */
export function isWorkshopHash(hash) {
  return /^#?rules=/.test(hash || "");
}

/** `#rules=classic&corner_capture=true` → {ruleset: "classic", options: {corner_capture: "true"}};
 *  LinkError with a sentence for the reader when the hash is not made of name=value words. */
export function readWorkshopHash(hash) {
  const text = (hash || "").startsWith("#") ? hash.slice(1) : hash || ""; // (no regex literal: Babel's lexer then loses the t() calls below)
  const options = {};
  let ruleset = null;
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    let name, value;
    try {
      name = decodeURIComponent(part.slice(0, eq)).trim();
      value = decodeURIComponent(part.slice(eq + 1)).trim();
    } catch {
      throw new LinkError(t("“{part}” is not written correctly", { part }));
    }
    if (eq < 1 || !value) throw new LinkError(t("“{part}” is not an option written name=value", { part }));
    if (name === "rules") {
      if (ruleset !== null) throw new LinkError(t("the link names its rules twice"));
      ruleset = value.toLowerCase();
    } else {
      if (name in options) throw new LinkError(t("the link gives the option {name} twice", { name }));
      options[name] = value;
    }
  }
  if (ruleset === null) throw new LinkError(t("the link does not say which rules it starts from (rules=classic, …)"));
  return { ruleset, options };
}

/** The hash of a ruleset: its preset, then the changed options ("corner_capture=true hoplite_range=none"). */
export function workshopHash(ruleset, optionWords) {
  const parts = [`rules=${encodeURIComponent(ruleset)}`];
  for (const word of (optionWords || "").split(/\s+/)) {
    if (!word) continue;
    const eq = word.indexOf("=");
    parts.push(`${encodeURIComponent(word.slice(0, eq))}=${encodeURIComponent(word.slice(eq + 1))}`);
  }
  return `#${parts.join("&")}`;
}

/** "corner_capture=true hoplite_range=none" → {corner_capture: "true", hoplite_range: "none"}. */
export function readOptionWords(words) {
  const options = {};
  for (const word of (words || "").split(/\s+/)) {
    const eq = word.indexOf("=");
    if (eq > 0) options[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return options;
}

/** The preset and changed options a game record names (its Ruleset and Options tags), or null. */
export function recordRules(record) {
  const ruleset = /\[\s*Ruleset\s+\x22([^\x22]*)\x22/i.exec(record || "")?.[1]?.trim().toLowerCase();
  if (!ruleset) return null;
  return { ruleset, options: readOptionWords(/\[\s*Options\s+\x22([^\x22]*)\x22/i.exec(record)?.[1]) };
}

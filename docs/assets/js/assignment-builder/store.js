// What the assignment builder makes and checks: an assignment's links (assignment-code.js's code),
// for the pupils and for the class table, and the pupils' addresses when this page is open on a
// loopback address (site-address.js: serve.py's petteia-classroom.json).
import { t } from "../i18n.js";
import { AssignmentError, checkAssignment, encodeAssignment } from "../assignment-code.js";
import { pupilsBases } from "../site-address.js";

/** The links of assignment `name` with puzzles `ids`, made on the page at `href`:
 *  {a, here, table, bases (a promise)}, or {error} (a sentence) when it cannot be made. */
export function makeLinks(name, ids, href) {
  if (!String(name ?? "").trim()) return { error: t("Give the assignment a name first.") };
  if (!ids.length) return { error: t("Choose at least one puzzle first.") };
  let a;
  try {
    a = checkAssignment({ name, ids });
  } catch (err) {
    if (!(err instanceof AssignmentError)) throw err;
    return { error: t("This assignment cannot be made: {why}.", { why: err.message }) };
  }
  const code = encodeAssignment(a);
  return {
    a,
    here: new URL(`../../puzzles/#assign=${code}`, href).href,
    table: new URL(`../class-table/#assign=${code}`, href).href,
    bases: pupilsBases(href, new URL("../../", href)),
  };
}

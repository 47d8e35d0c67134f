// Assignments and result codes (issue #22): pure functions, no DOM, tested in Node
// (tests/js/assignment-code.test.mjs).
//
// An *assignment* is a name and a list of puzzle ids. It travels in the trainer's address,
// `puzzles/#assign=<encodeAssignment(...)>`, and has a short *assignment id*: 4 Crockford base32
// characters (20 bits of FNV-1a) of its name and puzzle list. The link's value is base64url of
//
//   version 2: "2\n<name>\n<id>,<id>,…\n" and two check bytes: a zero bit, then the CRC-15 below
//              of all the bytes before them (so the CRC of the whole is 0). Any change of one or two
//              neighbouring characters of the link (a burst of at most 12 bits) is found, and a
//              link cut short too: a damaged link is refused, never read as another assignment.
//   version 1 (links made before the check): "1\n<name>\n<id>,<id>,…", still read as they are.
//
// A *result code* is what a pupil reads out or types after the last puzzle. It is Crockford base32
// (digits and letters without I, L, O, U; read case-insensitively, with I and L read as 1 and O as
// 0; hyphens and spaces ignored), in groups of four. Its bits, first to last:
//
//   version (2 bits, = 1) · assignment id (20) · number of puzzles − 1 (5) · per puzzle 2 bits
//   (0 missed, 1 solved, 2 solved at the first try, 3 not tried: the pupil pressed "Finish now";
//   a reader older than that value refuses the code as mistyped) · pupil name length in bytes (5) · the name,
//   UTF-8 · zero bits up to a whole character · CRC-15 of all that (3 characters).
//
// The CRC (polynomial 0x4599, the CAN bus's) finds every change of one character and every swap
// of two neighbouring characters, so a mistyped code is refused, never read as another result.
// It is not a signature: anyone who reads this file can make a valid code (see the class-table page).
import { t } from "./i18n.js";

export const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const VERSION = 1; // of the result codes
export const LINK_VERSION = 2; // of the assignment links (1 is still read)
export const MAX_PUZZLES = 24;
export const MAX_NAME = 60; // characters of an assignment's name
export const MAX_PUPIL_BYTES = 24; // UTF-8 bytes of a pupil's name in a code
/** The results a puzzle can have, in the order of their 2-bit values. */
export const RESULTS = ["missed", "solved", "first", "untried"];
const ID_RE = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** A result code that cannot be read: `kind` is "typo" (mangled, mistyped), "empty" or "other"
 *  (it belongs to another assignment; `assignment` is that assignment's id). */
export class CodeError extends Error {
  constructor(kind, message, assignment = null) {
    super(message);
    this.kind = kind;
    this.assignment = assignment;
  }
}

/** An assignment link that cannot be read (damaged, cut short, or not an assignment). */
export class AssignmentError extends Error {}

/** Why a link whose check does not match is refused (the trainer and the class table show it). */
export const DAMAGED_LINK = t("it was changed or cut short on the way (a letter is different, missing or extra)");

// ------------------------------------------------------------------ text helpers
const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** `name` tidied: trimmed, runs of white space made one space, control characters dropped. */
export function tidyName(name) {
  return String(name ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").replace(/\s+/g, " ").trim();
}

/** `name` cut to at most `max` UTF-8 bytes, never in the middle of a character. */
export function fitBytes(name, max = MAX_PUPIL_BYTES) {
  let out = "";
  for (const ch of tidyName(name)) {
    if (utf8.encode(out + ch).length > max) break;
    out += ch;
  }
  return out.trim();
}

function base64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new AssignmentError(t("it has characters an assignment link never has"));
  let s;
  try {
    s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    throw new AssignmentError(DAMAGED_LINK);
  }
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

// ------------------------------------------------------------------ assignments
/** The assignment id of {name, ids}: 4 base32 characters, 20 bits of FNV-1a of "name\nids". */
export function assignmentId({ name, ids }) {
  let h = 0x811c9dc5;
  for (const b of utf8.encode(`${tidyName(name)}\n${ids.join(",")}`)) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const v = (h >>> 12) ^ (h & 0xfff); // fold 32 bits to 20
  let out = "";
  for (let i = 3; i >= 0; i--) out += CROCKFORD[(v >>> (5 * i)) & 31];
  return out;
}

/** Check an assignment's name and ids; returns {name, ids, id} (name tidied) or throws AssignmentError. */
export function checkAssignment({ name, ids }) {
  const n = tidyName(name);
  if (!n) throw new AssignmentError(t("the assignment has no name"));
  if ([...n].length > MAX_NAME) throw new AssignmentError(t("its name is longer than {n} characters", { n: MAX_NAME }));
  if (!Array.isArray(ids) || !ids.length) throw new AssignmentError(t("it names no puzzles"));
  if (ids.length > MAX_PUZZLES) throw new AssignmentError(t("it has more than {n} puzzles", { n: MAX_PUZZLES }));
  for (const id of ids) {
    if (typeof id !== "string" || !ID_RE.test(id)) throw new AssignmentError(t("one of its puzzle names is damaged"));
  }
  if (new Set(ids).size !== ids.length) throw new AssignmentError(t("it names a puzzle twice"));
  return { name: n, ids: [...ids], id: assignmentId({ name: n, ids }) };
}

/** The address fragment's value for an assignment (after `#assign=`): version 2, with its check. */
export function encodeAssignment(assignment) {
  const { name, ids } = checkAssignment(assignment);
  const body = utf8.encode(`${LINK_VERSION}\n${name}\n${ids.join(",")}\n`);
  const crc = crc15([...bitsOf(body), 0]);
  const out = new Uint8Array(body.length + 2);
  out.set(body);
  out[body.length] = crc >>> 8;
  out[body.length + 1] = crc & 0xff;
  return base64url(out);
}

/** The bits of `bytes`, most significant first. */
function bitsOf(bytes) {
  const bits = [];
  for (const b of bytes) for (let i = 7; i >= 0; i--) bits.push((b >>> i) & 1);
  return bits;
}

/** {name, ids, id} from the value of `#assign=`; throws AssignmentError saying what is wrong. */
export function decodeAssignment(text) {
  const raw = String(text ?? "").trim();
  if (!raw) throw new AssignmentError(t("it is empty"));
  let bytes = fromBase64url(raw);
  // Version 2 ("2\n…"): the check first (every byte, the check's own included, and no stray bits
  // in the last character: the bytes must give back the very same text).
  const v2 = bytes[0] === 0x32 && bytes[1] === 0x0a;
  if (v2) {
    if (bytes.length < 6 || crc15(bitsOf(bytes)) !== 0 || base64url(bytes) !== raw) throw new AssignmentError(DAMAGED_LINK);
    bytes = bytes.slice(0, -2);
  }
  let body;
  try {
    body = strictUtf8.decode(bytes);
  } catch {
    throw new AssignmentError(DAMAGED_LINK);
  }
  const parts = body.split("\n");
  if (v2) {
    if (parts.length !== 4 || parts[3] !== "") throw new AssignmentError(DAMAGED_LINK);
    parts.pop();
  }
  if (parts.length !== 3) throw new AssignmentError(DAMAGED_LINK);
  if (parts[0] !== "1" && parts[0] !== String(LINK_VERSION)) throw new AssignmentError(t("it was made by another version of this site"));
  return checkAssignment({ name: parts[1], ids: parts[2].split(",") });
}

// ------------------------------------------------------------------ bits and base32
class Bits {
  constructor() {
    this.bits = [];
  }
  put(value, width) {
    for (let i = width - 1; i >= 0; i--) this.bits.push((value >>> i) & 1);
  }
}

class Reader {
  constructor(bits) {
    this.bits = bits;
    this.at = 0;
  }
  left() {
    return this.bits.length - this.at;
  }
  take(width) {
    if (width > this.left()) throw new CodeError("typo", TYPO);
    let v = 0;
    for (let i = 0; i < width; i++) v = (v << 1) | this.bits[this.at++];
    return v >>> 0;
  }
}

/** CRC-15 (polynomial 0x4599, initial value 0) of a list of bits. */
export function crc15(bits) {
  let crc = 0;
  for (const b of bits) {
    const top = ((crc >>> 14) & 1) ^ b;
    crc = (crc << 1) & 0x7fff;
    if (top) crc ^= 0x4599;
  }
  return crc;
}

/** Read a typed code: characters to 5-bit values (Crockford's reading), or null if one is not base32. */
export function readSymbols(text) {
  const out = [];
  for (let ch of String(text ?? "").toUpperCase()) {
    if (ch === "-" || /\s/.test(ch)) continue;
    if (ch === "I" || ch === "L") ch = "1";
    if (ch === "O") ch = "0";
    const v = CROCKFORD.indexOf(ch);
    if (v < 0) return null;
    out.push(v);
  }
  return out;
}

const TYPO = t("This code has a typing mistake (or part of it is missing): check it letter by letter, or scan its QR code.");

// ------------------------------------------------------------------ result codes
/** The result code of `pupil` for the assignment with id `assignment` (4 characters) and
 *  `results` (one of RESULTS per puzzle, in the assignment's order), in groups of four. */
export function encodeResult({ assignment, pupil, results }) {
  const syms = readSymbols(assignment);
  if (!syms || syms.length !== 4) throw new Error(t("not an assignment id: {id}", { id: assignment }));
  if (!results.length || results.length > MAX_PUZZLES) throw new Error(t("an assignment has 1 to {n} puzzles", { n: MAX_PUZZLES }));
  const name = utf8.encode(fitBytes(pupil));
  const b = new Bits();
  b.put(VERSION, 2);
  for (const s of syms) b.put(s, 5);
  b.put(results.length - 1, 5);
  for (const r of results) {
    const v = RESULTS.indexOf(r);
    if (v < 0) throw new Error(t("not a result: {r}", { r }));
    b.put(v, 2);
  }
  b.put(name.length, 5);
  for (const byte of name) b.put(byte, 8);
  while (b.bits.length % 5) b.bits.push(0);
  b.put(crc15(b.bits), 15);
  let text = "";
  for (let i = 0; i < b.bits.length; i += 5) {
    let v = 0;
    for (let j = 0; j < 5; j++) v = (v << 1) | b.bits[i + j];
    text += CROCKFORD[v];
  }
  return text.match(/.{1,4}/g).join("-");
}

/** A code written the standard way (upper case, grouped in fours), or null if it is not base32. */
export function normalizeCode(text) {
  const syms = readSymbols(text);
  if (!syms || !syms.length) return null;
  return syms.map((v) => CROCKFORD[v]).join("").match(/.{1,4}/g).join("-");
}

/**
 * Read a result code: {assignment, pupil, results, code}. Throws CodeError: "empty", "typo" (a
 * mistyped or damaged code), or "other" when `expected` (an assignment id) is given and the code
 * belongs to another assignment, or when `count` (its number of puzzles) does not match.
 */
export function decodeResult(text, { expected = null, count = null } = {}) {
  const syms = readSymbols(text);
  if (syms && !syms.length) throw new CodeError("empty", t("There is no code to add: paste or type one."));
  if (!syms || syms.length < 6) throw new CodeError("typo", TYPO);
  const bits = [];
  for (const s of syms) for (let i = 4; i >= 0; i--) bits.push((s >>> i) & 1);
  const body = bits.slice(0, -15);
  const r = new Reader(bits.slice(-15));
  if (crc15(body) !== r.take(15)) throw new CodeError("typo", TYPO);
  const rd = new Reader(body);
  if (rd.take(2) !== VERSION) throw new CodeError("typo", t("This code was made by another version of this site, or has a typing mistake."));
  let assignment = "";
  for (let i = 0; i < 4; i++) assignment += CROCKFORD[rd.take(5)];
  const n = rd.take(5) + 1;
  const results = [];
  for (let i = 0; i < n; i++) {
    const v = rd.take(2);
    if (v >= RESULTS.length) throw new CodeError("typo", TYPO);
    results.push(RESULTS[v]);
  }
  const len = rd.take(5);
  const bytes = new Uint8Array(len);
  for (let i = 0; i < len; i++) bytes[i] = rd.take(8);
  if (rd.left() >= 5 || rd.bits.slice(rd.at).some((x) => x)) throw new CodeError("typo", TYPO);
  let pupil;
  try {
    pupil = tidyName(strictUtf8.decode(bytes));
  } catch {
    throw new CodeError("typo", TYPO);
  }
  if (expected && assignment !== expected) {
    throw new CodeError("other", t("This code belongs to another assignment ({assignment}), not to this one ({expected}). Nothing was added.", { assignment, expected }), assignment);
  }
  if (count !== null && n !== count) {
    throw new CodeError("other", t("This code is for an assignment of {n} puzzles, not this one's {count}. Nothing was added.", { n, count }), assignment);
  }
  return { assignment, pupil, results, code: normalizeCode(text) };
}

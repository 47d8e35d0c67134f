// "Play a friend by link": the link that carries a game from one player to the other, with no
// server. This module only writes and reads the link; the play page (play/friend.js) checks the game in
// it move by move (the worker's `load` op) and plays it.
//
// The link is the play page's address with a fragment (never sent to a server, kept by any
// static host):
//
//     play/#friend=<game>&turn=<w|b>
//
// <game> is the game's record (Game.record(): the [Ruleset] tag and the numbered moves, with the
// rolls of Kubeia and Duodecim scripta), as UTF-8, squeezed with DEFLATE (CompressionStream
// "deflate-raw", in Chromium, Firefox and Safari) and written in base64url (A–Z a–z 0–9 - _),
// with one letter in front saying how: "z" squeezed, "t" plain (a browser without
// CompressionStream writes plain links; every browser reads both). `turn` says whose move it is;
// the page checks it against the game, so a link whose moves were changed is caught even when
// the changed moves are legal but no longer end on the same player's turn.
import { t } from "../i18n.js";

/** The fragment key of a friend's link. */
export const KEY = "friend";

/** The longest record a link may carry (a long game is a few thousand characters). */
export const MAX_RECORD = 40_000;

/** A link that cannot be read: `message` is a sentence for the reader. */
export class FriendLinkError extends Error {}

const canSqueeze = () => typeof CompressionStream === "function" && typeof DecompressionStream === "function";

/** Bytes through a CompressionStream or DecompressionStream. @returns {Promise<Uint8Array>} */
async function through(stream, bytes) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** @param {Uint8Array} bytes @returns {string} base64url, no padding */
export function toBase64Url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text base64url @returns {Uint8Array} (throws FriendLinkError on other letters) */
export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
    throw new FriendLinkError(t("its letters have been changed or cut off"));
  }
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** The <game> part of a link for `record`. @param {string} record @returns {Promise<string>} */
export async function encodeRecord(record) {
  const bytes = new TextEncoder().encode(record.trim());
  if (canSqueeze()) return "z" + toBase64Url(await through(new CompressionStream("deflate-raw"), bytes));
  return "t" + toBase64Url(bytes);
}

/** The record in the <game> part of a link. @param {string} game @returns {Promise<string>}
 *  Throws FriendLinkError (a sentence for the reader) when it cannot be read. */
export async function decodeRecord(game) {
  const how = game.slice(0, 1);
  if (how !== "z" && how !== "t") throw new FriendLinkError(t("it does not start the way a friend's link does"));
  let bytes = fromBase64Url(game.slice(1));
  if (how === "z") {
    if (!canSqueeze()) throw new FriendLinkError(t("this browser cannot unpack it (it is too old)"));
    try {
      bytes = await through(new DecompressionStream("deflate-raw"), bytes);
    } catch {
      throw new FriendLinkError(t("its letters have been changed or cut off"));
    }
  }
  let record;
  try {
    record = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new FriendLinkError(t("its letters have been changed or cut off"));
  }
  if (record.length > MAX_RECORD) throw new FriendLinkError(t("it is far too long to be a game"));
  if (!/^\s*\[\s*Ruleset\s+"/i.test(record)) throw new FriendLinkError(t("it does not hold a game record"));
  return record;
}

/** Whether a page's fragment is a friend's link. @param {string} hash "#friend=…" or "friend=…" */
export function isFriendLink(hash) {
  return new RegExp(`^#?${KEY}=`).test(hash || "");
}

/**
 * The link that opens `record` for the other player.
 * @param {string} record  the game's record
 * @param {"w"|"b"} turn  whose move it is in that game
 * @param {string} page  the play page's address (no fragment)
 * @returns {Promise<string>}
 */
export async function friendLink(record, turn, page) {
  return `${page}#${KEY}=${await encodeRecord(record)}&turn=${turn}`;
}

/**
 * What a friend's link holds: {record, turn}. Throws FriendLinkError when it cannot be read.
 * @param {string} hash  the page's fragment
 * @returns {Promise<{record: string, turn: "w"|"b"}>}
 */
export async function readFriendLink(hash) {
  const params = new URLSearchParams((hash || "").replace(/^#/, ""));
  const game = (params.get(KEY) || "").trim();
  const turn = params.get("turn");
  if (!game) throw new FriendLinkError(t("it holds no game"));
  if (turn !== "w" && turn !== "b") throw new FriendLinkError(t("it does not say whose move it is"));
  return { record: await decodeRecord(game), turn };
}

/** Whether the record `later` goes on from the record `earlier` (the same game, more moves). */
export function continues(later, earlier) {
  const flat = (r) => r.trim().replace(/\s+/g, " ").replace(/[;,]\s*$/, "");
  const a = flat(later), b = flat(earlier);
  return a.startsWith(b) && (a.length === b.length || /^[\s;,]/.test(a.slice(b.length)));
}

// Unit tests of friend-link.js (the link of "Play a friend by link"), run by Node's test runner:
// `node --test tests/js/` (tests/test_js_in_node.py runs them in pytest).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  FriendLinkError, continues, decodeRecord, encodeRecord, friendLink, isFriendLink, readFriendLink, toBase64Url,
} from "../../docs/assets/js/play/friend-link.js";

const RECORD = '[Ruleset "kubeia"]\n1) 52 Α2-Α3, 31 Η6-Η3;\n2) 41 Α1-Α2, 44 Η3-Θ3;';
const PAGE = "https://example.org/petteia/play/";

test("a record goes into a link and comes back, squeezed, in URL-safe letters", async () => {
  const link = await friendLink(RECORD, "b", PAGE);
  assert.match(link, /^https:\/\/example\.org\/petteia\/play\/#friend=z[A-Za-z0-9_-]+&turn=b$/);
  assert.ok(isFriendLink(new URL(link).hash));
  assert.deepEqual(await readFriendLink(new URL(link).hash), { record: RECORD, turn: "b" });
  const long = `[Ruleset "classic"]\n${Array.from({ length: 60 }, (_, i) => `${i + 1}) Α1-Α2, Α8-Α7;`).join("\n")}`;
  const game = (await encodeRecord(long)).length;
  assert.ok(game < long.length / 3, `a long record is squeezed (${game} letters for ${long.length})`);
});

test("plain links (a browser without CompressionStream) are read too", async () => {
  const plain = "t" + toBase64Url(new TextEncoder().encode(RECORD));
  assert.equal(await decodeRecord(plain), RECORD);
});

test("bad links are refused with a sentence for the reader", async () => {
  const good = await encodeRecord(RECORD);
  const cases = [
    ["friend=&turn=w", /holds no game/],
    [`friend=${good}`, /whose move/],
    [`friend=${good}&turn=x`, /whose move/],
    [`friend=q${good.slice(1)}&turn=w`, /does not start/],
    [`friend=${good.slice(0, 10)}&turn=w`, /changed or cut off/],
    [`friend=${good}$$&turn=w`, /changed or cut off/],
    [`friend=t${toBase64Url(new Uint8Array([0xff, 0xfe]))}&turn=w`, /changed or cut off/],
    [`friend=t${toBase64Url(new TextEncoder().encode("hello"))}&turn=w`, /does not hold a game record/],
  ];
  for (const [hash, message] of cases) {
    await assert.rejects(readFriendLink(`#${hash}`), (err) => err instanceof FriendLinkError && message.test(err.message), hash);
  }
});

test("continues: the same game with more moves, not another game", () => {
  const one = '[Ruleset "classic"]\n1) Α1-Α2';
  const two = '[Ruleset "classic"]\n1) Α1-Α2, Α8-Α4;\n2) Β1-Β3';
  assert.ok(continues(two, one));
  assert.ok(continues(two, two));
  assert.ok(!continues(one, two));
  assert.ok(!continues('[Ruleset "classic"]\n1) Α1-Α2xΒ2', one)); // a longer move is another move
  assert.ok(!continues('[Ruleset "vagi"]\n1) Α1-Α2, Α8-Α4', one));
});

// Unit tests of workshop/store.js (the rules workshop's link and a record's rules), run by Node's
// test runner: `node --test tests/js/` (tests/test_js_in_node.py runs them in pytest).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LinkError, isWorkshopHash, readOptionWords, readWorkshopHash, recordRules, workshopHash,
} from "../../docs/assets/js/workshop/store.js";

test("a ruleset goes into a hash and comes back", () => {
  const hash = workshopHash("tournament", "width=8 pieces_per_side=17 basileus_squares=Η3,Ζ6 hoplite_range=none");
  assert.equal(hash, "#rules=tournament&width=8&pieces_per_side=17&basileus_squares=%CE%973%2C%CE%966&hoplite_range=none");
  assert.ok(isWorkshopHash(hash));
  assert.deepEqual(readWorkshopHash(hash), {
    ruleset: "tournament",
    options: { width: "8", pieces_per_side: "17", basileus_squares: "Η3,Ζ6", hoplite_range: "none" },
  });
  assert.equal(workshopHash("classic", ""), "#rules=classic");
  assert.deepEqual(readWorkshopHash("#rules=Classic"), { ruleset: "classic", options: {} });
});

test("a hash that is not name=value words is refused with a sentence", () => {
  for (const [hash, said] of [
    ["#rules=classic&corner_capture", "“corner_capture” is not an option written name=value"],
    ["#rules=classic&=true", "is not an option written name=value"],
    ["#rules=classic&rules=vagi", "the link names its rules twice"],
    ["#rules=classic&vagi=true&vagi=false", "the link gives the option vagi twice"],
    ["#corner_capture=true", "the link does not say which rules it starts from"],
    ["#rules=classic&vagi=%E0%A4%A", "is not written correctly"],
  ]) {
    assert.throws(() => readWorkshopHash(hash), (err) => err instanceof LinkError && err.message.includes(said), hash);
  }
  assert.ok(!isWorkshopHash("#record=x") && !isWorkshopHash(""));
});

test("a record's rules: its Ruleset and Options tags", () => {
  const record = '[Ruleset "Classic"]\n[Options "corner_capture=true first_player=b"]\n1) ..., Α8-Α5;';
  assert.deepEqual(recordRules(record), { ruleset: "classic", options: { corner_capture: "true", first_player: "b" } });
  assert.deepEqual(recordRules('[Ruleset "vagi"]\n1) Α1-Α4;'), { ruleset: "vagi", options: {} });
  assert.equal(recordRules("1) Α1-Α4;"), null);
  assert.deepEqual(readOptionWords(" mandatory_capture=true  stall_limit=40 "), { mandatory_capture: "true", stall_limit: "40" });
});

// Unit tests of site-address.js (issue #34, items 14 and 15), run by Node's test runner.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isLoopback, lanBases, onClassroomServer, onOtherBase } from "../../docs/assets/js/site-address.js";

test("loopback addresses are told from the room's network", () => {
  for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "app.localhost", "[::1]", "::1", "0.0.0.0"]) assert.ok(isLoopback(h), h);
  for (const h of ["192.168.1.20", "10.0.0.5", "172.16.0.1", "petteia.example.org", "fd00::2", "128.0.0.1"]) assert.ok(!isLoopback(h), h);
});

test("the classroom server is plain http on an address of the network", () => {
  assert.ok(onClassroomServer(new URL("http://192.168.1.20:8000/teachers/check/")));
  assert.ok(!onClassroomServer(new URL("http://127.0.0.1:8000/teachers/check/")));
  assert.ok(!onClassroomServer(new URL("https://petteia.example.org/teachers/check/")));
});

test("the pupils' link uses the LAN address serve.py reports", () => {
  assert.deepEqual(lanBases({ lan: ["http://192.168.1.20:8000/", "http://127.0.0.1:8000/", "ftp://x/", "nonsense", 3] }),
    ["http://192.168.1.20:8000/"]);
  assert.deepEqual(lanBases(null), []);
  assert.deepEqual(lanBases({ lan: "x" }), []);
  assert.equal(onOtherBase("http://127.0.0.1:8000/puzzles/#assign=Mg", "http://192.168.1.20:8000/"),
    "http://192.168.1.20:8000/puzzles/#assign=Mg");
});

test("pupilsBases asks serve.py only on a loopback page, and copes with no answer", async () => {
  const { pupilsBases } = await import("../../docs/assets/js/site-address.js");
  const asked = [];
  const answer = (body, ok = true) => async (url) => {
    asked.push(String(url));
    return { ok, json: async () => body };
  };
  const root = "http://127.0.0.1:8000/";
  assert.deepEqual(await pupilsBases("http://127.0.0.1:8000/teachers/assignments/", root,
    answer({ listening: "all", lan: ["http://192.168.1.20:8000/"] })), { lan: ["http://192.168.1.20:8000/"], listening: "all" });
  assert.deepEqual(asked, ["http://127.0.0.1:8000/petteia-classroom.json"]);
  assert.deepEqual(await pupilsBases(`${root}x/`, root, answer(null, false)), { lan: [], listening: null });
  assert.deepEqual(await pupilsBases(`${root}x/`, root, async () => { throw new TypeError("offline"); }), { lan: [], listening: null });
  assert.equal(await pupilsBases("https://petteia.example.org/teachers/", "https://petteia.example.org/", answer({})), null);
  assert.equal(asked.length, 2);
});

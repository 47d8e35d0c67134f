// Unit tests of snapshot-checksum.js (the check of a stored Python snapshot), run by Node's test
// runner (tests/test_js_in_node.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { checksum } from "../../docs/assets/js/snapshot-checksum.js";

/** ``n`` bytes of a fixed pseudo-random sequence. */
function bytes(n, seed = 1) {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

test("the same bytes give the same 16 hex digits, wherever they lie in a buffer", () => {
  const data = bytes(4099);
  const sum = checksum(data);
  assert.match(sum, /^[0-9a-f]{16}$/);
  assert.equal(checksum(data.slice()), sum);
  const shifted = new Uint8Array(4099 + 3);
  shifted.set(data, 3);
  assert.equal(checksum(shifted.subarray(3)), sum); // an unaligned view
});

test("every single flipped bit of a buffer changes the checksum", () => {
  const data = bytes(203); // 50 words and a tail of 3 bytes
  const sum = checksum(data);
  for (let i = 0; i < data.length; i++) {
    for (let bit = 0; bit < 8; bit++) {
      data[i] ^= 1 << bit;
      assert.notEqual(checksum(data), sum, `byte ${i} bit ${bit}`);
      data[i] ^= 1 << bit;
    }
  }
  assert.equal(checksum(data), sum);
});

test("a buffer cut short, lengthened with zeros, or with two words swapped has another checksum", () => {
  const data = bytes(1024);
  const sum = checksum(data);
  assert.notEqual(checksum(data.subarray(0, 512)), sum);
  const longer = new Uint8Array(1028);
  longer.set(data);
  assert.notEqual(checksum(longer), sum);
  const swapped = data.slice();
  swapped.copyWithin(0, 4, 8);
  swapped.set(data.subarray(0, 4), 4);
  assert.notEqual(checksum(swapped), sum);
  assert.notEqual(checksum(new Uint8Array(0)), checksum(new Uint8Array(4)));
});

test("different buffers rarely share a checksum (none among 20,000 random ones)", () => {
  const seen = new Set();
  for (let seed = 1; seed <= 20000; seed++) seen.add(checksum(bytes(64, seed)));
  assert.equal(seen.size, 20000);
});

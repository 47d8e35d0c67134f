// The check of a stored Python snapshot (snapshot.js): a 64-bit checksum of its bytes, taken when
// it is stored and compared before it is used.
//
// It is there to catch damage (a flipped byte, a Blob cut short or mixed up), not tampering: a
// page that can write this origin's IndexedDB can run code here anyway. It replaces SHA-256, which
// Chromium computes on the calling thread: 40-110 ms for the 31 MB memory in the Python worker, on
// the way to every later start, against ~10-20 ms for this loop.
//
// Two lanes over the 32-bit words (the platform's byte order), each step invertible in both the
// word and the lane (xor; multiplication by an odd constant mod 2^32; in the second lane a
// rotation too), so a change to any one word always changes both lanes; the byte length and the
// last 0-3 bytes go in too.

/** The checksum of ``bytes`` (a Uint8Array), as 16 hex digits. */
export function checksum(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice(); // Uint32Array needs an aligned start
  const count = bytes.byteLength >>> 2;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, count);
  let a = 0x811c9dc5 ^ bytes.byteLength;
  let b = 0x9e3779b9;
  for (let i = 0; i < count; i++) {
    const w = words[i];
    a = Math.imul(a ^ w, 0x01000193);
    b = Math.imul(b ^ w, 0x85ebca6b);
    b = (b << 13) | (b >>> 19);
  }
  for (let i = count * 4; i < bytes.byteLength; i++) {
    a = Math.imul(a ^ bytes[i], 0x01000193);
    b = Math.imul(b ^ bytes[i], 0x85ebca6b);
    b = (b << 13) | (b >>> 19);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = 0;
let lastRandom: Buffer = Buffer.alloc(10);

/**
 * A prefixed, time-sortable identifier (ULID layout: 48-bit milliseconds + 80 random bits),
 * e.g. `agt_01jdz3k5q8c9w3m5y4x0b7n2ph`. Ids made in the same millisecond still sort in order.
 */
export function newId(prefix: string): string {
  const now = Date.now();
  if (now === lastTime) {
    lastRandom = increment(lastRandom);
  } else {
    lastTime = now;
    lastRandom = randomBytes(10);
  }
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  let bits = 0n;
  for (const byte of lastRandom) bits = (bits << 8n) | BigInt(byte);
  let rand = '';
  for (let i = 0; i < 16; i++) {
    rand = ALPHABET[Number(bits & 31n)] + rand;
    bits >>= 5n;
  }
  return `${prefix}_${time}${rand}`;
}

function increment(buf: Buffer): Buffer {
  const out: Buffer = Buffer.from(buf);
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] < 255) {
      out[i]++;
      return out;
    }
    out[i] = 0;
  }
  return out;
}

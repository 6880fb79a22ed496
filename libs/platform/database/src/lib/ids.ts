import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

let lastTime = 0;
// Random bytes drawn 4 KiB at a time: one system call for ~400 ids instead of one each.
let pool = Buffer.alloc(0);
let poolOffset = 0;
function nextRandom(): Buffer {
  if (poolOffset + 10 > pool.length) {
    pool = randomBytes(4096);
    poolOffset = 0;
  }
  poolOffset += 10;
  return Buffer.from(pool.subarray(poolOffset - 10, poolOffset));
}

/** A 40-bit number as 8 base32 characters. */
function base32(n: number): string {
  let out = '';
  for (let i = 0; i < 8; i++) {
    out = ALPHABET[n % 32] + out;
    n = Math.floor(n / 32);
  }
  return out;
}

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
    lastRandom = nextRandom();
  }
  let time = '';
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  // 80 random bits as two 40-bit halves (exact in a double), 8 base32 characters each.
  const r = lastRandom;
  const hi = r[0] * 2 ** 32 + r.readUInt32BE(1);
  const lo = r[5] * 2 ** 32 + r.readUInt32BE(6);
  const rand = base32(hi) + base32(lo);
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

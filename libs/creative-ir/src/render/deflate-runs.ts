/**
 * Deflate blocks written directly for runs of one-color PNG scanlines, without running zlib over them.
 *
 * A page's margins and the gaps between text lines are whole rows of one color. As unfiltered
 * scanlines they are `[0, q0, q1, q2, q0, q1, q2, ...]` with `q` the color. zlib at level 4 hashes
 * every one of those bytes; here each row is a handful of symbols known in advance:
 *
 *   literal filter byte, then either literals q0 q1 q2 (first row of the run) or a 3-byte match at
 *   distance 4 (the previous row's last pixel), then 258-byte matches at distance 3 for the rest.
 *
 * The run becomes one dynamic-Huffman block (code lengths from the run's own symbol counts, so a
 * 1080-pixel row costs 5 bytes) followed by an empty stored block, which ends it on a byte boundary
 * exactly as zlib's sync flush does. That is what lets `encodeRgbPng` put these blocks between zlib
 * streams. RFC 1951 throughout; the output is inflated by zlib in the tests.
 */

/** Code-length alphabet order in the block header (RFC 1951, 3.2.7). */
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
/** Base lengths of length codes 257..285. */
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const END_OF_BLOCK = 256;
/** Distance codes for distances 3 and 4 (no extra bits). */
const DIST3 = 2;
const DIST4 = 3;

/** The length code (257..285) for a match length of 3..258, with its extra bits. */
function lengthCode(length: number): { code: number; extra: number; bits: number } {
  let i = LENGTH_BASE.length - 1;
  while (LENGTH_BASE[i] > length) i--;
  // 258 has its own code (285) although 227 + 31 would also reach it with code 284.
  if (length === 258) i = 28;
  return { code: 257 + i, extra: length - LENGTH_BASE[i], bits: LENGTH_EXTRA[i] };
}

/**
 * Huffman code lengths for `freq` (0 = unused symbol), none longer than `limit`. Always a complete
 * code over at least two symbols (zlib's inflate refuses incomplete ones), so a lone symbol gets a
 * partner. When the optimal tree is too deep, every used symbol is weighted alike (a balanced tree).
 */
export function huffmanLengths(freq: readonly number[], limit: number): number[] {
  const used = freq.flatMap((f, s) => (f > 0 ? [s] : []));
  if (used.length === 0) used.push(0);
  if (used.length === 1) used.push(used[0] === 0 ? 1 : 0);
  const build = (weight: (s: number) => number) => {
    type Node = { w: number; symbols: number[] };
    let nodes: Node[] = used.map((s) => ({ w: weight(s), symbols: [s] }));
    const lengths = new Array<number>(Math.max(freq.length, ...used.map((s) => s + 1))).fill(0);
    while (nodes.length > 1) {
      // Ties broken by position keep the result deterministic.
      nodes.sort((a, b) => a.w - b.w || a.symbols[0] - b.symbols[0]);
      const [a, b] = nodes;
      for (const s of [...a.symbols, ...b.symbols]) lengths[s]++;
      nodes = [{ w: a.w + b.w, symbols: [...a.symbols, ...b.symbols] }, ...nodes.slice(2)];
    }
    return lengths;
  };
  const lengths = build((s) => Math.max(1, freq[s]));
  return Math.max(...lengths) <= limit ? lengths : build(() => 1);
}

/** Canonical Huffman codes for code lengths (RFC 1951, 3.2.2), bit-reversed for LSB-first output. */
function canonicalCodes(lengths: readonly number[]): number[] {
  const max = Math.max(...lengths);
  const count = new Array<number>(max + 1).fill(0);
  for (const l of lengths) if (l) count[l]++;
  const next = new Array<number>(max + 2).fill(0);
  for (let bits = 1, code = 0; bits <= max; bits++) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = code;
  }
  return lengths.map((l) => {
    if (!l) return 0;
    let c = next[l]++;
    let r = 0;
    for (let i = 0; i < l; i++, c >>= 1) r = (r << 1) | (c & 1);
    return r;
  });
}

/** LSB-first bit writer (deflate's bit order) into a buffer that grows as needed. */
class BitWriter {
  private out: Buffer;
  private o = 0;
  private acc = 0;
  private n = 0;
  constructor(capacity: number) {
    this.out = Buffer.allocUnsafe(Math.max(64, capacity));
  }
  /** Appends the low `bits` (0..16) bits of `value`. */
  put(value: number, bits: number): void {
    this.acc |= (value & ((1 << bits) - 1)) << this.n;
    this.n += bits;
    while (this.n >= 8) {
      if (this.o === this.out.length) this.out = Buffer.concat([this.out, Buffer.alloc(this.out.length)]);
      this.out[this.o++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.n -= 8;
    }
  }
  /** Pads with zero bits to the next byte boundary. */
  align(): void {
    if (this.n) this.put(0, 8 - this.n);
  }
  buffer(): Buffer {
    return this.out.subarray(0, this.o);
  }
}

/** A symbol of the run: a literal, or a match (length 3..258) at distance 3 or 4. */
type Symbol = { literal: number } | { length: number; distance: 3 | 4 };

/** The symbols of one unfiltered row `[0, q repeated width times]`. */
function rowSymbols(q: readonly [number, number, number], width: number, first: boolean): Symbol[] {
  const out: Symbol[] = [{ literal: 0 }];
  if (first) out.push({ literal: q[0] }, { literal: q[1] }, { literal: q[2] });
  else out.push({ length: 3, distance: 4 });
  // The rest is a multiple of 3, so a remainder is never 1 or 2 (shorter than a match).
  for (let rest = 3 * width - 3; rest > 0; rest -= Math.min(258, rest)) out.push({ length: Math.min(258, rest), distance: 3 });
  return out;
}

export interface PeriodicRun {
  /** The run's deflate blocks: one dynamic block, then an empty stored block (or, when `final`, the final block padded to a byte). */
  body: Buffer;
  /** Adler-32 of the run's scanline bytes. */
  adler: number;
  /** Number of scanline bytes. */
  length: number;
}

/**
 * Deflate blocks for `rows` unfiltered scanlines of `width` pixels of the color `q`. The first row
 * is written with literals (it may follow anything); the others reach back into the row before.
 * `final` marks the last block of the stream.
 */
export function periodicRows(q: readonly [number, number, number], width: number, rows: number, final: boolean): PeriodicRun {
  const first = rowSymbols(q, width, true);
  const rest = rows > 1 ? rowSymbols(q, width, false) : [];
  const litFreq = new Array<number>(286).fill(0);
  const distFreq = new Array<number>(30).fill(0);
  const count = (symbols: Symbol[], times: number) => {
    for (const s of symbols) {
      if ('literal' in s) litFreq[s.literal] += times;
      else {
        litFreq[lengthCode(s.length).code] += times;
        distFreq[s.distance === 3 ? DIST3 : DIST4] += times;
      }
    }
  };
  count(first, 1);
  count(rest, rows - 1);
  litFreq[END_OF_BLOCK] = 1;
  const litLengths = huffmanLengths(litFreq, 15);
  const distLengths = huffmanLengths(distFreq, 15);
  const litCodes = canonicalCodes(litLengths);
  const distCodes = canonicalCodes(distLengths);

  // Each row as (value, bit count) pairs, computed once: every row after the first is the same.
  const coded = (symbols: Symbol[]) => {
    const pairs: number[] = [];
    for (const s of symbols) {
      if ('literal' in s) pairs.push(litCodes[s.literal], litLengths[s.literal]);
      else {
        const l = lengthCode(s.length);
        const d = s.distance === 3 ? DIST3 : DIST4;
        pairs.push(litCodes[l.code], litLengths[l.code], l.extra, l.bits, distCodes[d], distLengths[d]);
      }
    }
    return pairs;
  };
  const firstCodes = coded(first);
  const restCodes = coded(rest);
  const rowBits = (pairs: number[]) => pairs.reduce((n, v, i) => (i % 2 ? n + v : n), 0);
  const w = new BitWriter(((rowBits(firstCodes) + rowBits(restCodes) * (rows - 1)) >> 3) + 256);
  w.put(final ? 1 : 0, 1);
  w.put(2, 2); // dynamic Huffman codes
  writeCodeLengths(w, litLengths, distLengths);
  const emit = (pairs: number[]) => {
    for (let i = 0; i < pairs.length; i += 2) w.put(pairs[i], pairs[i + 1]);
  };
  emit(firstCodes);
  for (let r = 1; r < rows; r++) emit(restCodes);
  w.put(litCodes[END_OF_BLOCK], litLengths[END_OF_BLOCK]);
  if (!final) {
    // Empty stored block: BFINAL 0, BTYPE 00, pad to a byte, LEN 0, NLEN 0xffff (zlib's sync flush).
    w.put(0, 3);
    w.align();
    w.put(0x0000, 16);
    w.put(0xffff, 16);
  } else w.align();

  const rowLength = 1 + 3 * width;
  return { body: w.buffer(), adler: repeatAdler(q, width, rows), length: rowLength * rows };
}

const ADLER_BASE = 65521;

/** Adler-32 of A followed by B from adler(A), adler(B) and B's length (zlib's adler32_combine). */
export function adler32Combine(a1: number, a2: number, len2: number): number {
  const rem = len2 % ADLER_BASE;
  let s1 = a1 & 0xffff;
  let s2 = (rem * s1) % ADLER_BASE;
  s1 += (a2 & 0xffff) + ADLER_BASE - 1;
  s2 += (a1 >>> 16) + (a2 >>> 16) + ADLER_BASE - rem;
  if (s1 >= ADLER_BASE) s1 -= ADLER_BASE;
  if (s1 >= ADLER_BASE) s1 -= ADLER_BASE;
  if (s2 >= 2 * ADLER_BASE) s2 -= 2 * ADLER_BASE;
  if (s2 >= ADLER_BASE) s2 -= ADLER_BASE;
  return ((s2 << 16) | s1) >>> 0;
}

/** Adler-32 of `rows` rows `[0, q repeated width times]`: one row summed, then combined. */
function repeatAdler(q: readonly [number, number, number], width: number, rows: number): number {
  let a = 1;
  let b = a;
  for (let x = 0; x < width; x++) {
    for (let c = 0; c < 3; c++) {
      a += q[c];
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  const row = ((b << 16) | a) >>> 0;
  let adler = row;
  for (let r = 1; r < rows; r++) adler = adler32Combine(adler, row, 1 + 3 * width);
  return adler;
}

/** The code lengths of both alphabets in a dynamic block header, zero runs coded with 17/18. */
function writeCodeLengths(w: BitWriter, litLengths: number[], distLengths: number[]): void {
  let hlit = 286;
  while (hlit > 257 && litLengths[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && distLengths[hdist - 1] === 0) hdist--;
  const all = [...litLengths.slice(0, hlit), ...distLengths.slice(0, hdist)];
  // (code-length symbol, extra value, extra bits)
  const cl: Array<[number, number, number]> = [];
  for (let i = 0; i < all.length;) {
    if (all[i] === 0) {
      let run = 1;
      while (i + run < all.length && all[i + run] === 0 && run < 138) run++;
      if (run >= 11) cl.push([18, run - 11, 7]);
      else if (run >= 3) cl.push([17, run - 3, 3]);
      else for (let k = 0; k < run; k++) cl.push([0, 0, 0]);
      i += run;
    } else cl.push([all[i++], 0, 0]);
  }
  const clFreq = new Array<number>(19).fill(0);
  for (const [s] of cl) clFreq[s]++;
  const clLengths = huffmanLengths(clFreq, 7);
  const clCodes = canonicalCodes(clLengths);
  let hclen = 19;
  while (hclen > 4 && clLengths[CL_ORDER[hclen - 1]] === 0) hclen--;
  w.put(hlit - 257, 5);
  w.put(hdist - 1, 5);
  w.put(hclen - 4, 4);
  for (let i = 0; i < hclen; i++) w.put(clLengths[CL_ORDER[i]], 3);
  for (const [s, extra, bits] of cl) {
    w.put(clCodes[s], clLengths[s]);
    w.put(extra, bits);
  }
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import type { MaterializedDocument, MaterializedNode } from '../layout/materialize';
import { adler32Combine, periodicRows } from './deflate-runs';
import { libdeflate } from './libdeflate';
import { SCANLINES_WASM } from './scanlines-wasm';
import { SpareBuffers } from './spare-buffers';

export { adler32Combine } from './deflate-runs';

/**
 * PNG encoding chosen by content, known from the IR before drawing. Opaque pages are written by the
 * library's own PNG writer (RGB; libdeflate, or node's zlib in parallel bands; see `encodeRgbPng`):
 *
 * - `flat` — shapes, text, gradients: rows without a filter, zlib level 4. Flat color runs deflate
 *   well as they are; filters only add noise there (text design, all through zlib: 89 KB unfiltered,
 *   116–120 KB with "sub" or "up"; per-row adaptive filters, even chosen by trial compression, are
 *   no smaller). Node's zlib at level 4 is also smaller than sharp's zlib-ng at the same level
 *   (text 89 KB against 100 KB, gradient 479 KB against 515 KB). Rows of one color are written
 *   without zlib (`pngSegments`), which takes the text design to 87 KB.
 * - `photo` — photographs and procedural backgrounds (visible image or procedural nodes covering at
 *   least a quarter of the page): photographs and smooth backgrounds get every row with the PNG "up"
 *   filter and run-length deflate (Z_RLE), about as small as libpng's adaptive filtering at level 6
 *   and 4–5x faster (benchmark image design: 528 KB against 752 KB unfiltered, 450 KB adaptive in
 *   87 ms); textures that repeat along the row (grid, rays, grain) get unfiltered rows at zlib 3,
 *   a third to a half smaller. Which of the two, a trial on sampled rows decides (`photoRowFilter`).
 *
 * Deflate: libdeflate (`libdeflate.ts`) where the system library loads, for pages that do not
 * consist mostly of one-color rows (see `encodeRgbPng`), at the level whose files match the zlib
 * settings above (`flat` 3, `photo` 1) in 30-60% less CPU; node's zlib as described otherwise.
 *
 * Both are lossless and deterministic (same pixels, same bytes on any machine with the same deflate
 * library: the bands depend on the image size and pixels only). A palette (indexed) PNG would be
 * smaller still for art with at most 256 colors, but anti-aliased text alone has more (the text
 * benchmark design: 781), so it is not attempted. Pages that may be transparent go through sharp (RGBA, see `encodePng`).
 */
export type PngEncoding = 'flat' | 'photo';

export interface PngSettings {
  encoding: PngEncoding;
  /** Deflate level 0..9 (both libraries). `flat`: default zlib 4 or libdeflate 3. `photo`: unset means the trial of `photoRowFilter`; a level means "up" rows and full deflate at that level (smaller, slower). */
  level?: number;
  /**
   * Which deflate writes an opaque page: `auto` (default) libdeflate where it loads and the page
   * suits it (`encodeRgbPng`), else node's zlib; `zlib` always node's zlib (the same bytes on every
   * machine with the same zlib).
   */
  deflate?: 'auto' | 'zlib';
}

/** zlib level of the `flat` encoding unless set. */
const FLAT_LEVEL = 4;
/**
 * libdeflate's level for the `flat` encoding unless set: the one whose files match zlib 4's (text
 * design 83 against 87 KB, gradient 485 against 479, the service benchmark's template pages -6% to
 * +1%), in 10-40% less CPU than libdeflate's level 4 on gradient pages.
 */
const FLAT_LIBDEFLATE_LEVEL = 3;

/** Share of the page that photographic content must cover for the `photo` encoding. */
const PHOTO_AREA = 0.25;

/** The encoding for a document: `photo` when visible image/procedural nodes cover >= 25% of the page. */
export function pngEncodingFor(doc: MaterializedDocument): PngEncoding {
  const page = doc.width * doc.height;
  let area = 0;
  const walk = (m: MaterializedNode) => {
    if (m.node.visible === false) return;
    if (m.node.type === 'image' || m.node.type === 'procedural') {
      const w = Math.max(0, Math.min(doc.width, m.x + m.width) - Math.max(0, m.x));
      const h = Math.max(0, Math.min(doc.height, m.y + m.height) - Math.max(0, m.y));
      area += w * h;
    }
    for (const c of m.children) walk(c);
  };
  walk(doc.root);
  return area >= PHOTO_AREA * page ? 'photo' : 'flat';
}

const deflate = promisify(zlib.deflate);

/** As much of the WebAssembly JS API as is used here (the Node typings in use do not declare it). */
declare const WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (module: object) => { exports: object } };

interface ScanlinesModule {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  scanlines(src: number, dst: number, width: number, rows: number, aboveFirst: number, up: number): void;
}
let scanlinesModule: ScanlinesModule | undefined;
/** The WebAssembly packer (scanlines.wat), compiled on first use: 316 bytes, compiled in well under 1 ms. */
const scanlines = () =>
  (scanlinesModule ??= new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SCANLINES_WASM, 'base64'))).exports as unknown as ScanlinesModule);

/** RGBA input the packer takes per call (copied into its memory): small enough to stay in the CPU's cache. */
const PACK_CHUNK = 256 << 10;

/**
 * Writes rows y0..y1 of opaque RGBA pixels (premultiplied or not: alpha is 255 everywhere) as RGB
 * PNG scanlines into `out` (row y at y * (width * 3 + 1)), each with its filter byte: "up" when `up`
 * (except row 0), none otherwise. WebAssembly SIMD (`scanlines.wat`: 4 pixels per instruction), fed
 * ~256 KB of rows at a time: 0.45 ms for 1080x1080 with the copies in and out, against 1.4 ms
 * (unfiltered) and 2.3 ms ("up") for the fastest JavaScript we had (32-bit words). The module's
 * memory is sized for one chunk (about 0.5 MB at the widest raster) and shared by all calls, which
 * are synchronous.
 */
export function packRgbRows(pixels: Buffer, width: number, out: Buffer, y0: number, y1: number, up: boolean): void {
  const m = scanlines();
  const rowBytes = width * 4;
  const stride = width * 3 + 1;
  const rowsPer = Math.max(1, Math.floor(PACK_CHUNK / rowBytes));
  // Source rows (and the row above) at 0, 16 spare bytes, then the scanlines and 16 spare bytes.
  const dst = ((rowsPer + 1) * rowBytes + 16 + 15) & ~15;
  const need = dst + rowsPer * stride + 16;
  if (m.memory.buffer.byteLength < need) m.memory.grow(Math.ceil((need - m.memory.buffer.byteLength) / 65536));
  const mem = new Uint8Array(m.memory.buffer);
  for (let y = y0; y < y1; y += rowsPer) {
    const n = Math.min(rowsPer, y1 - y);
    const above = up && y > 0 ? 1 : 0;
    mem.set(pixels.subarray((y - above) * rowBytes, (y + n) * rowBytes), 0);
    m.scanlines(above * rowBytes, dst, width, n, above, up ? 1 : 0);
    out.set(mem.subarray(dst, dst + n * stride), y * stride);
  }
}

/** The same, byte by byte: the reference the tests hold `packRgbRows` to. */
export function packRgbRowsBytes(p: Buffer, width: number, out: Buffer, y0: number, y1: number, up: boolean): void {
  const stride = width * 3 + 1;
  for (let y = y0; y < y1; y++) {
    const filtered = up && y > 0;
    let o = y * stride;
    out[o++] = filtered ? 2 : 0;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      for (let c = 0; c < 3; c++) out[o++] = filtered ? p[i + c] - p[i + c - width * 4] : p[i + c];
    }
  }
}

/**
 * zlib's output buffer for `bytes` of input: large enough that a band's output is one piece (zlib's
 * default 16 KB pieces cost ~2 ms more for 500 KB), but not 1 MiB for every small band, where the
 * external memory alone brought garbage collections into every encode.
 */
const zlibChunk = (bytes: number) => Math.min(1 << 20, Math.max(16 << 10, 2 ** Math.ceil(Math.log2(bytes / 2))));

/** Filtered data per band (~1 MiB), and at most this many bands. */
const BAND_BYTES = 1 << 20;
const MAX_BANDS = 8;

/**
 * How many bands `encodeRgbPng` deflates a stretch of `height` rows in (the whole image unless runs
 * of one-color rows cut it; see `pngSegments`): one per ~1 MiB, at most 8. It depends on the size
 * only, never on the machine, so the bytes are the same everywhere.
 */
export function pngBands(width: number, height: number): number {
  return Math.max(1, Math.min(MAX_BANDS, height, Math.ceil(((width * 3 + 1) * height) / BAND_BYTES)));
}

interface DeflatedBand {
  /** Raw deflate blocks: ends on a byte boundary (sync flush) unless it is the last band. */
  body: Buffer;
  /** Adler-32 of the band's input. */
  adler: number;
  length: number;
}

/**
 * Deflates one band on libuv's thread pool, as a zlib stream primed with the previous 32 KB of
 * input (so matches reach across the band boundary as they would in one stream). A band that is
 * not the last ends with a sync flush instead of the final block; the zlib wrapper's trailer still
 * gives the band's Adler-32.
 */
function deflateBand(data: Buffer, dictionary: Buffer | undefined, options: zlib.ZlibOptions, last: boolean): Promise<DeflatedBand> {
  return new Promise((resolve, reject) => {
    const z = zlib.createDeflate({ ...options, chunkSize: zlibChunk(data.length), ...(dictionary ? { dictionary } : {}) });
    const chunks: Buffer[] = [];
    let n = 0;
    let bodyEnd = -1;
    z.on('data', (c: Buffer) => {
      chunks.push(c);
      n += c.length;
    });
    z.on('error', reject);
    z.on('end', () => {
      const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, n);
      // zlib header: 2 bytes, plus the 4-byte dictionary id when primed.
      resolve({ body: all.subarray(dictionary ? 6 : 2, last ? n - 4 : bodyEnd), adler: all.readUInt32BE(n - 4), length: data.length });
    });
    z.write(data);
    if (last) z.end();
    else
      z.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        bodyEnd = n;
        z.end();
      });
  });
}

/** A run of one-color rows must hold at least this many scanline bytes to leave zlib for `periodicRows`. */
const MIN_RUN_BYTES = 64 << 10;

/** Rows y0..y1 of the image: deflated by zlib, or (with `q`) a run of rows of one color written by `periodicRows`. */
export interface PngSegment {
  y0: number;
  y1: number;
  /** The run's color (its rows' 3-byte period after the filter byte). */
  q?: [number, number, number];
}

/**
 * Cuts an unfiltered image into zlib stretches and runs of rows that are one color from edge to
 * edge (one color for the whole run). Runs shorter than `MIN_RUN_BYTES` stay with zlib, where they
 * cost less than the extra stream they would take. Depends on the pixels only, so the bytes stay
 * the same on every machine. `pixels` must start on a 4-byte boundary.
 *
 * Only unfiltered (`flat`) pages are cut: "up"-filtered repeated rows are zeros, which run-length
 * deflate already takes at little cost, and a run there split the stream for no gain (measured:
 * mixed design +1 ms).
 */
export function pngSegments(pixels: Buffer, width: number, height: number): PngSegment[] {
  const rowBytes = width * 4;
  const minRows = Math.max(2, Math.ceil(MIN_RUN_BYTES / (width * 3 + 1)));
  const px = new Uint32Array(pixels.buffer, pixels.byteOffset, width * height);
  const row = (y: number) => pixels.subarray(y * rowBytes, (y + 1) * rowBytes);
  const out: PngSegment[] = [];
  let done = 0;
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start >= minRows) {
      if (start > done) out.push({ y0: done, y1: start });
      const o = start * rowBytes;
      out.push({ y0: start, y1: end, q: [pixels[o], pixels[o + 1], pixels[o + 2]] });
      done = end;
    }
    start = -1;
  };
  for (let y = 0; y < height; y++) {
    // Equal to the row above, which is in a run: the run goes on.
    if (start >= 0 && row(y).equals(row(y - 1))) continue;
    close(y);
    const c = px[y * width];
    let x = 1;
    while (x < width && px[y * width + x] === c) x++;
    if (x === width) start = y;
  }
  close(height);
  if (done < height) out.push({ y0: done, y1: height });
  return out;
}

/** Strips of rows `photoRowFilter` deflates, and rows per strip (24 rows of 1080: ~2% of the page). */
const TRIAL_STRIPS = 4;
const TRIAL_ROWS = 6;
/**
 * Unfiltered rows win the trial unless they come out this much larger than "up": a few rows give
 * zlib little history to find repeats in, so the trial understates what unfiltered rows gain on the
 * whole page (at 1.0 the trial missed 3 of 24 sample pages, at 1.2 one, by 33 KB).
 */
const UNFILTERED_BIAS = 1.2;

/** Deflate settings of the two encodings a `photo` page can get: "up" rows with run-length deflate, or unfiltered rows at zlib 3. */
const PHOTO_UP: zlib.ZlibOptions = { level: 6, strategy: zlib.constants.Z_RLE, memLevel: 9 };
const PHOTO_UNFILTERED: zlib.ZlibOptions = { level: 3, memLevel: 9 };

/** How an opaque page's scanlines are deflated: node's zlib with these options, or libdeflate at this level where `encodeRgbPng` uses it. */
export interface RowDeflate {
  zlib: zlib.ZlibOptions;
  libdeflate: number;
}

/**
 * The `photo` trial's two encodings with libdeflate, at the level whose files match what zlib wrote,
 * in less CPU. libdeflate has no run-length strategy; its level 1 (one hash table, greedy)
 * does the same job on "up" rows, faster and smaller (library image design 540 -> 500 KB, procedural
 * mesh 486 -> 464 KB, in about half the CPU). Unfiltered textures: level 1 as well, the bytes of
 * zlib 3 (data-card 278 -> 299 KB, minimal-type 442 -> 418) in 40-60% of its CPU.
 */
const PHOTO_UP_DEFLATE: RowDeflate = { zlib: PHOTO_UP, libdeflate: 1 };
const PHOTO_UNFILTERED_DEFLATE: RowDeflate = { zlib: PHOTO_UNFILTERED, libdeflate: 1 };

/** The deflate that writes an opaque page with these settings (`PngSettings.deflate`, and whether libdeflate loads). */
export const deflateEngine = (settings: Partial<PngSettings>): 'libdeflate' | 'zlib' => (settings.deflate !== 'zlib' && libdeflate() ? 'libdeflate' : 'zlib');

/** `encodeRgbPng` deflates a page with libdeflate unless runs of one-color rows cover this share of its rows. */
const LIBDEFLATE_MAX_RUN_SHARE = 1 / 3;

/**
 * The row filter of an opaque `photo` page, chosen by trial on its own pixels: `TRIAL_STRIPS`
 * strips of `TRIAL_ROWS` rows, spread over the page, are deflated both ways. Photographs and smooth
 * backgrounds (procedural mesh, noise, blobs) are smallest "up"-filtered with run-length deflate
 * (each row repeats the changes of the row above); textures that repeat along the row (grid, rays,
 * grain, aurora, topography, halftone) are smallest unfiltered at zlib 3, where LZ77 finds the
 * repeats, and no slower: the grid page 399 -> 254 KB (10 -> 9 ms of deflate), rays 775 -> 503
 * KB, grain 840 -> 439 KB. The trial costs ~0.3-1 ms at 1080x1080 and depends on the pixels only
 * (same bytes on every machine with the same deflate).
 *
 * The trial deflates with the `engine` that will write the page (`encodeRgbPng`): libdeflate at
 * level 1 both ways, where "up" rows get full LZ77 instead of run-length matches, which changes the
 * answer for some textures: aurora is smaller "up" (323 KB, against 535 unfiltered and zlib's 589),
 * halftone unfiltered (125 against 175 KB). Over the ten procedural styles the trial picks the
 * smaller filter every time, and their files total 6% less than zlib's (grain +25%, aurora -45%).
 */
export function photoRowFilter(pixels: Buffer, width: number, height: number, engine = deflateEngine({})): 'up' | 'none' {
  const rows = Math.min(TRIAL_ROWS, height);
  const strips = Math.max(1, Math.min(TRIAL_STRIPS, Math.floor(height / rows)));
  const stride = width * 3 + 1;
  const rowBytes = width * 4;
  // One strip's scanlines, after the row above it (which "up" is filtered against).
  const scratch = Buffer.allocUnsafe((rows + 1) * stride);
  const sample = Buffer.allocUnsafe(strips * rows * stride);
  const fast = engine === 'libdeflate' ? libdeflate() : undefined;
  const size = (up: boolean, deflater: RowDeflate) => {
    for (let s = 0; s < strips; s++) {
      const y0 = Math.floor(((height - rows) * (s + 0.5)) / strips);
      const above = up && y0 > 0 ? 1 : 0;
      // The strip as an image of its own (with the row above it for "up"); its scanlines start at row `above`.
      packRgbRows(pixels.subarray((y0 - above) * rowBytes, (y0 + rows) * rowBytes), width, scratch, above, above + rows, up);
      scratch.copy(sample, s * rows * stride, above * stride, (above + rows) * stride);
    }
    return fast ? fast.deflatedSize(sample, deflater.libdeflate) : zlib.deflateRawSync(sample, deflater.zlib).length;
  };
  return size(false, PHOTO_UNFILTERED_DEFLATE) < size(true, PHOTO_UP_DEFLATE) * UNFILTERED_BIAS ? 'none' : 'up';
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Scanline buffers kept for the next PNG of this thread. */
const spareScans = new SpareBuffers();

/**
 * RGB PNG of opaque pixels: scanlines unfiltered or "up"-filtered, in one IDAT chunk.
 *
 * With libdeflate (`libdeflate.ts`) a page is deflated in one piece at `deflater.libdeflate`, unless
 * runs of one-color rows (below) cover a third of its rows or more: libdeflate hashes every byte of
 * those, at about half of zlib's cost per byte, which is no gain over leaving them out of zlib
 * altogether (library text design, 61% of its rows in runs: 16.0 ms either way; image design, 59%:
 * 13.2 ms against 6.2). On the render benchmark's template pages (0–24% in runs) it took 30–50%
 * less CPU than the zlib path, with 0–7% fewer bytes.
 *
 * Otherwise node's zlib with `deflater.zlib`. Unfiltered, runs of rows of one color (margins, gaps between text lines;
 * `pngSegments`) are written as deflate blocks directly (`periodicRows`, ~5 bytes a row), without
 * zlib hashing every byte of them (text design: PNG step 6.4 -> 4.8 ms). The rest is cut into bands
 * (`pngBands`) that are filtered one after another on this thread and deflated in parallel on
 * libuv's thread pool as soon as each is ready, then everything is joined into one zlib stream
 * (sync-flushed pieces, each zlib band primed with the previous 32 KB, combined Adler-32): pigz's
 * method. On an idle 2-core machine that takes a 1080x1080 photo page's PNG step
 * from ~21 to ~15 ms; under load the bands simply queue, at the cost of a few hundred bytes per band.
 */
export async function encodeRgbPng(
  pixels: Buffer,
  width: number,
  height: number,
  up: boolean,
  deflater: RowDeflate,
  engine: 'libdeflate' | 'zlib',
): Promise<Buffer> {
  const stride = width * 3 + 1;
  const scan = spareScans.take(stride * height);
  try {
    const segments: PngSegment[] = up ? [{ y0: 0, y1: height }] : pngSegments(pixels.byteOffset % 4 === 0 ? pixels : Buffer.from(pixels), width, height);
    const fast = engine === 'libdeflate' ? libdeflate() : undefined;
    if (fast && runRows(segments) < height * LIBDEFLATE_MAX_RUN_SHARE) {
      packRgbRows(pixels, width, scan, 0, height, up);
      try {
        return await fast.zlib(scan, deflater.libdeflate, (stream) => pngFile(width, height, [stream]));
      } catch {
        // koffi refuses calls past its queue (256 in flight) and a compressor can fail to allocate:
        // the page is still written, by zlib.
      }
    }
    return await encodeRgbPngInto(scan, pixels, width, height, up, segments, deflater.zlib, stride);
  } finally {
    // Every band has been deflated (or failed) by now: nothing reads the scanlines any more.
    spareScans.keep(scan);
  }
}

/** Rows of `segments` in runs of one color. */
const runRows = (segments: PngSegment[]) => segments.reduce((n, s) => n + (s.q ? s.y1 - s.y0 : 0), 0);

async function encodeRgbPngInto(
  scan: Buffer,
  pixels: Buffer,
  width: number,
  height: number,
  up: boolean,
  segments: PngSegment[],
  options: zlib.ZlibOptions,
  stride: number,
): Promise<Buffer> {
  let idat: Buffer[];
  if (segments.length === 1 && !segments[0].q && pngBands(width, height) === 1) {
    packRgbRows(pixels, width, scan, 0, height, up);
    idat = [await deflate(scan, { ...options, chunkSize: zlibChunk(scan.length) })];
  } else {
    const jobs: Promise<DeflatedBand>[] = [];
    const dictionaryRows = Math.ceil(32768 / stride);
    for (const [i, s] of segments.entries()) {
      const lastSegment = i === segments.length - 1;
      if (s.q) {
        jobs.push(Promise.resolve(periodicRows(s.q, width, s.y1 - s.y0, lastSegment)));
        // The next zlib band's dictionary: the run's last 32 KB of scanlines.
        if (!lastSegment) packRgbRows(pixels, width, scan, Math.max(s.y0, s.y1 - dictionaryRows), s.y1, up);
        continue;
      }
      const bands = pngBands(width, s.y1 - s.y0);
      for (let k = 0; k < bands; k++) {
        const y0 = s.y0 + Math.floor(((s.y1 - s.y0) * k) / bands);
        const y1 = s.y0 + Math.floor(((s.y1 - s.y0) * (k + 1)) / bands);
        packRgbRows(pixels, width, scan, y0, y1, up);
        const start = y0 * stride;
        const dictionary = start === 0 ? undefined : scan.subarray(Math.max(0, start - 32768), start);
        jobs.push(deflateBand(scan.subarray(start, y1 * stride), dictionary, options, lastSegment && k === bands - 1));
      }
    }
    const done = await Promise.all(jobs);
    let adler = done[0].adler;
    for (let k = 1; k < done.length; k++) adler = adler32Combine(adler, done[k].adler, done[k].length);
    const trailer = Buffer.allocUnsafe(4);
    trailer.writeUInt32BE(adler);
    // zlib header: deflate, 32 KB window, no dictionary (FLEVEL "default").
    idat = [Buffer.from([0x78, 0x9c]), ...done.map((b) => b.body), trailer];
  }
  return pngFile(width, height, idat);
}

/** The PNG file: signature, IHDR (8-bit RGB), one IDAT chunk holding the zlib stream `idat` (in pieces), IEND. */
function pngFile(width: number, height: number, idat: Buffer[]): Buffer {
  const idatLength = idat.reduce((n, b) => n + b.length, 0);
  const out = Buffer.allocUnsafe(SIGNATURE.length + 25 + 12 + idatLength + 12);
  let o = SIGNATURE.copy(out, 0);
  // IHDR: width, height, bit depth 8, truecolor RGB, deflate, adaptive filtering method, no interlace.
  out.writeUInt32BE(13, o);
  out.write('IHDR', o + 4, 'latin1');
  out.writeUInt32BE(width, o + 8);
  out.writeUInt32BE(height, o + 12);
  out.set([8, 2, 0, 0, 0], o + 16);
  out.writeUInt32BE(zlib.crc32(out.subarray(o + 4, o + 21)), o + 21);
  o += 25;
  out.writeUInt32BE(idatLength, o);
  out.write('IDAT', o + 4, 'latin1');
  let crc = zlib.crc32(out.subarray(o + 4, o + 8));
  o += 8;
  for (const b of idat) {
    crc = zlib.crc32(b, crc);
    o += b.copy(out, o);
  }
  out.writeUInt32BE(crc, o);
  o += 4;
  out.writeUInt32BE(0, o);
  out.write('IEND', o + 4, 'latin1');
  out.writeUInt32BE(zlib.crc32(out.subarray(o + 4, o + 8)), o + 8);
  return out;
}

/** Deflate settings for an opaque page's scanlines with these settings (a `photo` page without a level: see `photoRowFilter`). */
function rowDeflate(settings: PngSettings): RowDeflate {
  return { zlib: { level: settings.level ?? FLAT_LEVEL, memLevel: 9 }, libdeflate: settings.level ?? FLAT_LIBDEFLATE_LEVEL };
}

/**
 * Encodes premultiplied RGBA pixels as PNG with the given settings. `opaque` (every pixel's alpha is
 * 255) drops the alpha channel and uses the library's writer (`encodeRgbPng`); transparent output
 * goes through sharp (RGBA), with adaptive filtering for `photo` (zlib level 3 unless set).
 */
export async function encodePng(pixels: Buffer, width: number, height: number, settings: PngSettings, opaque: boolean): Promise<Buffer> {
  if (opaque && settings.encoding === 'photo' && settings.level === undefined) {
    const engine = deflateEngine(settings);
    const up = photoRowFilter(pixels, width, height, engine) === 'up';
    return encodeRgbPng(pixels, width, height, up, up ? PHOTO_UP_DEFLATE : PHOTO_UNFILTERED_DEFLATE, engine);
  }
  if (opaque) return encodeRgbPng(pixels, width, height, settings.encoding === 'photo', rowDeflate(settings), deflateEngine(settings));
  return pngWithSharp(sharp(pixels, { raw: { width, height, channels: 4, premultiplied: true } }), settings);
}

/** zlib level sharp uses for these settings. */
const sharpLevel = (settings: PngSettings) => settings.level ?? (settings.encoding === 'photo' ? 3 : FLAT_LEVEL);

/** The PNG step for a sharp pipeline (resized or transparent output). */
export function pngWithSharp(img: Sharp, settings: PngSettings): Promise<Buffer> {
  return img.png({ compressionLevel: sharpLevel(settings), adaptiveFiltering: settings.encoding === 'photo' }).toBuffer();
}

/** Settings in words, e.g. for benchmark reports. */
export function describePng(settings: PngSettings, opaque = true): string {
  if (!opaque) return `${settings.encoding}: ${settings.encoding === 'photo' ? 'adaptive filters' : 'no filter'}, zlib ${sharpLevel(settings)} (sharp, RGBA)`;
  const trial = settings.encoding === 'photo' && settings.level === undefined;
  const filter = trial ? 'up filter or none, by trial on sampled rows' : settings.encoding === 'photo' ? 'up filter' : 'no filter';
  if (deflateEngine(settings) === 'libdeflate') {
    const row = rowDeflate(settings);
    const ld = trial ? PHOTO_UP_DEFLATE.libdeflate : row.libdeflate;
    const z = trial ? 'run-length or 3' : String(row.zlib.level);
    return `${settings.encoding}: ${filter}, libdeflate ${ld} (node zlib ${z} in parallel bands when a third of the rows are one-color runs)`;
  }
  if (trial) return 'photo: up filter and run-length deflate, or no filter and zlib 3, by trial on sampled rows (node zlib, parallel bands)';
  return `${settings.encoding}: ${filter}, zlib ${settings.level ?? FLAT_LEVEL} (node zlib, parallel bands)`;
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import type { MaterializedDocument, MaterializedNode } from '../layout/materialize';

/**
 * PNG encoding chosen by content, known from the IR before drawing:
 *
 * - `flat` — shapes, text, gradients: rows without a filter, zlib level 4 (sharp: libpng with
 *   zlib-ng). Flat color runs deflate well as they are; filters only add noise there. Level 4 is
 *   within 3% of level 6's size and ~20% faster (gradient design: 515 KB in 24 ms against 506 KB in 29 ms).
 * - `photo` — photographs and procedural backgrounds (visible image or procedural nodes covering at
 *   least a quarter of the page): every row with the PNG "up" filter and run-length deflate
 *   (node's zlib, Z_RLE). About as small as libpng's adaptive filtering at level 6 and 4–5x faster
 *   (benchmark image design: 528 KB in ~24 ms against 752 KB / 35 ms unfiltered, 450 KB / 87 ms adaptive).
 *
 * Both are lossless and deterministic (same pixels, same bytes). A palette (indexed) PNG would be
 * smaller still for art with at most 256 colors, but anti-aliased text alone has more (the text
 * benchmark design: 781), so it is not attempted.
 */
export type PngEncoding = 'flat' | 'photo';

export interface PngSettings {
  encoding: PngEncoding;
  /** zlib level 0..9. `flat`: default 4. `photo`: unset means run-length deflate; a level means full deflate at that level (smaller, slower). */
  level?: number;
}

/** zlib level of the `flat` encoding unless set. */
const FLAT_LEVEL = 4;

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

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Each byte of a - b (mod 256), four bytes at once, without borrows between bytes. */
const sub4 = (a: number, b: number) => ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);

/**
 * "Up"-filtered RGB scanlines from opaque RGBA (premultiplied or not: alpha is 255 everywhere).
 * Works on 32-bit pixels and writes each row as 32-bit words (4 pixels -> 3 words), ~3 ms for
 * 1080x1080; the first row is left unfiltered.
 */
export function upFilteredRgb(pixels: Buffer, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const out = Buffer.allocUnsafe(stride * height);
  if (!LITTLE_ENDIAN) return upFilteredRgbBytes(pixels, width, height, out);
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : Buffer.from(pixels);
  const px = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const row = new Uint32Array(Math.ceil((width * 3) / 4));
  const rowBytes = new Uint8Array(row.buffer, 0, width * 3);
  const n4 = width & ~3;
  for (let y = 0; y < height; y++) {
    const base = y * width;
    const up = y === 0 ? -1 : base - width;
    let k = 0;
    for (let x = 0; x < n4; x += 4) {
      const i = base + x;
      const d0 = up < 0 ? px[i] : sub4(px[i], px[i - width]);
      const d1 = up < 0 ? px[i + 1] : sub4(px[i + 1], px[i + 1 - width]);
      const d2 = up < 0 ? px[i + 2] : sub4(px[i + 2], px[i + 2 - width]);
      const d3 = up < 0 ? px[i + 3] : sub4(px[i + 3], px[i + 3 - width]);
      row[k++] = (d0 & 0xffffff) | (d1 << 24);
      row[k++] = ((d1 >>> 8) & 0xffff) | (d2 << 16);
      row[k++] = ((d2 >>> 16) & 0xff) | (d3 << 8);
    }
    const o = y * stride;
    out[o] = up < 0 ? 0 : 2;
    out.set(rowBytes.subarray(0, n4 * 3), o + 1);
    for (let x = n4; x < width; x++) {
      const i = base + x;
      const d = up < 0 ? px[i] : sub4(px[i], px[i - width]);
      const t = o + 1 + x * 3;
      out[t] = d;
      out[t + 1] = d >>> 8;
      out[t + 2] = d >>> 16;
    }
  }
  return out;
}

/** The same, byte by byte (big-endian hosts). */
export function upFilteredRgbBytes(p: Buffer, width: number, height: number, out: Buffer): Buffer {
  let o = 0;
  for (let y = 0; y < height; y++) {
    out[o++] = y === 0 ? 0 : 2;
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) {
      for (let c = 0; c < 3; c++) out[o++] = y === 0 ? p[i + c] : p[i + c] - p[i + c - width * 4];
    }
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** RGB PNG of opaque pixels with every row "up"-filtered (see `PngEncoding`). */
async function encodePhotoPng(pixels: Buffer, width: number, height: number, level: number | undefined): Promise<Buffer> {
  const filtered = upFilteredRgb(pixels, width, height);
  // One large output chunk instead of zlib's default 16 KB pieces (~2 ms less for 500 KB).
  const chunkSize = 1 << 20;
  const idat = await deflate(filtered, level === undefined ? { level: 6, strategy: zlib.constants.Z_RLE, memLevel: 9, chunkSize } : { level, memLevel: 9, chunkSize });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolor RGB
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Encodes premultiplied RGBA pixels as PNG with the given settings. `opaque` (every pixel's alpha is
 * 255) drops the alpha channel; transparent output goes through sharp, with adaptive filtering for
 * `photo` (zlib level 3 unless set).
 */
export async function encodePng(pixels: Buffer, width: number, height: number, settings: PngSettings, opaque: boolean): Promise<Buffer> {
  if (opaque && settings.encoding === 'photo') return encodePhotoPng(pixels, width, height, settings.level);
  let img = sharp(pixels, { raw: { width, height, channels: 4, premultiplied: !opaque } });
  if (opaque) img = img.removeAlpha();
  return pngWithSharp(img, settings);
}

/** The PNG step for a sharp pipeline (resized or transparent output). */
export function pngWithSharp(img: Sharp, settings: PngSettings): Promise<Buffer> {
  const photo = settings.encoding === 'photo';
  return img.png({ compressionLevel: settings.level ?? (photo ? 3 : FLAT_LEVEL), adaptiveFiltering: photo }).toBuffer();
}

/** Settings in words, e.g. for benchmark reports. */
export function describePng(settings: PngSettings, opaque = true): string {
  if (settings.encoding === 'photo' && opaque) return `photo: up filter, ${settings.level === undefined ? 'run-length deflate' : `zlib ${settings.level}`} (node zlib)`;
  if (settings.encoding === 'photo') return `photo: adaptive filters, zlib ${settings.level ?? 3} (sharp)`;
  return `flat: no filter, zlib ${settings.level ?? FLAT_LEVEL} (sharp)`;
}

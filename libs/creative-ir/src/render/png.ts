import { promisify } from 'node:util';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import type { MaterializedDocument, MaterializedNode } from '../layout/materialize';

/**
 * PNG encoding chosen by content, known from the IR before drawing:
 *
 * - `flat` — shapes, text, gradients: rows without a filter, zlib level 6 (sharp: libpng with
 *   zlib-ng). Flat color runs deflate well as they are; filters only add noise there.
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
  /** zlib level 0..9. `flat`: default 6. `photo`: unset means run-length deflate; a level means full deflate at that level (smaller, slower). */
  level?: number;
}

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

/** "Up"-filtered RGB scanlines from opaque RGBA (premultiplied or not: alpha is 255 everywhere). */
function upFilteredRgb(pixels: Buffer, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const out = Buffer.allocUnsafe(stride * height);
  const aligned = pixels.byteOffset % 4 === 0 ? pixels : Buffer.from(pixels);
  const px = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    let i = y * width;
    const end = i + width;
    if (y === 0) {
      out[o++] = 0; // first row: no filter (the row above is all zeros)
      for (; i < end; i++) {
        const v = le ? px[i] : swap(px[i]);
        out[o++] = v;
        out[o++] = v >>> 8;
        out[o++] = v >>> 16;
      }
      continue;
    }
    out[o++] = 2; // up
    for (; i < end; i++) {
      const a = le ? px[i] : swap(px[i]);
      const b = le ? px[i - width] : swap(px[i - width]);
      // a - b in each byte (mod 256) without borrows between bytes
      const d = ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
      out[o++] = d;
      out[o++] = d >>> 8;
      out[o++] = d >>> 16;
    }
  }
  return out;
}

const le = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const swap = (v: number) => ((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24);

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
  const idat = await deflate(filtered, level === undefined ? { level: 6, strategy: zlib.constants.Z_RLE, memLevel: 9 } : { level, memLevel: 9 });
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
  return img.png({ compressionLevel: settings.level ?? (photo ? 3 : 6), adaptiveFiltering: photo }).toBuffer();
}

/** Settings in words, e.g. for benchmark reports. */
export function describePng(settings: PngSettings, opaque = true): string {
  if (settings.encoding === 'photo' && opaque) return `photo: up filter, ${settings.level === undefined ? 'run-length deflate' : `zlib ${settings.level}`} (node zlib)`;
  if (settings.encoding === 'photo') return `photo: adaptive filters, zlib ${settings.level ?? 3} (sharp)`;
  return `flat: no filter, zlib ${settings.level ?? 6} (sharp)`;
}

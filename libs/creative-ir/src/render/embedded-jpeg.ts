import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { createCanvas, type Image } from '@napi-rs/canvas';
import sharp, { type Metadata } from 'sharp';
import { packRgbRows } from './png';

/**
 * Skia's SVG and PDF backends re-encode every drawn image from its pixels: PNG in SVG, Flate in PDF.
 * A 27 KB JPEG photo became ~370 KB of either. Both exports are post-processed here: an embedded
 * image that holds exactly the pixels of a JPEG image of the document (same size, and the same
 * pixels once decoded, so that a shadow or texture raster of that size is never mistaken for it)
 * gets that JPEG's own bytes back. Pixels are compared by SHA-256 digests computed in strips and
 * streams, never as whole buffers: a 12 Mpx photo is 48 MB of RGBA. Anything else stays as Skia wrote it, and so does the whole file
 * when its structure is not the one expected.
 */

interface JpegSource {
  bytes: Buffer;
  /** Color components (3: YCbCr/RGB; 1: gray; 4: CMYK). */
  channels: number;
}

/** The JPEG files that decoded images came from (as they were: not scaled, not rotated). */
const jpegSources = new WeakMap<Image, JpegSource>();

/**
 * Remembers the JPEG an image was decoded from, unless it was scaled on the way or carries an EXIF
 * rotation (whether a viewer applies that inside an SVG or PDF varies, and the canvas applied it).
 */
export function rememberJpeg(img: Image, bytes: Buffer, meta: Metadata | undefined): void {
  if (meta?.format !== 'jpeg' || (meta.orientation ?? 1) !== 1 || img.width !== meta.width || img.height !== meta.height) return;
  jpegSources.set(img, { bytes, channels: meta.channels ?? 0 });
}

/** The JPEG file an image was decoded from, when it was kept (see `rememberJpeg`). */
export function jpegSourceOf(img: Image): Buffer | undefined {
  return jpegSources.get(img)?.bytes;
}

/** The document's JPEG-sourced images of a given size. */
function jpegImages(images: Map<string, Image>) {
  const list = [...new Set(images.values())].filter((img) => jpegSources.has(img));
  return { list, ofSize: (w: number, h: number) => list.filter((img) => img.width === w && img.height === h) };
}

/** Digests of an image's decoded pixels (kept with the image: 64 bytes). */
const digests = new WeakMap<Image, { rgba: string; rgb: string }>();

/** Rows of RGBA drawn at a time for the digests (at most ~4 MB). */
const STRIP_BYTES = 4 << 20;

/**
 * SHA-256 of an image's decoded pixels as RGBA (what sharp decodes a PNG to) and as RGB (PDF image
 * samples), drawn strip by strip (an integer translation with no scaling copies pixels exactly). A
 * JPEG is opaque, so premultiplied and straight RGBA are the same.
 */
function pixelDigests(img: Image): { rgba: string; rgb: string } {
  let d = digests.get(img);
  if (d) return d;
  const rows = Math.max(1, Math.min(img.height, Math.floor(STRIP_BYTES / (img.width * 4))));
  const canvas = createCanvas(img.width, rows);
  const ctx = canvas.getContext('2d');
  const stride = img.width * 3 + 1;
  const scan = Buffer.allocUnsafe(stride * rows);
  const rgba = createHash('sha256');
  const rgb = createHash('sha256');
  for (let y = 0; y < img.height; y += rows) {
    const n = Math.min(rows, img.height - y);
    ctx.clearRect(0, 0, img.width, rows);
    ctx.drawImage(img, 0, -y);
    const px = canvas.data();
    rgba.update(px.subarray(0, n * img.width * 4));
    packRgbRows(px, img.width, scan, 0, n, false);
    for (let r = 0; r < n; r++) rgb.update(scan.subarray(r * stride + 1, (r + 1) * stride));
  }
  d = { rgba: rgba.digest('hex'), rgb: rgb.digest('hex') };
  digests.set(img, d);
  return d;
}

/** SHA-256 and length of a stream's bytes, or undefined when the stream fails (e.g. corrupt data). */
function streamDigest(stream: Readable): Promise<{ digest: string; length: number } | undefined> {
  return new Promise((resolve) => {
    const h: Hash = createHash('sha256');
    let length = 0;
    stream.on('data', (chunk: Buffer) => {
      h.update(chunk);
      length += chunk.length;
    });
    stream.on('end', () => resolve({ digest: h.digest('hex'), length }));
    stream.on('error', () => resolve(undefined));
  });
}

/** One image element as Skia's SVG backend writes it (in `<defs>`, used by reference). */
const SVG_IMAGE = /<image id="([^"]+)" width="(\d+)" height="(\d+)" xlink:href="data:image\/png;base64,([^"]+)"\/>/g;

/** An SVG export with JPEG photos embedded as themselves (see the module comment). */
export async function keepJpegInSvg(svg: Buffer, images: Map<string, Image>): Promise<Buffer> {
  const jpegs = jpegImages(images);
  if (!jpegs.list.length) return svg;
  const text = svg.toString('utf8');
  const replacements = new Map<string, string>();
  for (const [element, id, w, h, base64] of text.matchAll(SVG_IMAGE)) {
    const candidates = jpegs.ofSize(Number(w), Number(h));
    if (!candidates.length) continue;
    const embedded = await streamDigest(sharp(Buffer.from(base64, 'base64')).ensureAlpha().raw());
    const match = embedded && embedded.length === Number(w) * Number(h) * 4 && candidates.find((img) => pixelDigests(img).rgba === embedded.digest);
    if (match)
      replacements.set(
        element,
        `<image id="${id}" width="${w}" height="${h}" xlink:href="data:image/jpeg;base64,${jpegSources.get(match)!.bytes.toString('base64')}"/>`,
      );
  }
  return replacements.size ? Buffer.from(text.replace(SVG_IMAGE, (element) => replacements.get(element) ?? element)) : svg;
}

/**
 * An opaque 8-bit image XObject as Skia's PDF backend writes it: Flate-compressed RGB samples, no
 * soft mask (a `/SMask` line would not match).
 */
const PDF_IMAGE =
  /(\d+) 0 obj\n<<\/Type \/XObject\n\/Subtype \/Image\n\/Width (\d+)\n\/Height (\d+)\n\/ColorSpace ([^\n]+)\n\/BitsPerComponent 8\n\/Filter \/FlateDecode\n\/Length (\d+)>> stream\n/g;

/**
 * A PDF export with JPEG photos embedded as themselves (`/DCTDecode`, see the module comment). Only
 * three-component JPEGs qualify (the XObject's color space stays Skia's RGB one). The cross-reference
 * table is rewritten for the new object offsets; a file whose table is not the single classic one
 * Skia writes is returned unchanged.
 */
export async function keepJpegInPdf(pdf: Buffer, images: Map<string, Image>): Promise<Buffer> {
  const jpegs = jpegImages(images);
  if (!jpegs.list.some((img) => jpegSources.get(img)!.channels === 3)) return pdf;
  const text = pdf.toString('latin1');
  const swaps: { start: number; end: number; head: string; bytes: Buffer }[] = [];
  for (const m of text.matchAll(PDF_IMAGE)) {
    const [head, id, w, h, colorSpace, length] = m;
    const candidates = jpegs.ofSize(Number(w), Number(h)).filter((img) => jpegSources.get(img)!.channels === 3);
    const start = m.index + head.length;
    const end = start + Number(length);
    if (!candidates.length || text.slice(end, end + 10) !== '\nendstream') continue;
    const inflate = zlib.createInflate();
    inflate.end(pdf.subarray(start, end));
    const samples = await streamDigest(inflate);
    const match = samples && samples.length === Number(w) * Number(h) * 3 && candidates.find((img) => pixelDigests(img).rgb === samples.digest);
    if (!match) continue;
    const bytes = jpegSources.get(match)!.bytes;
    swaps.push({
      start: m.index,
      end,
      head: `${id} 0 obj\n<</Type /XObject\n/Subtype /Image\n/Width ${w}\n/Height ${h}\n/ColorSpace ${colorSpace}\n/BitsPerComponent 8\n/Filter /DCTDecode\n/Length ${bytes.length}>> stream\n`,
      bytes,
    });
  }
  if (!swaps.length) return pdf;

  // The cross-reference table: "xref", one "0 n" subsection, n entries of 20 bytes.
  const tail = /startxref\n(\d+)\n%%EOF\s*$/.exec(text.slice(-64));
  const xref = tail ? Number(tail[1]) : -1;
  const section = /^xref\n0 (\d+)\n/.exec(text.slice(xref, xref + 32));
  if (!tail || !section || xref < swaps[swaps.length - 1].end) return pdf;
  const count = Number(section[1]);
  const entriesAt = xref + section[0].length;
  const entries = text.slice(entriesAt, entriesAt + count * 20);
  if (!/^(\d{10} \d{5} [nf] \n)*$/.test(entries) || entries.length !== count * 20) return pdf;
  const moved = (offset: number) => offset + swaps.reduce((d, s) => (s.start < offset ? d + s.head.length + s.bytes.length - (s.end - s.start) : d), 0);
  let table = '';
  for (let k = 0; k < count; k++) {
    const e = entries.slice(k * 20, k * 20 + 20);
    table += e[17] === 'n' ? `${String(moved(Number(e.slice(0, 10)))).padStart(10, '0')}${e.slice(10)}` : e;
  }

  const parts: Buffer[] = [];
  let at = 0;
  for (const s of swaps) {
    parts.push(pdf.subarray(at, s.start), Buffer.from(s.head, 'latin1'), s.bytes);
    at = s.end;
  }
  const trailerAt = entriesAt + count * 20;
  const trailer = text.slice(trailerAt).replace(/startxref\n\d+\n/, `startxref\n${moved(xref)}\n`);
  parts.push(pdf.subarray(at, entriesAt), Buffer.from(table, 'latin1'), Buffer.from(trailer, 'latin1'));
  return Buffer.concat(parts);
}

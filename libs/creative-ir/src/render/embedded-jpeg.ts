import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createCanvas, type Image } from '@napi-rs/canvas';
import sharp, { type Metadata } from 'sharp';

/**
 * Skia's SVG and PDF backends re-encode every drawn image from its pixels: PNG in SVG, Flate in PDF.
 * A 27 KB JPEG photo became ~370 KB of either. Both exports are post-processed here: an embedded
 * image that holds exactly the pixels of a JPEG image of the document (same size, and the same
 * pixels once decoded, so that a shadow or texture raster of that size is never mistaken for it)
 * gets that JPEG's own bytes back. Anything else stays as Skia wrote it, and so does the whole file
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

/** The document's JPEG-sourced images, and their decoded RGBA drawn once on demand. */
function jpegImages(images: Map<string, Image>) {
  const list = [...new Set(images.values())].filter((img) => jpegSources.has(img));
  const pixels = new Map<Image, Buffer>();
  const rgba = (img: Image) => {
    let px = pixels.get(img);
    if (!px) {
      const c = createCanvas(img.width, img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      pixels.set(img, (px = c.data()));
    }
    return px;
  };
  return { list, rgba, ofSize: (w: number, h: number) => list.filter((img) => img.width === w && img.height === h) };
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
    const embedded = await sharp(Buffer.from(base64, 'base64')).ensureAlpha().raw().toBuffer();
    const match = candidates.find((img) => jpegs.rgba(img).equals(embedded));
    if (match) replacements.set(element, `<image id="${id}" width="${w}" height="${h}" xlink:href="data:image/jpeg;base64,${jpegSources.get(match)!.bytes.toString('base64')}"/>`);
  }
  return replacements.size ? Buffer.from(text.replace(SVG_IMAGE, (element) => replacements.get(element) ?? element)) : svg;
}

/**
 * An opaque 8-bit image XObject as Skia's PDF backend writes it: Flate-compressed RGB samples, no
 * soft mask (a `/SMask` line would not match).
 */
const PDF_IMAGE = /(\d+) 0 obj\n<<\/Type \/XObject\n\/Subtype \/Image\n\/Width (\d+)\n\/Height (\d+)\n\/ColorSpace ([^\n]+)\n\/BitsPerComponent 8\n\/Filter \/FlateDecode\n\/Length (\d+)>> stream\n/g;

const inflate = promisify(zlib.inflate);

/** True when RGB samples are the RGB of premultiplied RGBA pixels that are all opaque. */
function sameRgb(rgb: Buffer, rgba: Buffer): boolean {
  if (rgb.length * 4 !== rgba.length * 3) return false;
  for (let i = 0, j = 0; j < rgba.length; i += 3, j += 4) {
    if (rgba[j + 3] !== 255 || rgb[i] !== rgba[j] || rgb[i + 1] !== rgba[j + 1] || rgb[i + 2] !== rgba[j + 2]) return false;
  }
  return true;
}

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
    const samples = await inflate(pdf.subarray(start, end)).catch(() => undefined);
    const match = samples && candidates.find((img) => sameRgb(samples, jpegs.rgba(img)));
    if (!match) continue;
    const bytes = jpegSources.get(match)!.bytes;
    swaps.push({ start: m.index, end, head: `${id} 0 obj\n<</Type /XObject\n/Subtype /Image\n/Width ${w}\n/Height ${h}\n/ColorSpace ${colorSpace}\n/BitsPerComponent 8\n/Filter /DCTDecode\n/Length ${bytes.length}>> stream\n`, bytes });
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

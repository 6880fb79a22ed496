import type { MediaFormat } from './media-types';

/** How many leading bytes `sniffFormat` looks at. */
export const SNIFF_BYTES = 4096;

const ascii = (b: Buffer, at: number, text: string) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

/** The brands of an ISO base media file (`ftyp` box): major first, then the compatible ones. */
function ftypBrands(b: Buffer): string[] | null {
  if (!ascii(b, 4, 'ftyp') || b.length < 16) return null;
  const size = Math.min(b.readUInt32BE(0), b.length);
  const brands = [b.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(b.toString('latin1', at, at + 4));
  return brands;
}

/** An MPEG audio frame header (MPEG 1/2/2.5 layer III) at `at`. */
function mpegAudioFrame(b: Buffer, at: number): boolean {
  if (b.length < at + 4 || b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return false;
  const version = (b[at + 1] >> 3) & 3;
  const layer = (b[at + 1] >> 1) & 3;
  const bitrate = b[at + 2] >> 4;
  const rate = (b[at + 2] >> 2) & 3;
  return version !== 1 && layer === 1 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** An ADTS (raw AAC) header at `at`. */
function adtsFrame(b: Buffer, at: number): boolean {
  return b.length >= at + 7 && b[at] === 0xff && (b[at + 1] & 0xf6) === 0xf0 && ((b[at + 2] >> 2) & 0xf) < 13;
}

/**
 * What the leading bytes of a file say it is (magic numbers), or null. Only the bytes count: never
 * a file name or a declared content type. The caller then decodes the file to confirm it.
 */
export function sniffFormat(head: Buffer): MediaFormat | null {
  const b = head;
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return 'gif';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return 'webp';
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'wav';
  if (ascii(b, 0, 'II*\u0000') || ascii(b, 0, 'MM\u0000*')) return 'tiff';
  if (ascii(b, 0, 'wOFF')) return 'woff';
  if (ascii(b, 0, 'wOF2')) return 'woff2';
  if (ascii(b, 0, 'OTTO')) return 'otf';
  if (b.length >= 12 && (b.readUInt32BE(0) === 0x00010000 || ascii(b, 0, 'true'))) return 'ttf';
  if (ascii(b, 0, 'OggS')) return 'ogg';
  if (ascii(b, 0, 'fLaC')) return 'flac';
  if (ascii(b, 0, 'ID3')) return 'mp3';
  const brands = ftypBrands(b);
  if (brands) {
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
    if (brands.some((x) => ['M4A ', 'M4B ', 'mp42', 'mp41', 'isom', 'iso2', 'dash', 'M4V '].includes(x))) return 'm4a';
    return null;
  }
  if (mpegAudioFrame(b, 0)) return 'mp3';
  if (adtsFrame(b, 0)) return 'aac';
  if (looksLikeSvg(b)) return 'svg';
  return null;
}

/**
 * An SVG document: UTF-8 text whose root element is `<svg`, after an optional BOM, XML
 * declaration, comments and a DOCTYPE without an internal subset (entity definitions are how
 * "billion laughs" documents expand; they are refused).
 */
export function looksLikeSvg(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (/<!ENTITY/i.test(text)) return false;
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>[]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i.test(text);
}

import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng, materialize, pngSettingsFor, rasterize, renderIr } from '../index';
import { adler32Combine, packRgbRows, packRgbRowsBytes, pngBands } from '../render/png';
import { designs } from './designs';
import { doc, rect } from './fixtures';

async function decoded(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** The scanlines of a PNG's IDAT chunks, inflated by node's zlib (which checks the Adler-32). */
function scanlines(png: Buffer): Buffer {
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length; ) {
    const len = png.readUInt32BE(o);
    const type = png.toString('latin1', o + 4, o + 8);
    expect(zlib.crc32(png.subarray(o + 4, o + 8 + len)), `${type} CRC`).toBe(png.readUInt32BE(o + 8 + len));
    if (type === 'IDAT') idat.push(png.subarray(o + 8, o + 8 + len));
    o += 12 + len;
  }
  return zlib.inflateSync(Buffer.concat(idat));
}

/** Opaque RGBA test pixels with some structure (runs, gradients and noise). */
function testPixels(w: number, h: number): Buffer {
  const px = Buffer.alloc(w * h * 4);
  for (let i = 0; i < px.length; i++) px[i] = i % 4 === 3 ? 255 : ((i >> 2) % w < w / 3 ? 200 : ((i >> 2) % w) * 3 + ((i * 37 + (i >> 3)) & 15)) & 255;
  return px;
}

describe('PNG encoding by content', () => {
  it('picks photo for photographic and procedural designs, flat for shapes, text and gradients', async () => {
    const picked: Record<string, string> = {};
    for (const d of await designs()) picked[d.name] = pngSettingsFor(await materialize(d.ir)).encoding;
    expect(picked).toEqual({ text: 'flat', gradient: 'flat', image: 'photo', procedural: 'photo', mixed: 'photo' });
    // A small image (a logo) on a flat page keeps the flat encoding.
    const logo = doc({ children: [rect('bg', 400, 300), { type: 'procedural', id: 'logo', style: 'noise', x: 10, y: 10, width: 60, height: 60 }] });
    expect(pngSettingsFor(await materialize(logo)).encoding).toBe('flat');
    expect(pngSettingsFor(await materialize(logo), { pngEncoding: 'photo', pngCompressionLevel: 9 })).toEqual({ encoding: 'photo', level: 9 });
  });

  it('is lossless and deterministic for every design, and the photo files are smaller than unfiltered ones', async () => {
    for (const d of await designs()) {
      const r = await rasterize(d.ir, { assets: d.assets });
      const a = await renderIr(d.ir, { assets: d.assets });
      const b = await renderIr(d.ir, { assets: d.assets });
      expect(a.data.equals(b.data), d.name).toBe(true);
      const px = await decoded(a.data);
      expect([px.info.width, px.info.height, px.info.channels]).toEqual([1080, 1080, 4]);
      expect(px.data.equals(r.pixels), `${d.name}: decoded PNG equals the raster`).toBe(true);
      if (d.name === 'image') {
        const flat = await renderIr(d.ir, { assets: d.assets, pngEncoding: 'flat' });
        expect(a.data.length).toBeLessThan(flat.data.length * 0.8);
        expect((await decoded(flat.data)).data.equals(r.pixels)).toBe(true);
      }
    }
  });

  it('writes valid photo PNGs for odd sizes and with an explicit zlib level, and falls back to sharp for transparent output', async () => {
    for (const [w, h] of [
      [1, 1],
      [3, 2],
      [17, 9],
    ]) {
      const px = Buffer.alloc(w * h * 4);
      for (let i = 0; i < px.length; i++) px[i] = i % 4 === 3 ? 255 : (i * 37 + (i >> 3)) & 255;
      for (const level of [undefined, 0, 1, 9]) {
        const png = await encodePng(px, w, h, { encoding: 'photo', level }, true);
        const back = await decoded(png);
        expect([back.info.width, back.info.height]).toEqual([w, h]);
        expect(back.data.equals(px), `${w}x${h} level ${level}`).toBe(true);
      }
      // Pixels that do not start on a 4-byte boundary.
      const unaligned = Buffer.concat([Buffer.alloc(1), px]).subarray(1);
      expect((await decoded(await encodePng(unaligned, w, h, { encoding: 'photo' }, true))).data.equals(px)).toBe(true);
    }
    const [, , image] = await designs();
    const t = await renderIr(image.ir, { assets: image.assets, transparent: true, scale: 0.25 });
    expect((await sharp(t.data).metadata()).channels).toBe(4);
  });

  it('packs and filters rows the same word-wise and byte-wise (any width)', () => {
    for (const [w, h] of [
      [1, 1],
      [5, 3],
      [8, 4],
      [1080, 2],
    ]) {
      const px = Buffer.alloc(w * h * 4);
      for (let i = 0; i < px.length; i++) px[i] = i % 4 === 3 ? 255 : (i * 131 + (i >> 5)) & 255;
      for (const up of [false, true]) {
        const words = Buffer.alloc((w * 3 + 1) * h);
        const bytes = Buffer.alloc((w * 3 + 1) * h);
        // In two calls, as the bands are packed: the second starts at a row that has one above it.
        const mid = h >> 1;
        packRgbRows(px, w, words, 0, mid, up);
        packRgbRows(px, w, words, mid, h, up);
        packRgbRowsBytes(px, w, bytes, 0, h, up);
        expect(words.equals(bytes), `${w}x${h} up=${up}`).toBe(true);
      }
    }
  });

  it('joins parallel bands into one valid zlib stream for any size (checked by zlib, not only by a decoder)', async () => {
    expect(pngBands(1, 1)).toBe(1);
    expect(pngBands(1080, 1080)).toBe(4);
    expect(pngBands(3840, 2160)).toBe(8);
    expect(pngBands(400000, 3)).toBe(3);
    for (const [w, h] of [
      [1080, 1080],
      [701, 1499],
      [2000, 5],
      [200, 200],
    ]) {
      const px = testPixels(w, h);
      for (const settings of [{ encoding: 'flat' as const }, { encoding: 'photo' as const }, { encoding: 'photo' as const, level: 1 }]) {
        const png = await encodePng(px, w, h, settings, true);
        const up = settings.encoding === 'photo';
        const expected = Buffer.alloc((w * 3 + 1) * h);
        packRgbRowsBytes(px, w, expected, 0, h, up);
        expect(scanlines(png).equals(expected), `${w}x${h} ${JSON.stringify(settings)}`).toBe(true);
        expect((await decoded(png)).data.equals(px)).toBe(true);
        expect((await encodePng(px, w, h, settings, true)).equals(png), 'same bytes twice').toBe(true);
      }
    }
  });

  it('combines Adler-32 checksums as zlib does', () => {
    const adler = (b: Buffer) => zlib.deflateSync(b, { level: 0 }).readUInt32BE(zlib.deflateSync(b, { level: 0 }).length - 4);
    const data = testPixels(300, 300);
    for (const cut of [0, 1, 4096, 65521, 100000, data.length]) {
      const a = data.subarray(0, cut);
      const b = data.subarray(cut);
      expect(adler32Combine(adler(a), adler(b), b.length), `cut ${cut}`).toBe(adler(data));
    }
  });
});

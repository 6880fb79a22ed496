import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng, materialize, pngSettingsFor, rasterize, renderIr } from '../index';
import { upFilteredRgb, upFilteredRgbBytes } from '../render/png';
import { designs } from './designs';
import { doc, rect } from './fixtures';

async function decoded(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
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

  it('filters rows the same word-wise and byte-wise (any width)', () => {
    for (const [w, h] of [
      [1, 1],
      [5, 3],
      [8, 4],
      [1080, 2],
    ]) {
      const px = Buffer.alloc(w * h * 4);
      for (let i = 0; i < px.length; i++) px[i] = i % 4 === 3 ? 255 : (i * 131 + (i >> 5)) & 255;
      expect(upFilteredRgb(px, w, h).equals(upFilteredRgbBytes(px, w, h, Buffer.alloc((w * 3 + 1) * h))), `${w}x${h}`).toBe(true);
    }
  });
});

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describePng, encodePng, materialize, pngSettingsFor, rasterize, renderIr } from '../index';
import { huffmanLengths } from '../render/deflate-runs';
import { libdeflate } from '../render/libdeflate';
import { adler32Combine, deflateEngine, packRgbRows, packRgbRowsBytes, photoRowFilter, pngBands, pngSegments } from '../render/png';
import { proceduralDocument } from '../procedural/procedural-document';
import { designs } from './designs';
import { doc, rect } from './fixtures';

async function decoded(png: Buffer) {
  return sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** The scanlines of a PNG's IDAT chunks, inflated by node's zlib (which checks the Adler-32). */
function scanlines(png: Buffer): Buffer {
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length;) {
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

  it('gives photo pages the smaller row filter by trial: "up" for photographs and smooth backgrounds, none for textures that repeat along the row', async () => {
    const [, , image] = await designs();
    const raster = async (style: string) => rasterize(proceduralDocument({ style } as Parameters<typeof proceduralDocument>[0]));
    const pages = [
      { name: 'image', r: await rasterize(image.ir, { assets: image.assets }), want: { zlib: 'up', libdeflate: 'up' } },
      { name: 'mesh', r: await raster('mesh'), want: { zlib: 'up', libdeflate: 'up' } },
      { name: 'grid', r: await raster('grid'), want: { zlib: 'none', libdeflate: 'none' } },
      { name: 'rays', r: await raster('rays'), want: { zlib: 'none', libdeflate: 'none' } },
      // libdeflate finds the repeats of "up" rows that zlib's run-length mode cannot (aurora 589 -> 323 KB), and the halftone's dots unfiltered.
      { name: 'aurora', r: await raster('aurora'), want: { zlib: 'none', libdeflate: 'up' } },
      { name: 'halftone', r: await raster('halftone'), want: { zlib: 'up', libdeflate: 'none' } },
    ];
    for (const engine of ['zlib', 'libdeflate'] as const) {
      const deflate = engine === 'zlib' ? ('zlib' as const) : ('auto' as const);
      for (const { name, r, want } of pages) {
        const px = Buffer.from(r.pixels);
        expect(photoRowFilter(px, r.width, r.height, engine), `${name} ${engine}`).toBe(want[engine]);
        const png = await encodePng(px, r.width, r.height, { encoding: 'photo', deflate }, true);
        expect((await decoded(png)).data.equals(px), `${name}: lossless`).toBe(true);
        // The other filter, as the trial would have had it otherwise: what the choice saves (zlib: its two settings; libdeflate: level 1 both ways).
        const level = engine === 'zlib' ? (want[engine] === 'up' ? 3 : 1) : 1;
        const other = await encodePng(px, r.width, r.height, { encoding: want[engine] === 'up' ? 'flat' : 'photo', level, deflate }, true);
        if (name === 'aurora' || name === 'halftone') {
          // zlib's trial weighs run-length "up" rows, not the full deflate of \`other\`: only libdeflate's choice is checked for size here.
          if (engine === 'libdeflate') expect(png.length, `${name}: no larger than the other way`).toBeLessThan(other.length);
        } else
          expect(png.length, `${name} ${engine}: ${png.length} bytes against ${other.length} the other way`).toBeLessThan(
            other.length * (engine === 'zlib' ? 0.9 : 0.95),
          );
      }
    }
    // Tiny pages: fewer rows than a strip.
    for (const [w, h] of [
      [1, 1],
      [5, 3],
      [2000, 1],
    ])
      expect(['up', 'none']).toContain(photoRowFilter(testPixels(w, h), w, h));
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

  it('packs and filters rows in WebAssembly as the byte-wise reference does (any width, any split, chunk edges, unaligned input)', () => {
    for (const [w, h] of [
      [1, 1],
      [5, 3],
      [8, 4],
      [1080, 2],
      // 60 rows of 4292 bytes: more than one 256 KB chunk, so a chunk starts on a filtered row.
      [1073, 130],
      // Rows wider than a chunk (one row per call).
      [70001, 3],
    ]) {
      const raw = Buffer.alloc(w * h * 4 + 1);
      // Unaligned on purpose: the packer must not depend on the pixels' offset.
      const px = raw.subarray(1);
      for (let i = 0; i < px.length; i++) px[i] = i % 4 === 3 ? 255 : Math.imul(i, 2654435761) >>> 24;
      for (const up of [false, true]) {
        const wasm = Buffer.alloc((w * 3 + 1) * h);
        const bytes = Buffer.alloc((w * 3 + 1) * h);
        // In two calls, as the bands are packed: the second starts at a row that has one above it.
        const mid = h >> 1;
        packRgbRows(px, w, wasm, 0, mid, up);
        packRgbRows(px, w, wasm, mid, h, up);
        packRgbRowsBytes(px, w, bytes, 0, h, up);
        expect(wasm.equals(bytes), `${w}x${h} up=${up}`).toBe(true);
      }
    }
  });

  it('holds the WebAssembly module that scanlines.wat compiles to (npm run wasm after an edit)', () => {
    const r = spawnSync(process.execPath, [join(__dirname, '../../../../tools/scripts/wasm.mjs'), '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
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
      for (const settings of [{ encoding: 'flat' as const }, { encoding: 'photo' as const }, { encoding: 'photo' as const, level: 1 }].flatMap((s) => [
        s,
        { ...s, deflate: 'zlib' as const },
      ])) {
        const png = await encodePng(px, w, h, settings, true);
        const up = settings.encoding === 'photo' && (settings.level !== undefined || photoRowFilter(px, w, h, deflateEngine(settings)) === 'up');
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

  /** Opaque pixels from a list of [rows, fill] stretches: a color for flat rows, or 'noise'. */
  function stretches(w: number, parts: Array<[number, [number, number, number] | 'noise' | 'stripes']>): { px: Buffer; h: number } {
    const h = parts.reduce((n, [rows]) => n + rows, 0);
    const px = Buffer.alloc(w * h * 4);
    let y = 0;
    for (const [rows, fill] of parts) {
      for (let r = 0; r < rows; r++, y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const c = fill === 'noise' ? [(x * 31 + y * 17) & 255, (x * y) & 255, (x ^ y) & 255] : fill === 'stripes' ? [x & 1 ? 250 : 10, 20, x % 7] : fill;
          px[i] = c[0];
          px[i + 1] = c[1];
          px[i + 2] = c[2];
          px[i + 3] = 255;
        }
      }
    }
    return { px, h };
  }

  it('finds runs of rows of one color; short runs stay with zlib', () => {
    const bg: [number, number, number] = [251, 250, 247];
    // 1080 wide: a run needs 21 rows (64 KB of scanlines).
    const { px, h } = stretches(1080, [
      [30, bg],
      [5, 'noise'],
      [20, bg], // too short
      [5, 'noise'],
      [25, [0, 0, 0]],
      [25, bg], // another color: its own run
      [3, 'noise'],
      [40, 'stripes'], // repeated, but not one color
    ]);
    expect(pngSegments(px, 1080, h)).toEqual([
      { y0: 0, y1: 30, q: bg },
      { y0: 30, y1: 60 },
      { y0: 60, y1: 85, q: [0, 0, 0] },
      { y0: 85, y1: 110, q: bg },
      { y0: 110, y1: 153 },
    ]);
  });

  it('writes runs of rows of one color as deflate blocks that zlib inflates to the same scanlines', async () => {
    const bg: [number, number, number] = [12, 200, 99];
    const cases: Array<[number, Array<[number, [number, number, number] | 'noise' | 'stripes']>]> = [
      [1080, [[1080, bg]]], // one run, the final block
      [
        1080,
        [
          [300, bg],
          [200, 'noise'],
          [100, [255, 255, 255]],
          [50, 'stripes'],
          [400, bg],
        ],
      ], // ends on a run
      [
        1080,
        [
          [3, 'noise'],
          [600, bg],
          [1, 'noise'],
        ],
      ],
      [
        87,
        [
          [2000, bg],
          [10, 'noise'],
          [900, bg],
        ],
      ], // 3 * 87 - 3 = 258: each row ends on a whole match
      [
        4000,
        [
          [40, 'noise'],
          [60, bg],
          [40, 'stripes'],
        ],
      ],
      [
        1,
        [
          [30000, bg],
          [5, 'noise'],
          [20000, bg],
        ],
      ], // one pixel a row: no match after the first pixel
    ];
    for (const [w, parts] of cases) {
      const { px, h } = stretches(w, parts);
      expect(
        pngSegments(px, w, h).some((s) => s.q),
        `${w}x${h} has runs`,
      ).toBe(true);
      for (const settings of [{ encoding: 'flat' as const }, { encoding: 'flat' as const, level: 9 }, { encoding: 'photo' as const }].flatMap((s) => [
        s,
        { ...s, deflate: 'zlib' as const },
      ])) {
        const label = `${w}x${h} ${parts.map(([n, f]) => `${n}:${typeof f === 'string' ? f : 'color'}`).join(',')} ${JSON.stringify(settings)}`;
        const up = settings.encoding === 'photo' && photoRowFilter(px, w, h, deflateEngine(settings)) === 'up';
        const png = await encodePng(px, w, h, settings, true);
        const expected = Buffer.alloc((w * 3 + 1) * h);
        packRgbRowsBytes(px, w, expected, 0, h, up);
        expect(scanlines(png).equals(expected), label).toBe(true);
        expect((await decoded(png)).data.equals(px), label).toBe(true);
        expect((await encodePng(px, w, h, settings, true)).equals(png), `${label}: same bytes twice`).toBe(true);
      }
    }
    // What the runs save: the text design's margins and line gaps cost ~5 bytes a row.
    const text = (await designs())[0];
    const r = await rasterize(text.ir, { assets: text.assets });
    const runs = pngSegments(r.pixels, 1080, 1080).filter((s) => s.q);
    expect(runs.reduce((n, s) => n + s.y1 - s.y0, 0)).toBeGreaterThan(500);
    const whole = zlib.deflateSync(
      (() => {
        const b = Buffer.alloc(3241 * 1080);
        packRgbRowsBytes(r.pixels, 1080, b, 0, 1080, false);
        return b;
      })(),
      { level: 4, memLevel: 9 },
    );
    expect((await encodePng(r.pixels, 1080, 1080, { encoding: 'flat' }, true)).length).toBeLessThan(whole.length);
  });

  it('deflates pages with few one-color rows with libdeflate: the same pixels in about the bytes zlib wrote; run-heavy pages keep the zlib path', async () => {
    // libdeflate0 is on every machine this project runs on (Debian, with libtiff); without it PNGs fall back to zlib silently, which this catches.
    expect(libdeflate(), 'libdeflate.so.0 loads through koffi').toBeDefined();
    const byName = Object.fromEntries((await designs()).map((d) => [d.name, d]));
    for (const [name, runHeavy] of [
      ['gradient', false],
      ['procedural', false],
      ['mixed', false],
      ['image', false],
      ['text', true],
    ] as const) {
      const d = byName[name];
      const r = await rasterize(d.ir, { assets: d.assets });
      const settings = pngSettingsFor(r.materialized);
      const png = await encodePng(r.pixels, 1080, 1080, settings, true);
      const viaZlib = await encodePng(r.pixels, 1080, 1080, { ...settings, deflate: 'zlib' }, true);
      // One zlib stream that zlib itself inflates (header and Adler-32 checked), decoding to the raster.
      const up = settings.encoding === 'photo' && photoRowFilter(r.pixels, 1080, 1080) === 'up';
      const expected = Buffer.alloc(3241 * 1080);
      packRgbRowsBytes(r.pixels, 1080, expected, 0, 1080, up);
      expect(scanlines(png).equals(expected), name).toBe(true);
      expect((await decoded(png)).data.equals(r.pixels), name).toBe(true);
      if (runHeavy) expect(png.equals(viaZlib), `${name}: zlib path`).toBe(true);
      else {
        expect(png.equals(viaZlib), `${name}: libdeflate path`).toBe(false);
        // Levels chosen to write what zlib wrote (gradient +4%, the others smaller).
        expect(png.length, `${name}: ${png.length} bytes against zlib's ${viaZlib.length}`).toBeLessThan(viaZlib.length * 1.05);
      }
    }
    // Encodes in flight together each get their own compressor and output buffer.
    const sizes = [
      [1080, 1080],
      [640, 480],
      [33, 2000],
      [1920, 1080],
      [1080, 1080],
      [7, 7],
      [500, 900],
      [1200, 628],
    ];
    const inputs = sizes.map(([w, h], i) => ({ w, h, px: stretches(w, [[h, i % 2 ? 'noise' : 'stripes']]).px }));
    const pngs = await Promise.all(inputs.map(({ w, h, px }, i) => encodePng(px, w, h, { encoding: i % 3 ? 'flat' : 'photo' }, true)));
    for (const [i, png] of pngs.entries()) expect((await decoded(png)).data.equals(inputs[i].px), `${sizes[i]}`).toBe(true);
  });

  it('falls back to node zlib when CREATIVE_IR_DEFLATE=zlib', async () => {
    const d = (await designs()).find((x) => x.name === 'gradient')!;
    const r = await rasterize(d.ir, { assets: d.assets });
    const before = process.env.CREATIVE_IR_DEFLATE;
    process.env.CREATIVE_IR_DEFLATE = 'zlib';
    try {
      let fresh: typeof import('../render/png') | undefined;
      jest.isolateModules(() => {
        fresh = require('../render/png');
      });
      const viaEnv = await fresh!.encodePng(r.pixels, 1080, 1080, { encoding: 'flat' }, true);
      expect(viaEnv.equals(await encodePng(r.pixels, 1080, 1080, { encoding: 'flat', deflate: 'zlib' }, true))).toBe(true);
      expect(fresh!.describePng({ encoding: 'flat' })).toBe('flat: no filter, zlib 4 (node zlib, parallel bands)');
      expect(describePng({ encoding: 'flat' })).toBe(
        'flat: no filter, libdeflate 3 (node zlib 4 in parallel bands when a third of the rows are one-color runs)',
      );
    } finally {
      if (before === undefined) delete process.env.CREATIVE_IR_DEFLATE;
      else process.env.CREATIVE_IR_DEFLATE = before;
    }
  });

  it('builds complete Huffman codes within the length limit', () => {
    const kraft = (lengths: number[]) => lengths.reduce((s, l) => s + (l ? 2 ** -l : 0), 0);
    const cases = [
      [5],
      [0, 0, 3],
      [1, 1],
      [100, 1, 1, 1, 1],
      Array.from({ length: 19 }, (_, i) => 2 ** i),
      Array.from({ length: 286 }, (_, i) => (i % 3 ? 0 : i + 1)),
    ];
    for (const freq of cases) {
      for (const limit of [7, 15]) {
        const lengths = huffmanLengths(freq, limit);
        expect(kraft(lengths), JSON.stringify(freq)).toBe(1);
        expect(Math.max(...lengths)).toBeLessThanOrEqual(limit);
        freq.forEach((f, i) => f > 0 && expect(lengths[i]).toBeGreaterThan(0));
      }
    }
  });
});

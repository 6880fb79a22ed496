import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { rasterize, renderIr } from '../index';
import type { IrDocument } from '../schema/ir-schema';
import { designs, type Design } from './designs';
import { comparePixels, doc } from './fixtures';

/** Every in-use entry of a PDF's cross-reference table points at its object, and startxref at the table. */
function checkXref(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const xref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)![1]);
  const section = /^xref\n0 (\d+)\n/.exec(text.slice(xref))!;
  expect(section, 'xref table at startxref').toBeTruthy();
  let used = 0;
  for (let k = 0; k < Number(section[1]); k++) {
    const e = text.slice(xref + section[0].length + k * 20, xref + section[0].length + k * 20 + 20);
    if (e[17] !== 'n') continue;
    expect(text.startsWith(`${k} 0 obj`, Number(e.slice(0, 10))), `object ${k}`).toBe(true);
    used++;
  }
  return used;
}

// Debian's poppler-utils (apt-get install poppler-utils; .ci/run installs it with Chromium).
const PDFTOPPM = '/usr/bin/pdftoppm';

/** The PDF's first page drawn by poppler (an independent reader that reports any syntax error), as RGBA at 72 dpi. */
async function pdfPixels(pdf: Buffer): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const r = spawnSync(PDFTOPPM, ['-r', '72', '-singlefile', '-png', join(dir, 'in.pdf'), join(dir, 'out')], { encoding: 'utf8' });
    expect(r.stderr, 'poppler reports no syntax errors').toBe('');
    expect(r.status).toBe(0);
    return await sharp(readFileSync(join(dir, 'out.png')))
      .ensureAlpha()
      .raw()
      .toBuffer();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two nodes of one JPEG, a PNG of other pixels, an EXIF-rotated JPEG, a one-channel JPEG, and a JPEG
 * tall enough that its pixels are compared in two strips.
 */
async function severalImages(photo: Buffer): Promise<{ ir: IrDocument; assets: Record<string, Buffer> }> {
  const image = (id: string, src: string, x: number, y: number, width: number, extra = {}) => ({
    type: 'image' as const,
    id,
    src: `asset:${src}`,
    x,
    y,
    width,
    height: 150,
    ...extra,
  });
  return {
    ir: doc(
      {
        children: [
          image('a', 'photo', 0, 0, 200),
          image('b', 'photo', 200, 0, 200, { opacity: 0.5 }),
          image('c', 'png', 0, 150, 200),
          image('d', 'rotated', 200, 150, 100),
          image('e', 'gray', 300, 150, 100),
          image('f', 'tall', 350, 0, 50, { height: 300 }),
        ],
      },
      400,
      300,
    ),
    assets: {
      photo,
      // (A PNG of the JPEG's own decoded pixels would rightly get the JPEG: the same pixels.)
      png: await sharp(photo).negate().png().toBuffer(),
      rotated: await sharp(photo).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
      gray: await sharp(photo).toColourspace('b-w').jpeg().toBuffer(),
      tall: await sharp(photo).resize(600, 2000, { fit: 'fill' }).jpeg().toBuffer(),
    },
  };
}

describe('SVG export drawn by librsvg (through sharp)', () => {
  it('is the same picture as the raster for the five designs, with path coordinates rounded to 1/100 px', async () => {
    for (const d of await designs()) {
      const svg = (await renderIr(d.ir, { assets: d.assets, format: 'svg' })).data;
      const text = svg.toString('utf8');
      const paths = [...text.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]);
      expect(paths.length, d.name).toBeGreaterThan(0);
      for (const p of paths) expect(p, d.name).not.toMatch(/\.\d{3}|e[-+]?\d/i);
      const drawn = await sharp(svg).ensureAlpha().raw().toBuffer();
      // Measured: mean 0.2-1.2 (text: librsvg's own anti-aliasing of the glyph outlines), at most 1% far off.
      const { mean, off } = comparePixels(drawn, (await rasterize(d.ir, { assets: d.assets })).pixels);
      expect(mean, d.name).toBeLessThan(2);
      expect(off, d.name).toBeLessThan(0.02);
    }
    // Skia wrote the text design's glyph outlines with up to eight significant digits: 282 KB.
    expect((await renderIr((await designs())[0].ir, { format: 'svg' })).data.length).toBeLessThan(200_000);
  });
});

(!existsSync(PDFTOPPM) ? describe.skip : describe)('PDF export drawn by poppler', () => {
  it('is the same picture as the raster: the five benchmark designs (photos as JPEG included) and images of every kind', async () => {
    const all = await designs();
    for (const d of [...all, { name: 'several images', ...(await severalImages(all[4].assets.photo)) }]) {
      const pdf = (await renderIr(d.ir, { assets: d.assets, format: 'pdf' })).data;
      checkXref(pdf);
      const drawn = await pdfPixels(pdf);
      const raster = (await rasterize(d.ir, { assets: d.assets })).pixels;
      expect(drawn.length, d.name).toBe(raster.length);
      // Measured: mean 0.4-1.9 (text: poppler's own glyph anti-aliasing), at most 1.6% of pixels far off.
      const { mean, off } = comparePixels(drawn, raster);
      expect(mean, d.name).toBeLessThan(3);
      expect(off, d.name).toBeLessThan(0.03);
    }
    // Six 1080x1080 PDFs rasterized by pdftoppm: ~23 s on an idle 2-core machine, past the default 30 s under CI's load.
  }, 120_000);
});

describe("JPEG photos keep their own bytes in SVG and PDF (instead of Skia's re-encoding)", () => {
  let mixed: Design;
  let photo: Buffer;
  let several: { ir: IrDocument; assets: Record<string, Buffer> };
  beforeAll(async () => {
    mixed = (await designs())[4];
    photo = mixed.assets.photo;
    several = await severalImages(photo);
  });

  it('SVG: the photo is its JPEG; its shadow raster stays PNG; librsvg draws the same picture as the raster', async () => {
    const svg = (await renderIr(mixed.ir, { assets: mixed.assets, format: 'svg' })).data;
    const text = svg.toString('latin1');
    expect(text.split(`data:image/jpeg;base64,${photo.toString('base64')}"`)).toHaveLength(2);
    expect(text.match(/data:image\/png;base64,/g)).toHaveLength(1);
    // With Skia's PNG of the photo it was 474 KB.
    expect(svg.length).toBeLessThan(200_000);
    const drawn = await sharp(svg).ensureAlpha().raw().toBuffer();
    expect(comparePixels(drawn, (await rasterize(mixed.ir, { assets: mixed.assets })).pixels).mean).toBeLessThan(1);
  });

  it('SVG: only images whose pixels are a JPEG of the document get it (not a PNG, not an EXIF-rotated JPEG)', async () => {
    const out = (await renderIr(several.ir, { assets: several.assets, format: 'svg' })).data.toString('latin1');
    // a and b (one element each), e (one channel is fine in SVG), f; c and d stay PNG.
    expect(out.match(/data:image\/jpeg;base64,/g)).toHaveLength(4);
    expect(out.match(/data:image\/png;base64,/g)).toHaveLength(2);
    expect(out).not.toContain(several.assets.rotated.toString('base64').slice(0, 400));
  });

  it('PDF: the photo is a DCTDecode XObject of its JPEG bytes, and the cross-references are rewritten', async () => {
    const pdf = (await renderIr(mixed.ir, { assets: mixed.assets, format: 'pdf' })).data;
    const text = pdf.toString('latin1');
    expect(text.match(/\/Filter \/DCTDecode\n\/Length (\d+)>> stream\n/)![1]).toBe(String(photo.length));
    expect(pdf.includes(photo)).toBe(true);
    // With Skia's Flate samples of the photo it was 432 KB.
    expect(pdf.length).toBeLessThan(150_000);
    expect(checkXref(pdf)).toBeGreaterThan(10);
  });

  it('PDF: one XObject per image (shared by both nodes); PNG, EXIF-rotated and one-channel JPEG sources keep Flate', async () => {
    const pdf = (await renderIr(several.ir, { assets: several.assets, format: 'pdf' })).data;
    const filters = pdf
      .toString('latin1')
      .match(/\/Subtype \/Image\n[^>]*\/Filter \/\w+/g)!
      .map((m) => m.split('/Filter ')[1]);
    // The photo's and the tall one's.
    expect(filters.filter((f) => f === '/DCTDecode')).toHaveLength(2);
    expect(filters.filter((f) => f === '/FlateDecode')).toHaveLength(3);
    checkXref(pdf);
  });
});

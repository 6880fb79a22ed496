import { createRequire } from 'node:module';
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { rasterize, renderIr } from '../index';
import type { IrDocument } from '../schema/ir-schema';
import { designs, type Design } from './designs';
import { doc } from './fixtures';

function meanDiff(a: Buffer | Uint8Array, b: Buffer): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length;
}

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

/** The PDF's first page drawn by pdf.js (an independent reader), as RGBA. */
async function pdfPixels(pdf: Buffer): Promise<Uint8Array> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js draws with the @napi-rs/canvas build it depends on (its Path2D must match its context).
  const req = createRequire(require.resolve('pdfjs-dist/package.json'));
  const { createCanvas } = req('@napi-rs/canvas') as { createCanvas: (w: number, h: number) => Canvas };
  const page = await (await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise).getPage(1);
  const viewport = page.getViewport({ scale: 1 });
  const canvas = createCanvas(viewport.width, viewport.height);
  await page.render({ canvasContext: canvas.getContext('2d') as never, viewport, canvas: canvas as never }).promise;
  return canvas.data();
}

describe("JPEG photos keep their own bytes in SVG and PDF (instead of Skia's re-encoding)", () => {
  let mixed: Design;
  let photo: Buffer;
  /** Two nodes of one JPEG, a PNG of other pixels, an EXIF-rotated JPEG and a one-channel JPEG. */
  let several: { ir: IrDocument; assets: Record<string, Buffer> };
  beforeAll(async () => {
    mixed = (await designs())[4];
    photo = mixed.assets.photo;
    const image = (id: string, src: string, x: number, y: number, width: number, extra = {}) => ({ type: 'image' as const, id, src: `asset:${src}`, x, y, width, height: 150, ...extra });
    several = {
      ir: doc({ children: [image('a', 'photo', 0, 0, 200), image('b', 'photo', 200, 0, 200, { opacity: 0.5 }), image('c', 'png', 0, 150, 200), image('d', 'rotated', 200, 150, 100), image('e', 'gray', 300, 150, 100)] }, 400, 300),
      assets: {
        photo,
        // (A PNG of the JPEG's own decoded pixels would rightly get the JPEG: the same pixels.)
        png: await sharp(photo).negate().png().toBuffer(),
        rotated: await sharp(photo).withMetadata({ orientation: 6 }).jpeg().toBuffer(),
        gray: await sharp(photo).toColourspace('b-w').jpeg().toBuffer(),
      },
    };
  });

  it('SVG: the photo is its JPEG; its shadow raster stays PNG; librsvg draws the same picture as the raster', async () => {
    const svg = (await renderIr(mixed.ir, { assets: mixed.assets, format: 'svg' })).data;
    const text = svg.toString('latin1');
    expect(text.split(`data:image/jpeg;base64,${photo.toString('base64')}"`)).toHaveLength(2);
    expect(text.match(/data:image\/png;base64,/g)).toHaveLength(1);
    // With Skia's PNG of the photo it was 474 KB.
    expect(svg.length).toBeLessThan(200_000);
    const drawn = await sharp(svg).ensureAlpha().raw().toBuffer();
    expect(meanDiff(drawn, (await rasterize(mixed.ir, { assets: mixed.assets })).pixels)).toBeLessThan(1);
  });

  it('SVG: only images whose pixels are a JPEG of the document get it (not a PNG, not an EXIF-rotated JPEG)', async () => {
    const out = (await renderIr(several.ir, { assets: several.assets, format: 'svg' })).data.toString('latin1');
    // a and b (one element each), e (one channel is fine in SVG); c and d stay PNG.
    expect(out.match(/data:image\/jpeg;base64,/g)).toHaveLength(3);
    expect(out.match(/data:image\/png;base64,/g)).toHaveLength(2);
    expect(out).not.toContain(several.assets.rotated.toString('base64').slice(0, 400));
  });

  it('PDF: the photo is a DCTDecode XObject of its JPEG bytes, the cross-references are rewritten, and pdf.js draws the same picture', async () => {
    const pdf = (await renderIr(mixed.ir, { assets: mixed.assets, format: 'pdf' })).data;
    const text = pdf.toString('latin1');
    expect(text.match(/\/Filter \/DCTDecode\n\/Length (\d+)>> stream\n/)![1]).toBe(String(photo.length));
    expect(pdf.includes(photo)).toBe(true);
    // With Skia's Flate samples of the photo it was 432 KB.
    expect(pdf.length).toBeLessThan(150_000);
    expect(checkXref(pdf)).toBeGreaterThan(10);
    const drawn = await pdfPixels(pdf);
    expect(drawn.length).toBe(1080 * 1080 * 4);
    expect(meanDiff(drawn, (await rasterize(mixed.ir, { assets: mixed.assets })).pixels)).toBeLessThan(1);
  });

  it('PDF: one XObject per image (shared by both nodes); PNG, EXIF-rotated and one-channel JPEG sources keep Flate', async () => {
    const pdf = (await renderIr(several.ir, { assets: several.assets, format: 'pdf' })).data;
    const filters = pdf.toString('latin1').match(/\/Subtype \/Image\n[^>]*\/Filter \/\w+/g)!.map((m) => m.split('/Filter ')[1]);
    expect(filters.filter((f) => f === '/DCTDecode')).toHaveLength(1);
    expect(filters.filter((f) => f === '/FlateDecode')).toHaveLength(3);
    checkXref(pdf);
    const drawn = await pdfPixels(pdf);
    expect(meanDiff(drawn, (await rasterize(several.ir, { assets: several.assets })).pixels)).toBeLessThan(2);
  });
});

import { readFileSync } from 'node:fs';
import { bundledFontFile, materialize, prepare, rasterize, rasterizeMaterialized, renderHtml, renderIr } from '../index';
import { doc } from './fixtures';

const mono = readFileSync(bundledFontFile('JetBrains Mono')!.path);
const serif = readFileSync(bundledFontFile('Playfair Display')!.path);
const dataUrl = (b: Buffer) => `data:font/ttf;base64,${b.toString('base64')}`;

/** A page whose text is set in "Brand", with the faces the document brings for it. */
const page = (fonts: { family: string; src?: string; weight?: number }[], text = 'Brand typeface check') =>
  doc({ children: [{ type: 'text', id: 't', text, fontFamily: 'Brand', fontSize: 40, x: 10, y: 10 }] }, 800, 200, { fonts });

const width = async (ir: unknown, assets?: Record<string, Buffer>) => (await materialize(ir, { assets })).root.children[0].text!.width;
const bundledWidth = async (family: string) =>
  (await materialize(doc({ children: [{ type: 'text', id: 't', text: 'Brand typeface check', fontFamily: family, fontSize: 40, x: 10, y: 10 }] }, 800, 200)))
    .root.children[0].text!.width;

describe("a document's own fonts", () => {
  it('are used for that document only: two documents naming different fonts "Brand" keep their own', async () => {
    const [monoWidth, serifWidth, interWidth] = [await bundledWidth('JetBrains Mono'), await bundledWidth('Playfair Display'), await bundledWidth('Inter')];
    expect(new Set([monoWidth.toFixed(1), serifWidth.toFixed(1), interWidth.toFixed(1)]).size).toBe(3);
    const a = page([{ family: 'Brand', src: dataUrl(mono) }]);
    const b = page([{ family: 'Brand', src: 'asset:brand-font' }]);
    // In turns: registering one document's "Brand" must not change the other's.
    expect(await width(a)).toBeCloseTo(monoWidth, 1);
    expect(await width(b, { 'brand-font': serif })).toBeCloseTo(serifWidth, 1);
    expect(await width(a)).toBeCloseTo(monoWidth, 1);
    // A document that brings no font for "Brand" draws with the default face, not someone else's.
    expect(await width(page([]))).toBeCloseTo(interWidth, 1);
    // The render measures as materialize does (the same boxes).
    const r = await renderIr(a, { format: 'svg' });
    expect(r.materialized.root.children[0].text!.width).toBeCloseTo(monoWidth, 1);
  });

  it('are named by materialize as the document gave them, not by the internal name they are registered under', async () => {
    const m = await materialize(page([{ family: 'Brand', src: dataUrl(mono) }]));
    expect(m.root.children[0].text!.family).toBe('Brand');
    // Laid out with the document's face all the same.
    expect(m.root.children[0].text!.width).toBeCloseTo(await bundledWidth('JetBrains Mono'), 1);
    // The render draws with the internal name (documents are isolated).
    const r = await renderIr(page([{ family: 'Brand', src: dataUrl(mono) }]), { format: 'svg' });
    expect(r.materialized.root.children[0].text!.family).toMatch(/^Brand [0-9a-f]{16}$/);
  });

  it('that cannot be found or read are warnings, and their text uses the default face', async () => {
    const interWidth = await bundledWidth('Inter');
    for (const [fonts, warning] of [
      [[{ family: 'Brand', src: 'data:font/ttf;base64,AAAA' }], /not a font that can be read/],
      [[{ family: 'Brand', src: dataUrl(Buffer.from('not a font at all')) }], /not a font that can be read/],
      [[{ family: 'Brand', src: 'asset:missing' }], /was not found/],
    ] as const) {
      const ir = page([...fonts]);
      const r = await renderIr(ir);
      expect(r.warnings, JSON.stringify(fonts).slice(0, 80)).toEqual([expect.objectContaining({ id: 'fonts[0]', message: expect.stringMatching(warning) })]);
      expect(r.materialized.root.children[0].text!.width).toBeCloseTo(interWidth, 1);
      expect((await renderHtml(ir)).startsWith('<!doctype html>')).toBe(true);
    }
    // One bad face of a family does not lose the good one.
    const mixed = await renderIr(
      page([
        { family: 'Brand', src: dataUrl(mono) },
        { family: 'Brand', weight: 700, src: 'data:font/ttf;base64,AAAA' },
      ]),
    );
    expect(mixed.warnings).toEqual([expect.objectContaining({ id: 'fonts[1]' })]);
    expect(mixed.materialized.root.children[0].text!.width).toBeCloseTo(await bundledWidth('JetBrains Mono'), 1);
  });

  it('are embedded in the HTML export under the name the page uses, cut to its characters', async () => {
    const html = await renderHtml(page([{ family: 'Brand', src: dataUrl(mono) }]));
    const face = /@font-face\{font-family:"(Brand [0-9a-f]{16})";font-weight:400;font-style:normal;src:url\(data:font\/ttf;base64,([^)]+)\)/.exec(html);
    expect(face).not.toBeNull();
    expect(html).toContain(`font-family:'${face![1]}'`);
    expect(Buffer.from(face![2], 'base64').length).toBeLessThan(mono.length / 4);
  });

  it('are still drawn after other documents registered more families than are kept (between layout and drawing)', async () => {
    const a = page([{ family: 'Brand', src: dataUrl(mono) }]);
    const expected = (await rasterize(a)).pixels;
    const prepared = await prepare(a);
    // Meanwhile (e.g. while this render awaited its images), 70 other documents bring their own
    // families: more than the 64 kept, so "Brand" of the first one is removed from the registry.
    for (let i = 0; i < 70; i++) await materialize(page([{ family: `Other ${i}`, src: dataUrl(serif) }]));
    const drawn = rasterizeMaterialized(prepared.doc, prepared.images).pixels;
    expect(drawn.equals(expected)).toBe(true);
  });
});

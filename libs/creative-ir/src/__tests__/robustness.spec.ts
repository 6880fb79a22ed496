import {
  BriefSchema,
  buildTemplate,
  listProceduralStyles,
  listTemplates,
  materialize,
  proceduralDocument,
  renderHtml,
  renderIr,
  TemplateInputError,
  validateIr,
  type IrDocument,
} from '../index';
import { designs } from './designs';
import { mutate, mutateExtreme, rng } from './mutations';

/**
 * Whatever passes validation must render, in every format, without an exception: the service
 * answers 422 for what validation refuses and must never answer 500 for a document it accepted.
 * Seeded mutations of the benchmark designs and of every template's output (this found a halftone
 * strip that never finished, HTML rasters of 1e9 px, shadow rasters of 6e6 px, and templates that
 * emitted invalid IRs for negative seeds, tiny formats, long palettes and non-finite data).
 */
async function validDocs(): Promise<{ ir: unknown; assets: Record<string, Buffer> }[]> {
  const out: { ir: unknown; assets: Record<string, Buffer> }[] = (await designs()).map((d) => ({ ir: d.ir, assets: d.assets }));
  const brief = {
    title: 'Robust',
    eyebrow: 'Tests',
    subtitle: 'Any valid input renders.',
    cta: 'Go',
    author: 'QA',
    body: 'Body text.',
    items: ['One', 'Two'],
    seed: 5,
  };
  for (const t of listTemplates()) out.push({ ir: (await buildTemplate(t.id, { brief, format: { width: 1080, height: 1080 } })).ir, assets: {} });
  return out;
}

async function renderEverywhere(ir: unknown, assets: Record<string, Buffer>): Promise<void> {
  const doc = ir as IrDocument;
  await materialize(doc);
  await renderIr(doc, { assets, scale: 0.1 });
  await renderIr(doc, { assets, format: 'svg' });
  await renderIr(doc, { assets, format: 'pdf' });
  await renderHtml(doc, { assets });
}

describe('robustness', () => {
  it('renders every mutated document that validates, in every format', async () => {
    const docs = await validDocs();
    const r = rng(2026);
    let valid = 0;
    for (let i = 0; i < 400; i++) {
      const base = docs[i % docs.length];
      const m = i % 2 ? mutate(base.ir, r) : mutateExtreme(base.ir, r);
      if (!validateIr(m).ok) continue;
      valid++;
      await expect(renderEverywhere(m, base.assets), JSON.stringify(m).slice(0, 400)).resolves.toBeUndefined();
    }
    expect(valid).toBeGreaterThan(60);
  }, 240_000);

  it('builds a valid IR from any brief the schema accepts, or names the field it cannot take', async () => {
    const r = rng(7);
    const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
    const text = [
      undefined,
      null,
      '',
      'Hello world',
      'é'.repeat(50),
      '😀🎉👍🏽',
      'שלום עולם',
      '中文标题测试',
      'a'.repeat(3000),
      'word '.repeat(300),
      'line1\nline2\nline3\nline4\nline5\nline6',
      '<b>x</b>',
      '\u0000\u200b',
    ];
    const formats = [
      undefined,
      'story',
      'wide_banner',
      '10x10',
      '8192x10',
      '10x8192',
      '99999x99999',
      { width: 1, height: 1 },
      { width: 300, height: 50 },
      { width: 1e6, height: 10 },
      {},
    ];
    const colors = [
      undefined,
      [],
      ['#000', '#000'],
      ['not-a-color'],
      ['#ffffff', '#fefefe'],
      Array.from({ length: 20 }, (_, i) => `#${(i * 999999).toString(16).padStart(6, '0').slice(-6)}`),
    ];
    let built = 0;
    for (let i = 0; i < 120; i++) {
      const brief = {
        title: pick(text),
        subtitle: pick(text),
        eyebrow: pick(text),
        body: pick(text),
        cta: pick(text),
        author: pick(text),
        insight: pick(text),
        items: pick([undefined, [], Array.from({ length: 40 }, (_, k) => `item ${k}`)]),
        data: pick([
          undefined,
          [
            { label: 'A', value: 3 },
            { label: 'B', value: -5 },
          ],
          [{ label: 'x', value: 1e300 }, { value: Number.NaN }],
          [{}],
        ]),
        slide_index: pick([undefined, 0, 5, -3, 1000]),
        slide_total: pick([undefined, 0, 5, -1, 1000]),
        seed: pick([undefined, 0, 2 ** 31, -5]),
      };
      if (!BriefSchema.safeParse(brief).success) continue;
      const format = pick(formats);
      const brand = {
        colors: pick(colors),
        logo_size: pick([undefined, 'large', -5, 1e6]),
        logo_margin: pick([undefined, -100, 1e6]),
        logo_position: pick([undefined, 'center', 'bottom_right']),
      };
      const t = pick(listTemplates());
      const result = await buildTemplate(t.id, { brief, format: format as never, brand: brand as never }).catch((e: unknown) => e);
      if (result instanceof TemplateInputError) {
        expect(result.path).toMatch(/^format\.(width|height)$/);
        continue;
      }
      expect(result, `${t.id} ${JSON.stringify(format)}`).not.toBeInstanceOf(Error);
      const ir = (result as { ir: IrDocument }).ir;
      expect(validateIr(ir).ok, `${t.id} ${JSON.stringify(format)}`).toBe(true);
      await renderIr(ir, { scale: 0.1 });
      built++;
    }
    expect(built).toBeGreaterThan(60);
  }, 120_000);

  it('builds a valid procedural document for any page size, palette length and tone string', async () => {
    // A 10 px page once gave its title a font size of 0, an unknown tone threw, 20 colors were refused.
    for (const s of listProceduralStyles()) {
      for (const [width, height] of [
        [1, 1],
        [10, 10],
        [8192, 8],
      ]) {
        const d = proceduralDocument({
          style: s.id,
          width,
          height,
          title: 'Hello',
          eyebrow: 'Eyebrow',
          tone: 'no-such-tone' as never,
          palette: Array(20).fill('#123456'),
        });
        expect(validateIr(d).ok, `${s.id} ${width}x${height}`).toBe(true);
        await renderIr(d, { scale: width > 1000 ? 0.1 : 1 });
      }
    }
  });
});

import { z } from 'zod';
import { buildTemplate, IrDocumentSchema, listTemplates } from '../index';
import { compileZod, FAIL } from '../schema/fast-parse';
import { designs } from './designs';
import { mutate, rng } from './mutations';

/**
 * The compiled fast path must agree with zod on every input: same verdict, and for valid input
 * the same output (a deep copy with keys in schema order). Checked on the benchmark designs, every
 * template, and a few thousand seeded mutations of them (wrong types, out-of-range numbers, bad
 * strings, unknown keys, removed keys, odd values).
 */
const fast = compileZod(IrDocumentSchema);

function agree(input: unknown): void {
  const z3 = IrDocumentSchema.safeParse(input);
  const f = fast(input);
  expect(f !== FAIL, `fast path verdict differs from zod for ${JSON.stringify(input).slice(0, 300)}`).toBe(z3.success);
  if (z3.success) {
    expect(JSON.stringify(f)).toBe(JSON.stringify(z3.data));
    expect(f).toEqual(z3.data);
  }
}

async function validDocs(): Promise<unknown[]> {
  const out: unknown[] = (await designs()).map((d) => d.ir);
  const brief = { title: 'Fast path', eyebrow: 'Tests', subtitle: 'Agrees with zod.', cta: 'Go', author: 'QA', body: 'Body text.', items: ['One', 'Two'], seed: 5 };
  for (const t of listTemplates()) out.push((await buildTemplate(t.id, { brief, format: { width: 1080, height: 1080 } })).ir);
  return out;
}

describe('compiled fast validation path', () => {
  it('agrees with zod on valid documents (designs and every template)', async () => {
    for (const d of await validDocs()) agree(d);
  });

  it('agrees with zod on seeded mutations of them', async () => {
    const docs = await validDocs();
    const r = rng(12345);
    let invalid = 0;
    for (let i = 0; i < 4000; i++) {
      const m = mutate(docs[i % docs.length], r);
      agree(m);
      if (!IrDocumentSchema.safeParse(m).success) invalid++;
    }
    // Most mutations break the document; some keep it valid (both must then give the same copy).
    expect(invalid).toBeGreaterThan(2000);
    expect(invalid).toBeLessThan(4000);
  });

  it('agrees on inherited, undefined-valued and __proto__ keys and on non-plain objects', async () => {
    const [d] = (await designs()).map((x) => x.ir);
    agree({ ...d, metadata: { a: 1, b: undefined, ['__proto__']: { x: 1 } } });
    agree(JSON.parse(JSON.stringify({ ...d, metadata: { a: 1 } }).replace('"a":1', '"__proto__":{"y":2},"a":1')));
    agree({ ...d, fonts: undefined });
    agree(Object.assign(Object.create({ inherited: 1 }), d));
    agree(Object.assign(Object.create({ width: 5 }), { ...d, width: undefined }));
    agree(new Map(Object.entries(d)));
    agree({ ...d, root: { ...d.root, children: [...(d.root.children ?? []), undefined] } });
    agree({ ...d, root: { ...d.root, then: () => 1, catch: () => 2 } });
  });

  it('refuses to compile zod constructs it does not implement', () => {
    expect(() => compileZod(z.object({ a: z.string() }))).toThrow(/non-strict object/);
    expect(() => compileZod(z.string().email())).toThrow(/string check email/);
    expect(() => compileZod(z.string().transform((s) => s.length))).toThrow(/effect transform/);
  });
});

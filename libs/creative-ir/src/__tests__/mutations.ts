/**
 * Seeded mutations of valid documents for the validation and robustness tests: wrong types,
 * out-of-range numbers, bad strings, unknown keys, removed keys, odd values (`mutate`), and
 * extreme but valid numbers (`mutateExtreme`).
 */

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ODD: unknown[] = [
  undefined,
  null,
  NaN,
  Infinity,
  -Infinity,
  -1,
  0,
  0.5,
  1,
  1.5,
  2,
  100,
  10_000,
  '',
  'x',
  '#fff',
  '#12345',
  'rgba(0,0,0,0.5)',
  'transparent',
  'asset:photo',
  'data:image/png;base64,AAAA',
  'M0 0 L 10 10',
  'frame',
  'text',
  'rect',
  'solid',
  'linear-gradient',
  'horizontal',
  'fill',
  'mesh',
  true,
  false,
  [],
  [1, 2, 3, 4],
  [
    { x: 0, y: 0 },
    { x: 1, y: 1 },
  ],
  {},
  { type: 'solid', color: '#000' },
  new Date(0),
  new Map(),
  'a'.repeat(300),
  // Scripts with fallback faces, dictionary line breaking, or no face at all (missing-glyph warnings).
  'ภาษาไทยเป็นภาษาที่สวยงามมาก',
  'नमस्ते दुनिया',
  '你好世界，こんにちは',
  'ሰላም \u0378 a\u200db\ufe0f',
  'ก'.repeat(300),
];

/** Every (container, key) path in a JSON-like value. */
export function slots(
  v: unknown,
  out: [Record<string, unknown> | unknown[], string | number][] = [],
): [Record<string, unknown> | unknown[], string | number][] {
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      out.push([v, i]);
      slots(x, out);
    });
  } else if (v && typeof v === 'object') {
    for (const k of Object.keys(v)) {
      out.push([v as Record<string, unknown>, k]);
      slots((v as Record<string, unknown>)[k], out);
    }
  }
  return out;
}

export function mutate(doc: unknown, r: () => number): unknown {
  const copy = structuredClone(doc);
  const all = slots(copy);
  const n = 1 + Math.floor(r() * 2);
  for (let i = 0; i < n && all.length; i++) {
    const [c, k] = all[Math.floor(r() * all.length)];
    const op = r();
    if (op < 0.55) (c as Record<string | number, unknown>)[k] = ODD[Math.floor(r() * ODD.length)];
    else if (op < 0.7 && !Array.isArray(c)) delete (c as Record<string, unknown>)[k as string];
    else if (op < 0.85 && !Array.isArray(c))
      (c as Record<string, unknown>)[['colour', 'size', 'children', 'fills', 'cornerRadius', 'opacity', 'points'][Math.floor(r() * 7)]] =
        ODD[Math.floor(r() * ODD.length)];
    else {
      const v = (c as Record<string | number, unknown>)[k];
      if (typeof v === 'number') (c as Record<string | number, unknown>)[k] = [v * 1000, -v, v + 0.5, v - 1e-9][Math.floor(r() * 4)];
      else if (typeof v === 'string') (c as Record<string | number, unknown>)[k] = [v + ' ', v.toUpperCase(), v.slice(1), ''][Math.floor(r() * 4)];
      else if (Array.isArray(v)) v.length = Math.floor(r() * (v.length + 2));
    }
  }
  return copy;
}

/** Numbers a valid IR may hold at the edges: zero, tiny, huge, negative. */
const EXTREME = [0, 1e-9, 0.5, 2000, 1e6, 1e9, -1e9, 1e15];
const EFFECT_KEYS = [
  'blur',
  'rotation',
  'letterSpacing',
  'lineHeight',
  'maxLines',
  'cornerRadius',
  'opacity',
  'itemSpacing',
  'paddingTop',
  'minWidth',
  'maxHeight',
  'fontSize',
  'x',
  'width',
];

/** One or two numbers set to extremes, and sometimes an effect (shadow, stroke, property) added to a node. */
export function mutateExtreme(doc: unknown, r: () => number): unknown {
  const copy = structuredClone(doc);
  const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)];
  const nums = slots(copy).filter(([c, k]) => typeof (c as Record<string | number, unknown>)[k] === 'number');
  const n = 1 + Math.floor(r() * 2);
  for (let i = 0; i < n && nums.length; i++) {
    const [c, k] = pick(nums);
    (c as Record<string | number, unknown>)[k] = pick(EXTREME);
  }
  if (r() < 0.3) {
    const nodes = slots(copy).filter(([c, k]) => {
      const v = (c as Record<string | number, unknown>)[k];
      return !!v && typeof v === 'object' && !Array.isArray(v) && 'type' in v;
    });
    if (nodes.length) {
      const [c, k] = pick(nodes);
      const o = (c as Record<string | number, Record<string, unknown>>)[k];
      o[pick(EFFECT_KEYS)] = pick(EXTREME);
      if (r() < 0.3) o.shadows = [{ x: 0, y: 0, blur: pick(EXTREME), color: '#000' }];
      if (r() < 0.3) o.strokes = [{ color: '#000', width: pick(EXTREME.slice(1)), dash: [1e-9, 1e-9] }];
    }
  }
  return copy;
}

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { buildTemplate, renderIr } from '../index';
import { DESIGN_NAMES, designs } from './designs';
import { BRAND_COLORS, BRIEFS, samplePhoto, sampleLogo } from './template-samples';

/**
 * Golden images: representative designs rendered at 0.4x and compared with committed PNGs
 * using a perceptual tolerance (anti-aliasing and encoder noise pass, visible changes fail).
 * Refresh on purpose with: UPDATE_GOLDEN=1 npx nx test creative-ir -- golden
 */
const GOLDEN_DIR = join(__dirname, 'golden');
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';
const SCALE = 0.4;

interface Diff {
  mismatchedRatio: number;
  meanDelta: number;
}

/** Per-pixel perceptual distance in YIQ space (as pixelmatch does), normalized to 0..1. */
function compare(a: Buffer, b: Buffer, width: number, height: number, diffOut?: Buffer): Diff {
  let mismatched = 0;
  let total = 0;
  const n = width * height;
  for (let p = 0; p < n; p++) {
    const i = p * 4;
    const dr = a[i] - b[i];
    const dg = a[i + 1] - b[i + 1];
    const db = a[i + 2] - b[i + 2];
    const y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223;
    const iq = dr * 0.59597799 - dg * 0.2741761 - db * 0.32180189;
    const q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694;
    const delta = (0.5053 * y * y + 0.299 * iq * iq + 0.1957 * q * q) / 35215;
    total += delta;
    if (delta > 0.05) {
      mismatched++;
      if (diffOut) diffOut.set([255, 0, 0, 255], i);
    }
  }
  return { mismatchedRatio: mismatched / n, meanDelta: total / n };
}

// Templates: one per family and per kind of shape, with the sample photo and logo where the template uses them.
const TEMPLATE_CASES = [
  ['square-post', 1080, 1080, 'short', true],
  ['story', 1080, 1920, 'pt', true],
  ['landscape-banner', 1200, 628, 'short', true],
  ['quote', 1080, 1350, 'pt', false],
  ['event', 1920, 1080, 'short', false],
  ['testimonial', 300, 250, 'short', true],
  ['announcement', 728, 90, 'pt', false],
  ['data-card', 160, 600, 'short', false],
  ['minimal-type', 970, 250, 'short', false],
] as const;
const templateName = ([t, w, h]: readonly [string, number, number, ...unknown[]]) => `template-${t}-${w}x${h}`;
/** Every case's name, known before the cases are built (Jest names its tests synchronously). */
const NAMES = [...DESIGN_NAMES.map((n) => `design-${n}`), ...TEMPLATE_CASES.map(templateName)];

async function cases(): Promise<{ name: string; ir: unknown; assets?: Record<string, Buffer> }[]> {
  const out: { name: string; ir: unknown; assets?: Record<string, Buffer> }[] = (await designs()).map((d) => ({
    name: `design-${d.name}`,
    ir: d.ir,
    assets: d.assets,
  }));
  const photo = await samplePhoto();
  const logo = await sampleLogo();
  const assets = { photo };
  const brand = { colors: BRAND_COLORS, logo, logo_position: 'top_right' as const };
  for (const [t, w, h, briefName, withImage] of TEMPLATE_CASES) {
    const brief = { ...BRIEFS[briefName], ...(withImage ? { image: { src: 'asset:photo', focal_point: { x: 0.5, y: 0.6 } } } : {}) };
    out.push({ name: templateName([t, w, h]), ir: (await buildTemplate(t, { brief, brand, format: { width: w, height: h } })).ir, assets });
  }
  return out;
}

describe('golden images', () => {
  let all: Map<string, Awaited<ReturnType<typeof cases>>[number]>;
  beforeAll(async () => {
    all = new Map((await cases()).map((c) => [c.name, c]));
  });
  it.each(NAMES)('%s', async (name) => {
    const c = all.get(name);
    if (!c) throw new Error(`no case named ${name}`);
    const rendered = await renderIr(c.ir, { assets: c.assets, scale: SCALE });
    const file = join(GOLDEN_DIR, `${name}.png`);
    if (UPDATE) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(file, rendered.data);
      return;
    }
    expect(existsSync(file), `missing golden ${file}; run with UPDATE_GOLDEN=1 to create it`).toBe(true);
    const want = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const got = await sharp(rendered.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([got.info.width, got.info.height]).toEqual([want.info.width, want.info.height]);
    const diffImg = Buffer.from(got.data);
    const d = compare(got.data, want.data, want.info.width, want.info.height, diffImg);
    if (d.mismatchedRatio > 0.002 || d.meanDelta > 0.002) {
      const out = join(tmpdir(), `golden-diff-${name}.png`);
      await sharp(diffImg, { raw: { width: want.info.width, height: want.info.height, channels: 4 } })
        .png()
        .toFile(out);
      writeFileSync(join(tmpdir(), `golden-actual-${name}.png`), rendered.data);
    }
    expect(d.mismatchedRatio, `${name}: share of visibly different pixels (diff in ${tmpdir()})`).toBeLessThanOrEqual(0.002);
    expect(d.meanDelta, `${name}: mean perceptual difference`).toBeLessThanOrEqual(0.002);
  });
});

import { contrastRatio, flattenMaterialized, initCreativeIr, listProceduralStyles, proceduralDocument, rasterize, type IrDocument } from '../index';

/**
 * Issue 35, item 6: procedural pictures keep the brand's colours (ΔE ≤ 5, CIEDE2000, on the largest flat area:
 * `#0F5257` came out `#578689` under a full-page white scrim), and titles over busy styles sit on a plate
 * (halftone dots must not run through the letters; the title reads at 4.5:1 against what is right behind it).
 */

const BRAND = ['#0F5257', '#F2A541', '#F6EFE3'];

/** sRGB (0-255) to CIE L*a*b* (D65). */
function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

/** CIEDE2000 colour difference (Sharma, Wu & Dalal 2005; kL = kC = kH = 1). */
export function deltaE2000(a: [number, number, number], b: [number, number, number]): number {
  const [L1, a1, b1] = a;
  const [L2, a2, b2] = b;
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const Cm = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const h = (x: number, y: number) => (x === 0 && y === 0 ? 0 : ((Math.atan2(y, x) / rad) % 360) + (Math.atan2(y, x) < 0 ? 360 : 0));
  const h1p = h(a1p, b1);
  const h2p = h(a2p, b2);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad);
  const Lpm = (L1 + L2) / 2;
  const Cpm = (C1p + C2p) / 2;
  let hpm = h1p + h2p;
  if (C1p * C2p !== 0) hpm = Math.abs(h1p - h2p) <= 180 ? (h1p + h2p) / 2 : h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  const T =
    1 - 0.17 * Math.cos((hpm - 30) * rad) + 0.24 * Math.cos(2 * hpm * rad) + 0.32 * Math.cos((3 * hpm + 6) * rad) - 0.2 * Math.cos((4 * hpm - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2);
  const SC = 1 + 0.045 * Cpm;
  const SH = 1 + 0.015 * Cpm * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

const hexLab = (hex: string) => lab(parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16));

/** The colour of the largest flat area: the most frequent colour of the picture (pixels quantised to 2 levels of 256). */
function largestFlat(px: Buffer): [number, number, number] {
  const counts = new Map<number, number>();
  for (let i = 0; i < px.length; i += 4) {
    const key = ((px[i] >> 1) << 14) | ((px[i + 1] >> 1) << 7) | (px[i + 2] >> 1);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
  return lab(((key >> 14) & 127) * 2 + 1, ((key >> 7) & 127) * 2 + 1, (key & 127) * 2 + 1);
}

const hex = (px: Buffer | Uint8Array, i: number) => `#${[px[i], px[i + 1], px[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

beforeAll(() => initCreativeIr());

describe('procedural pictures keep the brand (issue 35, item 6)', () => {
  it('CIEDE2000 agrees with the published test pairs (Sharma et al.)', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(deltaE2000([50, 2.5, 0], [50, 0, -2.5])).toBeCloseTo(4.3065, 3);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 3);
    // The washed teal is far from the teal asked.
    expect(deltaE2000(hexLab('#0F5257'), hexLab('#578689'))).toBeGreaterThan(15);
  });

  const flatStyles = ['halftone', 'grid', 'topography', 'rays'] as const;
  it.each(flatStyles)('%s with a title: the largest flat area is the brand primary asked, within ΔE2000 5', async (style) => {
    expect(listProceduralStyles().map((s) => s.id)).toContain(style);
    const d = proceduralDocument({ style, palette: BRAND, width: 540, height: 540, title: 'Cold brew season is here', eyebrow: 'This week only' });
    const { pixels } = await rasterize(d);
    expect(deltaE2000(largestFlat(pixels), hexLab(BRAND[0]))).toBeLessThanOrEqual(5);
  });

  it.each(['halftone', 'grid'] as const)('%s: the title reads at 4.5:1 against every pixel right behind it, and no dot runs through it', async (style) => {
    for (const palette of [BRAND, undefined]) {
      const d = proceduralDocument({ style, palette, width: 540, height: 540, title: 'Cold brew season is here' });
      const withText = await rasterize(d);
      // The same page with the title's ink taken away: what lies right behind its letters.
      const bare = structuredClone(d) as IrDocument;
      const hide = (n: { id?: string; opacity?: number; children?: unknown[] }) => {
        if (n.id === 'title') n.opacity = 0;
        (n.children as (typeof n)[] | undefined)?.forEach(hide);
      };
      hide(bare.root as never);
      const ground = await rasterize(bare);
      const title = flattenMaterialized(withText.materialized.root).find((n) => n.id === 'title')!;
      const color = (title.node as { color: string }).color;
      const seen = new Set<string>();
      let low = 0;
      let n = 0;
      // The title's box (its lines and the leading between them).
      for (let y = Math.ceil(title.y); y < Math.floor(title.y + title.height) && y < 540; y++)
        for (let x = Math.ceil(title.x); x < Math.floor(title.x + title.width); x++) {
          const i = (y * 540 + x) * 4;
          const g = hex(ground.pixels, i);
          seen.add(g);
          if (contrastRatio(color, g) < 4.5) low++;
          n++;
        }
      expect(n).toBeGreaterThan(1000);
      expect(low).toBe(0);
      // One flat plate behind the letters (a dot would bring its own colours and their anti-aliased edges).
      expect(seen.size).toBeLessThanOrEqual(2);
    }
  });
});

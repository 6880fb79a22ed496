/** Color parsing, mixing and WCAG 2.x contrast. */
export interface Rgba {
  r: number; // 0..255
  g: number;
  b: number;
  a: number; // 0..1
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  h = ((h % 360) + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

const chan = (v: string, max: number) => (v.endsWith('%') ? (parseFloat(v) / 100) * max : parseFloat(v));

/** Parses #rgb[a], #rrggbb[aa], rgb[a](), hsl[a]() and `transparent`. Unknown input gives opaque black. */
export function parseColor(input: string): Rgba {
  const s = input.trim().toLowerCase();
  if (s === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  if (s.startsWith('#')) {
    let h = s.slice(1);
    if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    if (/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(h)) return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
  }
  const m = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(s);
  if (m) {
    const parts = m[2].split(/\s*,\s*|\s+/).filter(Boolean);
    const a = parts[3] !== undefined ? chan(parts[3], 1) : 1;
    if (m[1].startsWith('rgb')) return { r: chan(parts[0], 255), g: chan(parts[1], 255), b: chan(parts[2], 255), a };
    const [r, g, b] = hslToRgb(parseFloat(parts[0]), parseFloat(parts[1]) / 100, parseFloat(parts[2]) / 100);
    return { r, g, b, a };
  }
  return { r: 0, g: 0, b: 0, a: 1 };
}

const hex2 = (v: number) =>
  Math.round(Math.max(0, Math.min(255, v)))
    .toString(16)
    .padStart(2, '0');

export function toHex(c: Rgba): string {
  return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}${c.a < 1 ? hex2(c.a * 255) : ''}`;
}

export function toCss(c: Rgba): string {
  if (c.a >= 1) return toHex(c);
  return `rgba(${Math.round(c.r)}, ${Math.round(c.g)}, ${Math.round(c.b)}, ${+c.a.toFixed(4)})`;
}

export function withAlpha(color: string, alpha: number): string {
  const c = parseColor(color);
  return toCss({ ...c, a: c.a * alpha });
}

export function mix(a: string, b: string, t: number): string {
  const x = parseColor(a);
  const y = parseColor(b);
  return toCss({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t, a: x.a + (y.a - x.a) * t });
}

/** WCAG relative luminance, 0..1. */
export function luminance(color: string | Rgba): number {
  const c = typeof color === 'string' ? parseColor(color) : color;
  const f = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
}

/** Composites a translucent color over an opaque background. */
export function over(fg: string, bg: string): string {
  const f = parseColor(fg);
  const b = parseColor(bg);
  return toHex({ r: f.r * f.a + b.r * (1 - f.a), g: f.g * f.a + b.g * (1 - f.a), b: f.b * f.a + b.b * (1 - f.a), a: 1 });
}

/** WCAG 2.x contrast ratio (1..21) of text color `fg` over background `bg`. */
export function contrastRatio(fg: string, bg: string): number {
  const l1 = luminance(over(fg, bg));
  const l2 = luminance(bg);
  const [hi, lo] = l1 > l2 ? [l1, l2] : [l2, l1];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Returns `fg` if it reaches `minRatio` over `bg`; otherwise the closest color on the way to
 * black or white (whichever contrasts more) that does.
 */
export function ensureContrast(fg: string, bg: string, minRatio = 4.5): string {
  if (contrastRatio(fg, bg) >= minRatio) return toHex({ ...parseColor(fg), a: 1 });
  const target = contrastRatio('#ffffff', bg) >= contrastRatio('#000000', bg) ? '#ffffff' : '#000000';
  for (let t = 0.1; t < 1; t += 0.1) {
    const c = mix(fg, target, t);
    if (contrastRatio(c, bg) >= minRatio) return toHex({ ...parseColor(c), a: 1 });
  }
  return target;
}

/** Black or white, whichever reads better on `bg`. */
export function readableOn(bg: string): string {
  return contrastRatio('#ffffff', bg) >= contrastRatio('#111111', bg) ? '#ffffff' : '#111111';
}

import { loadImage } from '@napi-rs/canvas';
import { contrastRatio, ensureContrast, luminance, mix, over, parseColor, toHex } from '../color/color';
import { resolveFontFamily } from '../fonts/font-registry';
import { flattenMaterialized, initCreativeIr, materializeSync, textInput, type MaterializedDocument, type MaterializedNode } from '../layout/materialize';
import { BALANCE_HYPHEN_MIN_LETTERS, isShortLeadLine, layoutText } from '../text/text-layout';
import { rng } from '../procedural/procedural';
import type { FrameNode, IrDocument, IrNode, ProceduralStyleId, TextNode } from '../schema/ir-schema';
import { parseIr } from '../schema/validate';
import type { BrandKit, Brief, FormatSize, LogoPosition } from './brief';
import { resolveAsset, type AssetResolver } from '../assets';
import { isCutout } from './image-alpha';
import { labelsFor, type TemplateLabels } from './labels';
import { groundPixels, logoInk, logoPlate, type LogoInk } from './logo-plate';
import { fieldWarnings, missingRequired, type LayoutWarning } from '../warnings';

/** Shared machinery for templates: colors with checked contrast, type scale, logo, fitting. */

export interface ContrastCheck {
  id: string;
  ratio: number;
  minimum: number;
  adjusted: boolean;
}

export interface Scheme {
  /** Palette the design draws from (first = primary). */
  colors: string[];
  bg: string;
  surface: string;
  text: string;
  muted: string;
  accent: string;
  onAccent: string;
  dark: boolean;
}

const NAMED_PALETTES: Record<string, string[]> = {
  ocean: ['#0b3d91', '#1fa2ff', '#12d8fa', '#a6ffcb'],
  sunset: ['#ff5f6d', '#ffc371', '#7b2ff7', '#2d1b69'],
  forest: ['#1b4332', '#40916c', '#95d5b2', '#d8f3dc'],
  mono: ['#111111', '#444444', '#bbbbbb', '#f5f5f5'],
  pastel: ['#cdb4db', '#ffc8dd', '#bde0fe', '#a2d2ff'],
  earth: ['#6b4226', '#c08552', '#f3e9dc', '#5e6472'],
  neon: ['#08f7fe', '#fe53bb', '#f5d300', '#09fbd3'],
  corporate: ['#1d4ed8', '#0f172a', '#38bdf8', '#f8fafc'],
  candy: ['#ff70a6', '#ff9770', '#ffd670', '#70d6ff'],
  midnight: ['#0f172a', '#6366f1', '#a855f7', '#e2e8f0'],
};

const DEFAULT_PALETTES = [
  ['#4f46e5', '#0ea5e9', '#f472b6', '#fde68a'],
  ['#0f766e', '#14b8a6', '#f59e0b', '#fef3c7'],
  ['#be123c', '#fb7185', '#f97316', '#fff1f2'],
  ['#1d4ed8', '#60a5fa', '#facc15', '#eff6ff'],
  ['#7c3aed', '#c084fc', '#22d3ee', '#f5f3ff'],
  ['#111827', '#f59e0b', '#10b981', '#f9fafb'],
];

const COLOR_RE = /#(?:[0-9a-fA-F]{3}){1,2}\b|rgba?\([^)]*\)|hsla?\([^)]*\)/g;

export function paletteFrom(brief: Brief, brand: BrandKit | undefined, seed: number): { colors: string[]; source: string } {
  const valid = (cs: (string | null | undefined)[] | null | undefined) =>
    (cs ?? []).filter((c): c is string => !!c && /^(#|rgb|hsl)/i.test(c.trim())).map((c) => toHex({ ...parseColor(c), a: 1 }));
  const fromString = (p: string | null | undefined) => {
    if (!p) return [];
    const named = NAMED_PALETTES[p.trim().toLowerCase()];
    return named ?? valid(p.match(COLOR_RE) ?? []);
  };
  const candidates: [string[], string][] = [
    [valid(brand?.colors), 'brand kit colors'],
    [Array.isArray(brand?.palette) ? valid(brand?.palette) : fromString(brand?.palette as string | undefined), 'brand kit palette'],
    [valid(brief.brand?.colors), 'brief brand colors'],
    [fromString(brief.palette), 'brief palette'],
  ];
  for (const [cs, source] of candidates) if (cs.length) return { colors: cs, source };
  return { colors: DEFAULT_PALETTES[normalizeSeed(seed) % DEFAULT_PALETTES.length], source: 'default' };
}

/** Builds a scheme in which text passes WCAG contrast (4.5:1 body, adjusted when needed). */
export function makeScheme(colors: string[], mode: 'light' | 'dark' | 'brand'): Scheme {
  const primary = colors[0];
  const byLum = [...colors].sort((a, b) => luminance(a) - luminance(b));
  const darkest = byLum[0];
  const lightest = byLum[byLum.length - 1];
  let bg: string;
  if (mode === 'brand') bg = primary;
  else if (mode === 'dark') bg = luminance(darkest) < 0.06 ? darkest : mix(darkest, '#050505', 0.75);
  else bg = luminance(lightest) > 0.85 ? lightest : mix(lightest, '#ffffff', 0.85);
  bg = toHex(parseColor(bg));
  const dark = luminance(bg) < 0.25;
  const text = ensureContrast(dark ? lightest : darkest, bg, 7);
  const others = colors.filter((c) => c !== bg);
  const accentCandidate = others.reduce((best, c) => (contrastRatio(c, bg) > contrastRatio(best, bg) ? c : best), others[0] ?? text);
  const accent = mode === 'brand' ? ensureContrast(accentCandidate, bg, 3) : ensureContrast(primary === bg ? accentCandidate : primary, bg, 3);
  const onAccent = ensureContrast(contrastRatio('#ffffff', accent) >= contrastRatio('#111111', accent) ? '#ffffff' : '#111111', accent, 4.5);
  const muted = ensureContrast(mix(text, bg, 0.3), bg, 4.5);
  const surface = toHex(parseColor(mix(bg, dark ? '#ffffff' : '#000000', 0.06)));
  return { colors, bg, surface, text, muted, accent, onAccent, dark };
}

export type TextRole = 'eyebrow' | 'title' | 'display' | 'subtitle' | 'body' | 'cta' | 'meta' | 'stat' | 'quote';

/**
 * The type scale: a modular scale from the short side. `base` (body size) is
 * max(11 px, 3% of the short side, min(16% of the short side, 2% of the long side)) — the last term
 * lets strips (728x90) and tall banners (160x600) read at banner sizes — and each role sits `step`
 * steps of the family's ratio (1.333, a perfect fourth, unless the template says otherwise) above it.
 * Body-size roles never go below `minBodyPx` (`BODY_MIN_SHARE` of the short side, at least 10 px).
 */
const ROLE: Record<TextRole, { step: number; weight: number; lh: number; maxLines: number; heading?: boolean; ls?: number; upper?: boolean; small?: boolean }> =
  {
    eyebrow: { step: -0.5, weight: 700, lh: 1.2, maxLines: 2, ls: 0.12, upper: true, small: true },
    meta: { step: -0.5, weight: 500, lh: 1.3, maxLines: 2, small: true },
    body: { step: 0, weight: 400, lh: 1.42, maxLines: 8, small: true },
    cta: { step: 0.25, weight: 700, lh: 1.2, maxLines: 1, small: true },
    subtitle: { step: 1, weight: 500, lh: 1.28, maxLines: 4, small: true },
    quote: { step: 2, weight: 500, lh: 1.25, maxLines: 9, heading: true },
    title: { step: 3, weight: 800, lh: 1.06, maxLines: 7, heading: true },
    display: { step: 4, weight: 800, lh: 1.0, maxLines: 7, heading: true },
    stat: { step: 5.5, weight: 800, lh: 1, maxLines: 1, heading: true },
  };

/** Smallest body-size text, as a share of the short side (and never under 10 px). Checked by the test suite. */
export const BODY_MIN_SHARE = 0.022;
/**
 * Smallest headline (`title`, `display`) on a thin strip (728x90): under it a leaderboard's title is not read at a
 * glance. Beside it the button is shortened (its copy cut at a word boundary), then left out, before the title goes
 * smaller; both are named in `warnings`. Lower strips (468x60, 320x50) take a fifth of their height.
 */
export const STRIP_TITLE_MIN_PX = 16;
/** Share of a strip's width (728x90, 970x250) its text keeps from the left and right edges. */
export const STRIP_SIDE_SHARE = 0.041;
/** Share of the safe area the union of content boxes must cover. Checked by the test suite. */
export const MIN_FILL_SHARE = 0.2;
/** Share of the safe area's width and of its height the content must span (no dead half). Checked by the test suite. */
export const MIN_SPAN_SHARE = 0.65;

/** How a format is arranged, by aspect ratio (width / height). */
export type Shape = 'tall' | 'portrait' | 'square' | 'landscape' | 'strip';
export function shapeOf(width: number, height: number): Shape {
  const r = width / height;
  if (r >= 2.4) return 'strip';
  if (r >= 1.3) return 'landscape';
  if (r >= 0.87) return 'square';
  if (r >= 0.7) return 'portrait';
  return 'tall';
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Palette roles derived from the brand colors (not the raw colors). */
export interface Roles {
  primary: string;
  accent: string;
  /** Near-black tinted with the primary (text on light grounds, dark grounds). */
  ink: string;
  /** Near-white tinted with the primary (light grounds). */
  paper: string;
  primaryTint: string;
  primaryShade: string;
  accentTint: string;
  accentShade: string;
}

function hsl(hex: string): [number, number, number] {
  const c = parseColor(hex);
  const r = c.r / 255,
    g = c.g / 255,
    b = c.b / 255;
  const max = Math.max(r, g, b),
    min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex({ r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255), a: 1 });
}

/** Primary = first brand color; accent = the brand color farthest in hue (or a split complement); ink/paper = neutrals tinted by the primary. */
export function deriveRoles(colors: string[]): Roles {
  const primary = colors[0];
  const [ph, ps] = hsl(primary);
  const hueDist = (c: string) => {
    const [h, s] = hsl(c);
    const d = Math.abs(h - ph) % 360;
    return (Math.min(d, 360 - d) / 180) * Math.min(1, s * 2) + Math.abs(luminance(c) - luminance(primary)) * 0.3;
  };
  const rest = colors.slice(1).filter((c) => hsl(c)[1] > 0.15 && luminance(c) > 0.02 && luminance(c) < 0.9);
  let accent = rest.sort((a, b) => hueDist(b) - hueDist(a))[0];
  if (!accent || hueDist(accent) < 0.15) accent = fromHsl((ph + 150) % 360, Math.max(0.6, ps), 0.55);
  const ink = mix(fromHsl(ph, Math.min(0.5, ps), 0.09), '#000000', 0.15);
  const paper = fromHsl(ph, Math.min(0.45, ps), 0.965);
  return {
    primary,
    accent,
    ink: toHex(parseColor(ink)),
    paper,
    primaryTint: toHex(parseColor(mix(primary, '#ffffff', 0.78))),
    primaryShade: toHex(parseColor(mix(primary, '#000000', 0.45))),
    accentTint: toHex(parseColor(mix(accent, '#ffffff', 0.8))),
    accentShade: toHex(parseColor(mix(accent, '#000000', 0.4))),
  };
}

export interface LogoInfo {
  src: string;
  width: number;
  height: number;
  position: LogoPosition;
  margin: number;
  /** Centered vertically on its side whatever its top/bottom position (strip banners). */
  centerY?: boolean;
  /** The luminance of its pixels, to judge whether it shows on the page (see `logoPlate`). */
  ink?: LogoInk;
  /** Its decoded bytes, to measure it against the rendered page (see `groundPixels`). */
  bytes?: Buffer;
}

export interface ImageRef {
  src: string;
  focal?: { x: number; y: number };
  /** A cut-out (see-through ground) or an ordinary photo, read from its pixels; undefined when its bytes were not given. */
  cutout?: boolean;
}

export interface TemplateContext {
  W: number;
  H: number;
  /** Scale unit: 1 at 1080 px on the short side. */
  u: number;
  /** Font scale chosen by the fitting loop for titles (1 first, smaller when content does not fit). */
  k: number;
  /** Content level chosen by the fitting loop: 0 everything, 1 without body, 2 without secondary lines, 3 title and call to action. */
  level: number;
  format: FormatSize;
  orientation: 'square' | 'portrait' | 'story' | 'landscape' | 'wide';
  shape: Shape;
  short: number;
  long: number;
  /** Safe margin (proportional to the short side). */
  margin: number;
  /** The page minus the safe margins. */
  safe: Rect;
  /** Body size of the type scale before fitting. */
  base: number;
  /** Modular ratio of the type scale (templates may set it in `build` before making text). */
  ratio: number;
  /** Smallest size of body-size text on this format. */
  minBody: number;
  brief: NormalizedBrief;
  scheme: Scheme;
  roles: Roles;
  fonts: { heading: string; body: string; mono: string; serif: string; brandHeading: boolean };
  seed: number;
  /** Deterministic choice from the seed (stable per call order). */
  pick<T>(options: readonly T[]): T;
  logo?: LogoInfo;
  /** Where the logo is drawn (text stays clear of it). */
  logoRect?: Rect;
  images: ImageRef[];
  lang: string;
  /** Words and marks the template adds by itself, in the brief's language (see labels.ts). */
  labels: TemplateLabels;
  contrast: ContrastCheck[];
  /** Texts set at their role's minimum size by the fitting loop, or below the format's smallest body size. */
  shrunk: { id: string; size: number; minimum: number; below: boolean }[];
  /** True when the field is shown at the current content level (`drop`: the level from which it is left out). */
  keep(drop: number): boolean;
  /** Text node with the role's type scale; color checked against `on` (the colors behind it). */
  text(id: string, text: string, role: TextRole, on: string | string[], extra?: Partial<TextNode>): TextNode;
  /** Text color for the role on those background colors, adjusted to reach the WCAG minimum. */
  colorOn(id: string, preferred: string, on: string | string[], large: boolean): string;
  fontSize(role: TextRole): number;
}

export type NormalizedBrief = {
  [K in 'intent' | 'title' | 'subtitle' | 'eyebrow' | 'body' | 'cta' | 'author' | 'role' | 'insight' | 'source' | 'tone' | 'language']?: string;
} & {
  brandName?: string;
  tagline?: string;
  website?: string;
  data: Record<string, unknown>[];
  items: string[];
  slideIndex?: number;
  slideTotal?: number;
  images: ImageRef[];
};

function briefImages(b: Brief): ImageRef[] {
  const all = [...(b.image ? [b.image] : []), ...(b.images ?? [])];
  const out: ImageRef[] = [];
  for (const i of all) {
    if (!i) continue;
    const ref: ImageRef = typeof i === 'string' ? { src: i } : { src: i.src, focal: i.focal_point ?? undefined };
    if (!out.some((o) => o.src === ref.src)) out.push(ref);
  }
  return out.slice(0, 8);
}

export function normalizeBrief(b: Brief, brand?: BrandKit): NormalizedBrief {
  const s = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return {
    intent: s(b.intent),
    title: s(b.title),
    subtitle: s(b.subtitle),
    eyebrow: s(b.eyebrow),
    body: s(b.body),
    cta: s(b.cta),
    author: s(b.author),
    role: s(b.role),
    insight: s(b.insight),
    source: s(b.source),
    tone: s(b.tone) ?? s(brand?.tone),
    language: s(b.language),
    brandName: s(brand?.name) ?? s(b.brand?.name),
    tagline: s(b.brand?.tagline),
    website: s(b.brand?.website),
    data: (b.data ?? []).filter((d) => d && typeof d === 'object'),
    items: (b.items ?? []).map((i) => (typeof i === 'string' ? i.trim() : '')).filter(Boolean),
    slideIndex: b.slide_index ?? undefined,
    slideTotal: b.slide_total ?? undefined,
    images: briefImages(b),
  };
}

function sniffMime(buf: Buffer): string {
  if (buf[0] === 0x89 && buf[1] === 0x50) return 'image/png';
  if (buf[0] === 0xff && buf[1] === 0xd8) return 'image/jpeg';
  if (buf.subarray(0, 4).toString() === 'RIFF') return 'image/webp';
  if (buf.subarray(0, 3).toString() === 'GIF') return 'image/gif';
  if (/<svg/i.test(buf.subarray(0, 512).toString())) return 'image/svg+xml';
  return 'image/png';
}

/** Largest share of a small display banner's area (300x250, 160x600) the logo may take. */
export const LOGO_MAX_SMALL_SHARE = 0.1;

/**
 * Logo size and margin are px at a 1080 px short side; on display banners (short side under 400 px)
 * they scale from a 600 px reference instead, so a 728x90 leaderboard still shows a legible mark.
 */
export function logoUnit(format: FormatSize): number {
  const short = Math.min(format.width, format.height);
  return short < 400 ? short / 600 : short / 1080;
}

export async function resolveLogo(brand: BrandKit | undefined, u: number, format?: FormatSize): Promise<LogoInfo | undefined> {
  if (!brand?.logo) return undefined;
  let src: string;
  let buf: Buffer;
  if (typeof brand.logo === 'string') {
    const m = /^data:([^;,]+);base64,(.*)$/s.exec(brand.logo);
    if (!m) return undefined;
    src = brand.logo;
    buf = Buffer.from(m[2], 'base64');
  } else {
    buf = Buffer.isBuffer(brand.logo) ? brand.logo : Buffer.from(brand.logo);
    src = `data:${sniffMime(buf)};base64,${buf.toString('base64')}`;
  }
  let iw = 1;
  let ih = 1;
  try {
    const img = await loadImage(buf);
    iw = img.width || 1;
    ih = img.height || 1;
  } catch {
    return undefined;
  }
  const named = { small: 64, medium: 96, large: 140 } as const;
  const size = typeof brand.logo_size === 'number' ? brand.logo_size : named[brand.logo_size ?? 'medium'];
  // A thin strip (728x90, 468x60, 320x50) measures its logo in a unit from its height (a medium logo about a
  // third of a 728x90, where the short-side unit gave it 14 px) and centers it vertically on its side. Taller
  // strips (970x250) keep the corner.
  const thinStrip = !!format && shapeOf(format.width, format.height) === 'strip' && format.height < 160;
  const unit = thinStrip ? Math.min(format.height * 0.4, 40 + format.height * 0.1) / 96 : u;
  let height = Math.max(16, size) * unit;
  let width = (height * iw) / ih;
  const maxW = Math.min(360 * unit, format ? format.width * 0.3 : Infinity);
  if (width > maxW) {
    width = maxW;
    height = (width * ih) / iw;
  }
  // A strip's mark is at least ~40% of its height (legible at 728x90), and at most half of it.
  if (thinStrip && height < format.height * 0.4) {
    height = Math.min(format.height * 0.4, (format.width * 0.3 * ih) / iw);
    width = (height * iw) / ih;
  }
  if (format && height > format.height * (thinStrip ? 0.5 : 0.3)) {
    height = format.height * (thinStrip ? 0.5 : 0.3);
    width = (height * iw) / ih;
  }
  // On a small display banner (300x250, 160x600) the mark takes at most LOGO_MAX_SMALL_SHARE of the page.
  if (format && !thinStrip && format.width * format.height < 120_000 && width * height > LOGO_MAX_SMALL_SHARE * format.width * format.height) {
    const f = Math.sqrt((LOGO_MAX_SMALL_SHARE * format.width * format.height) / (width * height));
    width *= f;
    height *= f;
  }
  const margin = thinStrip ? Math.max(6, Math.round(format.height * 0.12)) : Math.max(0, (brand.logo_margin ?? 64) * u);
  // The middle of a template's page belongs to its headline: a `center` logo is centered at the head of the page.
  let position: LogoPosition = brand.logo_position === 'center' ? 'top_center' : (brand.logo_position ?? 'bottom_right');
  // The middle of a thin strip is its headline's: a centered logo goes to the right end.
  if (thinStrip && position.endsWith('_center')) position = 'top_right';
  const ink = await logoInk(buf);
  return { src, width, height, position, margin, bytes: buf, ...(thinStrip ? { centerY: true } : {}), ...(ink ? { ink } : {}) };
}

export function logoRectOf(l: LogoInfo, W: number, H: number): Rect {
  const [v, h] = l.position === 'center' ? ['center', 'center'] : l.position.split('_');
  const x = h === 'left' ? l.margin : h === 'right' ? W - l.margin - l.width : (W - l.width) / 2;
  const y = l.centerY || v === 'center' ? (H - l.height) / 2 : v === 'top' ? l.margin : H - l.margin - l.height;
  return { x, y, width: l.width, height: l.height };
}

export function logoNode(ctx: TemplateContext): IrNode[] {
  const l = ctx.logo;
  if (!l || !ctx.logoRect) return [];
  return [{ type: 'image', id: 'logo', name: 'Logo', src: l.src, ...ctx.logoRect, fit: 'contain', layoutPositioning: 'absolute' }];
}

/** Padding of the main content column, leaving room for the logo. */
export function contentPadding(
  ctx: TemplateContext,
  base = ctx.margin,
): { paddingTop: number; paddingRight: number; paddingBottom: number; paddingLeft: number } {
  const p = { paddingTop: base, paddingRight: base, paddingBottom: base, paddingLeft: base };
  const l = ctx.logo;
  if (l) {
    const room = l.margin + l.height + 24 * ctx.u;
    if (l.position.startsWith('top')) p.paddingTop = Math.max(p.paddingTop, room);
    else if (l.position.startsWith('bottom')) p.paddingBottom = Math.max(p.paddingBottom, room);
    // A logo at the middle of a side keeps the column off that side.
    else if (l.position === 'center_left' || l.position === 'center_right') {
      const side = l.margin + l.width + 24 * ctx.u;
      if (l.position === 'center_left') p.paddingLeft = Math.max(p.paddingLeft, side);
      else p.paddingRight = Math.max(p.paddingRight, side);
    }
  }
  return p;
}

export function createContext(args: {
  format: FormatSize;
  brief: NormalizedBrief;
  scheme: Scheme;
  fonts: { heading: string; body: string; mono: string; serif?: string; brandHeading?: boolean };
  seed: number;
  k: number;
  level?: number;
  logo?: LogoInfo;
  lang: string;
}): TemplateContext {
  const { format, brief, scheme, seed, k, logo, lang } = args;
  const level = args.level ?? 0;
  const fonts = { serif: 'Playfair Display', brandHeading: false, ...args.fonts };
  const W = format.width;
  const H = format.height;
  const short = Math.min(W, H);
  const long = Math.max(W, H);
  const u = short / 1080;
  const ratio = W / H;
  const orientation = ratio > 2.2 ? 'wide' : ratio > 1.15 ? 'landscape' : ratio < 0.65 ? 'story' : ratio < 0.9 ? 'portrait' : 'square';
  const shape = shapeOf(W, H);
  const next = rng(seed);
  const contrast: ContrastCheck[] = [];
  const shrunk: TemplateContext['shrunk'] = [];
  const base = Math.max(11, short * 0.03 * (shape === 'landscape' ? 1.1 : 1), Math.min(short * 0.16, long * 0.02));
  const minBody = Math.max(10, short * BODY_MIN_SHARE);
  const thin = shape === 'strip' && H < 160;
  // The smallest headline: 1.2x the smallest body size, and on a thin strip STRIP_TITLE_MIN_PX (a fifth of its height at most).
  const minHeading = Math.max(minBody * 1.2, thin ? Math.min(STRIP_TITLE_MIN_PX, H * 0.2) : 0);
  const margin = Math.max(6, Math.round(short * (shape === 'strip' ? 0.12 : short < 400 ? 0.07 : 0.074)));
  // A strip's margin comes from its height (11 px at 728x90): at its ends text keeps STRIP_SIDE_SHARE of the width
  // from the edge, as display ads ask (no text within 4% of an edge).
  const marginX = shape === 'strip' ? Math.max(margin, Math.ceil(W * STRIP_SIDE_SHARE)) : margin;
  // Thin strips (728x90, 468x60) set a headline on at most two lines (three for a quote), never four lines of 13 px;
  // at the last title scales (where the headline is at its smallest size anyway) a third line rather than cut copy.
  const stripLines = thin ? (k >= 0.3 ? 2 : 3) : Infinity;
  const logoRect = logo ? logoRectOf(logo, W, H) : undefined;
  const ctx: TemplateContext = {
    W,
    H,
    u,
    k,
    level,
    format,
    orientation,
    shape,
    short,
    long,
    margin,
    safe: { x: marginX, y: margin, width: Math.max(1, W - 2 * marginX), height: Math.max(1, H - 2 * margin) },
    base,
    ratio: 1.333,
    minBody,
    brief,
    scheme,
    roles: deriveRoles(scheme.colors),
    fonts,
    seed,
    pick: <T>(options: readonly T[]) => options[Math.floor(next() * options.length) % options.length],
    logo,
    logoRect,
    images: brief.images,
    lang,
    // The brief's own tag ("pt_BR" too), which `lang` (a well-formed tag for the IR) may have replaced by "en".
    labels: labelsFor(brief.language ?? lang),
    contrast,
    shrunk,
    keep: (drop) => level < drop,
    fontSize(role) {
      const r = ROLE[role];
      const raw = base * Math.pow(ctx.ratio, r.step);
      if (r.small) return Math.round(Math.max(minBody, raw * Math.min(1.12, Math.max(0.82, k))) * 2) / 2;
      return Math.round(Math.max(role === 'title' || role === 'display' ? minHeading : minBody * 1.2, raw * k) * 2) / 2;
    },
    colorOn(id, preferred, on, large) {
      const bgs = Array.isArray(on) ? on : [on];
      const minimum = large ? 3 : 4.5;
      let color = toHex({ ...parseColor(preferred), a: 1 });
      const worst = (c: string) => Math.min(...bgs.map((b) => contrastRatio(c, b)));
      let adjusted = false;
      if (worst(color) < minimum + 0.15) {
        adjusted = true;
        const candidates = [0.2, 0.4, 0.6, 0.8, 1].flatMap((t) => [mix(color, '#ffffff', t), mix(color, '#000000', t)]);
        const ok = candidates.find((c) => worst(c) >= minimum + 0.15);
        color = toHex(parseColor(ok ?? (worst('#ffffff') >= worst('#000000') ? '#ffffff' : '#000000')));
      }
      contrast.push({ id, ratio: +worst(color).toFixed(2), minimum, adjusted });
      return color;
    },
    text(id, text, role, on, extra = {}) {
      const r = ROLE[role];
      // Sizes some templates derive from the page stay positive on absurd formats (1x1).
      const fontSize = Math.max(1, (extra.fontSize as number | undefined) ?? ctx.fontSize(role));
      // The role's smallest size; the fitting loop (k < 1) holding a text at it means the text wanted to be smaller.
      const floor = r.small ? minBody : role === 'title' || role === 'display' ? minHeading : minBody * 1.2;
      const designed = base * Math.pow(ctx.ratio, r.step);
      if (fontSize < minBody - 0.01) shrunk.push({ id, size: fontSize, minimum: minBody, below: true });
      else if (extra.fontSize === undefined && k < 1 && fontSize <= floor + 0.01 && designed > floor + 0.01)
        shrunk.push({ id, size: fontSize, minimum: floor, below: false });
      const weight = (extra.fontWeight as number | undefined) ?? r.weight;
      const large = fontSize >= 24 || (fontSize >= 18.66 && weight >= 700);
      const color = ctx.colorOn(
        id,
        (extra.color as string | undefined) ?? (role === 'eyebrow' ? scheme.accent : role === 'meta' ? scheme.muted : scheme.text),
        on,
        large,
      );
      return {
        type: 'text',
        id,
        name: role,
        text,
        fontFamily: r.heading ? fonts.heading : fonts.body,
        fontWeight: r.weight,
        lineHeight: r.lh,
        letterSpacing: r.ls ? r.ls * fontSize : undefined,
        textTransform: r.upper ? 'uppercase' : undefined,
        // A headline grown past its designed size stays within three lines (four for quotes).
        maxLines: r.heading && k > 1 ? (role === 'quote' ? 4 : 3) : r.maxLines,
        layoutSizingHorizontal: 'fill',
        direction: 'auto',
        // Headlines: even lines, no word alone on the last line (see `balancedLines`).
        ...(r.heading || id === 'title' ? { textWrap: 'balance' as const } : {}),
        ...extra,
        ...(stripLines < Infinity && (r.heading || id === 'title')
          ? { maxLines: Math.min((extra.maxLines as number | undefined) ?? r.maxLines, role === 'quote' ? stripLines + 1 : stripLines) }
          : {}),
        // Badges and buttons stay on one line: shortened to fit (`shortenBadges`) or shrunk by the fitting loop.
        ...(isBadge(id, role) ? { maxLines: 1 } : {}),
        fontSize,
        color,
      };
    },
  };
  return ctx;
}

/** Problems that make a design unacceptable: text overflowing its box, the page, or its frame. */
export function findOverflow(doc: MaterializedDocument): { id: string; message: string }[] {
  const out: { id: string; message: string }[] = [];
  const tol = 0.75;
  const walk = (m: MaterializedNode, parent?: MaterializedNode) => {
    if (m.node.visible === false) return;
    if (m.text) {
      if (m.text.overflow) out.push({ id: m.id, message: 'text taller than its box' });
      if (m.text.lines.some((l) => l.width > m.width + tol)) out.push({ id: m.id, message: 'text wider than its box' });
      if (m.x < -tol || m.y < -tol || m.x + m.width > doc.width + tol || m.y + m.height > doc.height + tol)
        out.push({ id: m.id, message: 'text outside the page' });
    }
    if (
      parent &&
      parent.node.type === 'frame' &&
      (parent.node.layoutMode === 'horizontal' || parent.node.layoutMode === 'vertical') &&
      m.node.layoutPositioning !== 'absolute'
    ) {
      const f = parent.node as FrameNode;
      const x0 = parent.x + (f.paddingLeft ?? 0) - tol;
      const y0 = parent.y + (f.paddingTop ?? 0) - tol;
      const x1 = parent.x + parent.width - (f.paddingRight ?? 0) + tol;
      const y1 = parent.y + parent.height - (f.paddingBottom ?? 0) + tol;
      if (m.x < x0 || m.y < y0 || m.x + m.width > x1 || m.y + m.height > y1) out.push({ id: m.id, message: `overflows its frame ${parent.id}` });
    }
    m.children.forEach((c) => walk(c, m));
  };
  walk(doc.root);
  return out;
}

export interface TemplateDefinition {
  id: string;
  name: string;
  description: string;
  /** Brief fields the template uses, most important first. */
  fields: string[];
  /** Brief fields without which the template makes little sense. */
  required: string[];
  /** Named formats (`NAMED_FORMATS`) the template is designed for, best first. */
  formats: string[];
  /**
   * Smallest headline (the `title` node), as a share of the page's short side, the template takes while secondary
   * copy can still be left out: under it the fitting loop leaves out the next level's copy instead of shrinking the
   * headline further (strips excepted: their headline has its own minimum, `STRIP_TITLE_MIN_PX`).
   */
  minTitleShare?: number;
  build(ctx: TemplateContext): IrDocument;
}

export interface TemplateInput {
  brief?: Brief;
  brand?: BrandKit;
  /** Overrides brief.format. */
  format?: Brief['format'] | FormatSize;
  /** Overrides brief.seed; default 7. */
  seed?: number;
  /**
   * Bytes of the brief's `asset:<id>` images (as the renderer takes them), read to tell a cut-out from an ordinary
   * photo; data URLs are read without it. Without bytes an image is treated as an ordinary photo.
   */
  assets?: AssetResolver;
}

export interface TemplateResult {
  template: string;
  ir: IrDocument;
  format: FormatSize;
  seed: number;
  paletteSource: string;
  contrast: ContrastCheck[];
  /** Title scale the fitting loop settled on (1 = type scale as designed). */
  fontScale: number;
  /** Content level the fitting loop settled on (0 = every field of the brief the template uses). */
  contentLevel: number;
  warnings: string[];
  /**
   * What the design leaves out or cuts, with machine codes: brief fields it does not show (`field_unused`), fields the
   * template requires that the brief lacks (`field_required_missing`), text cut, shrunk to its minimum, overflowing or
   * colliding (`text_truncated`, `text_shrunk`, `text_overflow`, `text_collision`).
   */
  notices: LayoutWarning[];
}

export function chooseFonts(
  brand: BrandKit | undefined,
  tone: string | undefined,
  pick: <T>(o: readonly T[]) => T,
): { heading: string; body: string; mono: string; serif: string; brandHeading: boolean } {
  const t = (tone ?? '').toLowerCase();
  let heading = 'Inter';
  if (/elegan|luxur|editorial|classic|formal|sophist/.test(t)) heading = 'Playfair Display';
  else if (/tech|developer|code|data/.test(t)) heading = 'Inter';
  else if (/warm|story|literary|calm/.test(t)) heading = 'Lora';
  else if (!t) heading = pick(['Inter', 'Inter', 'Inter']);
  const body = /elegan|luxur|editorial|literary/.test(t) ? 'Lora' : 'Inter';
  return {
    heading: brand?.fonts?.heading ? resolveFontFamily(brand.fonts.heading) : heading,
    body: brand?.fonts?.body ? resolveFontFamily(brand.fonts.body) : body,
    mono: 'JetBrains Mono',
    serif: brand?.fonts?.heading ? resolveFontFamily(brand.fonts.heading) : 'Playfair Display',
    brandHeading: !!brand?.fonts?.heading,
  };
}

export function schemeMode(tone: string | undefined, pick: <T>(o: readonly T[]) => T): 'light' | 'dark' | 'brand' {
  const t = (tone ?? '').toLowerCase();
  if (/dark|night|bold|dramatic|premium|luxur/.test(t)) return 'dark';
  if (/light|minimal|clean|calm|soft/.test(t)) return 'light';
  if (/vibrant|playful|energetic|fun|brand|loud/.test(t)) return 'brand';
  return pick(['light', 'dark', 'brand'] as const);
}

/**
 * A brief's seed as the IR takes it (an integer from 0 to 2^31 - 1): any integer is folded into that
 * range (negative ones too), so every seed a brief may carry gives a valid, deterministic design.
 */
export function normalizeSeed(seed: number): number {
  if (!Number.isFinite(seed)) return 7;
  const m = 2 ** 31;
  return ((Math.trunc(seed) % m) + m) % m;
}

/** Title scales the fitting loop tries, largest first: short headlines grow (up to three lines), long ones shrink. */
export const FIT_SCALES = [1.45, 1.25, 1.1, 1, 0.9, 0.8, 0.7, 0.6, 0.52, 0.45, 0.38, 0.32, 0.26, 0.2];
/** Content levels the fitting loop tries after the type scale: see `TemplateContext.level`. */
export const FIT_LEVELS = [0, 1, 2, 3];

function overlaps(a: Rect, b: Rect, tol = 0.5): boolean {
  return a.x < b.x + b.width - tol && a.x + a.width > b.x + tol && a.y < b.y + b.height - tol && a.y + a.height > b.y + tol;
}

/**
 * Layout problems beyond overflow: text cut short (maxLines), words broken across lines, text boxes
 * overlapping each other or the logo. The fitting loop avoids them and the test suite checks them.
 */
export function findCollisions(doc: MaterializedDocument): { id: string; message: string }[] {
  const out: { id: string; message: string }[] = [];
  const texts: MaterializedNode[] = [];
  let logo: MaterializedNode | undefined;
  const walk = (m: MaterializedNode) => {
    if (m.node.visible === false) return;
    if (m.text && m.text.lines.some((l) => l.text.trim())) texts.push(m);
    if (m.id === 'logo') logo = m;
    m.children.forEach(walk);
  };
  walk(doc.root);
  for (const t of texts) {
    if (t.text!.truncated) out.push({ id: t.id, message: 'text cut short' });
    // A word split across lines ("mor-e") in a script that separates words with spaces: the type is too large for its box.
    if (t.text!.brokeWords) out.push({ id: t.id, message: 'word broken across lines' });
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) if (overlaps(texts[i], texts[j])) out.push({ id: texts[i].id, message: `overlaps text ${texts[j].id}` });
    if (logo && overlaps(texts[i], logo)) out.push({ id: texts[i].id, message: 'overlaps the logo' });
  }
  return out;
}

interface Attempt {
  ctx: TemplateContext;
  ir: IrDocument;
  m: MaterializedDocument;
  problems: { id: string; message: string }[];
  /** Nodes drawn over the logo's box (see `logoObstacles`). */
  blocked: string[];
  /** Badges and buttons cut to one line (see `shortenBadges`). */
  shortened: { id: string; from: string; to: string }[];
}

/**
 * Where a logo goes when its corner is taken: the other end of its side, the other side, the opposite corner, the centres.
 * A logo at the middle of a side (`center_left`) tries the middle of the other side, then the corners.
 */
function alternativePositions(l: LogoInfo): LogoPosition[] {
  const [v, h] = l.position.split('_') as [string, string];
  const flipV = v === 'top' ? 'bottom' : 'top';
  const flipH = h === 'left' ? 'right' : h === 'right' ? 'left' : 'right';
  const all = [`${v}_${flipH}`, `${flipV}_${h}`, `${flipV}_${flipH}`, `${v}_left`, `${v}_right`, `${flipV}_left`, `${flipV}_right`];
  if (!l.centerY) all.push('top_center', 'bottom_center');
  return [...new Set(all)].filter((p) => p !== l.position && !p.endsWith('_center_center')) as LogoPosition[];
}

/** Whether a box meets a node: a filled node by its box (or its ellipse), an outlined one by the band its stroke draws. */
function meets(b: Rect, n: MaterializedNode, strokeOnly: boolean, stroke: number, ellipse: boolean): boolean {
  const area = (a: Rect, c: Rect) => {
    const w = Math.min(a.x + a.width, c.x + c.width) - Math.max(a.x, c.x);
    const h = Math.min(a.y + a.height, c.y + c.height) - Math.max(a.y, c.y);
    return w > 0 && h > 0 ? w * h : 0;
  };
  if (ellipse) {
    const rx = n.width / 2,
      ry = n.height / 2,
      cx = n.x + rx,
      cy = n.y + ry;
    if (rx <= 0 || ry <= 0) return false;
    const nx = Math.min(Math.max(cx, b.x + 1), b.x + b.width - 1),
      ny = Math.min(Math.max(cy, b.y + 1), b.y + b.height - 1);
    if (((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 >= 1) return false;
    if (!strokeOnly) return true;
    const corners = [
      [b.x + 1, b.y + 1],
      [b.x + b.width - 1, b.y + 1],
      [b.x + 1, b.y + b.height - 1],
      [b.x + b.width - 1, b.y + b.height - 1],
    ];
    return corners.some(([x, y]) => ((x - cx) / Math.max(1e-6, rx - stroke)) ** 2 + ((y - cy) / Math.max(1e-6, ry - stroke)) ** 2 >= 1);
  }
  if (!strokeOnly) return area(b, n) >= 4;
  const s = stroke;
  return [
    { x: n.x - s / 2, y: n.y - s / 2, width: n.width + s, height: s },
    { x: n.x - s / 2, y: n.y + n.height - s / 2, width: n.width + s, height: s },
    { x: n.x - s / 2, y: n.y - s / 2, width: s, height: n.height + s },
    { x: n.x + n.width - s / 2, y: n.y - s / 2, width: s, height: n.height + s },
  ].some((band) => area(b, band) >= 4);
}

/**
 * Nodes drawn over the logo's box: text, images, procedural art, filled or outlined frames and shapes, all but
 * the page's grounds (nodes over half the page: the full-bleed photo, texture or scrim, which the logo's plate
 * answers for). Empty when there is no logo.
 */
export function logoObstacles(doc: MaterializedDocument): string[] {
  const all = flattenMaterialized(doc.root);
  const logo = all.find((n) => n.id === 'logo');
  if (!logo) return [];
  const page = doc.width * doc.height;
  const out: string[] = [];
  for (const n of all) {
    if (n.id === 'root' || n.id === 'logo' || n.id === 'logo-plate' || n.node.visible === false || (n.node.opacity ?? 1) <= 0) continue;
    const node = n.node as { fills?: unknown[]; strokes?: { width: number }[] };
    const fills = (node.fills ?? []).length > 0;
    const strokes = (node.strokes ?? []).length > 0;
    if (n.type === 'text') {
      if (!n.text?.lines.some((l) => l.text.trim())) continue;
    } else if (n.type === 'frame' && !fills && !strokes) continue;
    if (n.width * n.height >= 0.5 * page) continue;
    const strokeOnly = !(fills || n.type === 'image' || n.type === 'text' || n.type === 'procedural');
    const stroke = Math.max(1, ...(node.strokes ?? []).map((st) => st.width));
    if (meets(logo, n, strokeOnly, stroke, n.type === 'ellipse')) out.push(n.id);
  }
  return out;
}

/** The brief field a badge or button shows. */
const BADGE_FIELD: Record<string, string> = { eyebrow: 'eyebrow', tag: 'eyebrow', cta: 'cta', 'cta-text': 'cta' };

/** Eyebrow badges and call-to-action buttons: one line, never wrapped. */
const BADGE_ID = /^(eyebrow|cta|cta-text|tag)$/;
function isBadge(id: string, role: TextRole | string | undefined): boolean {
  return (role === 'eyebrow' || role === 'cta') && BADGE_ID.test(id);
}

/** Words that cannot end a shortened badge ("Garanta o seu" → "Garanta"): articles, prepositions, conjunctions. */
const DANGLING = new Set(
  (
    'a o e y u i the an and or of to for in on at by with your our my ' +
    'os as um uma de do da dos das em no na nos nas com por para pra seu sua ao ' +
    'el la los las un una del al con por para su sus y en ' +
    'der die das den dem des ein eine einen und oder mit für im in zu zum zur auf ' +
    'le la les un une des du de et ou pour avec en au aux sur ' +
    // Demonstratives and possessives: "Somente esta" says nothing without its noun.
    'this that these those its their esta este estas estes essa esse isto isso aquela aquele ' +
    'esa ese esto estos mi mis tu tus diese dieser dieses diesen unser unsere ihr ihre ce cet cette ces mon ma mes votre vos notre nos'
  ).split(' '),
);
/** A shortened badge keeps at least this share of its copy's letters; else it is left for the fitting to shrink or drop. */
const SHORTEN_MIN_SHARE = 0.6;

/**
 * A badge's or button's copy cut to one line of `width`: a leading separator dropped ("· SOMENTE ESTA SEMANA"),
 * then whole words from the end, never ending on an article, preposition, demonstrative or possessive, nor on a
 * separator, keeping at least SHORTEN_MIN_SHARE of the copy, unless it is cut between the segments of a list
 * ("Launch week · March 12 to 19" → "Launch week"). Undefined when
 * not even its first word fits.
 */
export function shortenToLine(node: TextNode, width: number, lang: string, minShare = SHORTEN_MIN_SHARE): string | undefined {
  const oneLine = (t: string) => {
    const l = layoutText({ ...textInput({ ...node, text: t, maxLines: undefined }, node.lang ?? lang), maxWidth: width + 0.05, maxHeight: undefined });
    return l.lines.length === 1 && !l.brokeWords && !l.hyphenated;
  };
  const t = node.text.replace(/^[\s·•|—–\-:>»→]+/u, '').trim();
  if (!t) return undefined;
  if (oneLine(t)) return t;
  // Whole leading segments of a list ("Launch week · March 12 to 19 · Lisbon" → "Launch week"): each says something.
  const seps = [...t.matchAll(/\s+[·•|—–]\s+/gu)].map((x) => x.index!).reverse();
  for (const at of seps) if (oneLine(t.slice(0, at))) return t.slice(0, at);
  const words = t.split(/\s+/);
  for (let n = words.length - 1; n >= 1; n--) {
    const ws = words.slice(0, n);
    const last = () => ws[ws.length - 1].replace(/[\p{P}\p{S}]+$/u, '').toLowerCase();
    while (ws.length > 1 && (!last() || DANGLING.has(last()))) ws.pop();
    const c = ws.join(' ').replace(/[\s·•|—–\-:,;&+]+$/u, '');
    // Too little left to say what the badge said ("Garanta o seu agora mesmo" → "Garanta"): not shortened.
    if (c.length < t.length * minShare) return undefined;
    if (c && oneLine(c)) return c;
  }
  return undefined;
}

/**
 * Badges and buttons laid out on two lines or cut: their copy shortened in place to fit one line of their box
 * (see `shortenToLine`); an eyebrow that would keep too little of its copy is hidden instead (`to` empty). Returns
 * what was shortened or hidden; the caller lays the document out again.
 */
function shortenBadges(ir: IrDocument, m: MaterializedDocument): { id: string; from: string; to: string }[] {
  const out: { id: string; from: string; to: string }[] = [];
  const lang = ir.lang ?? 'en';
  const byId = new Map<string, MaterializedNode>();
  const walk = (n: MaterializedNode) => {
    byId.set(n.id, n);
    n.children.forEach(walk);
  };
  walk(m.root);
  const visit = (n: IrNode, parent?: IrNode) => {
    if (n.type === 'text' && isBadge(n.id ?? '', n.name)) {
      const laid = byId.get(n.id!);
      if (laid?.text && laid.node.visible !== false && (laid.text.truncated || laid.text.lines.length > 1)) {
        // A button is always shown: cut as far as it takes. An eyebrow keeps most of its copy or is left out.
        const eyebrow = n.name === 'eyebrow';
        const to = shortenToLine(n, laid.width, lang, eyebrow ? SHORTEN_MIN_SHARE : 0);
        if (to && to !== n.text) {
          out.push({ id: n.id!, from: n.text, to });
          n.text = to;
        } else if (!to && eyebrow) {
          out.push({ id: n.id!, from: n.text, to: '' });
          if (parent?.type === 'frame' && parent.name === 'Badge' && parent.children?.length === 1) parent.visible = false;
          else n.visible = false;
        }
      }
    }
    if ('children' in n && n.children) n.children.forEach((c) => visit(c, n));
  };
  visit(ir.root);
  return out;
}

const squashed = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Smallest title scale tried to avoid a typographic defect (`typographicDefects`) before accepting it. */
const SOFT_MIN_SCALE = 0.52;

/** Headline at least this many times the size of the secondary copy beside it (issue 35). */
export const TITLE_RATIO = 1.4;
const SECONDARY_ROLES = new Set(['subtitle', 'body']);

/** The title's size over the largest subtitle or body text shown beside it; null without either. */
export function titleHierarchy(m: MaterializedDocument): number | null {
  let title: MaterializedNode | undefined;
  const others: number[] = [];
  const walk = (n: MaterializedNode) => {
    if (n.node.visible === false) return;
    if (n.node.type === 'text' && n.text?.lines.some((l) => l.text.trim())) {
      if (n.id === 'title' && (n.node.name === 'title' || n.node.name === 'display')) title = n;
      else if (SECONDARY_ROLES.has(n.node.name ?? '')) others.push(n.text.fontSize);
    }
    n.children.forEach(walk);
  };
  walk(m.root);
  if (!title || !others.length) return null;
  return title.text!.fontSize / Math.max(...others);
}

/** The font size of the shown `title` node, or null. */
function titleSize(m: MaterializedDocument): number | null {
  let size: number | null = null;
  const walk = (n: MaterializedNode) => {
    if (n.node.visible === false) return;
    if (n.id === 'title' && n.text?.lines.some((l) => l.text.trim())) size = n.text.fontSize;
    n.children.forEach(walk);
  };
  walk(m.root);
  return size;
}

const HEADLINE_ROLES = new Set(['title', 'display', 'quote', 'stat']);
/** Words under this many letters are not hyphenated in a headline while a smaller scale holds them whole. */
const LONG_WORD = BALANCE_HYPHEN_MIN_LETTERS;
/** A two-word headline stacked on two lines: avoided only by scales down to STACK_MIN_SCALE. */
const STACK = 0.5;
const STACK_MIN_SCALE = 0.8;
/** Defects worth any title scale (down to the title's lead over secondary copy) to avoid. */
const SEVERE = 10;

/** The words a laid-out text hyphenated (a line ending in a hyphen that its copy does not have there). */
function hyphenatedWords(text: string, lines: string[]): string[] {
  const out: string[] = [];
  const src = text.toLowerCase();
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].endsWith('-')) continue;
    const a = /[\p{L}\p{M}]*$/u.exec(lines[i].slice(0, -1))![0];
    const b = /^[\p{L}\p{M}]*/u.exec(lines[i + 1])![0];
    if (src.includes(`${a}-${b}`.toLowerCase())) continue; // the copy's own hyphen
    // The whole word of the copy (a compound may be broken more than once).
    const joint = (a + b).toLowerCase();
    out.push(src.split(/[^\p{L}\p{M}]+/u).find((w) => w.includes(joint)) ?? a + b);
  }
  return out;
}

/**
 * Typographic defects of a fit, as a score (0: none): a headline hyphenating a word under LONG_WORD letters
 * ("Pri- / mave- / ra") is SEVERE, as is any hyphenation in a headline grown past its designed size (`k` > 1);
 * a headline of 2+ lines whose last line is one word (balancing could not avoid it at this size) scores 2; a long
 * word hyphenated (a German compound, or "extraordina- / riamente" to keep two words on the last line) scores 1; a
 * two-word headline on two lines scores STACK.
 */
function typographicDefects(m: MaterializedDocument, k: number): number {
  let score = 0;
  const walk = (n: MaterializedNode) => {
    if (n.node.visible === false) return;
    if (n.node.type === 'text' && n.text && (HEADLINE_ROLES.has(n.node.name ?? '') || n.id === 'title')) {
      const lines = n.text.lines.map((l) => l.text).filter((l) => l.trim());
      if (n.text.hyphenated) for (const w of hyphenatedWords(n.node.text, lines)) score += k > 1 || [...w].length < LONG_WORD ? SEVERE : 1;
      if (
        lines.length >= 2 &&
        lines[lines.length - 1]
          .trim()
          .split(/\s+/)
          .filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= 1
      )
        // Two words stacked on two lines ("Ship / faster") is a headline style, sought on one line only down to
        // STACK_MIN_SCALE; a longer headline's widow is worth a smaller scale.
        score += lines.length === 2 && n.node.text.trim().split(/\s+/).length === 2 ? STACK : 2;
      // A short word alone on the first line ("Der / neue Buchhandlungs…") weighs as a widow (not in a stacked two-word headline).
      else if (lines.length >= 2 && isShortLeadLine(lines[0])) score += 2;
    }
    n.children.forEach(walk);
  };
  walk(m.root);
  return score;
}

/** Lists and the venue set beside a title (the secondary copy besides subtitle and body). */
const LIST_TEXT = /^((item|agenda|feature)-\d+-text|venue)$/;

/** Title sizes tried, as shares of the fitted one, when a headline's defect remains at every scale (see `stepDownTitle`). */
const TITLE_STEPS = [0.95, 0.9, 0.85, 0.8, 0.75, 0.7];

/**
 * Whether a laid-out title (of two lines or more) ends on a single word, or starts with a short word alone
 * (`isShortLeadLine`: "Der / neue Buchhandlungs…", as bad as the widow a smaller title was set to avoid).
 */
function titleWidow(m: MaterializedDocument): boolean {
  const t = flattenMaterialized(m.root).find((n) => n.id === 'title' && n.node.visible !== false);
  const lines = (t?.text?.lines ?? []).map((l) => l.text).filter((l) => l.trim());
  return lines.length >= 2 && (lines[lines.length - 1].split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length <= 1 || isShortLeadLine(lines[0]));
}

/**
 * A fit whose title ends on a word alone (at every scale of the page: a smaller scale also shrinks or overflows the
 * rest of it) with only its title set smaller, in bounded steps (TITLE_STEPS): the first size whose last line holds
 * two words or more without a new problem or more defects, keeping the title at least TITLE_RATIO times its
 * secondary copy and at its role's smallest size or above; undefined when no step does.
 */
function stepDownTitle(a: Attempt, score: number): Attempt | undefined {
  const find = (n: IrNode): TextNode | undefined =>
    n.type === 'text' && n.id === 'title' ? n : 'children' in n && n.children ? n.children.map(find).find(Boolean) : undefined;
  const title = find(a.ir.root);
  if (!title || title.fontSize === undefined || title.visible === false || !titleWidow(a.m)) return undefined;
  // The title's lead over its subtitle and body, and over list items set beside it ("feature-0-text").
  const lead = (m: MaterializedDocument) => {
    const list = flattenMaterialized(m.root).filter((n) => n.node.visible !== false && LIST_TEXT.test(n.id) && n.text?.lines.some((l) => l.text.trim()));
    const r = titleHierarchy(m);
    const size = flattenMaterialized(m.root).find((n) => n.id === 'title')?.text?.fontSize ?? 0;
    return list.length ? Math.min(r ?? Infinity, size / Math.max(...list.map((n) => n.text!.fontSize))) : r;
  };
  const ratio0 = lead(a.m);
  if (ratio0 !== null && ratio0 < TITLE_RATIO) return undefined;
  // The smallest size kept: the role's, the last step's and TITLE_RATIO times the secondary copy (tried last, exactly).
  const least = Math.max(
    a.ctx.minBody * 1.2,
    title.fontSize * TITLE_STEPS[TITLE_STEPS.length - 1],
    ratio0 === null ? 0 : (title.fontSize / ratio0) * TITLE_RATIO,
  );
  const sizes = [...TITLE_STEPS.map((f) => Math.round(title.fontSize! * f * 2) / 2).filter((s) => s > least), Math.ceil(least * 2) / 2];
  // A title chosen a colour for large text (3:1) stays large unless its colour also reaches the 4.5:1 of body text.
  const large = (px: number) => px >= 24 || (px >= 18.66 && (title.fontWeight ?? 400) >= 700);
  const contrast = a.ctx.contrast.find((c) => c.id === 'title')?.ratio ?? 0;
  for (const size of sizes) {
    if (size >= title.fontSize || (large(title.fontSize) && !large(size) && contrast < 4.65)) continue;
    const ir = structuredClone(a.ir);
    const t = find(ir.root)!;
    if (t.letterSpacing) t.letterSpacing *= size / t.fontSize!;
    t.fontSize = size;
    let m = materializeSync(ir);
    const shortened = shortenBadges(ir, m);
    if (shortened.length) m = materializeSync(ir);
    if (findOverflow(m).length || findCollisions(m).length) continue;
    const ratio = lead(m);
    if (ratio !== null && ratio < TITLE_RATIO - 1e-9) break;
    if (titleWidow(m) || typographicDefects(m, a.ctx.k) >= score) continue;
    return { ...a, ir, m, problems: [], shortened: [...a.shortened, ...shortened], blocked: logoObstacles(m) };
  }
  return undefined;
}

/**
 * Runs a template with decreasing title scale, then fewer secondary fields, until nothing overflows or collides.
 * While secondary copy can still be left out, the title does not shrink under `TITLE_RATIO` times it (secondary
 * copy goes first), and no headline grown past its designed size breaks a word.
 */
export async function runTemplate(def: TemplateDefinition, input: TemplateInput, format: FormatSize): Promise<TemplateResult> {
  await initCreativeIr();
  const seed = normalizeSeed(input.seed ?? input.brief?.seed ?? 7);
  const brief = normalizeBrief(input.brief ?? {}, input.brand);
  for (const img of brief.images) {
    const bytes = await resolveAsset(img.src, input.assets).catch(() => undefined);
    const cutout = bytes ? await isCutout(bytes) : undefined;
    if (cutout !== undefined) img.cutout = cutout;
  }
  const logo = await resolveLogo(input.brand, logoUnit(format), format);
  const pal = paletteFrom(input.brief ?? {}, input.brand, seed);
  const picker = rng(seed ^ 0x5bd1e995);
  const pick = <T>(o: readonly T[]) => o[Math.floor(picker() * o.length) % o.length];
  const mode = schemeMode(brief.tone, pick);
  const scheme = makeScheme(pal.colors, mode);
  const fonts = chooseFonts(input.brand, brief.tone, pick);
  const lang = brief.language && /^[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(brief.language) ? brief.language : 'en';
  // Small display banners (under 120,000 px: 300x250, 728x90; not the tall 160x600) carry the title and the call to action, not paragraphs.
  const startLevel = format.width * format.height < 120_000 && format.width >= format.height * 0.5 ? 2 : 0;
  const levels = FIT_LEVELS.filter((l) => l >= startLevel);
  const fit = (lg: LogoInfo | undefined): Attempt => {
    let best: Attempt | undefined;
    search: for (const level of levels) {
      // The best fit of this level with a typographic defect (a hyphenated headline, a word alone on a headline's
      // last line), taken when no smaller scale down to SOFT_MIN_SCALE (keeping the title's lead) is free of them.
      let fallback: { attempt: Attempt; score: number } | undefined;
      for (const k of FIT_SCALES) {
        const ctx = createContext({ format, brief, scheme, fonts, seed, k, level, logo: lg, lang });
        // Validated once, when chosen (below): a template's own document, checked at every scale, was a fifth of a
        // build's time in zod.
        const ir = def.build(ctx);
        let m = materializeSync(ir);
        const shortened = shortenBadges(ir, m);
        if (shortened.length) m = materializeSync(ir);
        const problems = [...findOverflow(m), ...findCollisions(m)];
        const last: Attempt = { ctx, ir, m, problems, shortened, blocked: logoObstacles(m) };
        if (!best || problems.length < best.problems.length) best = last;
        if (problems.length) continue;
        // Secondary copy goes before the title loses its lead (waived at the last content level): smaller scales
        // would only shrink the title further, so the next level is tried.
        const ratio = titleHierarchy(m);
        if (level !== levels[levels.length - 1] && ratio !== null && ratio < TITLE_RATIO) break;
        if (level !== levels[levels.length - 1] && def.minTitleShare && ctx.shape !== 'strip') {
          const size = titleSize(m);
          if (size !== null && size < def.minTitleShare * ctx.short - 0.01) break;
        }
        const score = typographicDefects(m, k);
        // How far the scale may go to avoid the defect of the fit in hand (none under SEVERE ones).
        const floor = !fallback || fallback.score >= SEVERE ? 0 : fallback.score < 1 ? STACK_MIN_SCALE : SOFT_MIN_SCALE;
        if (k < floor - 1e-9) break;
        if (score === 0) {
          best = last;
          break search;
        }
        if (!fallback || score < fallback.score) fallback = { attempt: last, score };
      }
      if (fallback) {
        // The defect is left only when a smaller title alone does not avoid it either.
        best = (fallback.score < SEVERE ? stepDownTitle(fallback.attempt, fallback.score) : undefined) ?? fallback.attempt;
        break search;
      }
    }
    return best!;
  };
  // Nothing fits (a tiny or absurd format): keep the attempt with the fewest problems and say what they are.
  let chosen = fit(logo);
  const asked = chosen;
  // The logo's box is kept clear: when the template draws something over it where the brand asked for it
  // (a photo, a frame, a decoration), the logo moves to the nearest corner where nothing is, the layout
  // re-fitted around it; failing that, to where the least lies over it.
  if (logo && chosen.blocked.length) {
    // Fewest nodes over the logo, then fewest problems, then the largest title, then the most copy kept.
    const worse = (a: Attempt, b: Attempt) =>
      a.blocked.length - b.blocked.length || a.problems.length - b.problems.length || b.ctx.k - a.ctx.k || a.ctx.level - b.ctx.level;
    for (const position of alternativePositions(logo)) {
      const a = fit({ ...logo, position });
      if (worse(a, chosen) < 0) chosen = a;
    }
  }
  const { ctx, m, problems, shortened } = chosen;
  // What a template builds must be a valid document like any other: a template's mistake throws here, never reaches a
  // design. The parse is the document as built (zod only orders its keys as the schema does).
  const ir = parseIr(chosen.ir);
  // Said when the logo left the corner the brand kit asks for (`center` is drawn at the head of the page, a strip's
  // centre at its right end: those are where `center` goes, not moves).
  const moved: LayoutWarning[] =
    logo && ctx.logo && ctx.logo.position !== logo.position
      ? [
          {
            id: 'logo',
            code: 'logo_moved',
            asked: input.brand?.logo_position ?? 'bottom_right',
            used: ctx.logo.position,
            message: `the logo is drawn ${ctx.logo.position.replace('_', ' ')}, not ${(input.brand?.logo_position ?? 'bottom_right').replace('_', ' ')} as the brand kit asks: the ${def.id} template draws ${asked.blocked.join(', ')} over that place at ${format.width}x${format.height}`,
          },
        ]
      : [];
  // A logo that would vanish into what is drawn behind it (a dark mark on a dark ground, a white one on paper,
  // a photo or halftone) goes on a plate; the ground is read from the rendered page.
  const logoAt = ir.root.children?.findIndex((c) => c.id === 'logo') ?? -1;
  if (logo?.ink && ctx.logoRect && logoAt >= 0) {
    const pixels = logo.bytes ? await groundPixels(ir, ctx.logoRect, logo.bytes) : undefined;
    const plate = logoPlate(m, ctx.logoRect, logo.ink, format.width, format.height, pixels);
    if (plate) ir.root.children!.splice(logoAt, 0, plate);
  }
  return {
    template: def.id,
    ir,
    format,
    seed,
    paletteSource: pal.source,
    contrast: ctx.contrast,
    fontScale: ctx.k,
    contentLevel: ctx.level,
    warnings: problems.map((p) => `${p.id}: ${p.message}`),
    notices: [
      ...moved,
      // A shortened badge or button shows its field, cut: said once, as `text_truncated`, not as `field_unused`.
      ...templateNotices(def, input.brief ?? {}, ir, m, ctx, problems).filter(
        (n) =>
          !(
            n.code === 'field_unused' &&
            n.field &&
            shortened.some((s) => squashed(s.from).includes(squashed(String(input.brief?.[n.field as keyof Brief] ?? '\u0000'))))
          ),
      ),
      ...shortened.map((s) =>
        s.to
          ? { id: s.id, code: 'text_truncated' as const, message: `"${s.from}" shortened to "${s.to}" to stay on one line` }
          : {
              id: `brief.${BADGE_FIELD[s.id] ?? 'eyebrow'}`,
              code: 'field_unused' as const,
              field: BADGE_FIELD[s.id] ?? 'eyebrow',
              message: `brief.${BADGE_FIELD[s.id] ?? 'eyebrow'} is not shown: "${s.from}" is too long for one line of its badge at this format`,
            },
      ),
    ],
  };
}

const PROBLEM_CODES: [RegExp, LayoutWarning['code']][] = [
  [/^text cut short/, 'text_truncated'],
  [/^(text taller|text wider|text outside|overflows)/, 'text_overflow'],
];

/** The coded findings of a template build (see `TemplateResult.notices`), from what the fitting loop already measured. */
function templateNotices(
  def: TemplateDefinition,
  brief: Brief,
  ir: IrDocument,
  m: MaterializedDocument,
  ctx: TemplateContext,
  problems: { id: string; message: string }[],
): LayoutWarning[] {
  const out: LayoutWarning[] = missingRequired(brief, def.required).map((field) => ({
    id: `brief.${field}`,
    code: 'field_required_missing' as const,
    field,
    message: `brief.${field} is missing: the ${def.id} template requires ${def.required.join(', ')}`,
  }));
  out.push(...fieldWarnings(brief, ir, def, ctx.level));
  const shown = new Set<string>();
  const walk = (n: MaterializedNode) => {
    if (n.node.visible === false) return;
    if (n.text && n.text.lines.some((l) => l.text.trim())) shown.add(n.id);
    n.children.forEach(walk);
  };
  walk(m.root);
  for (const s of ctx.shrunk) {
    if (!shown.has(s.id)) continue;
    out.push({
      id: s.id,
      code: 'text_shrunk',
      message: s.below
        ? `text set at ${s.size} px, below the smallest body size of this format (${+s.minimum.toFixed(1)} px)`
        : `text shrunk to its style's minimum size (${s.size} px) to fit`,
    });
  }
  for (const p of problems) {
    const code = PROBLEM_CODES.find(([re]) => re.test(p.message))?.[1] ?? 'text_collision';
    out.push({ id: p.id, code, message: p.message });
  }
  return out;
}

export { over, mix };
export type { ProceduralStyleId };

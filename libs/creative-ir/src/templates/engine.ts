import { loadImage } from '@napi-rs/canvas';
import { contrastRatio, ensureContrast, luminance, mix, over, parseColor, toHex } from '../color/color';
import { resolveFontFamily } from '../fonts/font-registry';
import { initCreativeIr, materializeSync, type MaterializedDocument, type MaterializedNode } from '../layout/materialize';
import { rng } from '../procedural/procedural';
import type { FrameNode, IrDocument, IrNode, ProceduralStyleId, TextNode } from '../schema/ir-schema';
import { parseIr } from '../schema/validate';
import type { BrandKit, Brief, FormatSize, LogoPosition } from './brief';

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
  const valid = (cs: (string | null | undefined)[] | null | undefined) => (cs ?? []).filter((c): c is string => !!c && /^(#|rgb|hsl)/i.test(c.trim())).map((c) => toHex({ ...parseColor(c), a: 1 }));
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

export type TextRole = 'eyebrow' | 'title' | 'subtitle' | 'body' | 'cta' | 'meta' | 'stat' | 'quote';

const ROLE: Record<TextRole, { size: number; weight: number; lh: number; maxLines: number; heading?: boolean; ls?: number; upper?: boolean }> = {
  eyebrow: { size: 30, weight: 700, lh: 1.2, maxLines: 2, ls: 3, upper: true },
  title: { size: 96, weight: 800, lh: 1.08, maxLines: 5, heading: true },
  subtitle: { size: 44, weight: 500, lh: 1.25, maxLines: 4 },
  body: { size: 36, weight: 400, lh: 1.4, maxLines: 8 },
  cta: { size: 34, weight: 700, lh: 1.2, maxLines: 1 },
  meta: { size: 28, weight: 500, lh: 1.3, maxLines: 2 },
  stat: { size: 200, weight: 800, lh: 1, maxLines: 1, heading: true },
  quote: { size: 64, weight: 500, lh: 1.25, maxLines: 8, heading: true },
};

export interface LogoInfo {
  src: string;
  width: number;
  height: number;
  position: LogoPosition;
  margin: number;
}

export interface TemplateContext {
  W: number;
  H: number;
  /** Scale unit: 1 at 1080 px on the short side. */
  u: number;
  /** Font scale chosen by the fitting loop (1 first, smaller when content does not fit). */
  k: number;
  format: FormatSize;
  orientation: 'square' | 'portrait' | 'story' | 'landscape' | 'wide';
  brief: NormalizedBrief;
  scheme: Scheme;
  fonts: { heading: string; body: string; mono: string };
  seed: number;
  /** Deterministic choice from the seed (stable per call order). */
  pick<T>(options: readonly T[]): T;
  margin: number;
  logo?: LogoInfo;
  lang: string;
  contrast: ContrastCheck[];
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
};

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

export async function resolveLogo(brand: BrandKit | undefined, u: number): Promise<LogoInfo | undefined> {
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
  let height = Math.max(16, size) * u;
  let width = (height * iw) / ih;
  const maxW = 360 * u;
  if (width > maxW) {
    width = maxW;
    height = (width * ih) / iw;
  }
  return { src, width, height, position: brand.logo_position ?? 'bottom_right', margin: (brand.logo_margin ?? 64) * u };
}

export function logoNode(ctx: TemplateContext): IrNode[] {
  const l = ctx.logo;
  if (!l) return [];
  const { W, H } = ctx;
  const [v, h] = l.position === 'center' ? ['center', 'center'] : l.position.split('_');
  const x = h === 'left' ? l.margin : h === 'right' ? W - l.margin - l.width : (W - l.width) / 2;
  const y = v === 'top' ? l.margin : v === 'bottom' ? H - l.margin - l.height : (H - l.height) / 2;
  return [{ type: 'image', id: 'logo', name: 'Logo', src: l.src, x, y, width: l.width, height: l.height, fit: 'contain', layoutPositioning: 'absolute' }];
}

/** Padding of the main content column, leaving room for the logo. */
export function contentPadding(ctx: TemplateContext, base = ctx.margin): { paddingTop: number; paddingRight: number; paddingBottom: number; paddingLeft: number } {
  const p = { paddingTop: base, paddingRight: base, paddingBottom: base, paddingLeft: base };
  const l = ctx.logo;
  if (l) {
    const room = l.margin + l.height + 24 * ctx.u;
    if (l.position.startsWith('top')) p.paddingTop = Math.max(p.paddingTop, room);
    else if (l.position.startsWith('bottom')) p.paddingBottom = Math.max(p.paddingBottom, room);
  }
  return p;
}

export function createContext(args: {
  format: FormatSize;
  brief: NormalizedBrief;
  scheme: Scheme;
  fonts: { heading: string; body: string; mono: string };
  seed: number;
  k: number;
  logo?: LogoInfo;
  lang: string;
}): TemplateContext {
  const { format, brief, scheme, fonts, seed, k, logo, lang } = args;
  const W = format.width;
  const H = format.height;
  const u = Math.min(W, H) / 1080;
  const ratio = W / H;
  const orientation = ratio > 2.2 ? 'wide' : ratio > 1.15 ? 'landscape' : ratio < 0.65 ? 'story' : ratio < 0.9 ? 'portrait' : 'square';
  const next = rng(seed);
  const contrast: ContrastCheck[] = [];
  // Landscape formats have a short side of ~630 px but plenty of width: type a bit larger.
  const orientScale = orientation === 'landscape' ? 1.12 : orientation === 'wide' ? 1.25 : orientation === 'story' ? 1.08 : 1;
  const ctx: TemplateContext = {
    W,
    H,
    u,
    k,
    format,
    orientation,
    brief,
    scheme,
    fonts,
    seed,
    pick: <T>(options: readonly T[]) => options[Math.floor(next() * options.length) % options.length],
    margin: Math.round(80 * u * (orientation === 'story' ? 1.1 : 1)),
    logo,
    lang,
    contrast,
    fontSize: (role) => Math.max(12, Math.round(ROLE[role].size * u * orientScale * (role === 'eyebrow' || role === 'meta' || role === 'cta' ? Math.max(0.8, k) : k) * 2) / 2),
    colorOn(id, preferred, on, large) {
      const bgs = Array.isArray(on) ? on : [on];
      const minimum = large ? 3 : 4.5;
      let color = toHex({ ...parseColor(preferred), a: 1 });
      const worst = (c: string) => Math.min(...bgs.map((b) => contrastRatio(c, b)));
      let adjusted = false;
      if (worst(color) < minimum) {
        adjusted = true;
        const candidates = [0.25, 0.5, 0.75, 1].flatMap((t) => [mix(color, '#ffffff', t), mix(color, '#000000', t)]);
        const ok = candidates.find((c) => worst(c) >= minimum);
        color = toHex(parseColor(ok ?? (worst('#ffffff') >= worst('#000000') ? '#ffffff' : '#000000')));
      }
      contrast.push({ id, ratio: +worst(color).toFixed(2), minimum, adjusted });
      return color;
    },
    text(id, text, role, on, extra = {}) {
      const r = ROLE[role];
      const fontSize = ctx.fontSize(role);
      const large = fontSize >= 24 || (fontSize >= 18.66 && r.weight >= 700);
      const color = ctx.colorOn(id, (extra.color as string | undefined) ?? (role === 'eyebrow' ? scheme.accent : role === 'meta' ? scheme.muted : scheme.text), on, large);
      return {
        type: 'text',
        id,
        name: role,
        text,
        fontFamily: r.heading ? fonts.heading : fonts.body,
        fontWeight: r.weight,
        fontSize,
        lineHeight: r.lh,
        letterSpacing: r.ls ? r.ls * u : undefined,
        textTransform: r.upper ? 'uppercase' : undefined,
        maxLines: r.maxLines,
        layoutSizingHorizontal: 'fill',
        direction: 'auto',
        ...extra,
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
      if (m.x < -tol || m.y < -tol || m.x + m.width > doc.width + tol || m.y + m.height > doc.height + tol) out.push({ id: m.id, message: 'text outside the page' });
    }
    if (parent && parent.node.type === 'frame' && (parent.node.layoutMode === 'horizontal' || parent.node.layoutMode === 'vertical') && m.node.layoutPositioning !== 'absolute') {
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
  build(ctx: TemplateContext): IrDocument;
}

export interface TemplateInput {
  brief?: Brief;
  brand?: BrandKit;
  /** Overrides brief.format. */
  format?: Brief['format'] | FormatSize;
  /** Overrides brief.seed; default 7. */
  seed?: number;
}

export interface TemplateResult {
  template: string;
  ir: IrDocument;
  format: FormatSize;
  seed: number;
  paletteSource: string;
  contrast: ContrastCheck[];
  /** Font scale the fitting loop settled on (1 = type scale as designed). */
  fontScale: number;
  warnings: string[];
}

export function chooseFonts(brand: BrandKit | undefined, tone: string | undefined, pick: <T>(o: readonly T[]) => T): { heading: string; body: string; mono: string } {
  const t = (tone ?? '').toLowerCase();
  let heading = 'Inter';
  if (/elegan|luxur|editorial|classic|formal|sophist/.test(t)) heading = 'Playfair Display';
  else if (/tech|developer|code|data/.test(t)) heading = 'Inter';
  else if (/warm|story|literary|calm/.test(t)) heading = 'Lora';
  else if (!t) heading = pick(['Inter', 'Inter', 'Playfair Display']);
  const body = /elegan|luxur|editorial|literary/.test(t) ? 'Lora' : 'Inter';
  return {
    heading: brand?.fonts?.heading ? resolveFontFamily(brand.fonts.heading) : heading,
    body: brand?.fonts?.body ? resolveFontFamily(brand.fonts.body) : body,
    mono: 'JetBrains Mono',
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

export const FIT_SCALES = [1, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55, 0.5, 0.45, 0.4];

/** Runs a template with decreasing font scale until nothing overflows. */
export async function runTemplate(def: TemplateDefinition, input: TemplateInput, format: FormatSize): Promise<TemplateResult> {
  await initCreativeIr();
  const seed = normalizeSeed(input.seed ?? input.brief?.seed ?? 7);
  const brief = normalizeBrief(input.brief ?? {}, input.brand);
  const u = Math.min(format.width, format.height) / 1080;
  const logo = await resolveLogo(input.brand, u);
  const pal = paletteFrom(input.brief ?? {}, input.brand, seed);
  const picker = rng(seed ^ 0x5bd1e995);
  const pick = <T>(o: readonly T[]) => o[Math.floor(picker() * o.length) % o.length];
  const mode = schemeMode(brief.tone, pick);
  const scheme = makeScheme(pal.colors, mode);
  const fonts = chooseFonts(input.brand, brief.tone, pick);
  const lang = brief.language && /^[a-zA-Z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(brief.language) ? brief.language : 'en';
  let last: { ctx: TemplateContext; ir: IrDocument; problems: { id: string; message: string }[] } | undefined;
  for (const k of FIT_SCALES) {
    const ctx = createContext({ format, brief, scheme, fonts, seed, k, logo, lang });
    const ir = parseIr(def.build(ctx));
    const problems = findOverflow(materializeSync(ir));
    last = { ctx, ir, problems };
    if (!problems.length) break;
  }
  const { ctx, ir, problems } = last!;
  return {
    template: def.id,
    ir,
    format,
    seed,
    paletteSource: pal.source,
    contrast: ctx.contrast,
    fontScale: ctx.k,
    warnings: problems.map((p) => `${p.id}: ${p.message}`),
  };
}

export { over, mix };
export type { ProceduralStyleId };

import { mix, over, withAlpha } from '../color/color';
import { TemplateInputError } from '../errors';
import { resolvePalette } from '../procedural/procedural';
import { MAX_PAGE_SIDE, type FrameNode, type IrDocument, type IrNode, type Paint, type ProceduralStyleId, type TextNode } from '../schema/ir-schema';
import { resolveFormat } from './brief';
import { logoNode, runTemplate, type ImageRef, type Rect, type TemplateContext, type TemplateDefinition, type TemplateInput, type TemplateResult } from './engine';

/*
 * The catalogue. Every template is a visual family (its ground, type and decoration) plus one
 * arrangement per shape of format (tall 9:16 and 160x600, portrait 4:5, square and 300x250,
 * landscape 1.91:1 and 16:9, strip 728x90 / 970x250): regions are computed from the page, the safe
 * margin and the logo, and the text block is laid out by auto-layout inside its region.
 * Families: bold (gradient / solid brand ground with large shapes), photo-led (hero, scrim, cut-out),
 * editorial (paper, serif display, hairline rules), neon (dark ink, procedural grid, glowing accent),
 * pastel (tinted paper, soft blobs, white cards).
 */

/* ---------- geometry ---------- */

const r4 = (x: number, y: number, width: number, height: number): Rect => ({ x: Math.round(x), y: Math.round(y), width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) });
const inset = (r: Rect, l: number, t = l, rr = l, b = t): Rect => r4(r.x + l, r.y + t, r.width - l - rr, r.height - t - b);
/** Display banners under 120,000 px (300x250, 160x600, 728x90): media slots give text more room. */
const small = (ctx: TemplateContext) => ctx.W * ctx.H < 120_000;
const vertical = (ctx: TemplateContext) => ctx.shape === 'tall' || ctx.shape === 'portrait' || ctx.shape === 'square';

/** The largest part of `r` clear of the logo (with a gap): above, below, left or right of it. */
function avoidLogo(ctx: TemplateContext, r: Rect): Rect {
  const l = ctx.logoRect;
  if (!l) return r;
  const gap = Math.max(6, ctx.base * 0.8);
  const L = { x: l.x - gap, y: l.y - gap, width: l.width + 2 * gap, height: l.height + 2 * gap };
  if (L.x >= r.x + r.width || L.x + L.width <= r.x || L.y >= r.y + r.height || L.y + L.height <= r.y) return r;
  const cands = [
    r4(r.x, r.y, r.width, L.y - r.y),
    r4(r.x, L.y + L.height, r.width, r.y + r.height - L.y - L.height),
    r4(r.x, r.y, L.x - r.x, r.height),
    r4(L.x + L.width, r.y, r.x + r.width - L.x - L.width, r.height),
  ].filter((c) => c.width > 0 && c.height > 0);
  // Prefer keeping the region's proportions: score by area, penalising slivers.
  const score = (c: Rect) => c.width * c.height * Math.min(1, (c.width / r.width) * 2) * Math.min(1, (c.height / r.height) * 2);
  return cands.sort((a, b) => score(b) - score(a))[0] ?? r;
}

/** Media part and text part of a split page; the media bleeds to the page edges. */
function split(ctx: TemplateContext, share: number, mediaAt: 'start' | 'end' = 'start', axis?: 'x' | 'y'): { media: Rect; text: Rect } {
  const { W, H, margin: m } = ctx;
  const ax = axis ?? (vertical(ctx) ? 'y' : 'x');
  if (ax === 'x') {
    const mw = Math.round(W * share);
    const media = mediaAt === 'start' ? r4(0, 0, mw, H) : r4(W - mw, 0, mw, H);
    const text = mediaAt === 'start' ? r4(mw + m, m, W - mw - 2 * m, H - 2 * m) : r4(m, m, W - mw - 2 * m, H - 2 * m);
    return { media, text: avoidLogo(ctx, text) };
  }
  const mh = Math.round(H * share);
  const media = mediaAt === 'start' ? r4(0, 0, W, mh) : r4(0, H - mh, W, mh);
  const text = mediaAt === 'start' ? r4(m, mh + m, W - 2 * m, H - mh - 2 * m) : r4(m, m, W - 2 * m, H - mh - 2 * m);
  return { media, text: avoidLogo(ctx, text) };
}

/* ---------- nodes ---------- */

function page(ctx: TemplateContext, background: string | Paint, children: IrNode[]): IrDocument {
  return {
    version: 1,
    width: ctx.W,
    height: ctx.H,
    background,
    lang: ctx.lang,
    root: { type: 'frame', id: 'root', name: 'Page', width: ctx.W, height: ctx.H, clipContent: true, children: [...children, ...logoNode(ctx)] },
  };
}

function photo(ctx: TemplateContext, id: string, r: Rect, img: ImageRef, extra: Record<string, unknown> = {}): IrNode {
  return { type: 'image', id, name: 'Photo', src: img.src, fit: 'cover', ...(img.focal ? { focalPoint: img.focal } : {}), ...r, layoutPositioning: 'absolute', ...extra } as IrNode;
}

function proc(ctx: TemplateContext, id: string, r: Rect, style: ProceduralStyleId, palette: string[], extra: Record<string, unknown> = {}): IrNode {
  return { type: 'procedural', id, name: 'Texture', style, seed: ctx.seed, density: 1, phase: 0, palette: resolvePalette({ style, seed: ctx.seed, palette }), ...r, layoutPositioning: 'absolute', ...extra } as IrNode;
}

function rect(id: string, r: Rect, fill: string | Paint, extra: Record<string, unknown> = {}): IrNode {
  return { type: 'rect', id, ...r, fills: [typeof fill === 'string' ? { type: 'solid', color: fill } : fill], layoutPositioning: 'absolute', ...extra } as IrNode;
}

function circle(id: string, cx: number, cy: number, radius: number, fill: string | null, extra: Record<string, unknown> = {}): IrNode {
  return { type: 'ellipse', id, x: Math.round(cx - radius), y: Math.round(cy - radius), width: Math.round(2 * radius), height: Math.round(2 * radius), ...(fill ? { fills: [{ type: 'solid', color: fill }] } : {}), layoutPositioning: 'absolute', ...extra } as IrNode;
}

const linear = (angle: number, ...colors: string[]): Paint => ({ type: 'linear-gradient', angle, stops: colors.map((color, i) => ({ offset: i / Math.max(1, colors.length - 1), color })) });

/** A scrim from transparent to `color` at `alpha`: the last `solidFrom` of it (0..1) is at full alpha. */
function scrim(id: string, r: Rect, color: string, alpha: number, angle: number, solidFrom: number): IrNode {
  return rect(id, r, { type: 'linear-gradient', angle, stops: [{ offset: 0, color: withAlpha(color, 0) }, { offset: Math.max(0.01, Math.min(0.99, 1 - solidFrom)), color: withAlpha(color, alpha) }, { offset: 1, color: withAlpha(color, Math.min(1, alpha + 0.08)) }] }, { name: 'Scrim' });
}

/** What text sees through a scrim of `color` at `alpha` over anything (white and black extremes). */
const throughScrim = (color: string, alpha: number) => [over(withAlpha(color, alpha), '#ffffff'), over(withAlpha(color, alpha), '#000000')];

function pill(ctx: TemplateContext, id: string, label: string, fill: string, preferred?: string, extra: Partial<FrameNode> = {}): FrameNode {
  const fs = ctx.fontSize('cta');
  const color = ctx.colorOn(`${id}-label`, preferred ?? (ctx.colorOn(`${id}-probe`, '#ffffff', fill, false) === '#ffffff' ? '#ffffff' : ctx.roles.ink), fill, false);
  ctx.contrast.pop();
  return {
    type: 'frame',
    id,
    name: 'Call to action',
    layoutMode: 'horizontal',
    paddingTop: Math.round(fs * 0.62),
    paddingBottom: Math.round(fs * 0.62),
    paddingLeft: Math.round(fs * 1.25),
    paddingRight: Math.round(fs * 1.25),
    cornerRadius: Math.round(fs * 2),
    counterAxisAlignItems: 'center',
    primaryAxisAlignItems: 'center',
    layoutSizingHorizontal: 'hug',
    fills: [{ type: 'solid', color: fill }],
    ...extra,
    children: [ctx.text(`${id}-text`, label, 'cta', fill, { color, layoutSizingHorizontal: 'hug', maxWidth: Math.max(1, ctx.safe.width - 2.5 * fs) })],
  };
}

function badge(ctx: TemplateContext, id: string, label: string, fill: string, preferred?: string): FrameNode {
  const fs = ctx.fontSize('eyebrow');
  return {
    type: 'frame',
    id: `${id}-badge`,
    name: 'Badge',
    layoutMode: 'horizontal',
    paddingTop: Math.round(fs * 0.45),
    paddingBottom: Math.round(fs * 0.45),
    paddingLeft: Math.round(fs * 0.9),
    paddingRight: Math.round(fs * 0.9),
    cornerRadius: Math.round(fs * 0.4),
    layoutSizingHorizontal: 'hug',
    fills: [{ type: 'solid', color: fill }],
    children: [ctx.text(id, label, 'eyebrow', fill, { color: preferred ?? '#ffffff', layoutSizingHorizontal: 'hug', maxWidth: Math.max(1, ctx.safe.width - 2 * fs) })],
  };
}

function rule(ctx: TemplateContext, id: string, color: string, length = ctx.fontSize('title') * 1.3, thick = Math.max(2, ctx.base * 0.16)): IrNode {
  return { type: 'rect', id, name: 'Divider', width: Math.round(length), height: Math.round(thick), cornerRadius: Math.round(thick / 2), fills: [{ type: 'solid', color }] } as IrNode;
}

function hairline(id: string, color: string, thick = 1): IrNode {
  return { type: 'rect', id, name: 'Rule', height: Math.max(1, Math.round(thick)), layoutSizingHorizontal: 'fill', fills: [{ type: 'solid', color }] } as IrNode;
}

interface BlockOpts {
  align?: 'start' | 'center';
  v?: 'min' | 'center' | 'max' | 'space-between';
  gap?: number;
}

/** Pills and badges (hugging their label) may be as wide as the region they end up in, and wrap to two lines there. */
function constrain(node: IrNode, width: number): IrNode {
  if (node.type !== 'frame') return node;
  if (node.name === 'Call to action' || node.name === 'Badge') {
    const pad = (node.paddingLeft ?? 0) + (node.paddingRight ?? 0);
    return { ...node, maxWidth: Math.max(1, width), children: node.children?.map((c) => (c.type === 'text' ? { ...c, maxWidth: Math.max(1, width - pad), maxLines: 2 } : c)) };
  }
  return { ...node, children: node.children?.map((c) => constrain(c, width - (node.paddingLeft ?? 0) - (node.paddingRight ?? 0))) };
}

/** A vertical text block in a region (text nodes fill its width). */
function block(ctx: TemplateContext, id: string, r: Rect, nodes: (IrNode | undefined | false)[], o: BlockOpts = {}): FrameNode {
  const kids = nodes.filter(Boolean) as IrNode[];
  const center = o.align === 'center';
  return {
    type: 'frame',
    id,
    name: 'Content',
    layoutMode: 'vertical',
    ...r,
    layoutPositioning: 'absolute',
    itemSpacing: Math.round(o.gap ?? ctx.base * 0.85),
    primaryAxisAlignItems: o.v ?? 'center',
    counterAxisAlignItems: center ? 'center' : 'min',
    children: kids.map((k) => (k.type === 'text' ? ({ ...k, textAlign: (k as TextNode).textAlign ?? (center ? 'center' : 'start') } as IrNode) : constrain(k, r.width))),
  };
}

/** A group inside a block (keeps a tighter spacing between its members). */
function group(ctx: TemplateContext, id: string, nodes: (IrNode | undefined | false)[], gap = ctx.base * 0.45, align: 'start' | 'center' = 'start'): FrameNode {
  return {
    type: 'frame',
    id,
    layoutMode: 'vertical',
    layoutSizingHorizontal: 'fill',
    itemSpacing: Math.round(gap),
    counterAxisAlignItems: align === 'center' ? 'center' : 'min',
    children: (nodes.filter(Boolean) as IrNode[]).map((k) => (k.type === 'text' ? ({ ...k, textAlign: (k as TextNode).textAlign ?? (align === 'center' ? 'center' : 'start') } as IrNode) : k)),
  };
}

/** Strips (728x90, 970x250): the text block beside the call to action, in one row. */
function stripRow(ctx: TemplateContext, id: string, r: Rect, text: (IrNode | undefined | false)[], cta?: IrNode): FrameNode {
  return {
    type: 'frame',
    id,
    name: 'Content',
    layoutMode: 'horizontal',
    ...r,
    layoutPositioning: 'absolute',
    itemSpacing: Math.round(ctx.base * 1.2),
    counterAxisAlignItems: 'center',
    children: [
      { type: 'frame', id: `${id}-text`, layoutMode: 'vertical', layoutSizingHorizontal: 'fill', itemSpacing: Math.round(ctx.base * 0.3), children: text.filter(Boolean) as IrNode[] },
      ...(cta ? [constrain(cta, r.width * 0.42)] : []),
    ],
  };
}

/** A card that hugs its content, centered in a region (instead of stretching to fill it). */
function cardIn(ctx: TemplateContext, id: string, r: Rect, nodes: (IrNode | undefined | false)[], style: (f: FrameNode) => FrameNode, gap = ctx.base * 0.85): FrameNode {
  // In tall and portrait pages the card keeps a presence (at least 62% / 70% of its region), its content spread from head to foot.
  const minShare = ctx.shape === 'tall' ? 0.62 : ctx.shape === 'portrait' ? 0.7 : 0;
  const card = style(group(ctx, id, nodes, gap));
  return block(ctx, `${id}-area`, r, [minShare ? { ...card, minHeight: Math.round(r.height * minShare), primaryAxisAlignItems: 'space-between' } : card], { v: 'center' });
}

const titleOf = (ctx: TemplateContext) => ctx.brief.title ?? ctx.brief.intent ?? ctx.brief.brandName ?? 'Your headline here';
const maybe = <V, T>(value: V | undefined | null, build: (v: NonNullable<V>) => T): T[] => (value ? [build(value as NonNullable<V>)] : []);
const first = <T>(xs: T[]): T | undefined => xs[0];

/* ---------- family grounds ---------- */

/** Bold: brand primary as a deep diagonal gradient. */
function boldGround(ctx: TemplateContext): { bg: Paint; on: string[] } {
  const { primary, primaryShade } = ctx.roles;
  const a = primary;
  const b = mix(primary, primaryShade, 0.75);
  return { bg: linear(150, a, b), on: [a, b, mix(a, b, 0.5)] };
}

/** Neon: near-black ink and a procedural grid glowing in the brand colors. */
function neonGround(ctx: TemplateContext, style: ProceduralStyleId = 'grid'): { nodes: IrNode[]; on: string[]; neon: string } {
  const { ink, primary, accent } = ctx.roles;
  const neon = ctx.colorOn('neon', mix(accent, '#ffffff', 0.15), ink, true);
  ctx.contrast.pop();
  const veil = 0.78;
  return {
    nodes: [proc(ctx, 'texture', r4(0, 0, ctx.W, ctx.H), style, [ink, primary, accent]), rect('veil', r4(0, 0, ctx.W, ctx.H), withAlpha(ink, veil))],
    on: [...throughScrim(ink, veil)],
    neon,
  };
}

/** Pastel: tinted paper with soft blurred blobs in the corners (never behind text: text sits on cards or the paper). */
function pastelGround(ctx: TemplateContext): { bg: string; nodes: IrNode[] } {
  const { primaryTint, accentTint, paper } = ctx.roles;
  const bg = mix(paper, accentTint, 0.35);
  const R = ctx.short * 0.42;
  return {
    bg,
    nodes: [
      circle('blob-1', ctx.W * 0.96, ctx.H * 0.06, R, primaryTint, { blur: Math.round(R * 0.25), opacity: 0.9 }),
      circle('blob-2', ctx.W * 0.02, ctx.H * 0.98, R * 0.8, accentTint, { blur: Math.round(R * 0.25), opacity: 0.9 }),
    ],
  };
}

/** The colors a pastel ground can show behind text (the paper, or the blobs blended into it). */
const pastelOn = (ctx: TemplateContext, bg: string) => [bg, ctx.roles.primaryTint, ctx.roles.accentTint, mix(bg, ctx.roles.primaryTint, 0.5)];

function dataRows(ctx: TemplateContext): { label: string; value: number; display: string }[] {
  const rows = ctx.brief.data.slice(0, 6).map((d, i) => {
    const label = String(d.label ?? d.name ?? d.key ?? d.category ?? `Item ${i + 1}`);
    const raw = d.value ?? d.count ?? d.amount ?? d.total ?? Object.values(d).find((v) => typeof v === 'number');
    const parsed = typeof raw === 'number' ? raw : parseFloat(String(raw ?? '0'));
    // Bars need a finite value: NaN and infinities (a JSON brief cannot carry them, a caller can) count as 0.
    const value = Number.isFinite(parsed) ? parsed : 0;
    const display = d.display !== undefined ? String(d.display) : typeof raw === 'string' ? raw : Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(1);
    return { label, value, display };
  });
  if (!rows.length) return ctx.brief.items.slice(0, 6).map((label, i) => ({ label, value: 6 - i, display: '' }));
  return rows;
}

/* ---------- templates ---------- */

/** Media slot shares (of the page's long axis) per shape, for split layouts. */
const SHARE = { tall: 0.5, portrait: 0.46, square: 0.46, landscape: 0.46, strip: 0.3 } as const;

/** An image slot: one photo, or a grid of up to four. */
function imageSlot(ctx: TemplateContext, id: string, r: Rect, imgs: ImageRef[], radius = 0, gap = 0): IrNode[] {
  if (imgs.length <= 1 || r.width * r.height < ctx.W * ctx.H * 0.12) return imgs.length ? [photo(ctx, id, r, imgs[0], radius ? { cornerRadius: radius } : {})] : [];
  const n = Math.min(4, imgs.length);
  const wide = r.width >= r.height;
  const cells: Rect[] = [];
  if (n === 2) for (let i = 0; i < 2; i++) cells.push(wide ? r4(r.x + i * (r.width + gap) / 2, r.y, (r.width - gap) / 2, r.height) : r4(r.x, r.y + i * (r.height + gap) / 2, r.width, (r.height - gap) / 2));
  else if (n === 3) {
    const big = wide ? r4(r.x, r.y, (r.width - gap) * 0.6, r.height) : r4(r.x, r.y, r.width, (r.height - gap) * 0.6);
    cells.push(big);
    const rest = wide ? r4(big.x + big.width + gap, r.y, r.width - big.width - gap, r.height) : r4(r.x, big.y + big.height + gap, r.width, r.height - big.height - gap);
    for (let i = 0; i < 2; i++) cells.push(wide ? r4(rest.x, rest.y + i * (rest.height + gap) / 2, rest.width, (rest.height - gap) / 2) : r4(rest.x + i * (rest.width + gap) / 2, rest.y, (rest.width - gap) / 2, rest.height));
  } else for (let i = 0; i < 4; i++) cells.push(r4(r.x + (i % 2) * (r.width + gap) / 2, r.y + Math.floor(i / 2) * (r.height + gap) / 2, (r.width - gap) / 2, (r.height - gap) / 2));
  return cells.map((c, i) => photo(ctx, `${id}-${i + 1}`, c, imgs[i], radius ? { cornerRadius: radius } : {}));
}

const squarePost: TemplateDefinition = {
  id: 'square-post',
  name: 'Social post',
  description: 'Bold family: a deep brand gradient, badge, display title and call to action; the photo (or a grid of photos) sits in a rounded frame with an accent offset block, or a halftone disc and rings when there is none.',
  fields: ['title', 'eyebrow', 'subtitle', 'body', 'cta', 'image'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_portrait', 'facebook_post', 'linkedin_post'],
  build(ctx) {
    ctx.ratio = 1.414;
    const g = boldGround(ctx);
    const { accent, paper, primary, ink } = ctx.roles;
    const b = ctx.brief;
    const axis = ctx.shape === 'square' ? 'x' : undefined;
    const { media, text } = split(ctx, ctx.shape === 'square' ? 0.46 : SHARE[ctx.shape], vertical(ctx) && ctx.shape !== 'square' ? 'start' : 'end', axis);
    const m = ctx.margin;
    const frame = inset(media, m, m, m, ctx.shape === 'strip' || !vertical(ctx) || ctx.shape === 'square' ? m : 0);
    const deco: IrNode[] = [];
    if (ctx.images.length) {
      const off = Math.round(ctx.base * 0.9);
      deco.push(rect('offset', r4(frame.x + off, frame.y + off, frame.width, frame.height), accent, { cornerRadius: Math.round(ctx.base) }));
      deco.push(...imageSlot(ctx, 'photo', frame, ctx.images, Math.round(ctx.base), Math.round(ctx.base * 0.4)));
    } else {
      const R = Math.min(media.width, media.height) * 0.42;
      const cx = media.x + media.width / 2;
      const cy = media.y + media.height / 2;
      deco.push(circle('ring', cx, cy, R * 1.22, null, { strokes: [{ color: withAlpha(paper, 0.35), width: Math.max(2, ctx.base * 0.2) }] }));
      deco.push(proc(ctx, 'disc', r4(cx - R, cy - R, 2 * R, 2 * R), 'halftone', [accent, primary, paper], { cornerRadius: Math.round(R) }));
      deco.push(circle('dot', cx + R * 0.8, cy - R * 0.85, R * 0.22, accent));
    }
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, paper, ink));
    const eyebrow = maybe(b.eyebrow, (v) => badge(ctx, 'eyebrow', v, accent, ctx.colorOn('eyebrow-c', '#ffffff', accent, false)));
    const title = ctx.text('title', titleOf(ctx), 'title', g.on, { color: '#ffffff' });
    const sub = ctx.keep(2) ? maybe(b.subtitle ?? b.body, (v) => ctx.text('subtitle', v, 'body', g.on, { color: mix('#ffffff', primary, 0.1) })) : [];
    // Anchored blocks: the badge at the head of the column, the call to action at its foot, the headline between.
    const content = ctx.shape === 'strip' ? stripRow(ctx, 'content', text, [title, ...sub.slice(0, ctx.keep(1) ? 1 : 0)], first(cta)) : block(ctx, 'content', text, [...(ctx.keep(3) ? eyebrow : []), group(ctx, 'headline', [title, rule(ctx, 'divider', accent), ...sub], ctx.base * 0.8), ...cta], { v: 'space-between', gap: ctx.base * 1.2 });
    return page(ctx, g.bg, [...deco, content]);
  },
};

const announcement: TemplateDefinition = {
  id: 'announcement',
  name: 'Announcement',
  description: 'Bold family: solid brand color, an oversized accent disc with concentric rings bleeding off the corner, a tag, a display title and the call to action anchored at the foot.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_story', 'x_post', 'facebook_post'],
  build(ctx) {
    ctx.ratio = 1.5;
    const { primary, accent, paper, ink } = ctx.roles;
    const b = ctx.brief;
    const m = ctx.margin;
    const strip = ctx.shape === 'strip';
    const side = ctx.shape === 'landscape';
    // The disc is the sun of the composition: top right in vertical formats (text below it), right in landscapes and strips (text beside it).
    const R = strip ? ctx.H * 0.62 : side ? ctx.short * 0.42 : ctx.short * (ctx.shape === 'square' ? 0.27 : 0.34);
    const cx = ctx.W - (strip ? R * 0.3 : R * 0.35);
    const cy = strip ? ctx.H / 2 : side ? ctx.H * 0.3 : R * 0.35;
    const deco: IrNode[] = [
      circle('disc', cx, cy, R, accent),
      ...[1.1, 1.2].map((k, i) => circle(`ring-${i}`, cx, cy, R * k, null, { strokes: [{ color: withAlpha(paper, 0.45 - i * 0.15), width: Math.max(1.5, ctx.base * 0.14) }] })),
    ];
    // The text keeps clear of the disc and its rings (1.2 R): it sits on the brand color alone.
    const on = [primary];
    const tag = maybe(b.eyebrow ?? 'New', (v) => badge(ctx, 'eyebrow', v, ink, ctx.colorOn('tag-c', paper, ink, false)));
    const title = ctx.text('title', titleOf(ctx), strip ? 'title' : 'display', on, { color: ctx.colorOn('title-pre', '#ffffff', on, true) });
    const sub = ctx.keep(2) ? maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'subtitle', on, { color: ctx.colorOn('subtitle-pre', '#ffffff', on, false) })) : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, ink, paper));
    let content: IrNode[];
    if (strip) content = [stripRow(ctx, 'content', avoidLogo(ctx, r4(m, m, cx - R * 1.3 - 2 * m, ctx.H - 2 * m)), [title, ...(ctx.keep(1) ? sub : [])], first(cta))];
    else if (side) content = [block(ctx, 'content', avoidLogo(ctx, r4(m, m, cx - R * 1.3 - 2 * m, ctx.H - 2 * m)), [...(ctx.keep(3) ? tag : []), group(ctx, 'headline', [title, ...sub], ctx.base * 0.9), ...cta], { v: 'space-between' })];
    else {
      const top = Math.round(cy + R * 1.2 + m * 0.5);
      content = [
        ...(ctx.keep(3) ? [block(ctx, 'tag', avoidLogo(ctx, r4(m, m, cx - R * 1.3 - 2 * m, top - 2 * m)), tag, { v: 'min' })] : []),
        block(ctx, 'content', avoidLogo(ctx, r4(m, top, ctx.W - 2 * m, ctx.H - top - m)), [group(ctx, 'headline', [title, ...sub], ctx.base * 0.9), ...cta], { v: 'space-between' }),
      ];
    }
    return page(ctx, primary, [...deco, ...content]);
  },
};

const minimalType: TemplateDefinition = {
  id: 'minimal-type',
  name: 'Type on texture',
  description: 'Bold family: a full-bleed procedural texture in the brand colors with the words on a solid ink label, anchored low in tall formats, centered in squares, to the left in landscapes.',
  fields: ['title', 'eyebrow', 'subtitle'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_story', 'youtube_thumbnail', 'wide_banner'],
  build(ctx) {
    const { primary, accent, ink, paper, primaryTint } = ctx.roles;
    const b = ctx.brief;
    const style = ctx.pick(['mesh', 'waves', 'aurora', 'rays', 'topography'] as const);
    const m = ctx.margin;
    const safe = ctx.safe;
    const label = ctx.shape === 'tall' || ctx.shape === 'portrait' ? r4(safe.x, safe.y + safe.height * 0.42, safe.width, safe.height * 0.58) : ctx.shape === 'landscape' ? r4(safe.x, safe.y, safe.width * 0.58, safe.height) : ctx.shape === 'strip' ? safe : r4(safe.x + safe.width * 0.06, safe.y + safe.height * 0.14, safe.width * 0.88, safe.height * 0.72);
    const area = avoidLogo(ctx, label);
    const pad = Math.round(Math.min(ctx.base * 1.8, area.width * 0.08, area.height * 0.12));
    const title = ctx.text('title', titleOf(ctx), 'display', ink, { color: paper });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', ink, { color: mix(accent, '#ffffff', 0.2) })) : [];
    const sub = ctx.keep(2) ? maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'body', ink, { color: primaryTint })) : [];
    const card: FrameNode = {
      ...(ctx.shape === 'strip' ? stripRow(ctx, 'content', area, [...eyebrow, title]) : block(ctx, 'content', area, [...eyebrow, rule(ctx, 'divider', accent), title, ...sub], { v: ctx.shape === 'tall' || ctx.shape === 'portrait' ? 'max' : 'center' })),
      paddingTop: pad,
      paddingBottom: pad,
      paddingLeft: pad,
      paddingRight: pad,
      fills: [{ type: 'solid', color: ink }],
      cornerRadius: Math.round(ctx.base * 0.3),
    };
    void m;
    return page(ctx, primary, [proc(ctx, 'texture', r4(0, 0, ctx.W, ctx.H), style, [primary, accent, paper, ink]), card]);
  },
};

const story: TemplateDefinition = {
  id: 'story',
  name: 'Story',
  description: 'Photo-led family: the image full-bleed (focal point kept) under a deep scrim that carries the words at the foot (at the left in landscapes); without an image a mesh gradient in the brand colors takes its place.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta', 'website', 'image'],
  required: ['title'],
  formats: ['instagram_story', 'instagram_portrait'],
  build(ctx) {
    const { ink, accent, primary, paper } = ctx.roles;
    const b = ctx.brief;
    const full = r4(0, 0, ctx.W, ctx.H);
    const ground = ctx.images.length ? photo(ctx, 'hero', full, ctx.images[0]) : proc(ctx, 'hero', full, 'mesh', [accent, primary, ctx.roles.accentShade, ctx.roles.primaryTint]);
    const s = ctx.safe;
    const alpha = 0.74;
    const on = throughScrim(ink, alpha);
    let textRect: Rect;
    let sc: IrNode;
    if (ctx.shape === 'landscape' || ctx.shape === 'strip') {
      textRect = r4(s.x, s.y, s.width * (ctx.shape === 'strip' ? 1 : 0.56), s.height);
      const edge = textRect.x + textRect.width + ctx.margin;
      const w = Math.min(ctx.W, edge + ctx.W * 0.2);
      sc = scrim('scrim', r4(0, 0, w, ctx.H), ink, alpha, 270, edge / w);
    } else {
      const h = s.height * (ctx.shape === 'square' ? 0.62 : 0.5);
      textRect = r4(s.x, s.y + s.height - h, s.width, h);
      const top = textRect.y - ctx.margin - ctx.H * 0.16;
      sc = scrim('scrim', r4(0, top, ctx.W, ctx.H - top), ink, alpha, 180, (ctx.H - textRect.y + ctx.margin) / (ctx.H - top));
    }
    const area = avoidLogo(ctx, textRect);
    const title = ctx.text('title', titleOf(ctx), 'display', on, { color: '#ffffff' });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => badge(ctx, 'eyebrow', v, accent, ctx.colorOn('eyebrow-c', '#ffffff', accent, false))) : [];
    const sub = ctx.keep(2) ? maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'subtitle', on, { color: mix('#ffffff', accent, 0.12) })) : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, paper, ink));
    const site = ctx.keep(1) ? maybe(b.website ?? b.brandName, (v) => ctx.text('website', v, 'meta', on, { color: '#ffffff' })) : [];
    const content = ctx.shape === 'strip' ? stripRow(ctx, 'content', area, [title, ...(ctx.keep(1) ? sub : [])], first(cta)) : block(ctx, 'content', area, [...eyebrow, title, ...sub, group(ctx, 'actions', [...cta, ...site], ctx.base * 0.7)], { v: ctx.shape === 'landscape' ? 'center' : 'max' });
    return page(ctx, ink, [ground, sc, content]);
  },
};

const landscapeBanner: TemplateDefinition = {
  id: 'landscape-banner',
  name: 'Hero split',
  description: 'Photo-led family: the image takes one side (the right in landscapes and strips, the top in tall and square formats) with an accent seam; the text sits on paper. Without an image: a wave texture in the brand colors.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta', 'image'],
  required: ['title'],
  formats: ['x_post', 'facebook_post', 'linkedin_post', 'youtube_thumbnail', 'wide_banner'],
  build(ctx) {
    const { paper, ink, primary, accent, primaryShade, primaryTint } = ctx.roles;
    const b = ctx.brief;
    const share = small(ctx) ? 0.36 : ctx.shape === 'tall' ? 0.55 : ctx.shape === 'square' ? 0.5 : SHARE[ctx.shape];
    const { media, text } = split(ctx, share, vertical(ctx) ? 'start' : 'end');
    const art = ctx.images.length ? imageSlot(ctx, 'hero', media, ctx.images, 0, Math.max(2, Math.round(ctx.base * 0.3))) : [proc(ctx, 'hero', media, ctx.pick(['waves', 'topography', 'mesh'] as const), [primary, accent, primaryTint, primaryShade])];
    const t = Math.max(3, Math.round(ctx.base * 0.35));
    const seam = vertical(ctx) ? rect('seam', r4(0, media.y + media.height - t, ctx.W * 0.4, t * 2), accent) : rect('seam', r4(media.x - t, 0, t * 2, ctx.H * 0.45), accent);
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', paper, { color: primary })) : [];
    const title = ctx.text('title', titleOf(ctx), 'title', paper, { color: ink });
    const sub = ctx.keep(2) ? maybe(b.subtitle ?? b.body, (v) => ctx.text('subtitle', v, 'body', paper, { color: mix(ink, paper, 0.25) })) : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, primary));
    const content = ctx.shape === 'strip' ? stripRow(ctx, 'content', text, [...eyebrow.slice(0, ctx.keep(1) ? 1 : 0), title], first(cta)) : block(ctx, 'content', text, [...eyebrow, title, ...sub, ...cta], { v: 'center' });
    return page(ctx, paper, [...art, seam, content]);
  },
};

const product: TemplateDefinition = {
  id: 'product',
  name: 'Product',
  description: 'Photo-led family: the product as a cut-out (contained, never cropped) on a spotlight disc with a soft shadow, beside its name, pitch, feature chips and call to action. Without an image: a sunburst in the brand colors inside the disc.',
  fields: ['title', 'body', 'items', 'cta', 'eyebrow', 'image'],
  required: ['title', 'body'],
  formats: ['instagram_post', 'instagram_portrait', 'instagram_story'],
  build(ctx) {
    const { paper, ink, primary, accent, primaryTint, accentTint, accentShade } = ctx.roles;
    const b = ctx.brief;
    const bg = mix(paper, primaryTint, 0.35);
    const { media, text } = split(ctx, ctx.shape === 'tall' ? 0.48 : ctx.shape === 'strip' ? 0.26 : 0.47, 'start');
    const R = Math.min(media.width, media.height) * (ctx.shape === 'strip' ? 0.42 : 0.44);
    const cx = media.x + media.width / 2;
    const cy = media.y + media.height / 2;
    const stage: IrNode[] = [
      circle('spotlight', cx, cy, R * 1.18, null, { fills: [{ type: 'radial-gradient', stops: [{ offset: 0, color: '#ffffff' }, { offset: 0.7, color: accentTint }, { offset: 1, color: withAlpha(accentTint, 0) }] }] }),
      circle('floor', cx, cy + R * 0.95, R * 0.9, withAlpha(ink, 0.12), { height: Math.round(R * 0.22), y: Math.round(cy + R * 0.86), blur: Math.round(R * 0.06) }),
    ];
    if (ctx.images.length) stage.push(photo(ctx, 'product', r4(cx - R, cy - R, 2 * R, 2 * R), ctx.images[0], { fit: 'contain', shadows: [{ x: 0, y: Math.round(R * 0.06), blur: Math.round(R * 0.12), color: withAlpha(ink, 0.3) }] }));
    else stage.push(proc(ctx, 'product', r4(cx - R * 0.8, cy - R * 0.8, 1.6 * R, 1.6 * R), 'rays', [accent, primaryTint, primary], { cornerRadius: Math.round(R * 0.8) }));
    const chipSize = ctx.fontSize('meta');
    const chips: FrameNode = {
      type: 'frame',
      id: 'features',
      layoutMode: 'horizontal',
      layoutWrap: 'wrap',
      layoutSizingHorizontal: 'fill',
      itemSpacing: Math.round(chipSize * 0.5),
      counterAxisSpacing: Math.round(chipSize * 0.5),
      children: b.items.slice(0, 4).map((item, i) => ({
        type: 'frame' as const,
        id: `feature-${i}`,
        layoutMode: 'horizontal' as const,
        paddingTop: Math.round(chipSize * 0.35),
        paddingBottom: Math.round(chipSize * 0.35),
        paddingLeft: Math.round(chipSize * 0.8),
        paddingRight: Math.round(chipSize * 0.8),
        cornerRadius: Math.round(chipSize),
        maxWidth: text.width,
        strokes: [{ color: primary, width: Math.max(1, chipSize * 0.08) }],
        children: [ctx.text(`feature-${i}-text`, item, 'meta', bg, { layoutSizingHorizontal: 'hug', color: ink, maxWidth: Math.max(1, text.width - 1.6 * chipSize), maxLines: 1 })],
      })),
    };
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bg, { color: accentShade })) : [];
    const title = ctx.text('title', titleOf(ctx), 'title', bg, { color: ink });
    const body = ctx.keep(1) ? maybe(b.body, (v) => ctx.text('body', v, 'body', bg, { color: mix(ink, bg, 0.2), maxLines: 5 })) : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, primary));
    const content = ctx.shape === 'strip' ? stripRow(ctx, 'content', text, [title, ...(ctx.keep(1) ? eyebrow : [])], first(cta)) : block(ctx, 'content', text, [...eyebrow, title, ...body, ...(b.items.length && ctx.keep(2) ? [chips] : []), ...cta], { v: 'center' });
    return page(ctx, bg, [...stage, content]);
  },
};

const quote: TemplateDefinition = {
  id: 'quote',
  name: 'Quote',
  description: 'Editorial family: paper, a serif pull quote in italics under an oversized accent quotation mark, hairline rules and the author in small capitals; in landscapes the mark takes its own column.',
  fields: ['body', 'insight', 'title', 'author', 'role'],
  required: ['body', 'author'],
  formats: ['instagram_post', 'instagram_portrait', 'instagram_story', 'linkedin_post'],
  build(ctx) {
    ctx.ratio = 1.3;
    const { paper, ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const words = b.body ?? b.insight ?? b.title ?? b.intent ?? 'Add the quote in the brief body.';
    const attribution = [b.author, ctx.keep(2) ? b.role : undefined].filter(Boolean).join(' · ');
    const markColor = ctx.colorOn('mark', primary, paper, true);
    ctx.contrast.pop();
    const side = ctx.shape === 'landscape' || ctx.shape === 'strip';
    const s = ctx.safe;
    const markSize = Math.round(side ? Math.min(s.height * 0.9, ctx.base * 9) : Math.min(ctx.fontSize('display') * 3, s.height * 0.24));
    const mark = ctx.text('mark', '“', 'display', paper, { color: markColor, fontFamily: ctx.fonts.serif, fontSize: markSize, lineHeight: 0.9, layoutSizingHorizontal: 'hug', maxLines: 1 });
    // Short quotes are set as large as titles; long ones at the quote size.
    const q = ctx.text('quote', words, 'quote', paper, { color: ink, fontFamily: ctx.fonts.serif, fontStyle: 'italic', fontWeight: 500, ...(words.length < 90 ? { fontSize: ctx.fontSize('title') * (words.length < 40 ? 1.15 : 0.95) } : {}) });
    const who = maybe(attribution, (v) => ctx.text('author', v, 'eyebrow', paper, { color: ctx.colorOn('author-c', mix(accent, ink, 0.5), paper, false), maxLines: 3 }));
    const rules = (n: string) => hairline(n, withAlpha(ink, 0.25), Math.max(1, ctx.base * 0.06));
    const frame: IrNode = rect('frame', inset(r4(0, 0, ctx.W, ctx.H), ctx.margin * 0.45), 'transparent', { fills: [], strokes: [{ color: withAlpha(primary, 0.35), width: Math.max(1, ctx.base * 0.08) }] });
    let content: IrNode[];
    if (ctx.shape === 'strip') {
      content = [block(ctx, 'content', avoidLogo(ctx, s), [q, ...(ctx.keep(3) ? who : [])], { v: 'space-between', gap: ctx.base * 0.4 })];
    } else if (side) {
      const col = Math.round(markSize * 1.05);
      content = [block(ctx, 'mark-col', avoidLogo(ctx, r4(s.x, s.y, col, s.height)), [mark], { v: 'min' }), block(ctx, 'content', avoidLogo(ctx, r4(s.x + col + ctx.margin * 0.6, s.y, s.width - col - ctx.margin * 0.6, s.height)), [q, ...(ctx.keep(3) ? [rules('rule'), ...who] : [])], { v: 'center', gap: ctx.base * 0.7 })];
    } else {
      const area = avoidLogo(ctx, inset(s, s.width * 0.02, s.height * 0.04));
      // Tall pages: the mark at the head, the author at the foot, the quote between its rules in the middle.
      const tall = ctx.shape === 'tall' || ctx.shape === 'portrait';
      content = [block(ctx, 'content', area, tall ? [mark, group(ctx, 'words', [rules('rule-top'), q, rules('rule-bottom')], ctx.base * 1.1), ...who] : [mark, rules('rule-top'), q, rules('rule-bottom'), ...who], { v: tall ? 'space-between' : 'center', gap: ctx.base * 1.1 })];
    }
    return page(ctx, paper, [frame, ...content]);
  },
};

const listicle: TemplateDefinition = {
  id: 'listicle',
  name: 'List',
  description: 'Editorial family: a serif title over a numbered list with large accent numerals and hairlines between the items; the title moves to a left column in landscapes.',
  fields: ['title', 'items', 'eyebrow', 'cta'],
  required: ['title', 'items'],
  formats: ['instagram_portrait', 'instagram_post', 'instagram_story'],
  build(ctx) {
    ctx.ratio = 1.3;
    const { paper, ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const bg = mix(paper, '#ffffff', 0.4);
    const all = b.items.length ? b.items : [b.body ?? 'Add items to the brief'];
    const n = ctx.level >= 2 ? Math.min(3, all.length) : ctx.level >= 1 ? Math.min(5, all.length) : Math.min(7, all.length);
    const items = ctx.shape === 'strip' ? [] : all.slice(0, n);
    const numColor = ctx.colorOn('numerals', primary, bg, true);
    ctx.contrast.pop();
    const numSize = ctx.fontSize('subtitle') * 1.3;
    const rows: IrNode[] = [];
    items.forEach((item, i) => {
      if (i) rows.push(hairline(`item-${i}-rule`, withAlpha(ink, 0.18), Math.max(1, ctx.base * 0.05)));
      rows.push({
        type: 'frame',
        id: `item-${i}`,
        layoutMode: 'horizontal',
        layoutSizingHorizontal: 'fill',
        itemSpacing: Math.round(ctx.base * 0.8),
        counterAxisAlignItems: 'center',
        children: [
          ctx.text(`item-${i}-n`, String(i + 1).padStart(2, '0'), 'title', bg, { color: numColor, fontFamily: ctx.fonts.serif, fontSize: numSize, layoutSizingHorizontal: 'hug', maxLines: 1, minWidth: numSize * 1.3 }),
          ctx.text(`item-${i}-text`, item, 'body', bg, { color: ink, maxLines: 2 }),
        ],
      } as IrNode);
    });
    // A tall page gives the list room to breathe rather than leaving it to gaps between the blocks.
    const list = group(ctx, 'list', rows, ctx.base * (ctx.shape === 'tall' ? 0.8 : 0.45));
    // The accent rule is decoration: 3:1 against the page, as WCAG asks of non-text marks.
    const ruleColor = ctx.colorOn('divider-c', accent, bg, true);
    ctx.contrast.pop();
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bg, { color: ctx.colorOn('eyebrow-c', accent, bg, false) })) : [];
    const title = ctx.text('title', titleOf(ctx), 'title', bg, { color: ink, fontFamily: ctx.fonts.serif, fontWeight: 700 });
    const cta = ctx.keep(2) || ctx.shape === 'strip' ? maybe(b.cta, (v) => pill(ctx, 'cta', v, ink, paper)) : [];
    const s = ctx.safe;
    const band = rect('band', r4(0, 0, ctx.W, Math.max(3, ctx.base * 0.3)), primary);
    let content: IrNode[];
    if (ctx.shape === 'strip') content = [stripRow(ctx, 'content', avoidLogo(ctx, s), [...eyebrow, title], first(cta))];
    else if (ctx.shape === 'landscape') {
      const lw = s.width * 0.4;
      content = [
        block(ctx, 'heading', avoidLogo(ctx, r4(s.x, s.y, lw, s.height)), [...eyebrow, title, rule(ctx, 'divider', ruleColor), ...cta], { v: 'center' }),
        block(ctx, 'content', avoidLogo(ctx, r4(s.x + lw + ctx.margin, s.y, s.width - lw - ctx.margin, s.height)), [list], { v: 'center' }),
      ];
    } else if (ctx.shape === 'tall') {
      // Heading, rule and list read as one block (from the top, the button at the foot of the page; centred without one).
      const main = group(ctx, 'main', [group(ctx, 'heading', [...eyebrow, title], ctx.base * 0.5), rule(ctx, 'divider', ruleColor), list], ctx.base * 1.6);
      content = [block(ctx, 'content', avoidLogo(ctx, s), [main, ...cta], { v: cta.length ? 'space-between' : 'center' })];
    } else content = [block(ctx, 'content', avoidLogo(ctx, s), [group(ctx, 'heading', [...eyebrow, title], ctx.base * 0.5), rule(ctx, 'divider', ruleColor), list, ...cta], { v: 'center', gap: ctx.base * 1.2 })];
    return page(ctx, bg, [band, ...content]);
  },
};

const event: TemplateDefinition = {
  id: 'event',
  name: 'Event',
  description: 'Neon family: dark ink over a glowing procedural grid, the date in a neon-outlined mono box, the event name large, venue and agenda with neon bullets; date and name on the left, agenda on the right in landscapes.',
  fields: ['eyebrow', 'title', 'subtitle', 'items', 'cta'],
  required: ['title', 'eyebrow'],
  formats: ['instagram_post', 'instagram_story', 'linkedin_post'],
  build(ctx) {
    const g = neonGround(ctx, 'grid');
    const { ink } = ctx.roles;
    const b = ctx.brief;
    const fs = ctx.fontSize('eyebrow');
    const date: FrameNode | undefined = b.eyebrow && ctx.keep(4)
      ? { type: 'frame', id: 'date-box', layoutMode: 'horizontal', layoutSizingHorizontal: 'hug', paddingTop: Math.round(fs * 0.5), paddingBottom: Math.round(fs * 0.5), paddingLeft: Math.round(fs * 0.8), paddingRight: Math.round(fs * 0.8), strokes: [{ color: g.neon, width: Math.max(1.5, fs * 0.1) }], cornerRadius: Math.round(fs * 0.2), children: [ctx.text('date', b.eyebrow, 'eyebrow', g.on, { color: g.neon, fontFamily: ctx.fonts.mono, textTransform: 'none', maxLines: 7, layoutSizingHorizontal: 'hug', maxWidth: Math.max(1, ctx.safe.width - 2 * fs) })] }
      : undefined;
    const title = ctx.text('title', titleOf(ctx), 'display', g.on, { color: '#ffffff', shadows: [{ x: 0, y: 0, blur: Math.round(ctx.base * 0.8), color: withAlpha(g.neon, 0.45) }] });
    const venue = ctx.keep(2) ? maybe(b.subtitle, (v) => ctx.text('venue', v, 'subtitle', g.on, { color: mix('#ffffff', g.neon, 0.2) })) : [];
    const dot = Math.round(ctx.base * 0.45);
    const agendaItems = ctx.keep(1) && ctx.shape !== 'strip' ? b.items.slice(0, ctx.shape === 'square' || ctx.shape === 'landscape' ? 3 : 5) : [];
    const agenda = agendaItems.map((item, i) => ({ type: 'frame', id: `agenda-${i}`, layoutMode: 'horizontal', layoutSizingHorizontal: 'fill', itemSpacing: Math.round(ctx.base * 0.6), counterAxisAlignItems: 'center', children: [{ type: 'rect', id: `agenda-${i}-dot`, width: dot, height: dot, cornerRadius: dot / 2, fills: [{ type: 'solid', color: g.neon }] }, ctx.text(`agenda-${i}-text`, item, 'body', g.on, { color: '#ffffff', maxLines: 2 })] }) as IrNode);
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, g.neon, ink));
    const s = ctx.safe;
    let content: IrNode[];
    if (ctx.shape === 'strip') content = [stripRow(ctx, 'content', avoidLogo(ctx, s), [...(date ? [date] : []), title], first(cta))];
    else if (ctx.shape === 'landscape' && agenda.length) {
      const lw = s.width * 0.55;
      content = [
        block(ctx, 'content', avoidLogo(ctx, r4(s.x, s.y, lw, s.height)), [date, title, ...venue], { v: 'center' }),
        block(ctx, 'agenda', avoidLogo(ctx, r4(s.x + lw + ctx.margin, s.y, s.width - lw - ctx.margin, s.height)), [...agenda, ...cta], { v: 'center' }),
      ];
    } else content = [block(ctx, 'content', avoidLogo(ctx, s), [date, group(ctx, 'headline', [title, ...venue], ctx.base * 0.6), ...(agenda.length ? [group(ctx, 'agenda', agenda, ctx.base * 0.5)] : []), ...cta], { v: ctx.shape === 'tall' || ctx.shape === 'portrait' ? 'space-between' : 'center', gap: ctx.base * 1.1 })];
    return page(ctx, ink, [...g.nodes, ...content]);
  },
};

const carouselSlide: TemplateDefinition = {
  id: 'carousel-slide',
  name: 'Carousel slide',
  description: 'Pastel family: tinted paper with soft blobs, progress dots and counter on top, an outlined slide number, title and body on a white card; the photo (if any) in a rounded frame. The last slide shows the call to action.',
  fields: ['title', 'body', 'slide_index', 'slide_total', 'cta', 'image'],
  required: ['title', 'slide_index', 'slide_total'],
  formats: ['instagram_post', 'instagram_portrait'],
  build(ctx) {
    const g = pastelGround(ctx);
    const { ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const total = Math.max(1, Math.min(20, b.slideTotal ?? 1));
    const index = Math.max(1, Math.min(total, b.slideIndex ?? 1));
    const dot = Math.max(4, Math.round(ctx.base * 0.4));
    const dots: FrameNode = {
      type: 'frame',
      id: 'progress',
      layoutMode: 'horizontal',
      itemSpacing: Math.round(dot * 0.7),
      counterAxisAlignItems: 'center',
      layoutSizingHorizontal: 'hug',
      children: Array.from({ length: total }, (_, i) => ({ type: 'rect' as const, id: `dot-${i + 1}`, width: i + 1 === index ? dot * 3 : dot, height: dot, cornerRadius: dot / 2, fills: [{ type: 'solid' as const, color: i + 1 === index ? primary : withAlpha(ink, 0.2) }] })),
    };
    const on = pastelOn(ctx, g.bg);
    const header: FrameNode = { type: 'frame', id: 'header', layoutMode: 'horizontal', layoutSizingHorizontal: 'fill', primaryAxisAlignItems: 'space-between', counterAxisAlignItems: 'center', children: [dots, ctx.text('counter', `${index}/${total}`, 'meta', on, { layoutSizingHorizontal: 'hug', fontFamily: ctx.fonts.mono, color: ink })] };
    const card = '#ffffff';
    const last = index === total;
    const num = ctx.text('number', String(index).padStart(2, '0'), 'display', card, { color: ctx.colorOn('number-c', primary, card, true), layoutSizingHorizontal: 'hug', maxLines: 1, fontSize: ctx.fontSize('display') * 1.1 });
    const title = ctx.text('title', titleOf(ctx), 'title', card, { color: ink });
    const body = ctx.keep(1) ? maybe(b.body ?? b.subtitle, (v) => ctx.text('body', v, 'body', card, { color: mix(ink, '#ffffff', 0.2), maxLines: 6 })) : [];
    const footer = last && b.cta ? pill(ctx, 'cta', b.cta, primary) : ctx.keep(2) ? ctx.text('next', 'Swipe →', 'meta', card, { color: ctx.colorOn('next-c', accent, card, false) }) : undefined;
    const s = ctx.safe;
    const pad = Math.round(Math.min(ctx.base * 1.4, s.width * 0.07, s.height * 0.1));
    const asCard = (f: FrameNode): FrameNode => ({ ...f, fills: [{ type: 'solid', color: card }], cornerRadius: Math.round(ctx.base * 1.2), paddingTop: pad, paddingBottom: pad, paddingLeft: pad, paddingRight: pad, shadows: [{ x: 0, y: Math.round(ctx.base * 0.4), blur: Math.round(ctx.base * 1.6), color: withAlpha(ink, 0.12) }] });
    const headerH = Math.round(ctx.fontSize('meta') * 1.6);
    const nodes: IrNode[] = [...g.nodes];
    if (ctx.shape === 'strip') {
      let area = s;
      if (ctx.images.length) {
        const side = Math.round(Math.min(s.height * 1.5, s.width * 0.25));
        nodes.push(...imageSlot(ctx, 'photo', r4(s.x, s.y, side, s.height), ctx.images.slice(0, 1), Math.round(ctx.base * 0.6)));
        area = r4(s.x + side + ctx.base, s.y, s.width - side - ctx.base, s.height);
      }
      nodes.push(asCard(stripRow(ctx, 'content', avoidLogo(ctx, area), [title], footer)));
    } else {
      const top = avoidLogo(ctx, r4(s.x, s.y, s.width, headerH));
      nodes.push(block(ctx, 'top', top, [header], { v: 'center' }));
      const rest = r4(s.x, s.y + headerH + ctx.base, s.width, s.height - headerH - ctx.base);
      let cardRect = rest;
      if (ctx.images.length) {
        const sp = split({ ...ctx, logoRect: undefined } as TemplateContext, 0.5, 'start');
        const horiz = !vertical(ctx);
        const mediaR = horiz ? r4(rest.x, rest.y, rest.width * 0.45, rest.height) : r4(rest.x, rest.y, rest.width, rest.height * (small(ctx) ? 0.3 : 0.42));
        void sp;
        nodes.push(...imageSlot(ctx, 'photo', mediaR, ctx.images, Math.round(ctx.base * 1.2), Math.round(ctx.base * 0.4)));
        cardRect = horiz ? r4(mediaR.x + mediaR.width + ctx.base, rest.y, rest.width - mediaR.width - ctx.base, rest.height) : r4(rest.x, mediaR.y + mediaR.height + ctx.base, rest.width, rest.height - mediaR.height - ctx.base);
      }
      nodes.push(cardIn(ctx, 'content', avoidLogo(ctx, cardRect), [ctx.keep(3) ? num : undefined, title, ...body, footer], asCard));
    }
    return page(ctx, g.bg, nodes);
  },
};

const dataCard: TemplateDefinition = {
  id: 'data-card',
  name: 'Data card',
  description: 'Neon family: a bar chart from `data` ({label, value}) or `items` in glowing accent bars on dark ink with a faint grid, with title, insight and source; title left and chart right in landscapes.',
  fields: ['title', 'data', 'items', 'insight', 'source'],
  required: ['title', 'data'],
  formats: ['instagram_post', 'instagram_portrait', 'linkedin_post'],
  build(ctx) {
    const g = neonGround(ctx, 'grid');
    const { ink, primary } = ctx.roles;
    const b = ctx.brief;
    const rows = dataRows(ctx).slice(0, ctx.shape === 'strip' ? 0 : ctx.level >= 2 ? 3 : 6);
    const max = Math.max(1e-9, ...rows.map((r) => Math.abs(r.value)));
    const s = ctx.safe;
    const horiz = ctx.shape === 'landscape';
    const chartW0 = horiz ? s.width * 0.52 : s.width;
    const lw = s.width - chartW0 - ctx.margin;
    const chartRect = avoidLogo(ctx, horiz ? r4(s.x + lw + ctx.margin, s.y, chartW0, s.height) : s);
    // Bars are sized from the width of the region the chart ends up in (after the logo took its share).
    const chartW = chartRect.width;
    const barH = Math.max(4, Math.round(ctx.base * 0.55));
    const bar2 = ctx.colorOn('bar-2', mix(primary, '#ffffff', 0.35), ink, true);
    ctx.contrast.pop();
    const chart = group(ctx, 'chart', rows.map((r, i) =>
      group(ctx, `row-${i}`, [
        { type: 'frame', id: `row-${i}-labels`, layoutMode: 'horizontal', layoutSizingHorizontal: 'fill', primaryAxisAlignItems: 'space-between', itemSpacing: Math.round(ctx.base * 0.5), children: [ctx.text(`row-${i}-label`, r.label, 'meta', g.on, { color: '#ffffff', maxLines: 1, layoutSizingHorizontal: 'fill' }), ...maybe(r.display, (v) => ctx.text(`row-${i}-value`, v, 'meta', g.on, { color: g.neon, fontFamily: ctx.fonts.mono, layoutSizingHorizontal: 'hug', fontWeight: 700 }))] } as IrNode,
        { type: 'frame', id: `row-${i}-track`, layoutMode: 'horizontal', layoutSizingHorizontal: 'fill', height: barH, cornerRadius: barH / 2, fills: [{ type: 'solid', color: withAlpha('#ffffff', 0.08) }], children: [{ type: 'rect', id: `row-${i}-bar`, width: Math.max(2, (chartW * Math.abs(r.value)) / max), layoutSizingVertical: 'fill', cornerRadius: barH / 2, fills: [{ type: 'solid', color: i === 0 ? g.neon : bar2 }], shadows: i === 0 ? [{ x: 0, y: 0, blur: barH, color: withAlpha(g.neon, 0.5) }] : undefined }] } as IrNode,
      ], ctx.base * 0.3),
    ), ctx.base * 0.8);
    const title = ctx.text('title', titleOf(ctx), 'title', g.on, { color: '#ffffff' });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', g.on, { color: g.neon, fontFamily: ctx.fonts.mono })) : [];
    const insight = ctx.keep(1) ? maybe(b.insight, (v) => ctx.text('insight', v, 'subtitle', g.on, { color: g.neon, fontWeight: 700 })) : [];
    const source = ctx.keep(2) ? maybe(b.source, (v) => ctx.text('source', `Source: ${v}`, 'meta', g.on, { color: mix('#ffffff', ink, 0.3) })) : [];
    let content: IrNode[];
    if (ctx.shape === 'strip') content = [stripRow(ctx, 'content', avoidLogo(ctx, s), [...eyebrow, title], first(insight))];
    else if (horiz) {
      content = [block(ctx, 'content', avoidLogo(ctx, r4(s.x, s.y, lw, s.height)), [...eyebrow, title, ...insight, ...source], { v: 'center' }), block(ctx, 'chart-area', chartRect, [chart], { v: 'center' })];
    } else content = [block(ctx, 'content', chartRect, [group(ctx, 'heading', [...eyebrow, title, ...insight], ctx.base * 0.5), chart, ...source], { v: ctx.shape === 'tall' ? 'space-between' : 'center', gap: ctx.base * 1.4 })];
    return page(ctx, ink, [...g.nodes, ...content]);
  },
};

const testimonial: TemplateDefinition = {
  id: 'testimonial',
  name: 'Testimonial',
  description: 'Pastel family: a white card with a soft shadow holding the star rating, the words and the author, with a round portrait (the image) or initials disc; portrait and name on the left in landscapes.',
  fields: ['body', 'author', 'role', 'title', 'image'],
  required: ['body', 'author'],
  formats: ['instagram_post', 'linkedin_post', 'facebook_post'],
  build(ctx) {
    const g = pastelGround(ctx);
    const { ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const card = '#ffffff';
    const on = pastelOn(ctx, g.bg);
    const s = ctx.safe;
    const last = !ctx.keep(3);
    const av = Math.round(last ? ctx.fontSize('cta') * 2 : Math.min(ctx.base * (ctx.shape === 'strip' ? 2.2 : 3.4), ctx.shape === 'strip' ? s.height * 0.7 : s.height * 0.3, s.width * 0.3));
    const avatar: IrNode = ctx.images.length
      ? { ...photo(ctx, 'avatar', r4(0, 0, av, av), ctx.images[0]), layoutPositioning: 'auto', cornerRadius: av / 2 } as IrNode
      : ({ type: 'frame', id: 'avatar', width: av, height: av, cornerRadius: av / 2, layoutMode: 'horizontal', primaryAxisAlignItems: 'center', counterAxisAlignItems: 'center', fills: [{ type: 'solid', color: primary }], children: [ctx.text('initials', (b.author ?? 'A').split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase(), 'cta', primary, { color: ctx.colorOn('initials-c', '#ffffff', primary, false), layoutSizingHorizontal: 'hug', fontSize: Math.max(ctx.minBody, av * 0.36), maxLines: 1 })] } as IrNode);
    const stars = ctx.text('stars', '★★★★★', 'cta', card, { color: ctx.colorOn('stars-c', '#f59e0b', card, true), letterSpacing: ctx.base * 0.15, layoutSizingHorizontal: 'hug', maxLines: 1 });
    const words = ctx.text('quote', b.body ?? b.insight ?? titleOf(ctx), 'quote', card, { color: ink, maxLines: ctx.W < 400 ? 16 : 8, fontWeight: 600 });
    const who = group(ctx, 'who', [...maybe(b.author, (v) => ctx.text('author', v, 'cta', card, { color: ink, maxLines: 3 })), ...(ctx.keep(2) ? maybe(b.role, (v) => ctx.text('role', v, 'meta', card, { color: mix(ink, '#ffffff', 0.3) })) : [])], ctx.base * 0.15);
    const person: FrameNode = { type: 'frame', id: 'person', layoutMode: 'horizontal', layoutSizingHorizontal: 'fill', itemSpacing: Math.round(ctx.base * 0.7), counterAxisAlignItems: 'center', children: [avatar, who] };
    const pad = Math.round(Math.min(ctx.base * 1.6, s.width * 0.07, s.height * 0.1));
    const asCard = (f: FrameNode): FrameNode => ({ ...f, fills: [{ type: 'solid', color: card }], cornerRadius: Math.round(ctx.base * 1.2), paddingTop: pad, paddingBottom: pad, paddingLeft: pad, paddingRight: pad, shadows: [{ x: 0, y: Math.round(ctx.base * 0.5), blur: Math.round(ctx.base * 2), color: withAlpha(ink, 0.14) }] });
    const heading = ctx.keep(2) ? maybe(b.title, (v) => ctx.text('title', v, 'title', on, { color: ink, fontSize: ctx.fontSize('title') * 0.75 })) : [];
    const mark = ctx.text('mark', '“', 'display', card, { color: ctx.colorOn('mark-c', accent, card, true), fontFamily: ctx.fonts.serif, fontSize: ctx.fontSize('display') * 1.2, lineHeight: 0.8, maxLines: 1, layoutSizingHorizontal: 'hug' });
    const nodes: IrNode[] = [...g.nodes];
    if (ctx.shape === 'strip') nodes.push(asCard(last ? stripRow(ctx, 'content', avoidLogo(ctx, s), [words, who], avatar) : stripRow(ctx, 'content', avoidLogo(ctx, s), [words], person)));
    else if (ctx.shape === 'landscape') {
      const lw = s.width * 0.34;
      nodes.push(block(ctx, 'aside', avoidLogo(ctx, r4(s.x, s.y, lw, s.height)), [...heading, person], { v: 'center' }));
      nodes.push(asCard(block(ctx, 'content', avoidLogo(ctx, r4(s.x + lw + ctx.margin, s.y, s.width - lw - ctx.margin, s.height)), [mark, stars, words], { v: 'center' })));
    } else {
      const area = avoidLogo(ctx, s);
      const hh = heading.length ? Math.round(area.height * 0.22) : 0;
      if (hh) nodes.push(block(ctx, 'heading', r4(area.x, area.y, area.width, hh), heading, { v: 'center' }));
      // At the last content level (small banners, long words) the card keeps the words and a small portrait with the name.
      nodes.push(cardIn(ctx, 'content', r4(area.x, area.y + hh, area.width, area.height - hh), last ? [words, person] : [mark, stars, words, hairline('rule', withAlpha(ink, 0.12)), person], asCard));
    }
    return page(ctx, g.bg, nodes);
  },
};

const statHighlight: TemplateDefinition = {
  id: 'stat-highlight',
  name: 'Big number',
  description: 'Neon family: one striking figure in glowing accent on dark ink with a halftone disc, what it means and its source; figure left and words right in landscapes and strips.',
  fields: ['insight', 'title', 'body', 'source', 'data'],
  required: ['insight', 'title'],
  formats: ['instagram_post', 'instagram_story', 'x_post'],
  build(ctx) {
    const { ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const neon = ctx.colorOn('neon', mix(accent, '#ffffff', 0.15), ink, true);
    ctx.contrast.pop();
    const first0 = dataRows(ctx)[0];
    const figure = b.insight ?? (b.data.length ? first0.display : undefined) ?? '100%';
    const side = ctx.shape === 'landscape' || ctx.shape === 'strip';
    // A halftone disc bleeding off the top right corner; the words stay below it (beside it in landscapes).
    const R = side ? ctx.H * 0.45 : ctx.short * 0.26;
    const deco = [proc(ctx, 'disc', side ? r4(ctx.W - R * 1.3, ctx.H - R * 1.3, 2 * R, 2 * R) : r4(ctx.W - R * 1.3, -R * 0.7, 2 * R, 2 * R), 'halftone', [ink, primary, accent], { cornerRadius: Math.round(R), opacity: 0.7 })];
    const on = [ink];
    const s0 = ctx.safe;
    const discBottom = R * 1.3 + ctx.margin * 0.5;
    const s = side ? r4(s0.x, s0.y, Math.min(s0.width, ctx.W - R * 1.3 - ctx.margin * 1.5 - s0.x), s0.height) : r4(s0.x, Math.max(s0.y, discBottom), s0.width, s0.y + s0.height - Math.max(s0.y, discBottom));
    const figSize = side ? Math.min(s.height * (ctx.shape === 'strip' ? 0.62 : 0.5), s.width * 0.5 / Math.max(1, figure.length * 0.62)) : Math.min(ctx.fontSize('stat') * 1.2, s.width / Math.max(2, figure.length * 0.62));
    const fig = ctx.text('figure', figure, 'stat', on, { color: neon, fontSize: Math.round(figSize), maxLines: 1, layoutSizingHorizontal: side ? 'hug' : 'fill', shadows: [{ x: 0, y: 0, blur: Math.round(ctx.base), color: withAlpha(neon, 0.5) }] });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', on, { color: neon, fontFamily: ctx.fonts.mono })) : [];
    const title = ctx.text('title', titleOf(ctx), 'subtitle', on, { color: '#ffffff', fontWeight: 700, maxLines: 8, fontSize: ctx.fontSize('subtitle') * 1.2 * Math.max(0.7, ctx.k) });
    const body = ctx.keep(1) ? maybe(b.body, (v) => ctx.text('body', v, 'body', on, { color: mix('#ffffff', ink, 0.22), maxLines: 5 })) : [];
    const source = ctx.keep(2) ? maybe(b.source, (v) => ctx.text('source', `Source: ${v}`, 'meta', on, { color: mix('#ffffff', ink, 0.35) })) : [];
    const area = avoidLogo(ctx, s);
    let content: IrNode;
    if (side) content = { type: 'frame', id: 'content', layoutMode: 'horizontal', ...area, layoutPositioning: 'absolute', itemSpacing: Math.round(ctx.margin), counterAxisAlignItems: 'center', children: [fig, group(ctx, 'words', [...eyebrow, title, ...(ctx.shape === 'strip' ? [] : [...body, ...source])], ctx.base * 0.6)] } as FrameNode;
    else content = block(ctx, 'content', area, [...eyebrow, fig, rule(ctx, 'divider', neon), title, ...body, ...source], { v: ctx.shape === 'tall' ? 'center' : 'center', gap: ctx.base * 1.0 });
    return page(ctx, ink, [...deco, rect('veil', r4(0, 0, ctx.W, ctx.H), withAlpha(ink, 0)), content]);
  },
};

const tip: TemplateDefinition = {
  id: 'tip',
  name: 'Tip card',
  description: 'Pastel family: a white note card with an accent spine, a "Tip" badge and a question-mark disc, the tip as title and body, the brand or website underneath.',
  fields: ['eyebrow', 'title', 'body', 'website'],
  required: ['body'],
  formats: ['instagram_post', 'instagram_portrait'],
  build(ctx) {
    const g = pastelGround(ctx);
    const { ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const card = '#ffffff';
    const on = pastelOn(ctx, g.bg);
    const s = ctx.safe;
    const disc = Math.round(Math.min(ctx.base * 3, s.height * 0.5));
    const qm: FrameNode = { type: 'frame', id: 'icon', width: disc, height: disc, cornerRadius: disc / 2, layoutMode: 'horizontal', primaryAxisAlignItems: 'center', counterAxisAlignItems: 'center', fills: [{ type: 'solid', color: accent }], children: [ctx.text('icon-glyph', '?', 'title', accent, { color: ctx.colorOn('icon-c', '#ffffff', accent, true), fontSize: Math.max(ctx.minBody * 1.2, disc * 0.55), layoutSizingHorizontal: 'hug', maxLines: 1, lineHeight: 1 })] };
    const tag = badge(ctx, 'eyebrow', (ctx.keep(2) && b.eyebrow) || 'Tip', primary, ctx.colorOn('tag-c', '#ffffff', primary, false));
    const title = ctx.text('title', titleOf(ctx), 'title', card, { color: ink, fontSize: ctx.fontSize('title') * 0.8 });
    const body = ctx.keep(1) ? maybe(b.body, (v) => ctx.text('body', v, 'body', card, { color: mix(ink, '#ffffff', 0.15) })) : [];
    const site = ctx.keep(2) ? maybe(b.website ?? b.brandName, (v) => ctx.text('website', v, 'meta', on, { color: ink, textAlign: 'center' })) : [];
    const pad = Math.round(Math.min(ctx.base * 1.6, s.width * 0.07, s.height * 0.1));
    const spine = Math.max(3, Math.round(ctx.base * 0.35));
    const asCard = (f: FrameNode): FrameNode => ({ ...f, fills: [{ type: 'solid', color: card }], strokes: [{ color: primary, width: spine, align: 'inside' }], cornerRadius: Math.round(ctx.base * 0.9), paddingTop: pad, paddingBottom: pad, paddingLeft: pad + spine, paddingRight: pad, shadows: [{ x: 0, y: Math.round(ctx.base * 0.5), blur: Math.round(ctx.base * 2), color: withAlpha(ink, 0.12) }] });
    const head: FrameNode = { type: 'frame', id: 'card-head', layoutMode: 'horizontal', layoutSizingHorizontal: 'fill', primaryAxisAlignItems: 'space-between', counterAxisAlignItems: 'center', children: [tag, ...(ctx.keep(3) ? [qm] : [])] };
    const nodes: IrNode[] = [...g.nodes];
    if (ctx.shape === 'strip') nodes.push(asCard(stripRow(ctx, 'content', avoidLogo(ctx, s), [title], tag)));
    else {
      const area = avoidLogo(ctx, s);
      const sh = site.length ? Math.round(ctx.fontSize('meta') * 2.4) : 0;
      nodes.push(cardIn(ctx, 'content', r4(area.x, area.y, area.width, area.height - sh), [head, title, ...body], asCard, ctx.base));
      if (sh) nodes.push(block(ctx, 'footer', r4(area.x, area.y + area.height - sh, area.width, sh), site, { v: 'max', align: 'center' }));
    }
    void on;
    return page(ctx, g.bg, nodes);
  },
};

export const TEMPLATES: TemplateDefinition[] = [
  squarePost,
  story,
  landscapeBanner,
  quote,
  announcement,
  product,
  event,
  carouselSlide,
  dataCard,
  listicle,
  testimonial,
  statHighlight,
  minimalType,
  tip,
];

export interface TemplateInfo {
  id: string;
  name: string;
  description: string;
  fields: string[];
  required: string[];
  /** Named formats (`NAMED_FORMATS`) the template is designed for, best first. */
  formats: string[];
}

export function listTemplates(): TemplateInfo[] {
  return TEMPLATES.map(({ id, name, description, fields, required, formats }) => ({ id, name, description, fields, required, formats }));
}

export function getTemplate(id: string): TemplateDefinition | undefined {
  return TEMPLATES.find((t) => t.id === id);
}

/**
 * Turns a brief and a brand kit into an IR for the requested format: text fitted (font scale
 * lowered until nothing overflows), contrast checked and adjusted, choices seeded.
 */
export async function buildTemplate(id: string, input: TemplateInput = {}): Promise<TemplateResult> {
  const def = getTemplate(id);
  if (!def) throw new TemplateInputError('template', `unknown template "${id}"; expected one of ${TEMPLATES.map((t) => t.id).join(', ')}`);
  const format = resolveFormat((input.format as never) ?? input.brief?.format);
  for (const side of ['width', 'height'] as const) {
    const v = format[side];
    if (!Number.isInteger(v) || v < 1 || v > MAX_PAGE_SIDE) throw new TemplateInputError(`format.${side}`, `must be an integer from 1 to ${MAX_PAGE_SIDE} (got ${v})`);
  }
  return runTemplate(def, input, format);
}

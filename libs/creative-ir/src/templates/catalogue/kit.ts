import { over, withAlpha } from '../../color/color';
import { resolvePalette } from '../../procedural/procedural';
import type { FrameNode, IrDocument, IrNode, Paint, ProceduralStyleId, TextNode } from '../../schema/ir-schema';
import { logoNode, type ImageRef, type Rect, type TemplateContext } from '../engine';

/* What the catalogue's families share: regions of the page, nodes, text blocks and media slots. */

/* ---------- geometry ---------- */

export const r4 = (x: number, y: number, width: number, height: number): Rect => ({
  x: Math.round(x),
  y: Math.round(y),
  width: Math.max(1, Math.round(width)),
  height: Math.max(1, Math.round(height)),
});

export const inset = (r: Rect, l: number, t = l, rr = l, b = t): Rect => r4(r.x + l, r.y + t, r.width - l - rr, r.height - t - b);

/** Display banners under 120,000 px (300x250, 160x600, 728x90): media slots give text more room. */
export const small = (ctx: TemplateContext) => ctx.W * ctx.H < 120_000;

export const vertical = (ctx: TemplateContext) => ctx.shape === 'tall' || ctx.shape === 'portrait' || ctx.shape === 'square';

/** The largest part of `r` clear of the logo (with a gap): above, below, left or right of it. */
export function avoidLogo(ctx: TemplateContext, r: Rect): Rect {
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
export function split(ctx: TemplateContext, share: number, mediaAt: 'start' | 'end' = 'start', axis?: 'x' | 'y'): { media: Rect; text: Rect } {
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

export function page(ctx: TemplateContext, background: string | Paint, children: IrNode[]): IrDocument {
  return {
    version: 1,
    width: ctx.W,
    height: ctx.H,
    background,
    lang: ctx.lang,
    root: { type: 'frame', id: 'root', name: 'Page', width: ctx.W, height: ctx.H, clipContent: true, children: [...children, ...logoNode(ctx)] },
  };
}

export function photo(ctx: TemplateContext, id: string, r: Rect, img: ImageRef, extra: Record<string, unknown> = {}): IrNode {
  return {
    type: 'image',
    id,
    name: 'Photo',
    src: img.src,
    fit: 'cover',
    ...(img.focal ? { focalPoint: img.focal } : {}),
    ...r,
    layoutPositioning: 'absolute',
    ...extra,
  } as IrNode;
}

export function proc(ctx: TemplateContext, id: string, r: Rect, style: ProceduralStyleId, palette: string[], extra: Record<string, unknown> = {}): IrNode {
  return {
    type: 'procedural',
    id,
    name: 'Texture',
    style,
    seed: ctx.seed,
    density: 1,
    phase: 0,
    palette: resolvePalette({ style, seed: ctx.seed, palette }),
    ...r,
    layoutPositioning: 'absolute',
    ...extra,
  } as IrNode;
}

export function rect(id: string, r: Rect, fill: string | Paint, extra: Record<string, unknown> = {}): IrNode {
  return {
    type: 'rect',
    id,
    ...r,
    fills: [typeof fill === 'string' ? { type: 'solid', color: fill } : fill],
    layoutPositioning: 'absolute',
    ...extra,
  } as IrNode;
}

export function circle(id: string, cx: number, cy: number, radius: number, fill: string | null, extra: Record<string, unknown> = {}): IrNode {
  return {
    type: 'ellipse',
    id,
    x: Math.round(cx - radius),
    y: Math.round(cy - radius),
    width: Math.round(2 * radius),
    height: Math.round(2 * radius),
    ...(fill ? { fills: [{ type: 'solid', color: fill }] } : {}),
    layoutPositioning: 'absolute',
    ...extra,
  } as IrNode;
}

export const linear = (angle: number, ...colors: string[]): Paint => ({
  type: 'linear-gradient',
  angle,
  stops: colors.map((color, i) => ({ offset: i / Math.max(1, colors.length - 1), color })),
});

/** What text sees through a scrim of `color` at `alpha` over anything (white and black extremes). */
export const throughScrim = (color: string, alpha: number) => [over(withAlpha(color, alpha), '#ffffff'), over(withAlpha(color, alpha), '#000000')];

export function pill(ctx: TemplateContext, id: string, label: string, fill: string, preferred?: string, extra: Partial<FrameNode> = {}): FrameNode {
  const fs = ctx.fontSize('cta');
  const color = ctx.colorOn(
    `${id}-label`,
    preferred ?? (ctx.colorOn(`${id}-probe`, '#ffffff', fill, false) === '#ffffff' ? '#ffffff' : ctx.roles.ink),
    fill,
    false,
  );
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

export function badge(ctx: TemplateContext, id: string, label: string, fill: string, preferred?: string): FrameNode {
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
    children: [
      ctx.text(id, label, 'eyebrow', fill, { color: preferred ?? '#ffffff', layoutSizingHorizontal: 'hug', maxWidth: Math.max(1, ctx.safe.width - 2 * fs) }),
    ],
  };
}

export function rule(ctx: TemplateContext, id: string, color: string, length = ctx.fontSize('title') * 1.3, thick = Math.max(2, ctx.base * 0.16)): IrNode {
  return {
    type: 'rect',
    id,
    name: 'Divider',
    width: Math.round(length),
    height: Math.round(thick),
    cornerRadius: Math.round(thick / 2),
    fills: [{ type: 'solid', color }],
  } as IrNode;
}

export function hairline(id: string, color: string, thick = 1): IrNode {
  return {
    type: 'rect',
    id,
    name: 'Rule',
    height: Math.max(1, Math.round(thick)),
    layoutSizingHorizontal: 'fill',
    fills: [{ type: 'solid', color }],
  } as IrNode;
}

export interface BlockOpts {
  align?: 'start' | 'center';
  v?: 'min' | 'center' | 'max' | 'space-between';
  gap?: number;
}

/** Pills and badges (hugging their label) may be as wide as the region they end up in, on one line (copy too long is shortened: `shortenBadges`). */
export function constrain(node: IrNode, width: number): IrNode {
  if (node.type !== 'frame') return node;
  if (node.name === 'Call to action' || node.name === 'Badge') {
    const pad = (node.paddingLeft ?? 0) + (node.paddingRight ?? 0);
    return {
      ...node,
      maxWidth: Math.max(1, width),
      children: node.children?.map((c) => (c.type === 'text' ? { ...c, maxWidth: Math.max(1, width - pad), maxLines: 1 } : c)),
    };
  }
  return { ...node, children: node.children?.map((c) => constrain(c, width - (node.paddingLeft ?? 0) - (node.paddingRight ?? 0))) };
}

/**
 * A text region kept within the safe area's left and right edges on strips, whose side margins are wider than
 * the margin their height gives (regions computed from `ctx.margin` would bring text within 4% of an end).
 */
export function withinSides(ctx: TemplateContext, r: Rect): Rect {
  if (ctx.shape !== 'strip') return r;
  const x0 = Math.max(r.x, ctx.safe.x);
  const x1 = Math.min(r.x + r.width, ctx.safe.x + ctx.safe.width);
  return x1 - x0 >= 1 ? r4(x0, r.y, x1 - x0, r.height) : r;
}

/** A vertical text block in a region (text nodes fill its width). */
export function block(ctx: TemplateContext, id: string, r0: Rect, nodes: (IrNode | undefined | false)[], o: BlockOpts = {}): FrameNode {
  const r = withinSides(ctx, r0);
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
    children: kids.map((k) =>
      k.type === 'text' ? ({ ...k, textAlign: (k as TextNode).textAlign ?? (center ? 'center' : 'start') } as IrNode) : constrain(k, r.width),
    ),
  };
}

/** A group inside a block (keeps a tighter spacing between its members). */
export function group(
  ctx: TemplateContext,
  id: string,
  nodes: (IrNode | undefined | false)[],
  gap = ctx.base * 0.45,
  align: 'start' | 'center' = 'start',
): FrameNode {
  return {
    type: 'frame',
    id,
    layoutMode: 'vertical',
    layoutSizingHorizontal: 'fill',
    itemSpacing: Math.round(gap),
    counterAxisAlignItems: align === 'center' ? 'center' : 'min',
    children: (nodes.filter(Boolean) as IrNode[]).map((k) =>
      k.type === 'text' ? ({ ...k, textAlign: (k as TextNode).textAlign ?? (align === 'center' ? 'center' : 'start') } as IrNode) : k,
    ),
  };
}

/** Strips (728x90, 970x250): the text block beside the call to action, in one row. */
export function stripRow(ctx: TemplateContext, id: string, r0: Rect, text: (IrNode | undefined | false)[], cta?: IrNode): FrameNode {
  const r = withinSides(ctx, r0);
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
      {
        type: 'frame',
        id: `${id}-text`,
        layoutMode: 'vertical',
        layoutSizingHorizontal: 'fill',
        itemSpacing: Math.round(ctx.base * 0.3),
        children: text.filter(Boolean) as IrNode[],
      },
      // Nearly half the row: the side margins took some of the width a button needs to stay on one line. At the last
      // content level (nothing fitted with it) a button gives its width to the headline, named in `warnings`; what
      // other templates put there (testimonial's portrait) stays.
      // Where the headline is down to its smallest sizes (k under 0.45) a button gets a third of the row: its copy is
      // shortened at a word boundary (named in `warnings`) rather than the headline set under STRIP_TITLE_MIN_PX.
      ...(cta && (ctx.keep(3) || !/^cta/.test(cta.id ?? '')) ? [constrain(cta, r.width * (ctx.k < 0.45 && /^cta/.test(cta.id ?? '') ? 0.32 : 0.46))] : []),
    ],
  };
}

/* ---------- text ---------- */

export const titleOf = (ctx: TemplateContext) => ctx.brief.title ?? ctx.brief.intent ?? ctx.brief.brandName ?? ctx.labels.headline;

export const maybe = <V, T>(value: V | undefined | null, build: (v: NonNullable<V>) => T): T[] => (value ? [build(value as NonNullable<V>)] : []);

export const first = <T>(xs: T[]): T | undefined => xs[0];

/* ---------- media slots ---------- */

/** Media slot shares (of the page's long axis) per shape, for split layouts. */
export const SHARE = { tall: 0.5, portrait: 0.46, square: 0.46, landscape: 0.46, strip: 0.3 } as const;

/** An image slot: one photo, or a grid of up to four. */
export function imageSlot(ctx: TemplateContext, id: string, r: Rect, imgs: ImageRef[], radius = 0, gap = 0): IrNode[] {
  if (imgs.length <= 1 || r.width * r.height < ctx.W * ctx.H * 0.12)
    return imgs.length ? [photo(ctx, id, r, imgs[0], radius ? { cornerRadius: radius } : {})] : [];
  const n = Math.min(4, imgs.length);
  const wide = r.width >= r.height;
  const cells: Rect[] = [];
  if (n === 2)
    for (let i = 0; i < 2; i++)
      cells.push(
        wide
          ? r4(r.x + (i * (r.width + gap)) / 2, r.y, (r.width - gap) / 2, r.height)
          : r4(r.x, r.y + (i * (r.height + gap)) / 2, r.width, (r.height - gap) / 2),
      );
  else if (n === 3) {
    const big = wide ? r4(r.x, r.y, (r.width - gap) * 0.6, r.height) : r4(r.x, r.y, r.width, (r.height - gap) * 0.6);
    cells.push(big);
    const rest = wide
      ? r4(big.x + big.width + gap, r.y, r.width - big.width - gap, r.height)
      : r4(r.x, big.y + big.height + gap, r.width, r.height - big.height - gap);
    for (let i = 0; i < 2; i++)
      cells.push(
        wide
          ? r4(rest.x, rest.y + (i * (rest.height + gap)) / 2, rest.width, (rest.height - gap) / 2)
          : r4(rest.x + (i * (rest.width + gap)) / 2, rest.y, (rest.width - gap) / 2, rest.height),
      );
  } else
    for (let i = 0; i < 4; i++)
      cells.push(r4(r.x + ((i % 2) * (r.width + gap)) / 2, r.y + (Math.floor(i / 2) * (r.height + gap)) / 2, (r.width - gap) / 2, (r.height - gap) / 2));
  return cells.map((c, i) => photo(ctx, `${id}-${i + 1}`, c, imgs[i], radius ? { cornerRadius: radius } : {}));
}

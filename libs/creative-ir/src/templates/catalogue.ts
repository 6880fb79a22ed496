import { contrastRatio, mix, over, readableOn, withAlpha } from '../color/color';
import { TemplateInputError } from '../errors';
import { resolvePalette } from '../procedural/procedural';
import { MAX_PAGE_SIDE, type FrameNode, type IrDocument, type IrNode, type Paint, type ProceduralStyleId } from '../schema/ir-schema';
import { resolveFormat } from './brief';
import { contentPadding, logoNode, runTemplate, type TemplateContext, type TemplateDefinition, type TemplateInput, type TemplateResult } from './engine';

/* ---------- building blocks ---------- */

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

function column(ctx: TemplateContext, id: string, children: IrNode[], opts: Partial<FrameNode> = {}): FrameNode {
  return {
    type: 'frame',
    id,
    layoutMode: 'vertical',
    x: 0,
    y: 0,
    width: ctx.W,
    height: ctx.H,
    itemSpacing: Math.round(28 * ctx.u),
    primaryAxisAlignItems: 'center',
    counterAxisAlignItems: 'min',
    ...contentPadding(ctx),
    ...opts,
    children: children.filter(Boolean),
  };
}

function stack(ctx: TemplateContext, id: string, children: IrNode[], opts: Partial<FrameNode> = {}): FrameNode {
  return { type: 'frame', id, layoutMode: 'vertical', layoutSizingHorizontal: 'fill', itemSpacing: Math.round(24 * ctx.u), ...opts, children: children.filter(Boolean) };
}

function pill(ctx: TemplateContext, id: string, label: string, on: string[], fill = ctx.scheme.accent): FrameNode {
  const u = ctx.u;
  // Buttons read best in black or white on their fill; hold them to the 4.5:1 body-text minimum.
  const textColor = ctx.colorOn(`${id}-label`, fill === ctx.scheme.accent ? ctx.scheme.onAccent : readableOn(fill), fill, false);
  void on;
  return {
    type: 'frame',
    id,
    name: 'Call to action',
    layoutMode: 'horizontal',
    paddingTop: Math.round(20 * u),
    paddingBottom: Math.round(20 * u),
    paddingLeft: Math.round(40 * u),
    paddingRight: Math.round(40 * u),
    cornerRadius: Math.round(999 * u),
    counterAxisAlignItems: 'center',
    maxWidth: ctx.W - 2 * ctx.margin,
    fills: [{ type: 'solid', color: fill }],
    children: [{ ...ctx.text(`${id}-text`, label, 'cta', fill, { color: textColor, layoutSizingHorizontal: 'hug', maxWidth: ctx.W - 2 * ctx.margin - 80 * u }) }],
  };
}

interface Backdrop {
  nodes: IrNode[];
  /** Colors that may sit behind text (for contrast checks). */
  behind: string[];
  background: string | Paint;
}

function solidBackdrop(ctx: TemplateContext, color = ctx.scheme.bg): Backdrop {
  return { nodes: [], behind: [color], background: color };
}

function gradientBackdrop(ctx: TemplateContext): Backdrop {
  const a = ctx.scheme.bg;
  const b = mix(ctx.scheme.bg, ctx.scheme.colors[1] ?? ctx.scheme.accent, 0.35);
  return {
    nodes: [],
    behind: [a, b, mix(a, b, 0.5)],
    background: { type: 'linear-gradient', angle: ctx.pick([135, 160, 200]), stops: [{ offset: 0, color: a }, { offset: 1, color: b }] },
  };
}

function proceduralBackdrop(ctx: TemplateContext, style: ProceduralStyleId, scrim = 0.55, box?: { x: number; y: number; width: number; height: number }): Backdrop {
  const palette = ctx.scheme.colors.length >= 2 ? [ctx.scheme.bg, ...ctx.scheme.colors.filter((c) => c !== ctx.scheme.bg)] : undefined;
  const pal = resolvePalette({ style, seed: ctx.seed, palette });
  const b = box ?? { x: 0, y: 0, width: ctx.W, height: ctx.H };
  const nodes: IrNode[] = [
    { type: 'procedural', id: 'backdrop', name: 'Background', style, seed: ctx.seed, density: 1, phase: 0, palette: pal, ...b, layoutPositioning: 'absolute' },
  ];
  const scrimColor = ctx.scheme.bg;
  // Raise the scrim until the scheme's text reads on every palette color behind it.
  const worst = (c: string, a: number) => Math.min(...pal.map((p) => contrastRatio(c, over(withAlpha(scrimColor, a), p))));
  while (scrim < 0.95 && (worst(ctx.scheme.text, scrim) < 7 || worst(ctx.scheme.muted, scrim) < 4.5)) scrim = Math.min(0.95, scrim + 0.05);
  scrim = +scrim.toFixed(2);
  if (scrim > 0) nodes.push({ type: 'rect', id: 'scrim', name: 'Scrim', ...b, fills: [{ type: 'solid', color: scrimColor, opacity: scrim }], layoutPositioning: 'absolute' });
  return { nodes, behind: pal.map((c) => over(withAlpha(scrimColor, scrim), c)), background: ctx.scheme.bg };
}

function anyBackdrop(ctx: TemplateContext): Backdrop {
  const kind = ctx.pick(['solid', 'gradient', 'procedural'] as const);
  if (kind === 'solid') return solidBackdrop(ctx);
  if (kind === 'gradient') return gradientBackdrop(ctx);
  return proceduralBackdrop(ctx, ctx.pick(['mesh', 'blobs', 'waves', 'grain'] as const), 0.6);
}

const title = (ctx: TemplateContext) => ctx.brief.title ?? ctx.brief.intent ?? ctx.brief.brandName ?? 'Your headline here';
const maybe = <V, T>(value: V | undefined | null, build: (v: NonNullable<V>) => T): T[] => (value ? [build(value as NonNullable<V>)] : []);

/* ---------- templates ---------- */

const squarePost: TemplateDefinition = {
  id: 'square-post',
  name: 'Social post',
  description: 'Headline-led post: eyebrow, title, supporting line and a call-to-action pill.',
  fields: ['title', 'eyebrow', 'subtitle', 'body', 'cta'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_portrait', 'facebook_post', 'linkedin_post'],
  build(ctx) {
    const bd = anyBackdrop(ctx);
    const align = ctx.pick(['left', 'center'] as const);
    const b = ctx.brief;
    const col = column(
      ctx,
      'content',
      [
        ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bd.behind, { textAlign: align })),
        ctx.text('title', title(ctx), 'title', bd.behind, { textAlign: align }),
        ...maybe(b.subtitle ?? b.body, (v) => ctx.text('subtitle', v, 'subtitle', bd.behind, { textAlign: align, color: ctx.scheme.muted })),
        ...maybe(b.cta, (v) => pill(ctx, 'cta', v, bd.behind)),
      ],
      { counterAxisAlignItems: align === 'center' ? 'center' : 'min', primaryAxisAlignItems: ctx.pick(['center', 'max'] as const) },
    );
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const story: TemplateDefinition = {
  id: 'story',
  name: 'Story',
  description: 'Full-bleed procedural background, big title block at the top and the call to action at the bottom.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta', 'website'],
  required: ['title'],
  formats: ['instagram_story', 'instagram_portrait'],
  build(ctx) {
    const bd = proceduralBackdrop(ctx, ctx.pick(['aurora', 'mesh', 'waves', 'blobs'] as const), 0.5);
    const b = ctx.brief;
    const top = stack(ctx, 'top', [
      ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bd.behind)),
      ctx.text('title', title(ctx), 'title', bd.behind),
      ...maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'subtitle', bd.behind)),
    ]);
    const bottom = stack(ctx, 'bottom', [
      ...maybe(b.cta, (v) => pill(ctx, 'cta', v, bd.behind)),
      ...maybe(b.website ?? b.brandName, (v) => ctx.text('website', v, 'meta', bd.behind)),
    ]);
    return page(ctx, bd.background, [...bd.nodes, column(ctx, 'content', [top, bottom], { primaryAxisAlignItems: 'space-between' })]);
  },
};

const landscapeBanner: TemplateDefinition = {
  id: 'landscape-banner',
  name: 'Landscape banner',
  description: 'Text column beside a procedural art panel; the panel moves on top in tall formats.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta'],
  required: ['title'],
  formats: ['x_post', 'facebook_post', 'linkedin_post', 'youtube_thumbnail', 'wide_banner'],
  build(ctx) {
    const tall = ctx.H > ctx.W * 1.05;
    const bg = ctx.scheme.bg;
    const b = ctx.brief;
    const u = ctx.u;
    const style = ctx.pick(['mesh', 'rays', 'grid', 'halftone', 'topography'] as const);
    const panel: IrNode = {
      type: 'procedural',
      id: 'art',
      style,
      seed: ctx.seed,
      palette: resolvePalette({ style, seed: ctx.seed, palette: ctx.scheme.colors }),
      cornerRadius: Math.round(32 * u),
      ...(tall ? { layoutSizingHorizontal: 'fill' as const, height: Math.round(ctx.H * 0.38) } : { width: Math.round(ctx.W * 0.38), layoutSizingVertical: 'fill' as const }),
    };
    const text = stack(
      ctx,
      'text',
      [
        ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bg)),
        ctx.text('title', title(ctx), 'title', bg),
        ...maybe(b.subtitle ?? b.body, (v) => ctx.text('subtitle', v, 'subtitle', bg, { color: ctx.scheme.muted })),
        ...maybe(b.cta, (v) => pill(ctx, 'cta', v, [bg])),
      ],
      tall ? { layoutSizingVertical: 'fill', primaryAxisAlignItems: 'center' } : { layoutSizingHorizontal: 'fill', layoutSizingVertical: 'fill', primaryAxisAlignItems: 'center' },
    );
    const row = column(ctx, 'content', tall ? [panel, text] : [text, panel], {
      layoutMode: tall ? 'vertical' : 'horizontal',
      itemSpacing: Math.round(56 * u),
      counterAxisAlignItems: 'stretch',
      primaryAxisAlignItems: 'min',
    });
    return page(ctx, bg, [row]);
  },
};

const quote: TemplateDefinition = {
  id: 'quote',
  name: 'Quote',
  description: 'A pull quote with oversized quotation marks and the author with their role.',
  fields: ['body', 'insight', 'title', 'author', 'role'],
  required: ['body', 'author'],
  formats: ['instagram_post', 'instagram_portrait', 'instagram_story', 'linkedin_post'],
  build(ctx) {
    const bd = ctx.pick([solidBackdrop(ctx), gradientBackdrop(ctx)]);
    const b = ctx.brief;
    const words = b.body ?? b.insight ?? b.title ?? b.intent ?? 'Add the quote in the brief body.';
    const attribution = [b.author, b.role].filter(Boolean).join(' · ');
    const col = column(ctx, 'content', [
      ctx.text('mark', '“', 'stat', bd.behind, { color: ctx.scheme.accent, fontFamily: 'Playfair Display', lineHeight: 0.8, layoutSizingHorizontal: 'hug' }),
      ctx.text('quote', words, 'quote', bd.behind),
      ...maybe(attribution, (v) => ctx.text('author', `— ${v}`, 'meta', bd.behind, { color: ctx.scheme.muted })),
    ]);
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const announcement: TemplateDefinition = {
  id: 'announcement',
  name: 'Announcement',
  description: 'Loud brand-colored announcement with a tag, a huge title and a call to action.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_story', 'x_post', 'facebook_post'],
  build(ctx) {
    const bg = ctx.scheme.colors[0];
    const b = ctx.brief;
    const u = ctx.u;
    const tagFill = ctx.scheme.text === bg ? ctx.scheme.accent : mix(bg, ctx.scheme.dark ? '#ffffff' : '#000000', 0.18);
    const tag: FrameNode = {
      type: 'frame',
      id: 'tag',
      layoutMode: 'horizontal',
      paddingTop: Math.round(12 * u),
      paddingBottom: Math.round(12 * u),
      paddingLeft: Math.round(24 * u),
      paddingRight: Math.round(24 * u),
      cornerRadius: Math.round(12 * u),
      fills: [{ type: 'solid', color: tagFill }],
      children: [ctx.text('eyebrow', b.eyebrow ?? 'Announcement', 'eyebrow', tagFill, { layoutSizingHorizontal: 'hug', color: ctx.scheme.text, maxWidth: ctx.W - 2 * ctx.margin - 48 * u })],
    };
    const col = column(ctx, 'content', [
      tag,
      ctx.text('title', title(ctx), 'title', bg, { color: ctx.colorOn('title-pre', '#ffffff', bg, true), fontSize: ctx.fontSize('title') * 1.1 }),
      ...maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'subtitle', bg, { color: ctx.colorOn('subtitle-pre', '#ffffff', bg, false) })),
      ...maybe(b.cta, (v) => pill(ctx, 'cta', v, [bg], ctx.colorOn('cta-fill', '#ffffff', bg, true))),
    ]);
    const deco: IrNode = { type: 'ellipse', id: 'deco', x: ctx.W * 0.62, y: -ctx.H * 0.18, width: ctx.W * 0.7, height: ctx.W * 0.7, fills: [{ type: 'solid', color: mix(bg, '#ffffff', 0.12) }], layoutPositioning: 'absolute' };
    return page(ctx, bg, [deco, col]);
  },
};

const product: TemplateDefinition = {
  id: 'product',
  name: 'Product',
  description: 'Product spotlight: name, short pitch, feature chips (items) and a call to action over a soft stage.',
  fields: ['title', 'body', 'items', 'cta', 'eyebrow'],
  required: ['title', 'body'],
  formats: ['instagram_post', 'instagram_portrait', 'instagram_story'],
  build(ctx) {
    const bd = proceduralBackdrop(ctx, 'blobs', 0.45);
    const b = ctx.brief;
    const u = ctx.u;
    const chips: FrameNode = {
      type: 'frame',
      id: 'features',
      layoutMode: 'horizontal',
      layoutWrap: 'wrap',
      layoutSizingHorizontal: 'fill',
      itemSpacing: Math.round(14 * u),
      counterAxisSpacing: Math.round(14 * u),
      children: b.items.slice(0, 6).map((item, i) => ({
        type: 'frame' as const,
        id: `feature-${i}`,
        layoutMode: 'horizontal' as const,
        paddingTop: Math.round(12 * u),
        paddingBottom: Math.round(12 * u),
        paddingLeft: Math.round(22 * u),
        paddingRight: Math.round(22 * u),
        cornerRadius: Math.round(999 * u),
        maxWidth: ctx.W - 2 * ctx.margin,
        fills: [{ type: 'solid' as const, color: ctx.scheme.surface }],
        strokes: [{ color: withAlpha(ctx.scheme.text, 0.25), width: Math.max(1, 2 * u) }],
        children: [ctx.text(`feature-${i}-text`, item, 'meta', ctx.scheme.surface, { layoutSizingHorizontal: 'hug', color: ctx.scheme.text, maxWidth: ctx.W - 2 * ctx.margin - 44 * u, maxLines: 1 })],
      })),
    };
    const col = column(ctx, 'content', [
      ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bd.behind)),
      ctx.text('title', title(ctx), 'title', bd.behind),
      ...maybe(b.body, (v) => ctx.text('body', v, 'body', bd.behind)),
      ...(b.items.length ? [chips] : []),
      ...maybe(b.cta, (v) => pill(ctx, 'cta', v, bd.behind)),
    ], { primaryAxisAlignItems: 'max' });
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const event: TemplateDefinition = {
  id: 'event',
  name: 'Event',
  description: 'Event invitation: date line, event name, venue, agenda (items) and registration call to action.',
  fields: ['eyebrow', 'title', 'subtitle', 'items', 'cta'],
  required: ['title', 'eyebrow'],
  formats: ['instagram_post', 'instagram_story', 'linkedin_post'],
  build(ctx) {
    const bd = proceduralBackdrop(ctx, ctx.pick(['grid', 'topography', 'rays'] as const), 0.7);
    const b = ctx.brief;
    const u = ctx.u;
    const agenda = b.items.slice(0, 5).map((item, i) =>
      ctx.text(`agenda-${i}`, `▸ ${item}`, 'body', bd.behind, { maxLines: 2 }),
    );
    const col = column(ctx, 'content', [
      ...maybe(b.eyebrow, (v) => ctx.text('date', v, 'eyebrow', bd.behind, { fontFamily: ctx.fonts.mono, textTransform: 'none' })),
      ctx.text('title', title(ctx), 'title', bd.behind),
      ...maybe(b.subtitle, (v) => ctx.text('venue', v, 'subtitle', bd.behind)),
      ...(agenda.length ? [stack(ctx, 'agenda', agenda, { itemSpacing: Math.round(10 * u) })] : []),
      ...maybe(b.cta, (v) => pill(ctx, 'cta', v, bd.behind)),
    ], { primaryAxisAlignItems: 'center' });
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const carouselSlide: TemplateDefinition = {
  id: 'carousel-slide',
  name: 'Carousel slide',
  description: 'One slide of a carousel: progress dots from slide_index / slide_total, title and body; the last slide shows the call to action.',
  fields: ['title', 'body', 'slide_index', 'slide_total', 'cta'],
  required: ['title', 'slide_index', 'slide_total'],
  formats: ['instagram_post', 'instagram_portrait'],
  build(ctx) {
    const b = ctx.brief;
    const u = ctx.u;
    const total = Math.max(1, Math.min(20, b.slideTotal ?? 1));
    const index = Math.max(1, Math.min(total, b.slideIndex ?? 1));
    const bg = ctx.scheme.bg;
    const dot = Math.round(14 * u);
    const dots: FrameNode = {
      type: 'frame',
      id: 'progress',
      layoutMode: 'horizontal',
      itemSpacing: Math.round(10 * u),
      counterAxisAlignItems: 'center',
      children: Array.from({ length: total }, (_, i) => ({
        type: 'rect' as const,
        id: `dot-${i + 1}`,
        width: i + 1 === index ? dot * 3 : dot,
        height: dot,
        cornerRadius: dot / 2,
        fills: [{ type: 'solid' as const, color: i + 1 === index ? ctx.scheme.accent : withAlpha(ctx.scheme.text, 0.25) }],
      })),
    };
    const header: FrameNode = {
      type: 'frame',
      id: 'header',
      layoutMode: 'horizontal',
      layoutSizingHorizontal: 'fill',
      primaryAxisAlignItems: 'space-between',
      counterAxisAlignItems: 'center',
      children: [dots, ctx.text('counter', `${index}/${total}`, 'meta', bg, { layoutSizingHorizontal: 'hug', fontFamily: ctx.fonts.mono })],
    };
    const last = index === total;
    const body = stack(ctx, 'main', [
      ctx.text('title', title(ctx), 'title', bg),
      ...maybe(b.body ?? b.subtitle, (v) => ctx.text('body', v, 'body', bg, { color: ctx.scheme.muted })),
    ]);
    const footer = last && b.cta ? pill(ctx, 'cta', b.cta, [bg]) : ctx.text('next', last ? (b.brandName ?? '') || ' ' : 'Swipe →', 'meta', bg, { textAlign: 'end' });
    return page(ctx, bg, [column(ctx, 'content', [header, body, footer], { primaryAxisAlignItems: 'space-between' })]);
  },
};

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

const dataCard: TemplateDefinition = {
  id: 'data-card',
  name: 'Data card',
  description: 'A small bar chart from `data` ({label, value}) or `items`, with title, insight and source.',
  fields: ['title', 'data', 'items', 'insight', 'source'],
  required: ['title', 'data'],
  formats: ['instagram_post', 'instagram_portrait', 'linkedin_post'],
  build(ctx) {
    const b = ctx.brief;
    const u = ctx.u;
    const bg = ctx.scheme.bg;
    const rows = dataRows(ctx);
    const max = Math.max(1e-9, ...rows.map((r) => Math.abs(r.value)));
    const barColors = ctx.scheme.colors.filter((c) => c !== bg);
    const chart = stack(
      ctx,
      'chart',
      rows.map((r, i) =>
        stack(ctx, `row-${i}`, [
          {
            type: 'frame',
            id: `row-${i}-labels`,
            layoutMode: 'horizontal',
            layoutSizingHorizontal: 'fill',
            primaryAxisAlignItems: 'space-between',
            itemSpacing: Math.round(16 * u),
            children: [
              ctx.text(`row-${i}-label`, r.label, 'meta', bg, { color: ctx.scheme.text, maxLines: 1, layoutSizingHorizontal: 'fill' }),
              ...maybe(r.display, (v) => ctx.text(`row-${i}-value`, v, 'meta', bg, { color: ctx.scheme.text, fontFamily: ctx.fonts.mono, layoutSizingHorizontal: 'hug', fontWeight: 700 })),
            ],
          },
          {
            type: 'frame',
            id: `row-${i}-track`,
            layoutMode: 'horizontal',
            layoutSizingHorizontal: 'fill',
            height: Math.round(18 * u),
            cornerRadius: Math.round(9 * u),
            fills: [{ type: 'solid', color: ctx.scheme.surface }],
            children: [
              {
                type: 'rect',
                id: `row-${i}-bar`,
                width: Math.max(2, ((ctx.W - 2 * ctx.margin) * Math.abs(r.value)) / max),
                layoutSizingVertical: 'fill',
                cornerRadius: Math.round(9 * u),
                fills: [{ type: 'solid', color: ctx.colorOn(`row-${i}-bar`, barColors[i % Math.max(1, barColors.length)] ?? ctx.scheme.accent, [bg, ctx.scheme.surface], true) }],
              },
            ],
          },
        ], { itemSpacing: Math.round(8 * u) }),
      ),
      { itemSpacing: Math.round(22 * u) },
    );
    const col = column(ctx, 'content', [
      ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bg)),
      ctx.text('title', title(ctx), 'title', bg, { fontSize: ctx.fontSize('title') * 0.7 }),
      ...maybe(b.insight, (v) => ctx.text('insight', v, 'body', bg, { color: ctx.scheme.muted })),
      chart,
      ...maybe(b.source, (v) => ctx.text('source', `Source: ${v}`, 'meta', bg, { fontSize: ctx.fontSize('meta') * 0.8 })),
    ]);
    return page(ctx, bg, [col]);
  },
};

const listicle: TemplateDefinition = {
  id: 'listicle',
  name: 'List',
  description: 'Numbered list of `items` under a title ("5 ways to ...").',
  fields: ['title', 'items', 'eyebrow', 'cta'],
  required: ['title', 'items'],
  formats: ['instagram_portrait', 'instagram_post', 'instagram_story'],
  build(ctx) {
    const bd = ctx.pick([solidBackdrop(ctx), gradientBackdrop(ctx)]);
    const b = ctx.brief;
    const u = ctx.u;
    const items = (b.items.length ? b.items : [b.body ?? 'Add items to the brief']).slice(0, 7);
    const badge = Math.round(56 * u);
    const list = stack(
      ctx,
      'list',
      items.map((item, i) => ({
        type: 'frame' as const,
        id: `item-${i}`,
        layoutMode: 'horizontal' as const,
        layoutSizingHorizontal: 'fill' as const,
        itemSpacing: Math.round(20 * u),
        counterAxisAlignItems: 'center' as const,
        children: [
          {
            type: 'frame' as const,
            id: `item-${i}-badge`,
            width: badge,
            height: badge,
            cornerRadius: badge / 2,
            layoutMode: 'horizontal' as const,
            primaryAxisAlignItems: 'center' as const,
            counterAxisAlignItems: 'center' as const,
            fills: [{ type: 'solid' as const, color: ctx.scheme.accent }],
            children: [ctx.text(`item-${i}-n`, String(i + 1), 'cta', ctx.scheme.accent, { color: ctx.scheme.onAccent, layoutSizingHorizontal: 'hug', fontSize: Math.max(1, Math.round(badge * 0.45)) })],
          },
          ctx.text(`item-${i}-text`, item, 'body', bd.behind, { maxLines: 2 }),
        ],
      })),
      { itemSpacing: Math.round(18 * u) },
    );
    const col = column(ctx, 'content', [
      ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bd.behind)),
      ctx.text('title', title(ctx), 'title', bd.behind, { fontSize: ctx.fontSize('title') * 0.75 }),
      list,
      ...maybe(b.cta, (v) => pill(ctx, 'cta', v, bd.behind)),
    ]);
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const testimonial: TemplateDefinition = {
  id: 'testimonial',
  name: 'Testimonial',
  description: 'Customer testimonial on a floating card with a star rating, author and role.',
  fields: ['body', 'author', 'role', 'title'],
  required: ['body', 'author'],
  formats: ['instagram_post', 'linkedin_post', 'facebook_post'],
  build(ctx) {
    const bd = proceduralBackdrop(ctx, ctx.pick(['mesh', 'grain', 'noise'] as const), 0.25);
    const b = ctx.brief;
    const u = ctx.u;
    const card = ctx.scheme.dark ? mix(ctx.scheme.bg, '#ffffff', 0.08) : '#ffffff';
    const cardFrame: FrameNode = {
      type: 'frame',
      id: 'card',
      layoutMode: 'vertical',
      layoutSizingHorizontal: 'fill',
      paddingTop: Math.round(56 * u),
      paddingBottom: Math.round(56 * u),
      paddingLeft: Math.round(56 * u),
      paddingRight: Math.round(56 * u),
      itemSpacing: Math.round(24 * u),
      cornerRadius: Math.round(36 * u),
      fills: [{ type: 'solid', color: card }],
      shadows: [{ x: 0, y: Math.round(24 * u), blur: Math.round(60 * u), color: 'rgba(0, 0, 0, 0.25)' }],
      children: [
        ctx.text('stars', '★★★★★', 'cta', card, { color: ctx.colorOn('stars-pre', '#f59e0b', card, true), letterSpacing: 6 * u }),
        ctx.text('quote', b.body ?? b.insight ?? title(ctx), 'subtitle', card, { color: ctx.colorOn('quote-pre', ctx.scheme.dark ? '#ffffff' : '#111111', card, false), maxLines: 7 }),
        ...maybe(b.author, (v) => ctx.text('author', v, 'cta', card, { color: ctx.colorOn('author-pre', ctx.scheme.dark ? '#ffffff' : '#111111', card, true) })),
        ...maybe(b.role, (v) => ctx.text('role', v, 'meta', card, { color: ctx.colorOn('role-pre', ctx.scheme.dark ? '#cbd5e1' : '#4b5563', card, false) })),
      ],
    };
    const col = column(ctx, 'content', [...maybe(b.title, (v) => ctx.text('title', v, 'subtitle', bd.behind, { fontWeight: 700 })), cardFrame]);
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const statHighlight: TemplateDefinition = {
  id: 'stat-highlight',
  name: 'Big number',
  description: 'One striking figure (insight, or the first data value) with what it means and its source.',
  fields: ['insight', 'title', 'body', 'source', 'data'],
  required: ['insight', 'title'],
  formats: ['instagram_post', 'instagram_story', 'x_post'],
  build(ctx) {
    const bd = ctx.pick([solidBackdrop(ctx), gradientBackdrop(ctx)]);
    const b = ctx.brief;
    const first = dataRows(ctx)[0];
    const figure = b.insight ?? (b.data.length ? first.display : undefined) ?? '100%';
    const col = column(ctx, 'content', [
      ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bd.behind)),
      ctx.text('figure', figure, 'stat', bd.behind, { color: ctx.scheme.accent, maxLines: 2, lineHeight: 1 }),
      ctx.text('title', title(ctx), 'subtitle', bd.behind, { fontWeight: 700 }),
      ...maybe(b.body, (v) => ctx.text('body', v, 'body', bd.behind, { color: ctx.scheme.muted })),
      ...maybe(b.source, (v) => ctx.text('source', `Source: ${v}`, 'meta', bd.behind)),
    ]);
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const minimalType: TemplateDefinition = {
  id: 'minimal-type',
  name: 'Type on texture',
  description: 'A procedural texture with a centered title and eyebrow: the procedural overlay layout.',
  fields: ['title', 'eyebrow'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_story', 'youtube_thumbnail', 'wide_banner'],
  build(ctx) {
    const style = ctx.pick(['mesh', 'noise', 'waves', 'grain', 'aurora', 'grid', 'blobs', 'rays', 'topography', 'halftone'] as const);
    const bd = proceduralBackdrop(ctx, style, 0.35);
    const b = ctx.brief;
    const col = column(ctx, 'content', [
      ...maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bd.behind, { textAlign: 'center' })),
      ctx.text('title', title(ctx), 'title', bd.behind, { textAlign: 'center' }),
    ], { counterAxisAlignItems: 'center' });
    return page(ctx, bd.background, [...bd.nodes, col]);
  },
};

const tip: TemplateDefinition = {
  id: 'tip',
  name: 'Tip card',
  description: 'A "did you know" / tip card: labelled panel with the tip in the body and the brand underneath.',
  fields: ['eyebrow', 'title', 'body', 'website'],
  required: ['body'],
  formats: ['instagram_post', 'instagram_portrait'],
  build(ctx) {
    const bg = ctx.scheme.bg;
    const b = ctx.brief;
    const u = ctx.u;
    const panelColor = ctx.scheme.surface;
    const panel: FrameNode = {
      type: 'frame',
      id: 'panel',
      layoutMode: 'vertical',
      layoutSizingHorizontal: 'fill',
      paddingTop: Math.round(48 * u),
      paddingBottom: Math.round(48 * u),
      paddingLeft: Math.round(48 * u),
      paddingRight: Math.round(48 * u),
      itemSpacing: Math.round(20 * u),
      cornerRadius: Math.round(28 * u),
      fills: [{ type: 'solid', color: panelColor }],
      strokes: [{ color: ctx.scheme.accent, width: Math.max(2, 4 * u), align: 'inside' }],
      children: [
        ctx.text('eyebrow', b.eyebrow ?? 'Tip', 'eyebrow', panelColor),
        ctx.text('title', title(ctx), 'title', panelColor, { fontSize: ctx.fontSize('title') * 0.6 }),
        ...maybe(b.body, (v) => ctx.text('body', v, 'body', panelColor)),
      ],
    };
    const col = column(ctx, 'content', [panel, ...maybe(b.website ?? b.brandName, (v) => ctx.text('website', v, 'meta', bg, { textAlign: 'center' }))]);
    return page(ctx, bg, [col]);
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

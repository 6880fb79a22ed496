import { mix, withAlpha } from '../../color/color';
import type { FrameNode, IrNode, ProceduralStyleId } from '../../schema/ir-schema';
import { STRIP_TITLE_MIN_PX, type TemplateContext, type TemplateDefinition } from '../engine';
import { withSource } from '../labels';
import { avoidLogo, block, first, group, maybe, page, pill, proc, r4, rect, rule, stripRow, throughScrim, titleOf } from './kit';

/* Neon family: dark ink, procedural grid, glowing accent. */

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

/** Numbers are written as the brief's language writes them (1,234.5 / 1.234,5), in Latin digits. */
function numberLocale(lang: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([lang]).length ? `${lang}-u-nu-latn` : 'en';
  } catch {
    return 'en';
  }
}

function dataRows(ctx: TemplateContext): { label: string; value: number; display: string }[] {
  const rows = ctx.brief.data.slice(0, 6).map((d, i) => {
    const label = String(d.label ?? d.name ?? d.key ?? d.category ?? `${ctx.labels.item} ${i + 1}`);
    const raw = d.value ?? d.count ?? d.amount ?? d.total ?? Object.values(d).find((v) => typeof v === 'number');
    const parsed = typeof raw === 'number' ? raw : parseFloat(String(raw ?? '0'));
    // Bars need a finite value: NaN and infinities (a JSON brief cannot carry them, a caller can) count as 0.
    const value = Number.isFinite(parsed) ? parsed : 0;
    const display =
      d.display !== undefined
        ? String(d.display)
        : typeof raw === 'string'
          ? raw
          : value.toLocaleString(numberLocale(ctx.lang), {
              minimumFractionDigits: Number.isInteger(value) ? 0 : 1,
              maximumFractionDigits: Number.isInteger(value) ? 0 : 1,
            });
    return { label, value, display };
  });
  if (!rows.length) return ctx.brief.items.slice(0, 6).map((label, i) => ({ label, value: 6 - i, display: '' }));
  return rows;
}

export const event: TemplateDefinition = {
  id: 'event',
  name: 'Event',
  description:
    'Neon family: dark ink over a glowing procedural grid, the date in a neon-outlined mono box, the event name large, venue and agenda with neon bullets; date and name on the left, agenda on the right in landscapes.',
  fields: ['eyebrow', 'title', 'subtitle', 'items', 'cta'],
  required: ['title', 'eyebrow'],
  formats: ['instagram_post', 'instagram_story', 'linkedin_post'],
  build(ctx) {
    const g = neonGround(ctx, 'grid');
    const { ink } = ctx.roles;
    const b = ctx.brief;
    const fs = ctx.fontSize('eyebrow');
    const date: FrameNode | undefined =
      b.eyebrow && ctx.keep(4)
        ? {
            type: 'frame',
            id: 'date-box',
            layoutMode: 'horizontal',
            layoutSizingHorizontal: 'hug',
            paddingTop: Math.round(fs * 0.5),
            paddingBottom: Math.round(fs * 0.5),
            paddingLeft: Math.round(fs * 0.8),
            paddingRight: Math.round(fs * 0.8),
            strokes: [{ color: g.neon, width: Math.max(1.5, fs * 0.1) }],
            cornerRadius: Math.round(fs * 0.2),
            children: [
              ctx.text('date', b.eyebrow, 'eyebrow', g.on, {
                color: g.neon,
                fontFamily: ctx.fonts.mono,
                textTransform: 'none',
                maxLines: 7,
                layoutSizingHorizontal: 'hug',
                maxWidth: Math.max(1, ctx.safe.width - 2 * fs),
              }),
            ],
          }
        : undefined;
    const title = ctx.text('title', titleOf(ctx), 'display', g.on, {
      color: '#ffffff',
      shadows: [{ x: 0, y: 0, blur: Math.round(ctx.base * 0.8), color: withAlpha(g.neon, 0.45) }],
    });
    const venue = ctx.keep(2) ? maybe(b.subtitle, (v) => ctx.text('venue', v, 'subtitle', g.on, { color: mix('#ffffff', g.neon, 0.2) })) : [];
    const dot = Math.round(ctx.base * 0.45);
    const agendaItems = ctx.keep(1) && ctx.shape !== 'strip' ? b.items.slice(0, ctx.shape === 'square' || ctx.shape === 'landscape' ? 3 : 5) : [];
    const agenda = agendaItems.map(
      (item, i) =>
        ({
          type: 'frame',
          id: `agenda-${i}`,
          layoutMode: 'horizontal',
          layoutSizingHorizontal: 'fill',
          itemSpacing: Math.round(ctx.base * 0.6),
          counterAxisAlignItems: 'center',
          children: [
            { type: 'rect', id: `agenda-${i}-dot`, width: dot, height: dot, cornerRadius: dot / 2, fills: [{ type: 'solid', color: g.neon }] },
            ctx.text(`agenda-${i}-text`, item, 'body', g.on, { color: '#ffffff', maxLines: 2 }),
          ],
        }) as IrNode,
    );
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
    } else
      content = [
        block(
          ctx,
          'content',
          avoidLogo(ctx, s),
          [date, group(ctx, 'headline', [title, ...venue], ctx.base * 0.6), ...(agenda.length ? [group(ctx, 'agenda', agenda, ctx.base * 0.5)] : []), ...cta],
          { v: ctx.shape === 'tall' || ctx.shape === 'portrait' ? 'space-between' : 'center', gap: ctx.base * 1.1 },
        ),
      ];
    return page(ctx, ink, [...g.nodes, ...content]);
  },
};

export const dataCard: TemplateDefinition = {
  id: 'data-card',
  name: 'Data card',
  description:
    'Neon family: a bar chart from `data` ({label, value}) or `items` in glowing accent bars on dark ink with a faint grid, with title, insight and source; title left and chart right in landscapes.',
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
    const chart = group(
      ctx,
      'chart',
      rows.map((r, i) =>
        group(
          ctx,
          `row-${i}`,
          [
            {
              type: 'frame',
              id: `row-${i}-labels`,
              layoutMode: 'horizontal',
              layoutSizingHorizontal: 'fill',
              primaryAxisAlignItems: 'space-between',
              itemSpacing: Math.round(ctx.base * 0.5),
              children: [
                ctx.text(`row-${i}-label`, r.label, 'meta', g.on, { color: '#ffffff', maxLines: 1, layoutSizingHorizontal: 'fill' }),
                ...maybe(r.display, (v) =>
                  ctx.text(`row-${i}-value`, v, 'meta', g.on, { color: g.neon, fontFamily: ctx.fonts.mono, layoutSizingHorizontal: 'hug', fontWeight: 700 }),
                ),
              ],
            } as IrNode,
            {
              type: 'frame',
              id: `row-${i}-track`,
              layoutMode: 'horizontal',
              layoutSizingHorizontal: 'fill',
              height: barH,
              cornerRadius: barH / 2,
              fills: [{ type: 'solid', color: withAlpha('#ffffff', 0.08) }],
              children: [
                {
                  type: 'rect',
                  id: `row-${i}-bar`,
                  width: Math.max(2, (chartW * Math.abs(r.value)) / max),
                  layoutSizingVertical: 'fill',
                  cornerRadius: barH / 2,
                  fills: [{ type: 'solid', color: i === 0 ? g.neon : bar2 }],
                  shadows: i === 0 ? [{ x: 0, y: 0, blur: barH, color: withAlpha(g.neon, 0.5) }] : undefined,
                },
              ],
            } as IrNode,
          ],
          ctx.base * 0.3,
        ),
      ),
      ctx.base * 0.8,
    );
    const title = ctx.text('title', titleOf(ctx), 'title', g.on, { color: '#ffffff' });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', g.on, { color: g.neon, fontFamily: ctx.fonts.mono })) : [];
    const insight = ctx.keep(1) ? maybe(b.insight, (v) => ctx.text('insight', v, 'subtitle', g.on, { color: g.neon, fontWeight: 700 })) : [];
    const source = ctx.keep(2) ? maybe(b.source, (v) => ctx.text('source', withSource(ctx.labels, v), 'meta', g.on, { color: mix('#ffffff', ink, 0.3) })) : [];
    let content: IrNode[];
    if (ctx.shape === 'strip') content = [stripRow(ctx, 'content', avoidLogo(ctx, s), [...eyebrow, title], first(insight))];
    else if (horiz) {
      content = [
        block(ctx, 'content', avoidLogo(ctx, r4(s.x, s.y, lw, s.height)), [...eyebrow, title, ...insight, ...source], { v: 'center' }),
        block(ctx, 'chart-area', chartRect, [chart], { v: 'center' }),
      ];
    } else
      content = [
        block(ctx, 'content', chartRect, [group(ctx, 'heading', [...eyebrow, title, ...insight], ctx.base * 0.5), chart, ...source], {
          v: ctx.shape === 'tall' ? 'space-between' : 'center',
          gap: ctx.base * 1.4,
        }),
      ];
    return page(ctx, ink, [...g.nodes, ...content]);
  },
};

export const statHighlight: TemplateDefinition = {
  id: 'stat-highlight',
  name: 'Big number',
  description:
    'Neon family: one striking figure in glowing accent on dark ink with a halftone disc, what it means and its source; figure left and words right in landscapes and strips.',
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
    const deco = [
      proc(
        ctx,
        'disc',
        side ? r4(ctx.W - R * 1.3, ctx.H - R * 1.3, 2 * R, 2 * R) : r4(ctx.W - R * 1.3, -R * 0.7, 2 * R, 2 * R),
        'halftone',
        [ink, primary, accent],
        { cornerRadius: Math.round(R), opacity: 0.7 },
      ),
    ];
    const on = [ink];
    const s0 = ctx.safe;
    const discBottom = R * 1.3 + ctx.margin * 0.5;
    const s = side
      ? r4(s0.x, s0.y, Math.min(s0.width, ctx.W - R * 1.3 - ctx.margin * 1.5 - s0.x), s0.height)
      : r4(s0.x, Math.max(s0.y, discBottom), s0.width, s0.y + s0.height - Math.max(s0.y, discBottom));
    const figSize = side
      ? Math.min(s.height * (ctx.shape === 'strip' ? 0.62 : 0.5), (s.width * 0.5) / Math.max(1, figure.length * 0.62))
      : // A tall page gives its figure more of its height (a fifth of a 9:16 page stood empty over and under it).
        Math.min(ctx.fontSize('stat') * (ctx.shape === 'tall' ? 1.6 : 1.2), s.width / Math.max(2, figure.length * 0.62));
    const fig = ctx.text('figure', figure, 'stat', on, {
      color: neon,
      fontSize: Math.round(figSize),
      maxLines: 1,
      layoutSizingHorizontal: side ? 'hug' : 'fill',
      shadows: [{ x: 0, y: 0, blur: Math.round(ctx.base), color: withAlpha(neon, 0.5) }],
    });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', on, { color: neon, fontFamily: ctx.fonts.mono })) : [];
    const title = ctx.text('title', titleOf(ctx), 'subtitle', on, {
      color: '#ffffff',
      fontWeight: 700,
      maxLines: 8,
      // On a thin strip the words beside the figure keep the strips' smallest headline size.
      fontSize: Math.max(
        ctx.shape === 'strip' && ctx.H < 160 ? Math.min(STRIP_TITLE_MIN_PX, ctx.H * 0.2) : 0,
        ctx.fontSize('subtitle') * 1.2 * Math.max(0.7, ctx.k),
      ),
    });
    const body = ctx.keep(1) ? maybe(b.body, (v) => ctx.text('body', v, 'body', on, { color: mix('#ffffff', ink, 0.22), maxLines: 5 })) : [];
    const source = ctx.keep(2) ? maybe(b.source, (v) => ctx.text('source', withSource(ctx.labels, v), 'meta', on, { color: mix('#ffffff', ink, 0.35) })) : [];
    const area = avoidLogo(ctx, s);
    let content: IrNode;
    if (side)
      content = {
        type: 'frame',
        id: 'content',
        layoutMode: 'horizontal',
        ...area,
        layoutPositioning: 'absolute',
        itemSpacing: Math.round(ctx.margin),
        counterAxisAlignItems: 'center',
        children: [fig, group(ctx, 'words', [...eyebrow, title, ...(ctx.shape === 'strip' ? [] : [...body, ...source])], ctx.base * 0.6)],
      } as FrameNode;
    else
      content = block(ctx, 'content', area, [...eyebrow, fig, rule(ctx, 'divider', neon), title, ...body, ...source], {
        v: 'center',
        gap: ctx.base * (ctx.shape === 'tall' ? 1.3 : 1.0),
      });
    return page(ctx, ink, [...deco, rect('veil', r4(0, 0, ctx.W, ctx.H), withAlpha(ink, 0)), content]);
  },
};

import { mix, withAlpha } from '../../color/color';
import type { FrameNode, IrNode } from '../../schema/ir-schema';
import type { TemplateDefinition } from '../engine';
import { avoidLogo, block, first, group, hairline, inset, maybe, page, pill, r4, rect, rule, stripRow, titleOf } from './kit';

/* Editorial family: paper, serif display, hairline rules. */

export const quote: TemplateDefinition = {
  id: 'quote',
  name: 'Quote',
  description:
    'Editorial family: paper, a serif pull quote in italics under an oversized accent quotation mark, hairline rules and the author in small capitals; in landscapes the mark takes its own column.',
  fields: ['body', 'insight', 'title', 'author', 'role'],
  required: ['body', 'author'],
  formats: ['instagram_post', 'instagram_portrait', 'instagram_story', 'linkedin_post'],
  build(ctx) {
    ctx.ratio = 1.3;
    const { paper, ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const words = b.body ?? b.insight ?? b.title ?? b.intent ?? ctx.labels.quote;
    const attribution = [b.author, ctx.keep(2) ? b.role : undefined].filter(Boolean).join(' · ');
    const markColor = ctx.colorOn('mark', primary, paper, true);
    ctx.contrast.pop();
    const side = ctx.shape === 'landscape' || ctx.shape === 'strip';
    const s = ctx.safe;
    const markSize = Math.round(side ? Math.min(s.height * 0.9, ctx.base * 9) : Math.min(ctx.fontSize('display') * 3, s.height * 0.24));
    const mark = ctx.text('mark', ctx.labels.quoteMark, 'display', paper, {
      color: markColor,
      fontFamily: ctx.fonts.serif,
      fontSize: markSize,
      lineHeight: 0.9,
      layoutSizingHorizontal: 'hug',
      maxLines: 1,
    });
    // Short quotes are set as large as titles; long ones at the quote size. On a 9:16 page a long quote may grow
    // past its designed size on up to nine lines, so that it takes the height of the page instead of leaving it empty.
    const tallPage = ctx.shape === 'tall';
    const q = ctx.text('quote', words, 'quote', paper, {
      color: ink,
      fontFamily: ctx.fonts.serif,
      fontStyle: 'italic',
      fontWeight: 500,
      ...(words.length < 90 ? { fontSize: ctx.fontSize('title') * (words.length < 40 ? 1.15 : 0.95) } : {}),
      ...(tallPage && ctx.k > 1 ? { maxLines: 9 } : {}),
    });
    const who = maybe(attribution, (v) =>
      ctx.text('author', v, 'eyebrow', paper, { color: ctx.colorOn('author-c', mix(accent, ink, 0.5), paper, false), maxLines: 3 }),
    );
    const rules = (n: string) => hairline(n, withAlpha(ink, 0.25), Math.max(1, ctx.base * 0.06));
    const frame: IrNode = rect('frame', inset(r4(0, 0, ctx.W, ctx.H), ctx.margin * 0.45), 'transparent', {
      fills: [],
      strokes: [{ color: withAlpha(primary, 0.35), width: Math.max(1, ctx.base * 0.08) }],
    });
    let content: IrNode[];
    if (ctx.shape === 'strip') {
      content = [block(ctx, 'content', avoidLogo(ctx, s), [q, ...(ctx.keep(3) ? who : [])], { v: 'space-between', gap: ctx.base * 0.4 })];
    } else if (side) {
      const col = Math.round(markSize * 1.05);
      content = [
        block(ctx, 'mark-col', avoidLogo(ctx, r4(s.x, s.y, col, s.height)), [mark], { v: 'min' }),
        block(
          ctx,
          'content',
          avoidLogo(ctx, r4(s.x + col + ctx.margin * 0.6, s.y, s.width - col - ctx.margin * 0.6, s.height)),
          [q, ...(ctx.keep(3) ? [rules('rule'), ...who] : [])],
          { v: 'center', gap: ctx.base * 0.7 },
        ),
      ];
    } else {
      const area = avoidLogo(ctx, inset(s, s.width * 0.02, s.height * 0.04));
      // Tall pages: the mark at the head, the author at the foot, the quote between its rules in the middle.
      const tall = ctx.shape === 'tall' || ctx.shape === 'portrait';
      content = [
        block(
          ctx,
          'content',
          area,
          tall
            ? [mark, group(ctx, 'words', [rules('rule-top'), q, rules('rule-bottom')], ctx.base * 1.1), ...who]
            : [mark, rules('rule-top'), q, rules('rule-bottom'), ...who],
          { v: tall ? 'space-between' : 'center', gap: ctx.base * 1.1 },
        ),
      ];
    }
    return page(ctx, paper, [frame, ...content]);
  },
};

export const listicle: TemplateDefinition = {
  id: 'listicle',
  name: 'List',
  description:
    'Editorial family: a serif title over a numbered list with large accent numerals and hairlines between the items; the title moves to a left column in landscapes.',
  fields: ['title', 'items', 'eyebrow', 'cta'],
  required: ['title', 'items'],
  formats: ['instagram_portrait', 'instagram_post', 'instagram_story'],
  build(ctx) {
    ctx.ratio = 1.3;
    const { paper, ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    const bg = mix(paper, '#ffffff', 0.4);
    const all = b.items.length ? b.items : [b.body ?? ctx.labels.items];
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
          ctx.text(`item-${i}-n`, String(i + 1).padStart(2, '0'), 'title', bg, {
            color: numColor,
            fontFamily: ctx.fonts.serif,
            fontSize: numSize,
            layoutSizingHorizontal: 'hug',
            maxLines: 1,
            minWidth: numSize * 1.3,
          }),
          ctx.text(`item-${i}-text`, item, 'body', bg, { color: ink, maxLines: 2 }),
        ],
      } as IrNode);
    });
    // A tall page spreads the list over the height the heading and the button leave (rows evenly spaced, the
    // hairlines between them), rather than leaving a third of the page empty under it.
    const tallPage = ctx.shape === 'tall';
    const list: FrameNode = {
      ...group(ctx, 'list', rows, ctx.base * (tallPage ? 0.8 : 0.45)),
      ...(tallPage ? { layoutGrow: 1, primaryAxisAlignItems: 'space-between' as const } : {}),
    };
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
      const main: FrameNode = {
        ...group(ctx, 'main', [group(ctx, 'heading', [...eyebrow, title], ctx.base * 0.5), rule(ctx, 'divider', ruleColor), list], ctx.base * 1.6),
        layoutGrow: 1,
        // The last row keeps a gap above the button (space-between sets none).
        ...(cta.length ? { paddingBottom: Math.round(ctx.base * 1.6) } : {}),
      };
      content = [block(ctx, 'content', avoidLogo(ctx, s), [main, ...cta], { v: cta.length ? 'space-between' : 'center', gap: ctx.base * 1.6 })];
    } else
      content = [
        block(ctx, 'content', avoidLogo(ctx, s), [group(ctx, 'heading', [...eyebrow, title], ctx.base * 0.5), rule(ctx, 'divider', ruleColor), list, ...cta], {
          v: 'center',
          gap: ctx.base * 1.2,
        }),
      ];
    return page(ctx, bg, [band, ...content]);
  },
};

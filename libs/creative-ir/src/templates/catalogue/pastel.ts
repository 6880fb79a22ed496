import { mix, withAlpha } from '../../color/color';
import type { FrameNode, IrNode } from '../../schema/ir-schema';
import type { Rect, TemplateContext, TemplateDefinition } from '../engine';
import { avoidLogo, badge, block, circle, group, hairline, imageSlot, maybe, page, photo, pill, r4, small, split, stripRow, titleOf, vertical } from './kit';

/* Pastel family: tinted paper, soft blobs, white cards. */

/** A card that hugs its content, centered in a region (instead of stretching to fill it). */
function cardIn(
  ctx: TemplateContext,
  id: string,
  r: Rect,
  nodes: (IrNode | undefined | false)[],
  style: (f: FrameNode) => FrameNode,
  gap = ctx.base * 0.85,
): FrameNode {
  // In tall and portrait pages the card keeps a presence (at least 62% / 70% of its region), its content spread from head to foot.
  const minShare = ctx.shape === 'tall' ? 0.62 : ctx.shape === 'portrait' ? 0.7 : 0;
  const card = style(group(ctx, id, nodes, gap));
  return block(ctx, `${id}-area`, r, [minShare ? { ...card, minHeight: Math.round(r.height * minShare), primaryAxisAlignItems: 'space-between' } : card], {
    v: 'center',
  });
}

/** Pastel: tinted paper with soft blurred blobs in the corners (never behind text: text sits on cards or the paper). */
function pastelGround(ctx: TemplateContext): { bg: string; nodes: IrNode[] } {
  const { primaryTint, accentTint, paper } = ctx.roles;
  const bg = mix(paper, accentTint, 0.35);
  const R = ctx.short * 0.42;
  // A blob meeting the logo's box goes to the other end of its side (the logo's box stays clear), or is left out.
  const blob = (id: string, cx: number, cy: number, r: number, fill: string): IrNode[] => {
    for (const x of [cx, ctx.W - cx]) if (!discMeets(x, cy, r, ctx.logoRect)) return [circle(id, x, cy, r, fill, { blur: Math.round(R * 0.25), opacity: 0.9 })];
    return [];
  };
  return {
    bg,
    nodes: [...blob('blob-1', ctx.W * 0.96, ctx.H * 0.06, R, primaryTint), ...blob('blob-2', ctx.W * 0.02, ctx.H * 0.98, R * 0.8, accentTint)],
  };
}

/** Whether a disc meets a box (with a small gap). */
function discMeets(cx: number, cy: number, r: number, b: Rect | undefined): boolean {
  if (!b) return false;
  const nx = Math.min(Math.max(cx, b.x), b.x + b.width);
  const ny = Math.min(Math.max(cy, b.y), b.y + b.height);
  return Math.hypot(nx - cx, ny - cy) < r + 2;
}

/** The colors a pastel ground can show behind text (the paper, or the blobs blended into it). */
const pastelOn = (ctx: TemplateContext, bg: string) => [bg, ctx.roles.primaryTint, ctx.roles.accentTint, mix(bg, ctx.roles.primaryTint, 0.5)];

export const carouselSlide: TemplateDefinition = {
  id: 'carousel-slide',
  name: 'Carousel slide',
  description:
    'Pastel family: tinted paper with soft blobs, progress dots and counter on top, an outlined slide number, title and body on a white card; the photo (if any) in a rounded frame. The last slide shows the call to action.',
  fields: ['title', 'body', 'slide_index', 'slide_total', 'cta', 'image'],
  required: ['title', 'slide_index', 'slide_total'],
  formats: ['instagram_post', 'instagram_portrait'],
  build(ctx) {
    const g = pastelGround(ctx);
    const { ink, primary, accent } = ctx.roles;
    const b = ctx.brief;
    // Progress dots, the "2/5" counter and the swipe prompt come from the brief's slide_index (and slide_total):
    // a slide without an index shows none of them (no "1/1").
    const numbered = b.slideIndex !== undefined;
    const total = Math.max(1, Math.min(20, b.slideTotal ?? b.slideIndex ?? 1));
    const index = Math.max(1, Math.min(total, b.slideIndex ?? 1));
    const dot = Math.max(4, Math.round(ctx.base * 0.4));
    const dots: FrameNode = {
      type: 'frame',
      id: 'progress',
      layoutMode: 'horizontal',
      itemSpacing: Math.round(dot * 0.7),
      counterAxisAlignItems: 'center',
      layoutSizingHorizontal: 'hug',
      children: Array.from({ length: total }, (_, i) => ({
        type: 'rect' as const,
        id: `dot-${i + 1}`,
        width: i + 1 === index ? dot * 3 : dot,
        height: dot,
        cornerRadius: dot / 2,
        fills: [{ type: 'solid' as const, color: i + 1 === index ? primary : withAlpha(ink, 0.2) }],
      })),
    };
    const on = pastelOn(ctx, g.bg);
    const header: FrameNode = {
      type: 'frame',
      id: 'header',
      layoutMode: 'horizontal',
      layoutSizingHorizontal: 'fill',
      primaryAxisAlignItems: 'space-between',
      counterAxisAlignItems: 'center',
      children: [
        dots,
        ...(numbered && b.slideTotal !== undefined
          ? [ctx.text('counter', `${index}/${total}`, 'meta', on, { layoutSizingHorizontal: 'hug', fontFamily: ctx.fonts.mono, color: ink })]
          : []),
      ],
    };
    const card = '#ffffff';
    const last = !numbered || index === total;
    const num = ctx.text('number', String(index).padStart(2, '0'), 'display', card, {
      color: ctx.colorOn('number-c', primary, card, true),
      layoutSizingHorizontal: 'hug',
      maxLines: 1,
      fontSize: ctx.fontSize('display') * 1.1,
    });
    const title = ctx.text('title', titleOf(ctx), 'title', card, { color: ink });
    const body = ctx.keep(1) ? maybe(b.body ?? b.subtitle, (v) => ctx.text('body', v, 'body', card, { color: mix(ink, '#ffffff', 0.2), maxLines: 6 })) : [];
    const footer =
      last && b.cta
        ? pill(ctx, 'cta', b.cta, primary)
        : ctx.keep(2) && numbered
          ? ctx.text('next', ctx.labels.swipe, 'meta', card, { color: ctx.colorOn('next-c', accent, card, false) })
          : undefined;
    const s = ctx.safe;
    const pad = Math.round(Math.min(ctx.base * 1.4, s.width * 0.07, s.height * 0.1));
    const asCard = (f: FrameNode): FrameNode => ({
      ...f,
      fills: [{ type: 'solid', color: card }],
      cornerRadius: Math.round(ctx.base * 1.2),
      paddingTop: pad,
      paddingBottom: pad,
      paddingLeft: pad,
      paddingRight: pad,
      shadows: [{ x: 0, y: Math.round(ctx.base * 0.4), blur: Math.round(ctx.base * 1.6), color: withAlpha(ink, 0.12) }],
    });
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
      if (numbered) nodes.push(block(ctx, 'top', avoidLogo(ctx, r4(s.x, s.y, s.width, headerH)), [header], { v: 'center' }));
      const rest = numbered ? r4(s.x, s.y + headerH + ctx.base, s.width, s.height - headerH - ctx.base) : s;
      let cardRect = rest;
      if (ctx.images.length) {
        const sp = split({ ...ctx, logoRect: undefined } as TemplateContext, 0.5, 'start');
        const horiz = !vertical(ctx);
        const mediaR = horiz ? r4(rest.x, rest.y, rest.width * 0.45, rest.height) : r4(rest.x, rest.y, rest.width, rest.height * (small(ctx) ? 0.3 : 0.42));
        void sp;
        nodes.push(...imageSlot(ctx, 'photo', mediaR, ctx.images, Math.round(ctx.base * 1.2), Math.round(ctx.base * 0.4)));
        cardRect = horiz
          ? r4(mediaR.x + mediaR.width + ctx.base, rest.y, rest.width - mediaR.width - ctx.base, rest.height)
          : r4(rest.x, mediaR.y + mediaR.height + ctx.base, rest.width, rest.height - mediaR.height - ctx.base);
      }
      nodes.push(cardIn(ctx, 'content', avoidLogo(ctx, cardRect), [ctx.keep(3) && numbered ? num : undefined, title, ...body, footer], asCard));
    }
    return page(ctx, g.bg, nodes);
  },
};

export const testimonial: TemplateDefinition = {
  id: 'testimonial',
  name: 'Testimonial',
  description:
    'Pastel family: a white card with a soft shadow holding the star rating, the words and the author, with a round portrait (the image) or initials disc; portrait and name on the left in landscapes.',
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
    const av = Math.round(
      last
        ? ctx.fontSize('cta') * 2
        : Math.min(ctx.base * (ctx.shape === 'strip' ? 2.2 : 3.4), ctx.shape === 'strip' ? s.height * 0.7 : s.height * 0.3, s.width * 0.3),
    );
    const avatar: IrNode = ctx.images.length
      ? ({ ...photo(ctx, 'avatar', r4(0, 0, av, av), ctx.images[0]), layoutPositioning: 'auto', cornerRadius: av / 2 } as IrNode)
      : ({
          type: 'frame',
          id: 'avatar',
          width: av,
          height: av,
          cornerRadius: av / 2,
          layoutMode: 'horizontal',
          primaryAxisAlignItems: 'center',
          counterAxisAlignItems: 'center',
          fills: [{ type: 'solid', color: primary }],
          children: [
            ctx.text(
              'initials',
              (b.author ?? 'A')
                .split(/\s+/)
                .map((w) => w[0])
                .join('')
                .slice(0, 2)
                .toUpperCase(),
              'cta',
              primary,
              {
                color: ctx.colorOn('initials-c', '#ffffff', primary, false),
                layoutSizingHorizontal: 'hug',
                fontSize: Math.max(ctx.minBody, av * 0.36),
                maxLines: 1,
              },
            ),
          ],
        } as IrNode);
    const stars = ctx.text('stars', '★★★★★', 'cta', card, {
      color: ctx.colorOn('stars-c', '#f59e0b', card, true),
      letterSpacing: ctx.base * 0.15,
      layoutSizingHorizontal: 'hug',
      maxLines: 1,
    });
    const words = ctx.text('quote', b.body ?? b.insight ?? titleOf(ctx), 'quote', card, { color: ink, maxLines: ctx.W < 400 ? 16 : 8, fontWeight: 600 });
    const who = group(
      ctx,
      'who',
      [
        ...maybe(b.author, (v) => ctx.text('author', v, 'cta', card, { color: ink, maxLines: 3 })),
        ...(ctx.keep(2) ? maybe(b.role, (v) => ctx.text('role', v, 'meta', card, { color: mix(ink, '#ffffff', 0.3) })) : []),
      ],
      ctx.base * 0.15,
    );
    const person: FrameNode = {
      type: 'frame',
      id: 'person',
      layoutMode: 'horizontal',
      layoutSizingHorizontal: 'fill',
      itemSpacing: Math.round(ctx.base * 0.7),
      counterAxisAlignItems: 'center',
      children: [avatar, who],
    };
    const pad = Math.round(Math.min(ctx.base * 1.6, s.width * 0.07, s.height * 0.1));
    const asCard = (f: FrameNode): FrameNode => ({
      ...f,
      fills: [{ type: 'solid', color: card }],
      cornerRadius: Math.round(ctx.base * 1.2),
      paddingTop: pad,
      paddingBottom: pad,
      paddingLeft: pad,
      paddingRight: pad,
      shadows: [{ x: 0, y: Math.round(ctx.base * 0.5), blur: Math.round(ctx.base * 2), color: withAlpha(ink, 0.14) }],
    });
    const heading = ctx.keep(2) ? maybe(b.title, (v) => ctx.text('title', v, 'title', on, { color: ink, fontSize: ctx.fontSize('title') * 0.75 })) : [];
    const mark = ctx.text('mark', ctx.labels.quoteMark, 'display', card, {
      color: ctx.colorOn('mark-c', accent, card, true),
      fontFamily: ctx.fonts.serif,
      fontSize: ctx.fontSize('display') * 1.2,
      lineHeight: 0.8,
      maxLines: 1,
      layoutSizingHorizontal: 'hug',
    });
    const nodes: IrNode[] = [...g.nodes];
    if (ctx.shape === 'strip')
      nodes.push(
        asCard(last ? stripRow(ctx, 'content', avoidLogo(ctx, s), [words, who], avatar) : stripRow(ctx, 'content', avoidLogo(ctx, s), [words], person)),
      );
    else if (ctx.shape === 'landscape') {
      const lw = s.width * 0.34;
      nodes.push(block(ctx, 'aside', avoidLogo(ctx, r4(s.x, s.y, lw, s.height)), [...heading, person], { v: 'center' }));
      nodes.push(
        asCard(
          block(ctx, 'content', avoidLogo(ctx, r4(s.x + lw + ctx.margin, s.y, s.width - lw - ctx.margin, s.height)), [mark, stars, words], { v: 'center' }),
        ),
      );
    } else {
      const area = avoidLogo(ctx, s);
      const hh = heading.length ? Math.round(area.height * 0.22) : 0;
      // On a tall page the heading stands at the foot of its band, just over the card (centred in the band it left a
      // fifth of the page empty between them).
      if (hh) nodes.push(block(ctx, 'heading', r4(area.x, area.y, area.width, hh), heading, { v: ctx.shape === 'tall' ? 'max' : 'center' }));
      // At the last content level (small banners, long words) the card keeps the words and a small portrait with the name.
      nodes.push(
        cardIn(
          ctx,
          'content',
          r4(area.x, area.y + hh, area.width, area.height - hh),
          last ? [words, person] : [mark, stars, words, hairline('rule', withAlpha(ink, 0.12)), person],
          asCard,
        ),
      );
    }
    return page(ctx, g.bg, nodes);
  },
};

export const tip: TemplateDefinition = {
  id: 'tip',
  name: 'Tip card',
  description:
    'Pastel family: a white note card with an accent spine, the eyebrow as a badge (none without one) and a question-mark disc, the tip as title and body, the brand or website underneath.',
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
    const qm: FrameNode = {
      type: 'frame',
      id: 'icon',
      width: disc,
      height: disc,
      cornerRadius: disc / 2,
      layoutMode: 'horizontal',
      primaryAxisAlignItems: 'center',
      counterAxisAlignItems: 'center',
      fills: [{ type: 'solid', color: accent }],
      children: [
        ctx.text('icon-glyph', ctx.labels.question, 'title', accent, {
          color: ctx.colorOn('icon-c', '#ffffff', accent, true),
          fontSize: Math.max(ctx.minBody * 1.2, disc * 0.55),
          layoutSizingHorizontal: 'hug',
          maxLines: 1,
          lineHeight: 1,
        }),
      ],
    };
    // The badge is the brief's eyebrow: no "Tip" is invented when the brief has none.
    const tag = ctx.keep(2) && b.eyebrow ? badge(ctx, 'eyebrow', b.eyebrow, primary, ctx.colorOn('tag-c', '#ffffff', primary, false)) : undefined;
    const title = ctx.text('title', titleOf(ctx), 'title', card, { color: ink, fontSize: ctx.fontSize('title') * 0.8 });
    const body = ctx.keep(1) ? maybe(b.body, (v) => ctx.text('body', v, 'body', card, { color: mix(ink, '#ffffff', 0.15) })) : [];
    const site = ctx.keep(2) ? maybe(b.website ?? b.brandName, (v) => ctx.text('website', v, 'meta', on, { color: ink, textAlign: 'center' })) : [];
    const pad = Math.round(Math.min(ctx.base * 1.6, s.width * 0.07, s.height * 0.1));
    const spine = Math.max(3, Math.round(ctx.base * 0.35));
    const asCard = (f: FrameNode): FrameNode => ({
      ...f,
      fills: [{ type: 'solid', color: card }],
      strokes: [{ color: primary, width: spine, align: 'inside' }],
      cornerRadius: Math.round(ctx.base * 0.9),
      paddingTop: pad,
      paddingBottom: pad,
      paddingLeft: pad + spine,
      paddingRight: pad,
      shadows: [{ x: 0, y: Math.round(ctx.base * 0.5), blur: Math.round(ctx.base * 2), color: withAlpha(ink, 0.12) }],
    });
    const head: FrameNode = {
      type: 'frame',
      id: 'card-head',
      layoutMode: 'horizontal',
      layoutSizingHorizontal: 'fill',
      primaryAxisAlignItems: 'space-between',
      counterAxisAlignItems: 'center',
      children: [...(tag ? [tag] : []), ...(ctx.keep(3) ? [qm] : [])],
    };
    const nodes: IrNode[] = [...g.nodes];
    if (ctx.shape === 'strip') nodes.push(asCard(stripRow(ctx, 'content', avoidLogo(ctx, s), [title], tag)));
    else {
      const area = avoidLogo(ctx, s);
      const sh = site.length ? Math.round(ctx.fontSize('meta') * 2.4) : 0;
      nodes.push(
        cardIn(ctx, 'content', r4(area.x, area.y, area.width, area.height - sh), [head.children!.length ? head : undefined, title, ...body], asCard, ctx.base),
      );
      if (sh) nodes.push(block(ctx, 'footer', r4(area.x, area.y + area.height - sh, area.width, sh), site, { v: 'max', align: 'center' }));
    }
    void on;
    return page(ctx, g.bg, nodes);
  },
};

import { mix, withAlpha } from '../../color/color';
import type { FrameNode, IrNode, Paint } from '../../schema/ir-schema';
import type { TemplateContext, TemplateDefinition } from '../engine';
import {
  avoidLogo,
  badge,
  block,
  circle,
  first,
  group,
  imageSlot,
  inset,
  linear,
  maybe,
  page,
  pill,
  proc,
  r4,
  rect,
  rule,
  SHARE,
  split,
  stripRow,
  titleOf,
  vertical,
} from './kit';

/* Bold family: brand gradient or solid brand ground with large shapes. */

/** Bold: brand primary as a deep diagonal gradient. */
function boldGround(ctx: TemplateContext): { bg: Paint; on: string[] } {
  const { primary, primaryShade } = ctx.roles;
  const a = primary;
  const b = mix(primary, primaryShade, 0.75);
  return { bg: linear(150, a, b), on: [a, b, mix(a, b, 0.5)] };
}

export const squarePost: TemplateDefinition = {
  id: 'square-post',
  name: 'Social post',
  description:
    'Bold family: a deep brand gradient, badge, display title and call to action; the photo (or a grid of photos) sits in a rounded frame with an accent offset block, or a halftone disc and rings when there is none.',
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
    const content =
      ctx.shape === 'strip'
        ? stripRow(ctx, 'content', text, [title, ...sub.slice(0, ctx.keep(1) ? 1 : 0)], first(cta))
        : block(
            ctx,
            'content',
            text,
            [...(ctx.keep(3) ? eyebrow : []), group(ctx, 'headline', [title, rule(ctx, 'divider', accent), ...sub], ctx.base * 0.8), ...cta],
            { v: 'space-between', gap: ctx.base * 1.2 },
          );
    return page(ctx, g.bg, [...deco, content]);
  },
};

export const announcement: TemplateDefinition = {
  id: 'announcement',
  name: 'Announcement',
  description:
    'Bold family: solid brand color, an oversized accent disc with concentric rings bleeding off the corner, a tag, a display title and the call to action anchored at the foot.',
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
    const tall = ctx.shape === 'tall';
    // Without a button at its foot, a tall page's disc grows into the height the button took.
    const R = strip ? ctx.H * 0.62 : side ? ctx.short * 0.42 : ctx.short * (ctx.shape === 'square' ? 0.27 : tall ? (b.cta ? 0.4 : 0.46) : 0.34);
    const cx = ctx.W - (strip ? R * 0.3 : R * 0.35);
    const cy = strip ? ctx.H / 2 : side ? ctx.H * 0.3 : R * 0.35;
    const deco: IrNode[] = [
      circle('disc', cx, cy, R, accent),
      ...[1.1, 1.2].map((k, i) =>
        circle(`ring-${i}`, cx, cy, R * k, null, { strokes: [{ color: withAlpha(paper, 0.45 - i * 0.15), width: Math.max(1.5, ctx.base * 0.14) }] }),
      ),
    ];
    // The text keeps clear of the disc and its rings (1.2 R): it sits on the brand color alone.
    const on = [primary];
    // The tag is the brief's eyebrow: none is invented ("New") when the brief has none.
    const tag = maybe(b.eyebrow, (v) => badge(ctx, 'eyebrow', v, ink, ctx.colorOn('tag-c', paper, ink, false)));
    const title = ctx.text('title', titleOf(ctx), strip ? 'title' : 'display', on, { color: ctx.colorOn('title-pre', '#ffffff', on, true) });
    const sub = ctx.keep(2)
      ? maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'subtitle', on, { color: ctx.colorOn('subtitle-pre', '#ffffff', on, false) }))
      : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, ink, paper));
    let content: IrNode[];
    if (strip)
      content = [stripRow(ctx, 'content', avoidLogo(ctx, r4(m, m, cx - R * 1.3 - 2 * m, ctx.H - 2 * m)), [title, ...(ctx.keep(1) ? sub : [])], first(cta))];
    else if (side)
      content = [
        block(
          ctx,
          'content',
          avoidLogo(ctx, r4(m, m, cx - R * 1.3 - 2 * m, ctx.H - 2 * m)),
          [...(ctx.keep(3) ? tag : []), group(ctx, 'headline', [title, ...sub], ctx.base * 0.9), ...cta],
          { v: 'space-between' },
        ),
      ];
    else {
      const top = Math.round(cy + R * 1.2 + m * 0.5);
      const headline = group(ctx, 'headline', [title, ...sub], ctx.base * 0.9);
      // A tall page's column spans the height under the disc: the tag at its head (beside the disc it had a fifth of
      // the width, and its copy was cut to nothing), the headline in the middle, the button at the foot (frames hold
      // the places of a missing tag, or one cut to nothing on a narrow page, and of a missing button). Centred alone
      // under the disc, a short headline left a fifth of a 9:16 page empty above it and another below it.
      const hold = (id: string) => [{ type: 'frame', id, width: 1, height: 0 } as IrNode];
      const shownTag = ctx.keep(3) ? tag : [];
      const column = tall ? [group(ctx, 'content-top', shownTag, 0), headline, ...(cta.length ? cta : hold('content-foot'))] : [headline, ...cta];
      content = [
        ...(ctx.keep(3) && !tall ? [block(ctx, 'tag', avoidLogo(ctx, r4(m, m, cx - R * 1.3 - 2 * m, top - 2 * m)), tag, { v: 'min' })] : []),
        block(ctx, 'content', avoidLogo(ctx, r4(m, top, ctx.W - 2 * m, ctx.H - top - m)), column, { v: 'space-between' }),
      ];
    }
    return page(ctx, primary, [...deco, ...content]);
  },
};

export const minimalType: TemplateDefinition = {
  id: 'minimal-type',
  name: 'Type on texture',
  description:
    'Bold family: a full-bleed procedural texture in the brand colors with the words on a solid ink label, anchored low in tall formats, centered in squares, to the left in landscapes.',
  fields: ['title', 'eyebrow', 'subtitle'],
  required: ['title'],
  formats: ['instagram_post', 'instagram_story', 'youtube_thumbnail', 'wide_banner'],
  build(ctx) {
    const { primary, accent, ink, paper, primaryTint } = ctx.roles;
    const b = ctx.brief;
    const style = ctx.pick(['mesh', 'waves', 'aurora', 'rays', 'topography'] as const);
    const m = ctx.margin;
    const safe = ctx.safe;
    const label =
      ctx.shape === 'tall' || ctx.shape === 'portrait'
        ? r4(safe.x, safe.y + safe.height * 0.42, safe.width, safe.height * 0.58)
        : ctx.shape === 'landscape'
          ? r4(safe.x, safe.y, safe.width * 0.58, safe.height)
          : ctx.shape === 'strip'
            ? safe
            : r4(safe.x + safe.width * 0.06, safe.y + safe.height * 0.14, safe.width * 0.88, safe.height * 0.72);
    const area = avoidLogo(ctx, label);
    const pad = Math.round(Math.min(ctx.base * 1.8, area.width * 0.08, area.height * 0.12));
    const title = ctx.text('title', titleOf(ctx), 'display', ink, { color: paper });
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', ink, { color: mix(accent, '#ffffff', 0.2) })) : [];
    const sub = ctx.keep(2) ? maybe(b.subtitle, (v) => ctx.text('subtitle', v, 'body', ink, { color: primaryTint })) : [];
    const card: FrameNode = {
      ...(ctx.shape === 'strip'
        ? stripRow(ctx, 'content', area, [...eyebrow, title])
        : block(ctx, 'content', area, [...eyebrow, rule(ctx, 'divider', accent), title, ...sub], {
            v: ctx.shape === 'tall' || ctx.shape === 'portrait' ? 'max' : 'center',
          })),
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

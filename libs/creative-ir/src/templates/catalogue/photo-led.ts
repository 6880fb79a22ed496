import { mix, withAlpha } from '../../color/color';
import type { FrameNode, IrNode } from '../../schema/ir-schema';
import type { Rect, TemplateDefinition } from '../engine';
import {
  avoidLogo,
  badge,
  block,
  circle,
  first,
  group,
  imageSlot,
  maybe,
  page,
  photo,
  pill,
  proc,
  r4,
  rect,
  SHARE,
  small,
  split,
  stripRow,
  throughScrim,
  titleOf,
  vertical,
} from './kit';

/* Photo-led family: hero image, scrim, cut-out. */

/** A scrim from transparent to `color` at `alpha`: the last `solidFrom` of it (0..1) is at full alpha. */
function scrim(id: string, r: Rect, color: string, alpha: number, angle: number, solidFrom: number): IrNode {
  return rect(
    id,
    r,
    {
      type: 'linear-gradient',
      angle,
      stops: [
        { offset: 0, color: withAlpha(color, 0) },
        { offset: Math.max(0.01, Math.min(0.99, 1 - solidFrom)), color: withAlpha(color, alpha) },
        { offset: 1, color: withAlpha(color, Math.min(1, alpha + 0.08)) },
      ],
    },
    { name: 'Scrim' },
  );
}

export const story: TemplateDefinition = {
  id: 'story',
  name: 'Story',
  description:
    'Photo-led family: the image full-bleed (focal point kept) under a deep scrim that carries the words at the foot (at the left in landscapes); without an image a mesh gradient in the brand colors takes its place.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta', 'website', 'image'],
  required: ['title'],
  formats: ['instagram_story', 'instagram_portrait'],
  build(ctx) {
    const { ink, accent, primary, paper } = ctx.roles;
    const b = ctx.brief;
    const full = r4(0, 0, ctx.W, ctx.H);
    const ground = ctx.images.length
      ? photo(ctx, 'hero', full, ctx.images[0])
      : proc(ctx, 'hero', full, 'mesh', [accent, primary, ctx.roles.accentShade, ctx.roles.primaryTint]);
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
    const content =
      ctx.shape === 'strip'
        ? stripRow(ctx, 'content', area, [title, ...(ctx.keep(1) ? sub : [])], first(cta))
        : block(ctx, 'content', area, [...eyebrow, title, ...sub, group(ctx, 'actions', [...cta, ...site], ctx.base * 0.7)], {
            v: ctx.shape === 'landscape' ? 'center' : 'max',
          });
    return page(ctx, ink, [ground, sc, content]);
  },
};

export const landscapeBanner: TemplateDefinition = {
  id: 'landscape-banner',
  name: 'Hero split',
  description:
    'Photo-led family: the image takes one side (the right in landscapes and strips, the top in tall and square formats) with an accent seam; the text sits on paper. Without an image: a wave texture in the brand colors.',
  fields: ['title', 'eyebrow', 'subtitle', 'cta', 'image'],
  required: ['title'],
  formats: ['x_post', 'facebook_post', 'linkedin_post', 'youtube_thumbnail', 'wide_banner'],
  build(ctx) {
    const { paper, ink, primary, accent, primaryShade, primaryTint } = ctx.roles;
    const b = ctx.brief;
    // A strip's picture takes its usual share (728x90 too): the text row, already narrowed by the strip's side
    // margins, keeps room for a long word beside the button.
    const share = ctx.shape === 'strip' ? SHARE.strip : small(ctx) ? 0.36 : ctx.shape === 'tall' ? 0.55 : ctx.shape === 'square' ? 0.5 : SHARE[ctx.shape];
    const { media, text } = split(ctx, share, vertical(ctx) ? 'start' : 'end');
    const art = ctx.images.length
      ? imageSlot(ctx, 'hero', media, ctx.images, 0, Math.max(2, Math.round(ctx.base * 0.3)))
      : [proc(ctx, 'hero', media, ctx.pick(['waves', 'topography', 'mesh'] as const), [primary, accent, primaryTint, primaryShade])];
    const t = Math.max(3, Math.round(ctx.base * 0.35));
    const seam = vertical(ctx)
      ? rect('seam', r4(0, media.y + media.height - t, ctx.W * 0.4, t * 2), accent)
      : rect('seam', r4(media.x - t, 0, t * 2, ctx.H * 0.45), accent);
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', paper, { color: primary })) : [];
    const title = ctx.text('title', titleOf(ctx), 'title', paper, { color: ink });
    const sub = ctx.keep(2) ? maybe(b.subtitle ?? b.body, (v) => ctx.text('subtitle', v, 'body', paper, { color: mix(ink, paper, 0.25) })) : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, primary));
    const content =
      ctx.shape === 'strip'
        ? stripRow(ctx, 'content', text, [...eyebrow.slice(0, ctx.keep(1) ? 1 : 0), title], first(cta))
        : block(ctx, 'content', text, [...eyebrow, title, ...sub, ...cta], { v: 'center' });
    return page(ctx, paper, [...art, seam, content]);
  },
};

export const product: TemplateDefinition = {
  id: 'product',
  name: 'Product',
  description:
    'Photo-led family: the product on a spotlight disc beside its name, pitch, feature chips and call to action: a cut-out (transparent ground) contained, never cropped, with a soft shadow; an ordinary photo in a round frame with a light rim. Without an image: a sunburst in the brand colors inside the disc.',
  fields: ['title', 'body', 'items', 'cta', 'eyebrow', 'image'],
  required: ['title', 'body'],
  formats: ['instagram_post', 'instagram_portrait', 'instagram_story'],
  // The headline stays at least 6% of the short side (65 px at 1080): the pitch and the chips go first.
  minTitleShare: 0.06,
  build(ctx) {
    const { paper, ink, primary, accent, primaryTint, accentTint, accentShade } = ctx.roles;
    const b = ctx.brief;
    const bg = mix(paper, primaryTint, 0.35);
    const { media, text } = split(ctx, ctx.shape === 'tall' ? 0.48 : ctx.shape === 'strip' ? 0.26 : 0.47, 'start');
    // The spotlight (1.18 R) stays on the page, a margin from its edges: no disc cut by the page edge.
    const side = Math.min(media.width, media.height);
    const R = Math.max(1, Math.min(side * (ctx.shape === 'strip' ? 0.42 : 0.44), (side / 2 - ctx.margin * 0.5) / 1.18));
    const cx = media.x + media.width / 2;
    const cy = media.y + media.height / 2;
    const img = ctx.images[0];
    // A cut-out (see-through ground, read from its pixels) stands on the disc with a shadow that follows its outline;
    // an ordinary photo (or one whose pixels were not given) is cropped to a round frame with a light rim instead of
    // a soft rectangular halo and a floor shadow that belong to a cut-out.
    const cutout = img?.cutout === true;
    const stage: IrNode[] = [
      circle('spotlight', cx, cy, R * 1.18, null, {
        fills: [
          {
            type: 'radial-gradient',
            stops: [
              { offset: 0, color: '#ffffff' },
              { offset: 0.7, color: accentTint },
              { offset: 1, color: withAlpha(accentTint, 0) },
            ],
          },
        ],
      }),
      ...(img && !cutout
        ? []
        : [
            circle('floor', cx, cy + R * 0.95, R * 0.9, withAlpha(ink, 0.12), {
              height: Math.round(R * 0.22),
              y: Math.round(cy + R * 0.86),
              blur: Math.round(R * 0.06),
            }),
          ]),
    ];
    if (img && cutout)
      stage.push(
        photo(ctx, 'product', r4(cx - R, cy - R, 2 * R, 2 * R), img, {
          fit: 'contain',
          shadows: [{ x: 0, y: Math.round(R * 0.06), blur: Math.round(R * 0.12), color: withAlpha(ink, 0.3) }],
        }),
      );
    else if (img) {
      const rim = Math.max(2, Math.round(R * 0.035));
      stage.push(
        photo(ctx, 'product', r4(cx - R, cy - R, 2 * R, 2 * R), img, { fit: 'cover', cornerRadius: Math.round(R) }),
        circle('product-rim', cx, cy, R - rim / 2, null, { strokes: [{ color: '#ffffff', width: rim }] }),
      );
    } else
      stage.push(
        proc(ctx, 'product', r4(cx - R * 0.8, cy - R * 0.8, 1.6 * R, 1.6 * R), 'rays', [accent, primaryTint, primary], { cornerRadius: Math.round(R * 0.8) }),
      );
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
        children: [
          ctx.text(`feature-${i}-text`, item, 'meta', bg, {
            layoutSizingHorizontal: 'hug',
            color: ink,
            maxWidth: Math.max(1, text.width - 1.6 * chipSize),
            maxLines: 1,
          }),
        ],
      })),
    };
    const eyebrow = ctx.keep(3) ? maybe(b.eyebrow, (v) => ctx.text('eyebrow', v, 'eyebrow', bg, { color: accentShade })) : [];
    // A display headline (102 px at 1080x1080): at the title step it read as a caption under the product.
    const title = ctx.text('title', titleOf(ctx), ctx.shape === 'strip' ? 'title' : 'display', bg, { color: ink });
    const body = ctx.keep(1) ? maybe(b.body, (v) => ctx.text('body', v, 'body', bg, { color: mix(ink, bg, 0.2), maxLines: 5 })) : [];
    const cta = maybe(b.cta, (v) => pill(ctx, 'cta', v, primary));
    const content =
      ctx.shape === 'strip'
        ? stripRow(ctx, 'content', text, [title, ...(ctx.keep(1) ? eyebrow : [])], first(cta))
        : block(ctx, 'content', text, [...eyebrow, title, ...body, ...(b.items.length && ctx.keep(2) ? [chips] : []), ...cta], { v: 'center' });
    return page(ctx, bg, [...stage, content]);
  },
};

import { z } from 'zod';
import { imageSrcProblem, isImageSrc } from '../schema/ir-schema';

/** A creative brief, as the service receives it (every field optional and nullable). */
const str = () => z.string().nullable().optional();
const int = () => z.number().int().nullable().optional();

/** `asset:<id>` (an image asset of the caller) or a base64 `data:image/...` URL, as image nodes of the IR take them. */
export const ImageSrcSchema = z.string().refine(isImageSrc, imageSrcProblem);

/**
 * An image a brief names: the reference alone, or `{src, focal_point, alt}`. `focal_point` ({x, y},
 * 0..1 from the top left) is the point kept in view when the image is cropped to its slot.
 */
export const BriefImageSchema = z.union([
  ImageSrcSchema,
  z.object({
    src: ImageSrcSchema,
    focal_point: z
      .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
      .nullable()
      .optional(),
    alt: str(),
  }),
]);
export type BriefImage = z.infer<typeof BriefImageSchema>;

export const BriefSchema = z.object({
  intent: str(),
  title: str(),
  subtitle: str(),
  eyebrow: str(),
  body: str(),
  cta: str(),
  author: str(),
  role: str(),
  insight: str(),
  source: str(),
  tone: str(),
  palette: str(),
  language: str(),
  brand: z
    .object({ name: str(), tagline: str(), website: str(), colors: z.array(z.string()).nullable().optional() })
    .nullable()
    .optional(),
  format: z
    .union([
      z.string(),
      z.object({ width: z.number().int().positive().nullable().optional(), height: z.number().int().positive().nullable().optional(), name: str() }),
    ])
    .nullable()
    .optional(),
  data: z.array(z.record(z.unknown())).nullable().optional(),
  items: z.array(z.string()).nullable().optional(),
  slide_index: int(),
  slide_total: int(),
  seed: int(),
  /** The main image (hero, background, product): templates that lead with a photo use it. */
  image: BriefImageSchema.nullable()
    .optional()
    .describe(
      'The main image: "asset:<id>" (an image asset of the caller) or {src, focal_point: {x, y} 0..1 from the top left, alt}. Photo-led templates use it as hero, background under a scrim, product cut-out or portrait; the focal point stays in view when it is cropped.',
    ),
  /** More images (grids, galleries); `image`, when given, comes first. At most 8. */
  images: z
    .array(BriefImageSchema)
    .max(8)
    .nullable()
    .optional()
    .describe('More images (same forms as `image`, at most 8): templates with an image slot lay out up to four as a grid; `image`, when given, comes first.'),
});
export type Brief = z.infer<typeof BriefSchema>;

/**
 * Where a brand kit puts its logo: a corner, the middle of a side, or `center`. The side positions (`center_left`,
 * `center_right`) are drawn at the middle of that edge and every template keeps its content clear of the logo's box
 * (text columns beside, above or below it); `center` is drawn at the head of the page (the middle belongs to the
 * headline). On a strip banner (728x90) every logo is centred vertically at its end. When a template draws a photo, a
 * frame or a decoration over the place asked at some format, the logo moves and the build says so (`logo_moved`).
 */
export const LOGO_POSITIONS = [
  'top_left',
  'top_center',
  'top_right',
  'center_left',
  'center',
  'center_right',
  'bottom_left',
  'bottom_center',
  'bottom_right',
] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/** Brand kit as stored by the service; the logo is passed already resolved (data URL or bytes). */
export interface BrandKit {
  name?: string | null;
  colors?: string[] | null;
  /** e.g. { heading: 'Playfair Display', body: 'Inter' } (bundled families or aliases: sans, serif, display, mono). */
  fonts?: { heading?: string | null; body?: string | null; [k: string]: string | null | undefined } | null;
  /** Logo image: a data URL, or bytes (PNG, JPEG, WebP, GIF or SVG). */
  logo?: string | Buffer | Uint8Array | null;
  logo_position?: LogoPosition | null;
  /** Logo height: px at a 1080 px reference (scaled to the format), or small / medium / large. */
  logo_size?: number | 'small' | 'medium' | 'large' | null;
  /** Margin from the edges: px at a 1080 px reference. */
  logo_margin?: number | null;
  tone?: string | null;
  palette?: string | string[] | null;
}

export interface FormatSize {
  width: number;
  height: number;
  name: string;
}

export const NAMED_FORMATS: Record<string, FormatSize> = {
  square: { width: 1080, height: 1080, name: 'square' },
  post: { width: 1080, height: 1080, name: 'square' },
  instagram_post: { width: 1080, height: 1080, name: 'square' },
  portrait: { width: 1080, height: 1350, name: 'portrait' },
  story: { width: 1080, height: 1920, name: 'story' },
  reel: { width: 1080, height: 1920, name: 'story' },
  landscape: { width: 1200, height: 628, name: 'landscape' },
  banner: { width: 1200, height: 628, name: 'landscape' },
  og: { width: 1200, height: 630, name: 'landscape' },
  linkedin: { width: 1200, height: 627, name: 'landscape' },
  twitter: { width: 1600, height: 900, name: 'landscape' },
  youtube_thumbnail: { width: 1280, height: 720, name: 'landscape' },
  wide_banner: { width: 1500, height: 500, name: 'wide' },
  // Social networks, by the size each recommends for an image post.
  instagram_portrait: { width: 1080, height: 1350, name: 'portrait' },
  instagram_story: { width: 1080, height: 1920, name: 'story' },
  facebook_post: { width: 1200, height: 630, name: 'landscape' },
  linkedin_post: { width: 1200, height: 627, name: 'landscape' },
  x_post: { width: 1600, height: 900, name: 'landscape' },
  pinterest_pin: { width: 1000, height: 1500, name: 'portrait' },
  // IAB display banners.
  medium_rectangle: { width: 300, height: 250, name: 'square' },
  large_rectangle: { width: 336, height: 280, name: 'square' },
  half_page: { width: 300, height: 600, name: 'story' },
  wide_skyscraper: { width: 160, height: 600, name: 'story' },
  leaderboard: { width: 728, height: 90, name: 'wide' },
  billboard: { width: 970, height: 250, name: 'wide' },
};

/** True when `name` is one of `NAMED_FORMATS` (as `resolveFormat` reads names: case, spaces and dashes ignored). */
export function isNamedFormat(name: string): boolean {
  return Object.hasOwn(
    NAMED_FORMATS,
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
}

/** Resolves `format` (a name, "WxH", or {width,height}) to a size; defaults to a 1080x1080 square. */
export function resolveFormat(format: Brief['format'] | FormatSize | undefined): FormatSize {
  if (!format) return NAMED_FORMATS.square;
  if (typeof format === 'string') {
    const m = /^(\d{2,5})\s*[xX×]\s*(\d{2,5})$/.exec(format.trim());
    if (m) return { width: +m[1], height: +m[2], name: formatName(+m[1], +m[2]) };
    return (
      NAMED_FORMATS[
        format
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
      ] ?? NAMED_FORMATS.square
    );
  }
  if (format.width && format.height) return { width: format.width, height: format.height, name: formatName(format.width, format.height) };
  if (format.name) return resolveFormat(format.name);
  return NAMED_FORMATS.square;
}

export function formatName(w: number, h: number): string {
  const r = w / h;
  if (r > 2.2) return 'wide';
  if (r > 1.15) return 'landscape';
  if (r < 0.65) return 'story';
  if (r < 0.9) return 'portrait';
  return 'square';
}

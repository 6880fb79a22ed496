import sharp from 'sharp';
import { luminance, mix, over, parseColor, toHex, withAlpha } from '../color/color';
import { flattenMaterialized, type MaterializedDocument } from '../layout/materialize';
import { gradientGeometry, gradientOffsetAt } from '../render/gradient-geometry';
import { rasterize } from '../render/render';
import type { IrDocument, IrNode, Paint } from '../schema/ir-schema';

/** A box on the page. */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Luminance of a logo's ink: share of its visible pixels (alpha-weighted) in each of `INK_BINS` bins of WCAG relative luminance. */
export type LogoInk = number[];

const INK_BINS = 32;

/**
 * Contrast under which a logo's ink is lost in its ground: WCAG's 3:1 for graphics (issue 35). Measured per
 * pixel, against what is drawn under it.
 */
export const LOGO_CONTRAST = 3;

/** A logo gets a plate when more than this share of its ink is under `LOGO_CONTRAST` against what lies behind it. */
const LOST_SHARE = 0.15;

/** The plates on offer: white, or near-black (whichever gives the ink the higher contrast). */
const PLATES = ['#ffffff', '#121212'] as const;

/**
 * What a logo is drawn with: its pixels at most 128 px a side, each counted by its alpha in the bin of its
 * relative luminance (premultiplied colours are not used: a half-transparent edge is the colour it shows).
 * Undefined when the image cannot be decoded (the plate is then not considered).
 */
export async function logoInk(bytes: Buffer): Promise<LogoInk | undefined> {
  try {
    const { data, info } = await sharp(bytes)
      .resize(128, 128, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const bins = new Array<number>(INK_BINS).fill(0);
    let total = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const a = data[i + 3] / 255;
      if (a < 0.1) continue;
      const l = luminance({ r: data[i], g: data[i + 1], b: data[i + 2], a: 1 });
      bins[Math.min(INK_BINS - 1, Math.floor(l * INK_BINS))] += a;
      total += a;
    }
    return total > 0 ? bins.map((b) => b / total) : undefined;
  } catch {
    return undefined;
  }
}

/** The lightest and darkest the page can be behind `box`. */
export interface Ground {
  light: string;
  dark: string;
}

/** A gradient's colour at `t` (0..1 along it), its stops sorted by offset. */
function colorAt(stops: { offset: number; color: string }[], t: number): string {
  const sorted = [...stops].sort((a, b) => a.offset - b.offset);
  if (t <= sorted[0].offset) return sorted[0].color;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1];
    const b = sorted[i];
    if (t <= b.offset) return b.offset > a.offset ? mix(a.color, b.color, (t - a.offset) / (b.offset - a.offset)) : b.color;
  }
  return sorted[sorted.length - 1].color;
}

/**
 * Colours a paint shows over `box` (with their alpha), painted on a node at `at`: a solid its colour; a
 * gradient its colours at the box's corners and centre, placed as the renderer places them
 * (`gradientGeometry`), and any stop lying between them.
 */
function paintColors(p: Paint | string, at: Box, box: Box): string[] {
  if (typeof p === 'string') return [p];
  const opacity = p.opacity ?? 1;
  if (p.type === 'solid') return [withAlpha(p.color, opacity)];
  const g = gradientGeometry(p, at.width, at.height);
  const points = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
    [box.x + box.width / 2, box.y + box.height / 2],
  ];
  // A radial gradient's centre over the box is its nearest point to it.
  if (g.type === 'radial-gradient' && at.x + g.cx >= box.x && at.x + g.cx <= box.x + box.width && at.y + g.cy >= box.y && at.y + g.cy <= box.y + box.height)
    points.push([at.x + g.cx, at.y + g.cy]);
  const ts = points.map(([x, y]) => gradientOffsetAt(g, x - at.x, y - at.y));
  const lo = Math.max(0, Math.min(...ts));
  const hi = Math.min(1, Math.max(...ts));
  const colors = [...ts.map((t) => colorAt(p.stops, t)), ...p.stops.filter((st) => st.offset > lo && st.offset < hi).map((st) => st.color)];
  return colors.map((c) => withAlpha(c, opacity));
}

const lighter = (a: string, b: string) => (luminance(a) >= luminance(b) ? a : b);
const darker = (a: string, b: string) => (luminance(a) <= luminance(b) ? a : b);

/**
 * The lightest and darkest the page can be behind `box`, read from the document's paint in drawing order
 * (not from pixels: photos are not known to the templates): the page background, then every painted node
 * over the box, composited. A node over all of the box replaces the ground (through its alpha); one over part
 * of it widens the range. Photographs and procedural art can be anything, white to black, until a scrim
 * over them narrows it. Text is left out (layouts keep it away from the logo), as is the logo itself.
 */
export function groundUnder(doc: MaterializedDocument, box: Box, skip: string): Ground {
  const start = paintColors(doc.background, { x: 0, y: 0, width: doc.width, height: doc.height }, box).map((c) => over(c, '#ffffff'));
  let ground: Ground = { light: start.reduce(lighter), dark: start.reduce(darker) };
  const area = box.width * box.height;
  for (const n of flattenMaterialized(doc.root)) {
    if (n.id === skip || n.node.visible === false || n.type === 'text') continue;
    const ix = Math.min(box.x + box.width, n.x + n.width) - Math.max(box.x, n.x);
    const iy = Math.min(box.y + box.height, n.y + n.height) - Math.max(box.y, n.y);
    if (ix <= 0 || iy <= 0 || ix * iy < area * 0.05) continue;
    const opacity = n.node.opacity ?? 1;
    let colors: string[];
    if (n.type === 'image' || n.type === 'procedural') colors = ['#ffffff', '#000000'].map((c) => withAlpha(c, opacity));
    else {
      const fills = (n.node as { fills?: Paint[] }).fills ?? [];
      if (!fills.length) continue;
      colors = fills.flatMap((f) => paintColors(f, n, box)).map((c) => withAlpha(c, opacity));
    }
    const whole = ix * iy >= area * 0.95;
    const painted = (g: string) => colors.map((c) => over(c, g));
    const onLight = painted(ground.light);
    const onDark = painted(ground.dark);
    const all = [...onLight, ...onDark];
    const next = { light: all.reduce(lighter), dark: all.reduce(darker) };
    ground = whole ? next : { light: lighter(ground.light, next.light), dark: darker(ground.dark, next.dark) };
  }
  return ground;
}

const ratio = (l1: number, l2: number) => (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);

/** Share of the ink under `minimum` (3:1 unless told) against the lightest or the darkest of `ground`. */
export function lostInk(ink: LogoInk, ground: Ground, minimum = LOGO_CONTRAST): number {
  const light = luminance(ground.light);
  const dark = luminance(ground.dark);
  let lost = 0;
  ink.forEach((share, i) => {
    const l = (i + 0.5) / INK_BINS;
    if (Math.min(ratio(l, light), ratio(l, dark)) < minimum) lost += share;
  });
  return lost;
}

/** Contrast under which a part of a mark vanishes altogether (navy on near-black, white on paper). */
const VANISH = 2;

/** Contrast of the ink against a plain `plate`: the ink-weighted median of its pixels' ratios. */
export function inkContrast(ink: LogoInk, plate: string): number {
  const l = luminance(plate);
  const rs = ink.map((share, i) => ({ share, r: ratio((i + 0.5) / INK_BINS, l) })).sort((a, b) => a.r - b.r);
  let acc = 0;
  for (const x of rs) if ((acc += x.share) >= 0.5) return x.r;
  return rs.length ? rs[rs.length - 1].r : 1;
}

/**
 * The plate colour for a logo: the one under which no part of it vanishes (under 2:1), then the one under which
 * the least of its ink is under 3:1, then the one with the highest (median) contrast against the ink. A teal
 * wordmark (#0F5257) gets white (8.9:1), not near-black (2.1:1); a white one gets near-black; an orange mark
 * with a navy word gets white (the orange at 2.9:1 still shows; on near-black the navy word would vanish).
 */
export function plateColor(ink: LogoInk): string {
  const scored = PLATES.map((c) => {
    const g = { light: c, dark: c };
    return { c, vanish: lostInk(ink, g, VANISH), lost: lostInk(ink, g), contrast: inkContrast(ink, c) };
  });
  const near = (x: number, y: number) => Math.abs(x - y) <= 0.05;
  return scored.reduce((a, b) => {
    if (!near(a.vanish, b.vanish)) return b.vanish < a.vanish ? b : a;
    if (!near(a.lost, b.lost)) return b.lost < a.lost ? b : a;
    return b.contrast > a.contrast ? b : a;
  }).c;
}

/** Pixels of the page (the logo and its plate left out) under a logo's box, and the logo's own, at one scale. */
export interface GroundPixels {
  /** RGBA of the page under the box (opaque; premultiplied pixels composited over white). */
  ground: Uint8Array;
  /** RGBA of the logo fitted `contain` in the box, not premultiplied. */
  logo: Uint8Array;
  width: number;
  height: number;
  /** The box meets an image the library cannot load here (an `asset:` reference): what it shows is unknown. */
  unknown: boolean;
}

/** Longest side of the box as drawn to read the ground (px). */
const GROUND_SIDE = 120;

/**
 * Renders the page under `box` with the logo (and any plate) left out, and the logo's pixels fitted in the box:
 * the ground is read from what is drawn (photos, procedural art, gradients, decoration), not from the IR.
 */
export async function groundPixels(ir: IrDocument, box: Box, logo: Buffer): Promise<GroundPixels | undefined> {
  const scale = Math.min(2, GROUND_SIDE / Math.max(1, box.width, box.height));
  const width = Math.max(1, Math.round(box.width * scale));
  const bg: Paint = typeof ir.background === 'string' ? { type: 'solid', color: ir.background } : (ir.background as Paint);
  const kept = (ir.root.children ?? []).filter((c) => c.id !== 'logo' && c.id !== 'logo-plate');
  const crop: IrDocument = {
    ...ir,
    width: box.width,
    height: box.height,
    background: '#ffffff',
    root: {
      type: 'frame',
      id: 'ground-crop',
      width: box.width,
      height: box.height,
      clipContent: true,
      children: [{ ...ir.root, x: -box.x, y: -box.y, layoutPositioning: 'absolute', fills: [bg], children: kept } as IrNode],
    },
  } as IrDocument;
  try {
    const r = await rasterize(crop, { scale: width / box.width });
    const unloaded = new Set(r.warnings.filter((w) => /could not be loaded/.test(w.message)).map((w) => w.id));
    const unknown = unloaded.size > 0 && meetsUnloadedImage(r.materialized, box, unloaded);
    const { data, info } = await sharp(logo)
      .resize(r.width, r.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return undefined;
    const ground = new Uint8Array(r.pixels.length);
    for (let i = 0; i < r.pixels.length; i += 4) {
      const a = r.pixels[i + 3] / 255;
      for (let k = 0; k < 3; k++) ground[i + k] = Math.round(r.pixels[i + k] + 255 * (1 - a));
      ground[i + 3] = 255;
    }
    return { ground, logo: new Uint8Array(data), width: r.width, height: r.height, unknown };
  } catch {
    return undefined;
  }
}

/** Whether an image that could not be loaded covers a visible part of the drawn crop. */
function meetsUnloadedImage(doc: MaterializedDocument, box: Box, ids: Set<string>): boolean {
  return flattenMaterialized(doc.root).some(
    (n) =>
      ids.has(n.id) && n.node.visible !== false && (n.node.opacity ?? 1) > 0 && n.x < box.width && n.y < box.height && n.x + n.width > 0 && n.y + n.height > 0,
  );
}

const lin = (v: number) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const lumOf = (r: number, g: number, b: number) => 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);

/** Share of the logo's ink (its pixels at least half opaque, weighted by opacity) under `minimum` (3:1) against the pixels under it. */
export function lostOnPixels(p: GroundPixels, minimum = LOGO_CONTRAST): number {
  let lost = 0;
  let total = 0;
  for (let i = 0; i < p.logo.length; i += 4) {
    const a = p.logo[i + 3] / 255;
    if (a < 0.5) continue;
    const g = [p.ground[i], p.ground[i + 1], p.ground[i + 2]];
    const shown = [0, 1, 2].map((k) => a * p.logo[i + k] + (1 - a) * g[k]);
    if (ratio(lumOf(shown[0], shown[1], shown[2]), lumOf(g[0], g[1], g[2])) < minimum) lost += a;
    total += a;
  }
  return total ? lost / total : 0;
}

/**
 * A plate behind the logo when what is drawn behind it would hide it (more than 15% of its ink under 3:1 on the
 * rendered pixels, or an image whose pixels are unknown here): a rounded rectangle of white or near-black,
 * whichever gives its ink the higher contrast (`plateColor`), a fifth of the logo's height around it (inside
 * the page). Without rendered pixels (an undecodable logo) the ground is estimated from the IR (`groundUnder`).
 * Undefined when the logo shows as it is.
 */
export function logoPlate(doc: MaterializedDocument, logo: Box, ink: LogoInk, W: number, H: number, pixels?: GroundPixels): IrNode | undefined {
  const ground = pixels ? undefined : groundUnder(doc, logo, 'logo');
  const under = (minimum: number) => (pixels ? (pixels.unknown ? 1 : lostOnPixels(pixels, minimum)) : lostInk(ink, ground!, minimum));
  const lost = under(LOGO_CONTRAST);
  if (lost <= LOST_SHARE) return undefined;
  const color = plateColor(ink);
  const plate = { light: color, dark: color };
  // A plate that shows the ink no better than the page does (an orange mark on white paper) is left out; one under
  // which less of it vanishes (a navy word on a dark page) or less is under 3:1 is drawn.
  if (lostInk(ink, plate, VANISH) >= under(VANISH) - 0.02 && lostInk(ink, plate) >= lost - 0.02) return undefined;
  const pad = Math.max(3, Math.round(Math.min(logo.width, logo.height) * 0.2));
  const x = Math.max(0, logo.x - pad);
  const y = Math.max(0, logo.y - pad);
  const width = Math.min(W, logo.x + logo.width + pad) - x;
  const height = Math.min(H, logo.y + logo.height + pad) - y;
  return {
    type: 'rect',
    id: 'logo-plate',
    name: 'Logo plate',
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(width),
    height: Math.round(height),
    cornerRadius: Math.round(Math.min(height / 2, pad * 1.2)),
    fills: [{ type: 'solid', color: toHex({ ...parseColor(color), a: 1 }) }],
    layoutPositioning: 'absolute',
  } as IrNode;
}

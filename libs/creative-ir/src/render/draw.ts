import { createCanvas, Path2D, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { keepDocumentFonts } from '../fonts/document-fonts';
import { pinGlyphs } from '../fonts/font-registry';
import type { MaterializedDocument, MaterializedNode } from '../layout/materialize';
import { drawProcedural } from '../procedural/procedural';
import { MAX_PAGE_SIDE, type BlendMode, type CornerRadius, type IrNode, type Paint, type Shadow, type TextNode } from '../schema/ir-schema';
import { parseColor, toCss } from '../color/color';
import { gradientGeometry } from './gradient-geometry';
import { imageBox } from './image-box';
import { nodeCostNs } from './cost';
import { RenderAbortedError } from '../errors';

/** The 2D context shared by raster canvases, SVG canvases and PDF pages. */
export type Ctx = SKRSContext2D;
export type Gradient = ReturnType<Ctx['createLinearGradient']>;

export interface DrawAssets {
  images: Map<string, Image>;
  /** Vector output (SVG, PDF): blurred shadows are drawn as small raster images. */
  vector?: boolean;
  /** Device pixels per document pixel (raster scale). */
  deviceScale?: number;
  /** Internal: the container being drawn on its own layer (its effects are applied when compositing). */
  inLayer?: IrNode;
  /** Heavy documents: drawn in chunks, with a chance to stop between nodes (see `drawInterrupt`). */
  interrupt?: DrawInterrupt;
}

/**
 * Drawing that can be stopped. A raster canvas of @napi-rs/canvas records the drawing calls and has Skia rasterize
 * them when its pixels are first read, in one native call that nothing can interrupt (a thread terminated meanwhile
 * goes on until it returns: 4,000 blurred nodes on an 8192 x 8192 page drew for more than 20 minutes). With an
 * interrupt, the recorded drawing is rasterized every `chunkNs` of estimated work (`nodeCostNs`) by reading one pixel,
 * and `stop` is asked between nodes: a render told to stop throws `RenderAbortedError` within about one chunk (or
 * one node, when a node alone costs more). Vector contexts (PDF, SVG) draw as they are called: only `stop` is asked.
 */
export interface DrawInterrupt {
  stop: () => boolean;
  chunkNs: number;
  /** Device pixels per document pixel, and device pixels of the page. */
  scale: number;
  pagePx: number;
  /** Estimated work recorded on each context and not rasterized yet. */
  pending: Map<Ctx, number>;
}

export function drawInterrupt(stop: () => boolean, chunkMs: number, scale: number, pagePx: number): DrawInterrupt {
  return { stop, chunkNs: chunkMs * 1e6, scale, pagePx, pending: new Map() };
}

function checkpoint(ctx: Ctx, m: MaterializedNode, assets: DrawAssets, it: DrawInterrupt): void {
  const pending = it.pending.get(ctx) ?? 0;
  if (pending >= it.chunkNs) {
    if (!assets.vector) ctx.getImageData(0, 0, 1, 1);
    it.pending.set(ctx, 0);
  }
  if (it.stop()) throw new RenderAbortedError();
  it.pending.set(ctx, (it.pending.get(ctx) ?? 0) + nodeCostNs(m, it.scale, it.pagePx, assets.vector));
}

export interface DrawWarnings {
  push(w: { id: string; message: string; code?: string }): void;
}

const BLEND: Record<BlendMode, Ctx['globalCompositeOperation']> = {
  normal: 'source-over',
  multiply: 'multiply',
  screen: 'screen',
  overlay: 'overlay',
  darken: 'darken',
  lighten: 'lighten',
  'color-dodge': 'color-dodge',
  'color-burn': 'color-burn',
  'hard-light': 'hard-light',
  'soft-light': 'soft-light',
  difference: 'difference',
  exclusion: 'exclusion',
  hue: 'hue',
  saturation: 'saturation',
  color: 'color',
  luminosity: 'luminosity',
};

function radii(r: CornerRadius | undefined, w: number, h: number): [number, number, number, number] {
  const max = Math.min(w, h) / 2;
  const arr = r === undefined ? [0, 0, 0, 0] : typeof r === 'number' ? [r, r, r, r] : r;
  return arr.map((v) => Math.max(0, Math.min(v, max))) as [number, number, number, number];
}

/** Outline of a node in its own box (origin at the box's top-left), inset by `inset` (negative: outset). */
export function shapePath(node: IrNode, w: number, h: number, inset = 0): Path2D {
  const p = new Path2D();
  const x = inset;
  const y = inset;
  const W = Math.max(0, w - 2 * inset);
  const H = Math.max(0, h - 2 * inset);
  if (node.type === 'ellipse') {
    p.ellipse(x + W / 2, y + H / 2, W / 2, H / 2, 0, 0, Math.PI * 2);
    return p;
  }
  if (node.type === 'path') {
    const src = new Path2D(node.d);
    const [vx, vy, vw, vh] = node.viewBox ?? [0, 0, w, h];
    const sx = w / vw;
    const sy = h / vh;
    p.addPath(src, { a: sx, b: 0, c: 0, d: sy, e: -vx * sx, f: -vy * sy });
    return p;
  }
  if (node.type === 'line') {
    const [a, b] = node.points ?? [
      { x: 0, y: 0 },
      { x: w, y: h },
    ];
    p.moveTo(a.x, a.y);
    p.lineTo(b.x, b.y);
    return p;
  }
  const cr = 'cornerRadius' in node ? (node.cornerRadius as CornerRadius | undefined) : undefined;
  const r = radii(cr, w, h).map((v) => Math.max(0, v - inset));
  if (r.every((v) => v === 0)) p.rect(x, y, W, H);
  else p.roundRect(x, y, W, H, r);
  return p;
}

/** CSS for an IR color with its alpha multiplied by `opacity` (memoized: designs reuse few colors). */
const cssCache = new Map<string, string>();
function cssColor(color: string, opacity: number): string {
  const key = opacity === 1 ? color : `${color}|${opacity}`;
  let css = cssCache.get(key);
  if (css === undefined) {
    const c = parseColor(color);
    css = toCss({ ...c, a: c.a * opacity });
    if (cssCache.size >= 4096) cssCache.clear();
    cssCache.set(key, css);
  }
  return css;
}

const opaqueCache = new Map<string, boolean>();
function isOpaqueColor(color: string): boolean {
  let o = opaqueCache.get(color);
  if (o === undefined) {
    o = parseColor(color).a >= 1;
    if (opaqueCache.size >= 4096) opaqueCache.clear();
    opaqueCache.set(color, o);
  }
  return o;
}

export function paintStyle(ctx: Ctx, paint: Paint, w: number, h: number): string | Gradient {
  if (paint.type === 'solid') return cssColor(paint.color, paint.opacity ?? 1);
  const op = paint.opacity ?? 1;
  const at = gradientGeometry(paint, w, h);
  const g: Gradient =
    at.type === 'linear-gradient'
      ? ctx.createLinearGradient(at.x0, at.y0, at.x1, at.y1)
      : ctx.createRadialGradient(at.cx, at.cy, 0, at.cx, at.cy, Math.max(at.r, 0.001));
  for (const s of paint.stops) g.addColorStop(s.offset, cssColor(s.color, op));
  return g;
}

/** Pixels of a vector shadow's raster at most (a blurred shadow needs no more; 16 MB of RGBA). */
const SHADOW_RASTER_AREA = 4_000_000;

/**
 * Vector backends cannot blur: draw the shadow on a raster canvas (2x, less for shapes or blurs so
 * large that 2x would pass SHADOW_RASTER_AREA or MAX_PAGE_SIDE px a side) and place it as an image.
 */
function rasterShadow(ctx: Ctx, path: Path2D, shadow: Shadow, w: number, h: number): void {
  const m = Math.ceil(shadow.blur * 1.5 + Math.abs(shadow.x) + Math.abs(shadow.y) + 2);
  const fw = w + 2 * m;
  const fh = h + 2 * m;
  const s = Math.min(2, Math.sqrt(SHADOW_RASTER_AREA / (fw * fh)), MAX_PAGE_SIDE / fw, MAX_PAGE_SIDE / fh);
  const cw = Math.max(1, Math.ceil(fw * s));
  const ch = Math.max(1, Math.ceil(fh * s));
  const c = createCanvas(cw, ch);
  const o = c.getContext('2d') as unknown as Ctx;
  o.scale(s, s);
  o.translate(m, m);
  drawShadow(o, path, shadow, Math.max(w, h));
  ctx.drawImage(c, -m, -m, fw, fh);
}

/** Whether an image has see-through pixels (read once per image, on a copy at most 64 px a side). */
const imageAlpha = new WeakMap<Image, boolean>();
export function hasTransparency(img: Image): boolean {
  const known = imageAlpha.get(img);
  if (known !== undefined) return known;
  const k = Math.min(1, 64 / Math.max(img.width, img.height, 1));
  const cw = Math.max(1, Math.round(img.width * k));
  const ch = Math.max(1, Math.round(img.height * k));
  const c = createCanvas(cw, ch);
  const o = c.getContext('2d');
  o.drawImage(img, 0, 0, cw, ch);
  const data = o.getImageData(0, 0, cw, ch).data;
  let clear = false;
  for (let i = 3; i < data.length && !clear; i += 4) clear = data[i] < 250;
  imageAlpha.set(img, clear);
  return clear;
}

/**
 * The shadow of an image with see-through pixels (a cut-out): cast by what the image draws (its alpha, within the
 * node's shape), not by its box, as a designer's drop shadow follows the product's outline. The picture is drawn on a
 * raster at the page's resolution (at most SHADOW_RASTER_AREA pixels with its margin), its shadow cast from there onto
 * a second raster, which is placed under the node; the same for raster and vector output.
 */
function silhouetteShadow(ctx: Ctx, m: MaterializedNode, path: Path2D, shadow: Shadow, assets: DrawAssets, warnings: DrawWarnings): void {
  const w = m.width;
  const h = m.height;
  const t = ctx.getTransform();
  const margin = Math.ceil(shadow.blur * 1.5 + Math.abs(shadow.x) + Math.abs(shadow.y) + 2);
  const fw = w + 2 * margin;
  const fh = h + 2 * margin;
  const device = assets.vector ? 2 : Math.max(Math.hypot(t.a, t.b), 1e-3);
  const s = Math.min(device, Math.sqrt(SHADOW_RASTER_AREA / (fw * fh)), MAX_PAGE_SIDE / fw, MAX_PAGE_SIDE / fh);
  const cw = Math.max(1, Math.ceil(fw * s));
  const ch = Math.max(1, Math.ceil(fh * s));
  // The picture as drawn (fit, focal point, corner radius), on a transparent raster with the shadow's margin.
  const picture = createCanvas(cw, ch);
  const p = picture.getContext('2d') as unknown as Ctx;
  p.scale(s, s);
  p.translate(margin, margin);
  p.clip(path);
  drawImageNode(p, m, assets, warnings);
  // Its shadow alone: the picture drawn out of sight, its shadow offset back.
  const cast = createCanvas(cw, ch);
  const o = cast.getContext('2d') as unknown as Ctx;
  const FAR = 2 * cw + 4 * Math.ceil(shadow.blur * s) + 16;
  o.shadowColor = shadow.color;
  o.shadowBlur = shadow.blur * s;
  o.shadowOffsetX = FAR + shadow.x * s;
  o.shadowOffsetY = shadow.y * s;
  o.drawImage(picture, -FAR, 0);
  ctx.drawImage(cast, -margin, -margin, fw, fh);
}

/**
 * Draws only the shadow of `path` (a shape at most `extent` units across) by drawing the shape far
 * to the left, out of sight, and offsetting its shadow back.
 */
function drawShadow(ctx: Ctx, path: Path2D, shadow: Shadow, extent: number): void {
  // Farther than the shape is wide plus its blur, or a huge shape would still show.
  const FAR = Math.max(100_000, 2 * (extent + 2 * shadow.blur + Math.abs(shadow.x)));
  const m = ctx.getTransform();
  ctx.save();
  ctx.shadowColor = shadow.color;
  const scale = Math.hypot(m.a, m.b);
  ctx.shadowBlur = shadow.blur * scale;
  ctx.shadowOffsetX = m.a * FAR + m.c * 0 + (shadow.x * m.a + shadow.y * m.c);
  ctx.shadowOffsetY = m.b * FAR + m.d * 0 + (shadow.x * m.b + shadow.y * m.d);
  ctx.fillStyle = '#000';
  ctx.translate(-FAR, 0);
  ctx.fill(path);
  ctx.restore();
}

/**
 * The blurred shadow of a rectangle or rounded rectangle, drawn as nine patches of a small blurred
 * copy instead of blurring the whole shape: along a straight edge, farther than the corner radius
 * plus the blur's reach (3 sigma) from any corner, the shadow does not change, so the small copy's
 * middle row and column are repeated to the full size. Same blur (Skia's, through `drawShadow`),
 * same sub-pixel placement; a 920x460 card's shadow (blur 40) costs a sixth of the pixels.
 * Applies to axis-aligned, uniformly scaled boxes with plain compositing (no opacity, blend mode or
 * filter, where one draw and two differ) that are large enough to gain. Returns the drawing, to run
 * once every shadow of the node is known to qualify, or undefined.
 */
function boxShadow(ctx: Ctx, node: IrNode, w: number, h: number, shadow: Shadow): (() => void) | undefined {
  if (shadow.blur <= 0 || !(node.type === 'rect' || node.type === 'frame' || node.type === 'image' || node.type === 'procedural')) return undefined;
  const t = ctx.getTransform();
  if (t.b !== 0 || t.c !== 0 || !(t.a > 0) || t.a !== t.d) return undefined;
  if (ctx.globalAlpha !== 1 || ctx.globalCompositeOperation !== 'source-over' || (ctx.filter && ctx.filter !== 'none')) return undefined;
  const k = t.a;
  const blur = shadow.blur * k;
  const reach = Math.ceil(1.5 * blur) + 2; // 3 sigma (sigma = blur / 2), and a pixel to spare
  const r = radii('cornerRadius' in node ? (node.cornerRadius as CornerRadius | undefined) : undefined, w, h).map((v) => v * k);
  const R = Math.ceil(Math.max(...r));
  const core = 2 * (R + reach) + 2;
  const W = w * k;
  const H = h * k;
  if (W < core + 16 || H < core + 16 || !Number.isFinite(W * H)) return undefined;
  // The shadow's box in device pixels, and the small copy: the same box less whole pixels in the
  // middle, so that its edges keep their sub-pixel offsets.
  const X = t.e + shadow.x * k;
  const Y = t.f + shadow.y * k;
  const fx = X - Math.floor(X);
  const fy = Y - Math.floor(Y);
  const kx = Math.floor(W - core);
  const ky = Math.floor(H - core);
  const sw = W - kx;
  const sh = H - ky;
  const SW = Math.ceil(2 * reach + fx + sw) + 1;
  const SH = Math.ceil(2 * reach + fy + sh) + 1;
  return () => {
    const small = createCanvas(SW, SH);
    const o = small.getContext('2d') as unknown as Ctx;
    const box = new Path2D();
    if (r.every((v) => v === 0)) box.rect(reach + fx, reach + fy, sw, sh);
    else box.roundRect(reach + fx, reach + fy, sw, sh, r);
    drawShadow(o, box, { x: 0, y: 0, blur, color: shadow.color }, Math.max(sw, sh));
    // The repeated column and row: past the corner and the blur's reach from both edges.
    const L = Math.floor(2 * reach + fx + R) + 1;
    const T = Math.floor(2 * reach + fy + R) + 1;
    const ox = Math.floor(X) - reach;
    const oy = Math.floor(Y) - reach;
    // [source start, source size, destination start, destination size] per column and per row.
    const cols = [
      [0, L, 0, L],
      [L, 1, L, kx + 1],
      [L + 1, SW - L - 1, L + kx + 1, SW - L - 1],
    ];
    const rows = [
      [0, T, 0, T],
      [T, 1, T, ky + 1],
      [T + 1, SH - T - 1, T + ky + 1, SH - T - 1],
    ];
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = false;
    for (const [sx, sww, dx, dw] of cols) {
      for (const [sy, shh, dy, dh] of rows) ctx.drawImage(small, sx, sy, sww, shh, ox + dx, oy + dy, dw, dh);
    }
    ctx.restore();
  };
}

/**
 * Procedural styles made of thousands of dots (film grain, halftone): as vectors they made SVGs of
 * tens of megabytes and took long to write, so SVG and PDF embed them as a raster instead (a tenth of
 * the size or less; docs/performance.md), as design tools export texture effects.
 */
const TEXTURE_STYLES = new Set<string>(['grain', 'halftone']);

/**
 * A procedural node of `w` x `h` drawn on a raster at its size, or smaller when it is larger than
 * the page (`pageSide`: the page's longest side); the style is resolution-independent, and the
 * raster is stretched back to the node's box where it is placed. A node as large as a valid IR
 * allows (any finite size) must not ask for a raster larger than an encoder takes or memory holds.
 */
export function proceduralRaster(node: Extract<IrNode, { type: 'procedural' }>, w: number, h: number, pageSide: number): Canvas {
  const scale = Math.min(1, pageSide / Math.max(w, h, 1));
  const rw = Math.max(1, Math.round(w * scale));
  const rh = Math.max(1, Math.round(h * scale));
  const c = createCanvas(rw, rh);
  const o = c.getContext('2d') as unknown as Ctx;
  o.scale(rw / Math.max(w, 1e-9), rh / Math.max(h, 1e-9));
  drawProcedural(o, node, Math.max(w, 1e-9), Math.max(h, 1e-9));
  return c;
}

function textColor(node: TextNode): string {
  if (node.color) return node.color;
  const f = node.fills?.find((p) => p.type === 'solid');
  return f && f.type === 'solid' ? f.color : '#000000';
}

/**
 * Draws a text node's lines. Relies on the state `drawDocument` / `drawLayered` set once per canvas
 * (`lang`, the default 'alphabetic' baseline and left-to-right direction); each node runs between
 * save() and restore(), so right-to-left text sets its direction only for itself.
 */
function drawText(ctx: Ctx, m: MaterializedNode): void {
  const node = m.node as TextNode;
  const t = m.text;
  if (!t || t.lines.length === 0) return;
  ctx.font = t.font;
  if (t.letterSpacing !== 0) ctx.letterSpacing = `${t.letterSpacing}px`;
  if (t.direction === 'rtl') ctx.direction = 'rtl';
  const gradient = !node.color && node.fills?.find((p) => p.type !== 'solid');
  ctx.fillStyle = gradient ? paintStyle(ctx, gradient, m.width, m.height) : textColor(node);
  if (node.shadows?.length) {
    const s = node.shadows[0];
    const tm = ctx.getTransform();
    const scale = Math.hypot(tm.a, tm.b);
    ctx.shadowColor = s.color;
    ctx.shadowBlur = s.blur * scale;
    ctx.shadowOffsetX = s.x * scale;
    ctx.shadowOffsetY = s.y * scale;
  }
  let align = node.textAlign ?? 'start';
  if (align === 'start') align = t.direction === 'rtl' ? 'right' : 'left';
  if (align === 'end') align = t.direction === 'rtl' ? 'left' : 'right';
  const va = node.verticalAlign ?? 'top';
  const top = va === 'middle' ? (m.height - t.height) / 2 : va === 'bottom' ? m.height - t.height : 0;
  // As measured: characters no face of the chain has are drawn as boxes, never by a host font.
  const pin = (s: string) => pinGlyphs(t.family, t.weight, t.style, s);
  t.lines.forEach((line, i) => {
    const y = top + i * t.lineHeight + t.baseline;
    if (align === 'justify' && !line.paragraphEnd && /\s/.test(line.text.trim())) {
      const words = line.text.trim().split(/\s+/).map(pin);
      const widths = words.map((w) => ctx.measureText(w).width);
      const gap = (m.width - widths.reduce((a, b) => a + b, 0)) / (words.length - 1);
      ctx.textAlign = 'left';
      let x = t.direction === 'rtl' ? m.width : 0;
      words.forEach((w, k) => {
        if (t.direction === 'rtl') {
          x -= widths[k];
          ctx.fillText(w, x, y);
          x -= gap;
        } else {
          ctx.fillText(w, x, y);
          x += widths[k] + gap;
        }
      });
    } else {
      const a = align === 'justify' ? (t.direction === 'rtl' ? 'right' : 'left') : align;
      ctx.textAlign = a as Ctx['textAlign'];
      const x = a === 'center' ? m.width / 2 : a === 'right' ? m.width : 0;
      ctx.fillText(pin(line.text), x, y);
      if (node.textDecoration && node.textDecoration !== 'none') {
        const thick = Math.max(1, t.fontSize / 15);
        const x0 = a === 'center' ? x - line.width / 2 : a === 'right' ? x - line.width : x;
        const ly = node.textDecoration === 'underline' ? y + t.fontSize * 0.12 : y - t.ascent * 0.32;
        ctx.fillRect(x0, ly - thick / 2, line.width, thick);
      }
    }
  });
}

function drawImageNode(ctx: Ctx, m: MaterializedNode, assets: DrawAssets, warnings: DrawWarnings): void {
  const node = m.node;
  if (node.type !== 'image') return;
  const img = assets.images.get(node.src);
  const w = m.width;
  const h = m.height;
  if (!img || !img.width || !img.height) {
    warnings.push({ id: m.id, code: 'image_unavailable', message: `image ${node.src.startsWith('data:') ? '(data URL)' : node.src} could not be loaded` });
    ctx.fillStyle = '#e5e7eb';
    ctx.fillRect(0, 0, w, h);
    return;
  }
  const box = imageBox(node.fit ?? 'cover', node.focalPoint, w, h, img.width, img.height);
  ctx.drawImage(img, box.x, box.y, box.w, box.h);
}

function drawNode(
  ctx: Ctx,
  m: MaterializedNode,
  parentX: number,
  parentY: number,
  doc: MaterializedDocument,
  assets: DrawAssets,
  warnings: DrawWarnings,
): void {
  const node = m.node;
  if (node.visible === false) return;
  if (m.width <= 0 && m.height <= 0 && node.type !== 'line' && node.type !== 'group') return;
  if (assets.interrupt) checkpoint(ctx, m, assets, assets.interrupt);
  const layered =
    assets.inLayer !== node &&
    (node.type === 'frame' || node.type === 'group') &&
    (node.children?.length ?? 0) > 0 &&
    ((node.opacity !== undefined && node.opacity < 1) || (node.blendMode !== undefined && node.blendMode !== 'normal') || !!node.blur);
  if (layered) {
    // Container effects apply to the composited container, as in Figma: draw it on a layer first.
    drawLayered(ctx, m, parentX, parentY, doc, assets, warnings);
    return;
  }
  ctx.save();
  ctx.translate(m.x - parentX, m.y - parentY);
  const w = m.width;
  const h = m.height;
  if (node.rotation) {
    ctx.translate(w / 2, h / 2);
    ctx.rotate((node.rotation * Math.PI) / 180);
    ctx.translate(-w / 2, -h / 2);
  }
  if (assets.inLayer !== node) {
    if (node.opacity !== undefined) ctx.globalAlpha = ctx.globalAlpha * node.opacity;
    if (node.blendMode && node.blendMode !== 'normal') ctx.globalCompositeOperation = BLEND[node.blendMode];
    if (node.blur) ctx.filter = `blur(${node.blur}px)`;
  }

  if (node.type === 'text') {
    drawText(ctx, m);
  } else if (node.type === 'frame' && !node.fills?.length && !node.strokes?.length && !node.shadows?.length && !node.clipContent) {
    // A frame that paints nothing needs no outline.
    for (const c of m.children) drawNode(ctx, c, m.x, m.y, doc, assets, warnings);
  } else if (node.type !== 'group') {
    const path = shapePath(node, w, h);
    const closed = node.type !== 'line';
    if (closed) {
      const rule = node.type === 'path' && node.fillRule === 'evenodd' ? 'evenodd' : 'nonzero';
      const fills = node.fills ?? [];
      const shadows = node.shadows ?? [];
      // Opaque content (an image, a procedural, an opaque first fill) hides the shape under it, so
      // a single shadow is drawn with that shape directly; otherwise only the shadow is drawn.
      const first = fills[0];
      const opaqueBase =
        node.type === 'image' || node.type === 'procedural' || (first?.type === 'solid' && (first.opacity ?? 1) >= 1 && isOpaqueColor(first.color));
      let firstDrawn = false;
      // A cut-out's shadow follows its outline (its alpha), not its box.
      const picture = node.type === 'image' && shadows.length ? assets.images.get(node.src) : undefined;
      const silhouette = !!picture && !!picture.width && !!picture.height && hasTransparency(picture);
      // Nine-patch shadows (raster output), when every shadow of the node can take them.
      const boxShadows = assets.vector || silhouette ? [] : shadows.map((sh) => boxShadow(ctx, node, w, h, sh));
      if (silhouette) {
        for (const sh of shadows) silhouetteShadow(ctx, m, path, sh, assets, warnings);
      } else if (assets.vector && shadows.some((sh) => sh.blur > 0)) {
        for (const sh of shadows) rasterShadow(ctx, path, sh, w, h);
      } else if (boxShadows.length > 0 && boxShadows.every((d) => d !== undefined)) {
        for (const draw of boxShadows) draw!();
      } else if (shadows.length === 1 && opaqueBase) {
        const s = shadows[0];
        const tm = ctx.getTransform();
        const scale = Math.hypot(tm.a, tm.b);
        ctx.save();
        ctx.shadowColor = s.color;
        ctx.shadowBlur = s.blur * scale;
        ctx.shadowOffsetX = s.x * tm.a + s.y * tm.c;
        ctx.shadowOffsetY = s.x * tm.b + s.y * tm.d;
        ctx.fillStyle = first ? paintStyle(ctx, first, w, h) : '#000000';
        ctx.fill(path, rule);
        ctx.restore();
        firstDrawn = !!first;
      } else {
        for (const s of shadows) drawShadow(ctx, path, s, Math.max(w, h));
      }
      fills.forEach((f, i) => {
        if (i === 0 && firstDrawn) return;
        ctx.fillStyle = paintStyle(ctx, f, w, h);
        ctx.fill(path, rule);
      });
      if (node.type === 'image' || node.type === 'procedural') {
        ctx.save();
        ctx.clip(path);
        if (node.type === 'image') drawImageNode(ctx, m, assets, warnings);
        else if (assets.vector && TEXTURE_STYLES.has(node.style)) ctx.drawImage(proceduralRaster(node, w, h, Math.max(doc.width, doc.height)), 0, 0, w, h);
        else drawProcedural(ctx, node, w, h);
        ctx.restore();
      }
    }
    for (const s of node.strokes ?? []) {
      ctx.save();
      ctx.strokeStyle = s.color;
      ctx.lineCap = s.cap ?? (node.type === 'line' ? 'round' : 'butt');
      ctx.lineJoin = s.join ?? 'miter';
      if (s.dash?.length) ctx.setLineDash(s.dash);
      const align = !closed || node.type === 'path' ? 'center' : (s.align ?? 'inside');
      if (align === 'center') {
        ctx.lineWidth = s.width;
        ctx.stroke(path);
      } else {
        ctx.lineWidth = s.width;
        ctx.stroke(shapePath(node, w, h, align === 'inside' ? s.width / 2 : -s.width / 2));
      }
      ctx.restore();
    }
    if (node.type === 'frame' && node.children?.length) {
      if (node.clipContent) ctx.clip(path);
      for (const c of m.children) drawNode(ctx, c, m.x, m.y, doc, assets, warnings);
    }
  }
  if (node.type === 'group') {
    if (node.clipContent) {
      const p = new Path2D();
      p.rect(0, 0, w, h);
      ctx.clip(p);
    }
    for (const c of m.children) drawNode(ctx, c, m.x, m.y, doc, assets, warnings);
  }
  ctx.restore();
}

function drawLayered(
  ctx: Ctx,
  m: MaterializedNode,
  parentX: number,
  parentY: number,
  doc: MaterializedDocument,
  assets: DrawAssets,
  warnings: DrawWarnings,
): void {
  const node = m.node;
  const t = ctx.getTransform();
  const dev = assets.deviceScale ?? 1;
  const lw = Math.max(1, Math.ceil(doc.width * dev));
  const lh = Math.max(1, Math.ceil(doc.height * dev));
  const layer = createCanvas(lw, lh);
  const lc = layer.getContext('2d') as unknown as Ctx;
  lc.lang = doc.lang;
  lc.setTransform(t);
  drawNode(lc, m, parentX, parentY, doc, { ...assets, inLayer: node }, warnings);
  ctx.save();
  ctx.resetTransform();
  if (node.opacity !== undefined) ctx.globalAlpha = ctx.globalAlpha * node.opacity;
  if (node.blendMode && node.blendMode !== 'normal') ctx.globalCompositeOperation = BLEND[node.blendMode];
  if (node.blur) ctx.filter = `blur(${node.blur * (Math.hypot(t.a, t.b) || 1)}px)`;
  ctx.drawImage(layer, 0, 0, lw, lh);
  ctx.restore();
}

/** Draws a materialized document on any 2D context (raster, SVG or PDF page), at `scale`. */
export function drawDocument(ctx: Ctx, doc: MaterializedDocument, assets: DrawAssets, warnings: DrawWarnings, scale = 1, transparent = false): void {
  // Its own families may have been removed from the registry since layout (other documents').
  keepDocumentFonts(doc);
  ctx.save();
  ctx.lang = doc.lang;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  if (scale !== 1) ctx.scale(scale, scale);
  if (!transparent) {
    const bg = doc.background;
    ctx.fillStyle = typeof bg === 'string' ? bg : paintStyle(ctx, bg, doc.width, doc.height);
    ctx.fillRect(0, 0, doc.width, doc.height);
  }
  drawNode(ctx, doc.root, 0, 0, doc, assets, warnings);
  ctx.restore();
  if (assets.interrupt?.stop()) throw new RenderAbortedError();
}

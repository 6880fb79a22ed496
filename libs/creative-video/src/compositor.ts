import { createCanvas, ImageData, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import {
  drawProcedural,
  flattenMaterialized,
  isOpaqueDocument,
  prepare,
  proceduralDocument,
  rasterizeMaterialized,
  type IrNode,
  type MaterializedDocument,
  type MaterializedNode,
  type ProceduralStyleId,
} from '@platform/creative-ir';
import sharp from 'sharp';
import { ease } from './easing';
import type { Composition, Overlay, Raster, ScaledRaster } from './compose/compose';
import type { Easing, Motion, SceneSpec, Transition } from './types';
import { validateSceneSource } from './validate';

/** A raster placed on the frame (frame pixels). */
interface Placed {
  canvas: Canvas;
  x: number;
  y: number;
}

/** What the compositor needs of a scene, built once per scene: rasters, and the per-frame drawing. */
export interface PreparedScene {
  /** Draws the whole frame (opaque) for motion progress `p` (0..1) and procedural `phase` (0..1). */
  draw(ctx: SKRSContext2D, p: number, phase: number): void;
  /** Rasters held (for memory accounting and tests). */
  readonly layers: number;
  /**
   * What the frame at (p, phase) looks like, as a string: two frames with the same key are identical, so
   * the encoder is handed the previous frame's pixels again (a held scene, a stagger whose nodes are all in).
   * Undefined when every frame differs (procedural scenes).
   */
  key(p: number, phase: number): string | undefined;
  /**
   * When the frame at motion progress `p` is rasters only, what `draw` would paint, as a plan the
   * `FrameComposer` draws without Skia: whole-frame motions of an opaque design or image (one raster scaled
   * and moved), and the entering layers of an opaque design (stagger, rise). Absent for the rest.
   */
  compose?(p: number): Composition;
}

/**
 * Canvases as rasters, one array for the scene (the composer loads them together, once). Their pixels are read
 * back when the composer loads them, not kept: the composer holds its own copy, the canvas the original.
 */
function rastersOf(canvases: Canvas[]): () => Raster[] {
  let rasters: Raster[] | undefined;
  return () =>
    (rasters ??= canvases.map((c) => ({
      get pixels() {
        return c.data();
      },
      width: c.width,
      height: c.height,
    })));
}

/**
 * The composition of a scene that is one raster drawn at (x, y) scaled by 1 / k under a whole-frame motion's
 * matrix `at(p)` (`motionTransform`), as its `draw` paints it.
 */
function oneRaster(canvas: Canvas, x: number, y: number, k: number, at: (p: number) => { a: number; e: number; f: number }): (p: number) => Composition {
  const rasters = rastersOf([canvas]);
  return (p) => {
    const m = at(p);
    const all = rasters();
    const base: ScaledRaster = { raster: all[0], scale: m.a / k, x: m.a * x + m.e, y: m.a * y + m.f };
    return { rasters: all, base };
  };
}

const ENTRY_MOTIONS = new Set<Motion>(['rise', 'pop', 'stagger']);

/** The easing a motion uses when the scene names none. */
export function defaultEasing(motion: Motion): Easing {
  if (motion === 'pop') return 'ease_out_back';
  if (motion === 'rise' || motion === 'stagger') return 'ease_out';
  return motion === 'none' ? 'linear' : 'ease_in_out';
}

/**
 * The transform a whole-frame motion applies at eased progress `e`: scale `s` about (ox, oy), then a
 * translation. Pans scale by 1.12 and travel within the margin that gives, so no border ever shows.
 */
export function motionTransform(motion: Motion, e: number, w: number, h: number, focal = { x: 0.5, y: 0.5 }, image = false, limit = Infinity) {
  let s = 1;
  let ox = w / 2;
  let oy = h / 2;
  let tx = 0;
  let ty = 0;
  // `limit` (see contentScaleLimit) lowers how far a zoom, pan or Ken Burns goes, never below MIN_MOTION_SCALE.
  const reach = (nominal: number) => Math.min(nominal, Math.max(MIN_MOTION_SCALE, limit));
  const pan = reach(1.12);
  const rx = ((pan - 1) / 2) * w;
  const ry = ((pan - 1) / 2) * h;
  const zoom = reach(1.15);
  switch (motion) {
    case 'zoom_in':
      s = 1 + (zoom - 1) * e;
      break;
    case 'zoom_out':
      s = zoom - (zoom - 1) * e;
      break;
    case 'pan_left':
      s = pan;
      tx = rx * (1 - 2 * e);
      break;
    case 'pan_right':
      s = pan;
      tx = -rx * (1 - 2 * e);
      break;
    case 'pan_up':
      s = pan;
      ty = ry * (1 - 2 * e);
      break;
    case 'pan_down':
      s = pan;
      ty = -ry * (1 - 2 * e);
      break;
    case 'ken_burns':
      // Zooming about the focal point keeps it still while the frame closes in on it; with s >= 1 and the
      // point inside the frame, the content always covers the frame.
      s = 1 + (reach(1.25) - 1) * e;
      ox = focal.x * w;
      oy = focal.y * h;
      break;
    // Images have no separate foreground: rise drifts up at 110%, pop and stagger settle from 125% to ~105%.
    case 'rise':
      if (image) {
        s = 1.1;
        ty = ((s - 1) / 2) * h * (1 - 2 * e);
      }
      break;
    case 'pop':
    case 'stagger':
      if (image) s = 1.25 - 0.2 * e;
      break;
  }
  return { a: s, d: s, e: ox * (1 - s) + tx, f: oy * (1 - s) + ty };
}

/** The least a zoom, pan or Ken Burns scales to when the content leaves it little room: it still moves. */
export const MIN_MOTION_SCALE = 1.03;

/** A box in frame pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The largest scale a whole-frame motion may reach with `box` (the text and small images of a design, in
 * frame pixels) kept whole on screen, `margin` pixels inside the frame's edges, at every frame of the motion:
 * a zoom about its centre (or Ken Burns about the focal point) must not push the box past an edge, and a pan
 * must not at either end of its travel. Infinity when the motion does not scale (or nothing needs keeping).
 */
export function contentScaleLimit(
  motion: Motion,
  box: Box | undefined,
  w: number,
  h: number,
  focal = { x: 0.5, y: 0.5 },
  margin = Math.round(Math.min(w, h) * 0.02),
): number {
  if (!box) return Infinity;
  // Zooming about c: a point p goes to c + (p - c) s.
  const about = (lo: number, hi: number, c: number, size: number) =>
    Math.min(lo < c ? (c - margin) / (c - lo) : Infinity, hi > c ? (size - margin - c) / (hi - c) : Infinity);
  // Panning along an axis at scale s about the centre, travelling ±(s - 1) size / 2: the ends show p at
  // size - s (size - p) and at s p.
  const along = (lo: number, hi: number, size: number) =>
    Math.min(lo < size ? (size - margin) / (size - lo) : Infinity, hi > 0 ? (size - margin) / hi : Infinity);
  switch (motion) {
    case 'zoom_in':
    case 'zoom_out':
      return Math.min(about(box.x0, box.x1, w / 2, w), about(box.y0, box.y1, h / 2, h));
    case 'ken_burns':
      return Math.min(about(box.x0, box.x1, focal.x * w, w), about(box.y0, box.y1, focal.y * h, h));
    case 'pan_left':
    case 'pan_right':
      return Math.min(along(box.x0, box.x1, w), about(box.y0, box.y1, h / 2, h));
    case 'pan_up':
    case 'pan_down':
      return Math.min(along(box.y0, box.y1, h), about(box.x0, box.x1, w / 2, w));
    default:
      return Infinity;
  }
}

/** What a whole-frame motion must keep on screen: the union of text boxes and of images under a quarter of the page (logos, products), in frame pixels. */
export function foregroundBox(doc: MaterializedDocument, scale: number, ox: number, oy: number): Box | undefined {
  let box: Box | undefined;
  const page = doc.width * doc.height;
  for (const n of flattenMaterialized(doc.root)) {
    const keep = (n.type === 'text' && (n.text?.lines.length ?? 1) > 0) || (n.type === 'image' && n.width * n.height < page / 4);
    if (!keep || n.width <= 0 || n.height <= 0 || n.node.visible === false) continue;
    const b = { x0: ox + n.x * scale, y0: oy + n.y * scale, x1: ox + (n.x + n.width) * scale, y1: oy + (n.y + n.height) * scale };
    box = box ? { x0: Math.min(box.x0, b.x0), y0: Math.min(box.y0, b.y0), x1: Math.max(box.x1, b.x1), y1: Math.max(box.y1, b.y1) } : b;
  }
  return box;
}

/** The largest scale a whole-frame motion reaches (see motionTransform): its layer is rasterized at that scale. */
export function detailScale(motion: Motion, image: boolean): number {
  switch (motion) {
    case 'zoom_in':
    case 'zoom_out':
      return 1.15;
    case 'pan_left':
    case 'pan_right':
    case 'pan_up':
    case 'pan_down':
      return 1.12;
    case 'ken_burns':
      return 1.25;
    case 'rise':
      return image ? 1.1 : 1;
    case 'pop':
    case 'stagger':
      return image ? 1.25 : 1;
    default:
      return 1;
  }
}

function applyMatrix(ctx: SKRSContext2D, m: { a: number; d: number; e: number; f: number }): void {
  ctx.transform(m.a, 0, 0, m.d, m.e, m.f);
}

/** A copy of a materialized tree holding only `keep` (with their subtrees) and their ancestors, the ancestors unpainted. */
function subset(node: MaterializedNode, keep: Set<MaterializedNode>): MaterializedNode | undefined {
  if (keep.has(node)) return node;
  const children = node.children.map((c) => subset(c, keep)).filter((c): c is MaterializedNode => !!c);
  if (!children.length) return undefined;
  const bare = { ...node.node, fills: [], strokes: [], shadows: [] } as IrNode;
  return { ...node, node: bare, children };
}

/** The root with its own paint (the design's background) and the backdrop nodes, without the rest. */
function backgroundOnly(doc: MaterializedDocument, backdrop: MaterializedNode[]): MaterializedDocument {
  return { ...doc, root: { ...doc.root, children: doc.root.children.filter((c) => backdrop.includes(c)) } };
}

const painted = (n: MaterializedNode) => !!(n.node.fills?.length || n.node.strokes?.length || n.node.shadows?.length);

/**
 * The layers of an entering design. Top-level nodes covering the whole page (backdrop images, procedural
 * backgrounds, scrims) stay with the background, and never move; the others enter, in order. An unpainted
 * container (a layout column) is not one piece but its children, so a column of eyebrow, title and button
 * enters line by line. Boxes come from the materialized layout, so nothing moves when split.
 */
export function splitLayers(doc: MaterializedDocument): { backdrop: MaterializedNode[]; pieces: MaterializedNode[] } {
  const backdrop: MaterializedNode[] = [];
  const pieces: MaterializedNode[] = [];
  const covers = (n: MaterializedNode) => !n.node.rotation && n.x <= 1 && n.y <= 1 && n.x + n.width >= doc.width - 1 && n.y + n.height >= doc.height - 1;
  for (const c of doc.root.children) {
    if (c.node.visible === false) continue;
    if (covers(c) && (c.type !== 'frame' && c.type !== 'group' ? true : !c.children.length)) backdrop.push(c);
    else if ((c.type === 'frame' || c.type === 'group') && !painted(c) && c.node.opacity === undefined && !c.node.blur && c.children.length > 1)
      pieces.push(...c.children.filter((k) => k.node.visible !== false));
    else pieces.push(c);
  }
  return { backdrop, pieces };
}

/** Crops a premultiplied RGBA raster to the box of its non-transparent pixels (undefined when empty). */
function cropToContent(canvas: Canvas, pixels: Buffer, w: number, h: number): { canvas: Canvas; x: number; y: number } | undefined {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w * 4 + 3;
    let first = -1;
    for (let x = 0; x < w; x++) {
      if (pixels[row + x * 4] !== 0) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = w - 1; x > first; x--) {
      if (pixels[row + x * 4] !== 0) {
        last = x;
        break;
      }
    }
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
    if (y0 === h) y0 = y;
    y1 = y;
  }
  if (x1 < 0) return undefined;
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  if (cw === w && ch === h) return { canvas, x: 0, y: 0 };
  const out = createCanvas(cw, ch);
  out.getContext('2d').drawImage(canvas, x0, y0, cw, ch, 0, 0, cw, ch);
  return { canvas: out, x: x0, y: y0 };
}

/** Entry of item k of n at motion progress p: eased progress 0..1 (0 = not yet in). */
function entry(motion: Motion, easing: Easing, p: number, k: number, n: number): number {
  if (motion === 'stagger') {
    const len = 0.6 / (1 + (n - 1) * 0.5);
    return ease(easing, (p - k * len * 0.5) / len);
  }
  return ease(easing, p / (motion === 'pop' ? 0.4 : 0.5));
}

/** Item k's opacity (0..1) at motion progress p, and for rise and stagger how far below its place it still is. */
function entering(motion: Motion, easing: Easing, p: number, k: number, n: number, h: number): { e: number; alpha: number; dy: number } {
  const e = entry(motion, easing, p, k, n);
  const alpha = Math.min(1, Math.max(0, motion === 'pop' ? (p / 0.4) * 2.5 : e));
  return { e, alpha, dy: (1 - e) * (motion === 'rise' ? 0.08 : 0.06) * h };
}

function drawEntering(ctx: SKRSContext2D, items: Placed[], motion: Motion, easing: Easing, p: number, w: number, h: number): void {
  items.forEach((it, k) => {
    const { e, alpha, dy } = entering(motion, easing, p, k, items.length, h);
    if (alpha <= 0) return;
    ctx.save();
    ctx.globalAlpha = alpha;
    if (motion === 'pop') {
      const s = 0.85 + 0.15 * e;
      ctx.transform(s, 0, 0, s, (w / 2) * (1 - s), (h / 2) * (1 - s));
    } else ctx.translate(0, dy);
    ctx.drawImage(it.canvas, it.x, it.y);
    ctx.restore();
  });
}

/**
 * Everything static about a scene, rasterized once; see `draw` for what a frame costs. `stop` (when given) is asked
 * while a heavy IR scene is rasterized, between chunks of its drawing (`RenderBudget` of @platform/creative-ir): once
 * it answers true the preparation throws `RenderAbortedError`.
 */
export async function prepareScene(scene: SceneSpec, w: number, h: number, stop?: () => boolean): Promise<PreparedScene> {
  const budget = stop ? { stop } : undefined;
  if (scene.source.kind === 'lazy') {
    const loaded = await scene.source.load();
    const issues = validateSceneSource(loaded);
    if (issues.length)
      throw new Error(`the scene's source, once loaded, is not valid: ${issues.map((i) => `${['source', ...i.loc].join('.')}: ${i.msg}`).join('; ')}`);
    return prepareScene({ ...scene, source: loaded }, w, h, stop);
  }
  const motion = scene.motion ?? 'none';
  const easing = scene.easing ?? defaultEasing(motion);
  const focal = scene.focal ?? { x: 0.5, y: 0.5 };
  const entryMotion = ENTRY_MOTIONS.has(motion);
  const src = scene.source;

  if (src.kind === 'image') {
    const k = detailScale(motion, true);
    const { canvas: img, opaque } = await decodeCover(src.image, Math.round(w * k), Math.round(h * k));
    const m0 = { x: (w - img.width / k) / 2, y: (h - img.height / k) / 2 };
    const at = (p: number) => motionTransform(motion, ease(easing, p), w, h, focal, true);
    return {
      layers: 1,
      key: (p) => String(motion === 'none' ? 0 : ease(easing, p)),
      ...(opaque ? { compose: oneRaster(img, m0.x, m0.y, k, at) } : {}),
      draw(ctx, p) {
        ctx.save();
        ctx.fillStyle = '#000';
        ctx.fillRect(0, 0, w, h);
        applyMatrix(ctx, at(p));
        ctx.translate(m0.x, m0.y);
        ctx.scale(1 / k, 1 / k);
        ctx.drawImage(img, 0, 0);
        ctx.restore();
      },
    };
  }

  if (src.kind === 'procedural') {
    const style = src.style as ProceduralStyleId;
    const params = { style, seed: src.seed ?? 7, density: src.density ?? 1, palette: src.palette, tone: src.tone };
    const ir = proceduralDocument({ ...params, width: w, height: h, title: src.title, eyebrow: src.eyebrow });
    const { doc, images } = await prepare(ir);
    const top = doc.root.children.filter((c) => c.id !== 'background');
    const scrim = top.filter((c) => c.id === 'scrim');
    const overlay = top.filter((c) => c.id !== 'scrim');
    const raster = (keep: MaterializedNode[]): Placed | undefined => {
      if (!keep.length) return undefined;
      const root = subset({ ...doc.root, node: { ...doc.root.node, fills: [] } as IrNode }, new Set(keep));
      if (!root) return undefined;
      const r = rasterizeMaterialized({ ...doc, root }, images, { transparent: true, budget });
      return cropToContent(r.canvas, r.pixels, r.width, r.height);
    };
    const still = entryMotion ? raster(scrim) : raster(top);
    const limit = contentScaleLimit(motion, foregroundBox(doc, 1, 0, 0), w, h, focal);
    const items: Placed[] = [];
    if (entryMotion) {
      const pieces = motion === 'stagger' ? overlay.flatMap((o) => (o.children.length ? o.children : [o])) : overlay;
      if (motion === 'stagger') for (const piece of pieces) items.push(...[raster([piece])].filter((x): x is Placed => !!x));
      else items.push(...[raster(pieces)].filter((x): x is Placed => !!x));
    }
    return {
      layers: (still ? 1 : 0) + items.length,
      key: () => undefined,
      draw(ctx, p, phase) {
        ctx.save();
        if (!entryMotion) applyMatrix(ctx, motionTransform(motion, ease(easing, p), w, h, focal, false, limit));
        drawProcedural(ctx, { ...params, phase }, w, h);
        if (still) ctx.drawImage(still.canvas, still.x, still.y);
        ctx.restore();
        if (entryMotion) drawEntering(ctx, items, motion, easing, p, w, h);
      },
    };
  }

  // A Creative IR document: drawn contained in the frame (the same aspect fills it), over its background color.
  const parsed = src.ir as { width?: number; height?: number };
  const dw = Number(parsed?.width) || w;
  const dh = Number(parsed?.height) || h;
  const scale = Math.min(w / dw, h / dh);
  const { doc, images } = await prepare(src.ir, { assets: src.assets, scale });
  const bgFill = typeof doc.background === 'string' ? doc.background : '#000000';
  const rw = Math.max(1, Math.round(dw * scale));
  const rh = Math.max(1, Math.round(dh * scale));
  const ox = Math.round((w - rw) / 2);
  const oy = Math.round((h - rh) / 2);
  const place = (c: { canvas: Canvas; x: number; y: number }): Placed => ({ canvas: c.canvas, x: c.x + ox, y: c.y + oy });
  // An opaque design filling the frame: it covers the frame under every whole-frame motion (they only enlarge),
  // and its background does under rise and stagger (they only move layers).
  const covers = ox <= 0 && oy <= 0 && rw >= w && rh >= h && isOpaqueDocument(doc);
  if (!entryMotion) {
    // Rasterized at the motion's largest scale, so the end of a zoom is as sharp as a still (drawn reduced before).
    const k = detailScale(motion, false);
    const whole = place({ canvas: rasterizeMaterialized(doc, images, { scale: scale * k, budget }).canvas, x: 0, y: 0 });
    // Text and logos stay whole on screen: the motion goes only as far as they leave room for.
    const limit = contentScaleLimit(motion, foregroundBox(doc, scale, ox, oy), w, h, focal);
    const at = (p: number) => motionTransform(motion, ease(easing, p), w, h, focal, false, limit);
    return {
      layers: 1,
      key: (p) => String(motion === 'none' ? 0 : ease(easing, p)),
      ...(covers ? { compose: oneRaster(whole.canvas, whole.x, whole.y, k, at) } : {}),
      draw(ctx, p) {
        ctx.save();
        if (!covers) {
          ctx.fillStyle = bgFill;
          ctx.fillRect(0, 0, w, h);
        }
        applyMatrix(ctx, at(p));
        ctx.translate(whole.x, whole.y);
        ctx.scale(1 / k, 1 / k);
        ctx.drawImage(whole.canvas, 0, 0);
        ctx.restore();
      },
    };
  }
  const { backdrop, pieces } = splitLayers(doc);
  const background = place({ canvas: rasterizeMaterialized(backgroundOnly(doc, backdrop), images, { scale, budget }).canvas, x: 0, y: 0 });
  const bareRoot = { ...doc.root, node: { ...doc.root.node, fills: [], strokes: [], shadows: [] } as IrNode };
  const groups = motion === 'stagger' ? pieces.map((c) => [c]) : [pieces];
  const items: Placed[] = [];
  for (const g of groups) {
    if (!g.length) continue;
    const root = subset(bareRoot, new Set(g));
    if (!root) continue;
    const r = rasterizeMaterialized({ ...doc, root }, images, { scale, transparent: true, budget });
    const c = cropToContent(r.canvas, r.pixels, r.width, r.height);
    if (c) items.push(place(c));
  }
  const rasters = rastersOf([background.canvas, ...items.map((it) => it.canvas)]);
  // Pop scales its layers: drawn through Skia.
  const compose = (p: number): Composition => {
    const all = rasters();
    const over: Overlay[] = items.map((it, k) => {
      const { alpha, dy } = entering(motion, easing, p, k, items.length, h);
      return { raster: all[k + 1], x: it.x, y: it.y + dy, alpha };
    });
    return { rasters: all, base: { raster: all[0], scale: 1, x: background.x, y: background.y }, over };
  };
  return {
    layers: 1 + items.length,
    key: (p) => items.map((_, k) => entry(motion, easing, p, k, items.length).toFixed(6) + (motion === 'pop' ? `/${Math.min(1, p / 0.4)}` : '')).join(','),
    ...(covers && motion !== 'pop' ? { compose } : {}),
    draw(ctx, p) {
      ctx.fillStyle = bgFill;
      ctx.fillRect(0, 0, w, h);
      ctx.drawImage(background.canvas, background.x, background.y);
      drawEntering(ctx, items, motion, easing, p, w, h);
    },
  };
}

/** Decodes an image once (EXIF-rotated), scaled to cover w x h (with a margin for zooms, never enlarged beyond need); `opaque` when no pixel is transparent. */
async function decodeCover(bytes: Uint8Array, w: number, h: number): Promise<{ canvas: Canvas; opaque: boolean }> {
  const meta = await sharp(bytes).metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const iw = (rotated ? meta.height : meta.width) ?? w;
  const ih = (rotated ? meta.width : meta.height) ?? h;
  const s = Math.max(w / iw, h / ih);
  const cw = Math.max(w, Math.round(iw * s));
  const ch = Math.max(h, Math.round(ih * s));
  const { data, info } = await sharp(bytes)
    .rotate()
    .resize(cw, ch, { fit: 'cover', kernel: 'lanczos3' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const canvas = createCanvas(info.width, info.height);
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height), 0, 0);
  // No alpha channel (JPEG, most photos): opaque without looking; otherwise every alpha must be 255.
  let opaque = true;
  if (meta.hasAlpha) for (let i = 3; i < data.length && opaque; i += 4) opaque = data[i] === 255;
  return { canvas, opaque };
}

/**
 * Draws transition `kind` at eased progress `q` between scenes drawn by `drawA` and `drawB`. Everything
 * happens on the frame canvas; `scratch` (frame-sized) holds the incoming scene when it is blended with alpha.
 */
export function drawTransition(
  ctx: SKRSContext2D,
  scratch: Canvas,
  kind: Exclude<Transition, 'none'>,
  q: number,
  w: number,
  h: number,
  drawA: (c: SKRSContext2D) => void,
  drawB: (c: SKRSContext2D) => void,
): void {
  const sctx = scratch.getContext('2d');
  const scaled = (c: SKRSContext2D, s: number, draw: (c: SKRSContext2D) => void) => {
    c.save();
    c.transform(s, 0, 0, s, (w / 2) * (1 - s), (h / 2) * (1 - s));
    draw(c);
    c.restore();
  };
  const shifted = (c: SKRSContext2D, dx: number, dy: number, draw: (c: SKRSContext2D) => void) => {
    c.save();
    c.translate(dx, dy);
    draw(c);
    c.restore();
  };
  const clipped = (c: SKRSContext2D, clip: (c: SKRSContext2D) => void, draw: (c: SKRSContext2D) => void) => {
    c.save();
    c.beginPath();
    clip(c);
    c.clip();
    draw(c);
    c.restore();
  };
  switch (kind) {
    case 'fade':
      drawA(ctx);
      drawB(sctx);
      ctx.save();
      ctx.globalAlpha = q;
      ctx.drawImage(scratch, 0, 0);
      ctx.restore();
      return;
    case 'fade_black':
      if (q < 0.5) drawA(ctx);
      else drawB(ctx);
      ctx.save();
      ctx.fillStyle = `rgba(0,0,0,${q < 0.5 ? 2 * q : 2 * (1 - q)})`;
      ctx.fillRect(0, 0, w, h);
      ctx.restore();
      return;
    case 'slide_left':
      shifted(ctx, -q * w, 0, drawA);
      return shifted(ctx, (1 - q) * w, 0, drawB);
    case 'slide_right':
      shifted(ctx, q * w, 0, drawA);
      return shifted(ctx, -(1 - q) * w, 0, drawB);
    case 'slide_up':
      shifted(ctx, 0, -q * h, drawA);
      return shifted(ctx, 0, (1 - q) * h, drawB);
    case 'slide_down':
      shifted(ctx, 0, q * h, drawA);
      return shifted(ctx, 0, -(1 - q) * h, drawB);
    case 'wipe_left':
      drawA(ctx);
      return clipped(ctx, (c) => c.rect((1 - q) * w, 0, q * w, h), drawB);
    case 'wipe_right':
      drawA(ctx);
      return clipped(ctx, (c) => c.rect(0, 0, q * w, h), drawB);
    case 'wipe_up':
      drawA(ctx);
      return clipped(ctx, (c) => c.rect(0, (1 - q) * h, w, q * h), drawB);
    case 'wipe_down':
      drawA(ctx);
      return clipped(ctx, (c) => c.rect(0, 0, w, q * h), drawB);
    case 'circle':
      drawA(ctx);
      return clipped(ctx, (c) => c.arc(w / 2, h / 2, (q * Math.hypot(w, h)) / 2, 0, Math.PI * 2), drawB);
    case 'zoom':
      scaled(ctx, 1 + 0.3 * q, drawA);
      scaled(sctx, 1.2 - 0.2 * q, drawB);
      ctx.save();
      ctx.globalAlpha = q;
      ctx.drawImage(scratch, 0, 0);
      ctx.restore();
      return;
  }
}

import { createCanvas, ImageData, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import {
  drawProcedural,
  flattenMaterialized,
  isOpaqueDocument,
  prepare,
  proceduralDocument,
  rasterizeMaterialized,
  type AnimationPreset,
  type IrNode,
  type MaterializedDocument,
  type MaterializedNode,
  type NodeAnimation,
  type ProceduralStyleId,
  type TextLayout,
  type TextNode,
} from '@platform/creative-ir';
import sharp from 'sharp';
import { ease } from './easing';
import type { Composition, Overlay, Raster } from './compose/compose';
import type { Easing, Motion, SceneSpec, Transition } from './types';
import { validateSceneSource } from './validate';

/** A raster placed on the frame (frame pixels). */
interface Placed {
  canvas: Canvas;
  x: number;
  y: number;
}

/**
 * Where a scene is in time at one frame (see `sceneState` of the timeline): the camera's progress, the procedural
 * phase, and the clock of its content layers (text, buttons, logo, animated nodes), which show only while
 * 0 <= t <= span and fade in and out over `fadeIn` and `fadeOut` seconds where a transition hands over.
 */
export interface SceneState {
  /** Camera (background) progress, 0 on the first visible frame, 1 on the last. */
  p: number;
  /** Procedural phase, 0..1. */
  phase: number;
  /** Seconds since the content came in (negative before). */
  t: number;
  /** Seconds the content stays on screen. */
  span: number;
  fadeIn: number;
  fadeOut: number;
  /** The poster: background at rest, every entrance done and no exit begun (the design as designed). */
  settled?: boolean;
}

/** A scene's state at camera progress `p` with its content on screen for the whole scene (`span` seconds), as a single scene without transitions has it. */
export function plainState(p: number, phase = 0, span = 1): SceneState {
  return { p, phase, t: p * span, span, fadeIn: 0, fadeOut: 0 };
}

/** The poster's state: the settled design. */
export const SETTLED: SceneState = { p: 0, phase: 0, t: 0, span: 1, fadeIn: 0, fadeOut: 0, settled: true };

/**
 * What the compositor needs of a scene, built once per scene: its layers rasterized once (a background, and
 * content layers), and the per-frame drawing, which only places them.
 */
export interface PreparedScene {
  /** Draws the whole frame (opaque): the background under its camera motion, then the content. */
  draw(ctx: SKRSContext2D, st: SceneState): void;
  /** Draws the background alone (opaque; the camera motion moves it). */
  drawBackground(ctx: SKRSContext2D, st: SceneState): void;
  /** Draws the content layers over the frame, moved by (dx, dy) (a transition's slide). */
  drawContent(ctx: SKRSContext2D, st: SceneState, dx?: number, dy?: number): void;
  /** Rasters held (for memory accounting and tests). */
  readonly layers: number;
  /** Content layers: their boxes (frame pixels, at rest) and whether each is text, for reports and tests. */
  readonly content: readonly ContentInfo[];
  /** Each content layer's opacity at `st` (same order as `content`). */
  opacities(st: SceneState): number[];
  /** Each content layer's box at `st`, moved and scaled as drawn (frame pixels; before a transition's slide). */
  boxes(st: SceneState): Box[];
  /**
   * What the frame at `st` looks like, as a string: two frames with the same key are identical, so the encoder is
   * handed the previous frame's pixels again (a held scene, a stagger whose nodes are all in). Undefined when every
   * frame differs (procedural scenes).
   */
  key(st: SceneState): string | undefined;
  /**
   * When the frame at `st` is rasters only, what `draw` would paint, as a plan the `FrameComposer` draws without
   * Skia: an opaque background scaled and moved by the camera, content layers placed whole with their opacity and
   * vertical offset. Undefined (or absent) when the frame needs Skia (scaled or rotated layers, reveals).
   */
  compose?(st: SceneState): Composition | undefined;
}

/** A content layer as reports and tests see it. */
export interface ContentInfo {
  id: string;
  /** Text (or holds text: a button). */
  text: boolean;
  /** A small image (a logo, a product). */
  image: boolean;
  /** Box at rest, frame pixels. */
  box: Box;
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
export function motionTransform(motion: Motion, e: number, w: number, h: number, focal = { x: 0.5, y: 0.5 }, image = false) {
  let s = 1;
  let ox = w / 2;
  let oy = h / 2;
  let tx = 0;
  let ty = 0;
  const pan = 1.12;
  const rx = ((pan - 1) / 2) * w;
  const ry = ((pan - 1) / 2) * h;
  const zoom = 1.15;
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
      s = 1 + 0.25 * e;
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

/** A box in frame pixels. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
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

/**
 * A copy of a materialized tree holding only the keys of `keep` (replaced by their values) and their ancestors, the
 * ancestors unpainted. A container kept bare (its own paint, no children) still holds those of its descendants that are
 * kept too, over its paint and under its opacity, clip and blend, as the design draws them.
 */
function subset(node: MaterializedNode, keep: Map<MaterializedNode, MaterializedNode>): MaterializedNode | undefined {
  const kept = keep.get(node);
  if (kept && (kept.children.length || !node.children.length)) return kept;
  const children = node.children.map((c) => subset(c, keep)).filter((c): c is MaterializedNode => !!c);
  if (kept) return children.length ? { ...kept, children } : kept;
  if (!children.length) return undefined;
  const bare = { ...node.node, fills: [], strokes: [], shadows: [] } as IrNode;
  return { ...node, node: bare, children };
}

const painted = (n: MaterializedNode) => !!(n.node.fills?.length || n.node.strokes?.length || n.node.shadows?.length);
const isContainer = (n: MaterializedNode) => n.type === 'frame' || n.type === 'group';

/**
 * The layers of an entering design (the pieces of stagger). Top-level nodes covering the whole page (backdrop
 * images, procedural backgrounds, scrims) stay with the background, and never move; the others enter, in order.
 * An unpainted container (a layout column) is not one piece but its children, so a column of eyebrow, title and
 * button enters line by line. Boxes come from the materialized layout, so nothing moves when split.
 */
export function splitLayers(doc: MaterializedDocument): { backdrop: MaterializedNode[]; pieces: MaterializedNode[] } {
  const backdrop: MaterializedNode[] = [];
  const pieces: MaterializedNode[] = [];
  for (const l of layerize(doc)) (l.kind === 'backdrop' ? backdrop : pieces).push(l.node);
  return { backdrop, pieces };
}

/** One layer of a design: a node (with its subtree, or `bare`: its own paint only). */
interface DesignLayer {
  node: MaterializedNode;
  /** Drawn instead of `node` (a container's own paint without its children). */
  bare?: MaterializedNode;
  /** backdrop: covers the page; decoration: shapes and large images under the content; content: the rest. */
  kind: 'backdrop' | 'decoration' | 'content';
  animation?: NodeAnimation;
}

/**
 * A design split into layers, in paint order. Backdrops (top-level nodes covering the page) and decoration (shapes
 * and images of a quarter of the page or more, holding no text, below every content layer) form the background the
 * camera moves; text, buttons (anything holding text), small images (logos) and nodes with an `animation` are content
 * layers, which stay in place or move on their own. A container holding an animated node is split into its own
 * paint and its children, so the animated node is a layer of its own. A design with no content layer enters
 * (`entering`: rise, pop, stagger) with its decoration as content.
 */
function layerize(doc: MaterializedDocument, entering = true): DesignLayer[] {
  const page = doc.width * doc.height;
  const out: DesignLayer[] = [];
  const covers = (n: MaterializedNode) => !n.node.rotation && n.x <= 1 && n.y <= 1 && n.x + n.width >= doc.width - 1 && n.y + n.height >= doc.height - 1;
  const animated = (n: MaterializedNode): boolean => !!n.node.animation || n.children.some(animated);
  const holdsContent = (n: MaterializedNode) =>
    flattenMaterialized(n).some(
      (d) => d.node.visible !== false && ((d.type === 'text' && (d.text?.lines.length ?? 1) > 0) || (d.type === 'image' && d.width * d.height < page / 4)),
    );
  let contentSeen = false;
  const push = (l: DesignLayer) => {
    if (l.kind === 'decoration' && contentSeen) l.kind = 'content';
    if (l.kind === 'content') contentSeen = true;
    out.push(l);
  };
  const visit = (c: MaterializedNode, top: boolean) => {
    if (c.node.visible === false) return;
    if (c.node.animation) return push({ node: c, kind: 'content', animation: c.node.animation });
    const container = isContainer(c) && c.children.length > 0;
    if (top && covers(c) && !container) return push({ node: c, kind: 'backdrop' });
    const splitColumn = top && container && !painted(c) && c.node.opacity === undefined && !c.node.blur && c.children.length > 1;
    if (container && (animated(c) || splitColumn)) {
      // Its own paint: a badge's or a button's plate is content (it comes and goes with its text), a panel's decoration.
      if (painted(c))
        push({ node: c, bare: { ...c, children: [] }, kind: top && covers(c) ? 'backdrop' : holdsContent(c) && !covers(c) ? 'content' : 'decoration' });
      for (const k of c.children) visit(k, false);
      return;
    }
    push({ node: c, kind: top && covers(c) && !holdsContent(c) ? 'backdrop' : holdsContent(c) ? 'content' : 'decoration' });
  };
  for (const c of doc.root.children) visit(c, true);
  // A design of shapes alone (no text, logo or animated node): under an entrance motion its shapes are what enters.
  if (entering && !contentSeen) for (const l of out) if (l.kind === 'decoration') l.kind = 'content';
  return out;
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

/** Entry of item k of n at content progress p: eased progress 0..1 (0 = not yet in). */
function entry(motion: Motion, easing: Easing, p: number, k: number, n: number): number {
  if (motion === 'stagger') {
    const len = 0.6 / (1 + (n - 1) * 0.5);
    return ease(easing, (p - k * len * 0.5) / len);
  }
  return ease(easing, p / (motion === 'pop' ? 0.4 : 0.5));
}

/** How a content layer is drawn at one frame: opacity, offset, scale and rotation about `origin`, and a reveal. */
export interface LayerState {
  alpha: number;
  dx: number;
  dy: number;
  scale: number;
  /** Degrees clockwise. */
  rotation: number;
  /** Scale and rotation origin, frame pixels. */
  ox: number;
  oy: number;
  /** Share of the layer shown, left to right (wipe), or of its characters (typewriter); 1 = all. */
  reveal: number;
  typewriter: boolean;
}

const clamp01 = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x);

/**
 * A node's `animation` at content time t (seconds since its scene's content came in; `span`: seconds it stays),
 * applied to `s` (frame pixels; `unit`: frame pixels per page pixel, `w`, `h`: the page in frame pixels). Entrances
 * run from their delay, exits end `delay` seconds before the content leaves; keyframes add on top.
 */
export function applyAnimation(s: LayerState, a: NodeAnimation, t: number, span: number, w: number, h: number, unit: number): void {
  const phase = (preset: AnimationPreset, x: number, into: boolean, raw: number) => {
    // x: 0 = out of the page's sight, 1 = in place.
    switch (preset) {
      case 'none':
        return;
      case 'fade':
        s.alpha *= x;
        return;
      case 'rise':
        s.alpha *= x;
        s.dy += (1 - x) * 0.06 * h * (into ? 1 : -1);
        return;
      case 'drop':
        s.alpha *= x;
        s.dy -= (1 - x) * 0.06 * h * (into ? 1 : -1);
        return;
      case 'slide_left':
        s.alpha *= clamp01(x * 2);
        s.dx -= (1 - x) * 0.12 * w;
        return;
      case 'slide_right':
        s.alpha *= clamp01(x * 2);
        s.dx += (1 - x) * 0.12 * w;
        return;
      case 'slide_up':
        s.alpha *= clamp01(x * 2);
        s.dy -= (1 - x) * 0.12 * h;
        return;
      case 'slide_down':
        s.alpha *= clamp01(x * 2);
        s.dy += (1 - x) * 0.12 * h;
        return;
      case 'scale':
        s.alpha *= x;
        s.scale *= 0.9 + 0.1 * x;
        return;
      case 'pop':
        s.alpha *= clamp01(raw * 2.5);
        s.scale *= 0.85 + 0.15 * x;
        return;
      case 'typewriter':
        s.reveal = Math.min(s.reveal, clamp01(raw));
        s.typewriter = true;
        return;
      case 'wipe':
        s.reveal = Math.min(s.reveal, x);
        return;
    }
  };
  if (a.enter && a.enter.preset !== 'none') {
    const d = a.enter.duration ?? 0.6;
    const raw = clamp01((t - (a.enter.delay ?? 0)) / d);
    phase(a.enter.preset, ease(a.enter.easing ?? (a.enter.preset === 'pop' ? 'ease_out_back' : 'ease_out'), raw), true, raw);
  }
  if (a.exit && a.exit.preset !== 'none') {
    const d = a.exit.duration ?? 0.6;
    const raw = clamp01((span - (a.exit.delay ?? 0) - t) / d);
    phase(a.exit.preset, 1 - ease(a.exit.easing ?? 'ease_in', 1 - raw), false, raw);
  }
  const kf = a.keyframes;
  if (kf?.length) {
    const value = (key: 'opacity' | 'x' | 'y' | 'scale' | 'rotation'): number | undefined => {
      const ks = kf.filter((k) => k[key] !== undefined);
      if (!ks.length) return undefined;
      if (t <= ks[0].at) return ks[0][key];
      for (let i = 1; i < ks.length; i++) {
        if (t <= ks[i].at) {
          const u = ease(ks[i].easing ?? 'ease_in_out', (t - ks[i - 1].at) / (ks[i].at - ks[i - 1].at));
          return ks[i - 1][key]! + (ks[i][key]! - ks[i - 1][key]!) * u;
        }
      }
      return ks[ks.length - 1][key];
    };
    s.alpha *= value('opacity') ?? 1;
    s.dx += (value('x') ?? 0) * unit;
    s.dy += (value('y') ?? 0) * unit;
    s.scale *= value('scale') ?? 1;
    s.rotation += value('rotation') ?? 0;
  }
}

/** A content layer of a prepared scene: its raster placed at rest, and how it moves. */
interface ContentLayer extends ContentInfo {
  /** The design's layers it holds (one, or a run of them that move together). */
  members: ContentInfo[];
  placed: Placed;
  animation?: NodeAnimation;
  /** Its place among the layers that follow the scene's entrance motion (rise, pop, stagger); -1 for animated ones. */
  order: number;
  /** Its text's lines as laid out (typewriter reveals them in turn), when the layer is one text node. */
  typed?: TypedText;
}

/** One laid-out line of a text layer: its ink extent in the node's box (page pixels) and where each character ends. */
interface TypedLine {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** `ends[k]`: width of the line's first k characters (in reading order), so ends[0] = 0 and the last = x1 - x0. */
  ends: number[];
}

/** A text node's lines for typewriter, placed on the frame (`x`, `y`: its box's corner, `scale` frame pixels per page pixel). */
interface TypedText {
  lines: TypedLine[];
  rtl: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
  rotation: number;
}

/** Content layers' states at `st` under the scene's motion. */
function layerStates(layers: ContentLayer[], motion: Motion, easing: Easing, st: SceneState, w: number, h: number, unit: number): LayerState[] {
  const n = layers.filter((l) => l.order >= 0).length;
  const visible = st.settled || (st.t >= 0 && st.t <= st.span);
  const gate = st.settled ? 1 : Math.min(st.fadeIn > 0 ? clamp01(st.t / st.fadeIn) : 1, st.fadeOut > 0 ? clamp01((st.span - st.t) / st.fadeOut) : 1);
  const cp = st.span > 0 ? clamp01(st.t / st.span) : 1;
  return layers.map((l) => {
    const box = l.box;
    const s: LayerState = {
      alpha: visible ? gate : 0,
      dx: 0,
      dy: 0,
      scale: 1,
      rotation: 0,
      ox: (box.x0 + box.x1) / 2,
      oy: (box.y0 + box.y1) / 2,
      reveal: 1,
      typewriter: false,
    };
    if (st.settled || !visible) return s;
    if (l.animation) applyAnimation(s, l.animation, st.t, st.span, w, h, unit);
    else if (ENTRY_MOTIONS.has(motion)) {
      const e = entry(motion, easing, cp, l.order, n);
      if (motion === 'pop') {
        s.alpha *= clamp01((cp / 0.4) * 2.5);
        s.scale = 0.85 + 0.15 * e;
        s.ox = w / 2;
        s.oy = h / 2;
      } else {
        s.alpha *= clamp01(e);
        s.dy = (1 - e) * (motion === 'rise' ? 0.08 : 0.06) * h;
      }
    }
    return s;
  });
}

/** A box as a layer state moves and scales it (its rotation's bounding box included). */
function movedBox(b: Box, s: LayerState): Box {
  const at = (x: number, y: number) => [s.ox + (x - s.ox) * s.scale + s.dx, s.oy + (y - s.oy) * s.scale + s.dy];
  const [x0, y0] = at(b.x0, b.y0);
  const [x1, y1] = at(b.x1, b.y1);
  const r = (Math.abs(s.rotation) * Math.PI) / 180;
  const cw = (x1 - x0) / 2;
  const ch = (y1 - y0) / 2;
  const hw = Math.abs(cw * Math.cos(r)) + Math.abs(ch * Math.sin(r));
  const hh = Math.abs(cw * Math.sin(r)) + Math.abs(ch * Math.cos(r));
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  return { x0: cx - hw, y0: cy - hh, x1: cx + hw, y1: cy + hh };
}

const simple = (s: LayerState) => s.scale === 1 && s.rotation === 0 && s.reveal >= 1 && s.dx === 0;

function drawLayer(ctx: SKRSContext2D, l: ContentLayer, s: LayerState, dx: number, dy: number): void {
  if (s.alpha <= 0.001 || s.reveal <= 0 || s.scale <= 0) return;
  const { canvas, x, y } = l.placed;
  ctx.save();
  ctx.globalAlpha = Math.min(1, s.alpha);
  ctx.translate(s.dx + dx, s.dy + dy);
  if (s.scale !== 1 || s.rotation !== 0) {
    ctx.translate(s.ox, s.oy);
    if (s.rotation) ctx.rotate((s.rotation * Math.PI) / 180);
    ctx.scale(s.scale, s.scale);
    ctx.translate(-s.ox, -s.oy);
  }
  if (s.reveal < 1) {
    ctx.beginPath();
    if (s.typewriter && l.typed) typewriterClip(ctx, l.typed, s.reveal);
    else ctx.rect(x, y, canvas.width * s.reveal, canvas.height);
    ctx.clip();
  }
  ctx.drawImage(canvas, x, y);
  ctx.restore();
}

/** Rasterizes `nodes` of `doc` alone (transparent), cropped, with `pad` page pixels of overflow kept on every side. */
function rasterLayer(
  doc: MaterializedDocument,
  images: Parameters<typeof rasterizeMaterialized>[1],
  keep: Map<MaterializedNode, MaterializedNode>,
  scale: number,
  pad: number,
  budget: { stop: () => boolean } | undefined,
): Placed | undefined {
  const bareRoot = { ...doc.root, node: { ...doc.root.node, fills: [], strokes: [], shadows: [], clipContent: false } as IrNode };
  const root = subset(bareRoot, keep);
  if (!root) return undefined;
  // Moved by `pad`, on a page `pad` larger on every side: what bleeds off the page is drawn, not cut.
  // (A whole number of frame pixels, so the layer lands where the page has it.)
  const off = Math.ceil(pad * scale);
  const d = off / scale;
  const padded = pad > 0 ? { ...doc, width: doc.width + 2 * d, height: doc.height + 2 * d, root: shifted(root, d) } : { ...doc, root };
  const r = rasterizeMaterialized(padded, images, { scale, transparent: true, budget });
  const c = cropToContent(r.canvas, r.pixels, r.width, r.height);
  return c && { canvas: c.canvas, x: c.x - (pad > 0 ? off : 0), y: c.y - (pad > 0 ? off : 0) };
}

/** A materialized tree moved by `d` page pixels right and down (boxes are absolute). */
function shifted(n: MaterializedNode, d: number): MaterializedNode {
  return { ...n, x: n.x + d, y: n.y + d, children: n.children.map((c) => shifted(c, d)) };
}

/** Width of text as drawn (font and letter spacing of its layout); measured on one shared context. */
let measure: SKRSContext2D | undefined;
function textWidth(t: TextLayout, text: string): number {
  measure ??= createCanvas(1, 1).getContext('2d');
  measure.font = t.font;
  measure.letterSpacing = `${t.letterSpacing}px`;
  return measure.measureText(text).width;
}

/**
 * A text node's lines for typewriter (undefined when the layer is not one text node): each line's extent where the
 * renderer draws it (alignment, justification, right-to-left and vertical alignment as draw.ts resolves them), and
 * where each of its characters ends, in reading order, so the reveal shows whole characters from the line's own start.
 */
function typedText(n: MaterializedNode, scale: number, ox: number, oy: number): TypedText | undefined {
  const t = n.text;
  if (n.type !== 'text' || !t || !t.lines.length) return undefined;
  const node = n.node as TextNode;
  const rtl = t.direction === 'rtl';
  let align = node.textAlign ?? 'start';
  if (align === 'start') align = rtl ? 'right' : 'left';
  if (align === 'end') align = rtl ? 'left' : 'right';
  const va = node.verticalAlign ?? 'top';
  const top = va === 'middle' ? (n.height - t.height) / 2 : va === 'bottom' ? n.height - t.height : 0;
  const lines = t.lines.map((line, i): TypedLine => {
    const chars = [...line.text];
    const y0 = top + i * t.lineHeight;
    if (align === 'justify' && !line.paragraphEnd && /\s/.test(line.text.trim())) {
      // Justified: the words spread over the box; characters come at their share of it.
      return { x0: 0, x1: n.width, y0, y1: y0 + t.lineHeight, ends: chars.map((_, k) => (k * n.width) / chars.length).concat(n.width) };
    }
    const a = align === 'justify' ? (rtl ? 'right' : 'left') : align;
    const x0 = a === 'center' ? (n.width - line.width) / 2 : a === 'right' ? n.width - line.width : 0;
    // Prefix widths, scaled to the laid-out width (glyphs a face lacks are measured a little differently).
    const full = textWidth(t, line.text) || 1;
    const ends = chars.map((_, k) => (textWidth(t, chars.slice(0, k).join('')) / full) * line.width).concat(line.width);
    return { x0, x1: x0 + line.width, y0, y1: y0 + t.lineHeight, ends };
  });
  return { lines, rtl, x: ox + n.x * scale, y: oy + n.y * scale, width: n.width, height: n.height, scale, rotation: n.node.rotation ?? 0 };
}

const typewriter = (a: NodeAnimation | undefined) => a?.enter?.preset === 'typewriter' || a?.exit?.preset === 'typewriter';

/**
 * Adds to the current path the part of a text layer typed at `reveal` (share of its characters): the lines before
 * the one being typed whole, that one from its own start (left, or right for right-to-left text) to the end of its
 * last whole character, nothing after. Bands reach past the first and last line so that overhanging ink is kept.
 */
function typewriterClip(ctx: SKRSContext2D, typed: TypedText, reveal: number): void {
  const FAR = 1e5;
  const { lines, scale: k, x: ox, y: oy, width, height } = typed;
  const r = (typed.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(r), Math.sin(r)];
  // Node-local page pixels to frame pixels, rotated about the box's centre as draw.ts rotates a node.
  const at = (px: number, py: number): [number, number] => {
    const dx = px - width / 2;
    const dy = py - height / 2;
    return [ox + (width / 2 + dx * cos - dy * sin) * k, oy + (height / 2 + dx * sin + dy * cos) * k];
  };
  const rect = (x0: number, y0: number, x1: number, y1: number) => {
    ctx.moveTo(...at(x0, y0));
    ctx.lineTo(...at(x1, y0));
    ctx.lineTo(...at(x1, y1));
    ctx.lineTo(...at(x0, y1));
    ctx.closePath();
  };
  let shown = Math.floor(reveal * lines.reduce((a, l) => a + l.ends.length - 1, 0));
  let done = -FAR;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const chars = l.ends.length - 1;
    const last = i === lines.length - 1;
    if (shown >= chars) {
      shown -= chars;
      done = last ? FAR : l.y1;
      continue;
    }
    if (done > -FAR) rect(-FAR, -FAR, FAR, done);
    if (shown > 0) {
      const y0 = i === 0 ? -FAR : l.y0;
      const y1 = last ? FAR : l.y1;
      const w = l.ends[shown];
      if (typed.rtl) rect(l.x1 - w, y0, FAR, y1);
      else rect(-FAR, y0, l.x0 + w, y1);
    }
    return;
  }
  rect(-FAR, -FAR, FAR, FAR);
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
  /** The camera's matrix at `st` (identity when settled). */
  const camera = (st: SceneState, image: boolean) =>
    st.settled ? { a: 1, d: 1, e: 0, f: 0 } : motionTransform(motion, ease(easing, st.p), w, h, focal, image);

  if (src.kind === 'image') {
    const k = detailScale(motion, true);
    const { canvas: img, opaque } = await decodeCover(src.image, Math.round(w * k), Math.round(h * k));
    const m0 = { x: (w - img.width / k) / 2, y: (h - img.height / k) / 2 };
    const rasters = rastersOf([img]);
    const drawBackground = (ctx: SKRSContext2D, st: SceneState) => {
      ctx.save();
      ctx.fillStyle = '#000';
      ctx.fillRect(0, 0, w, h);
      applyMatrix(ctx, camera(st, true));
      ctx.translate(m0.x, m0.y);
      ctx.scale(1 / k, 1 / k);
      ctx.drawImage(img, 0, 0);
      ctx.restore();
    };
    return {
      layers: 1,
      content: [],
      opacities: () => [],
      boxes: () => [],
      key: (st) => (st.settled ? 'settled' : String(motion === 'none' ? 0 : ease(easing, st.p))),
      ...(opaque
        ? {
            compose: (st: SceneState) => {
              const m = camera(st, true);
              return { rasters: rasters(), base: { raster: rasters()[0], scale: m.a / k, x: m.a * m0.x + m.e, y: m.a * m0.y + m.f } };
            },
          }
        : {}),
      drawBackground,
      drawContent: () => undefined,
      draw: drawBackground,
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
    const raster = (keep: MaterializedNode[]) => (keep.length ? rasterLayer(doc, images, new Map(keep.map((n) => [n, n])), 1, 0, budget) : undefined);
    // The scrim darkens the ground for the title: it stays put over the moving ground.
    const still = raster(scrim);
    const pieces = motion === 'stagger' ? overlay.flatMap((o) => (o.children.length ? o.children : [o])) : overlay;
    const layers: ContentLayer[] = [];
    for (const piece of pieces) {
      const placed = raster([piece]);
      if (!placed) continue;
      const box = { x0: placed.x, y0: placed.y, x1: placed.x + placed.canvas.width, y1: placed.y + placed.canvas.height };
      layers.push({
        id: piece.id,
        text: true,
        image: false,
        box,
        members: [{ id: piece.id, text: true, image: false, box }],
        placed,
        order: layers.length,
      });
    }
    const drawBackground = (ctx: SKRSContext2D, st: SceneState) => {
      ctx.save();
      applyMatrix(ctx, camera(st, false));
      drawProcedural(ctx, { ...params, phase: st.phase }, w, h);
      ctx.restore();
      if (still) ctx.drawImage(still.canvas, still.x, still.y);
    };
    const drawContent = (ctx: SKRSContext2D, st: SceneState, dx = 0, dy = 0) => {
      const states = layerStates(layers, motion, easing, st, w, h, 1);
      layers.forEach((l, i) => drawLayer(ctx, l, states[i], dx, dy));
    };
    return {
      layers: (still ? 1 : 0) + layers.length,
      content: layers.map(({ id, text, image, box }) => ({ id, text, image, box })),
      opacities: (st) => layerStates(layers, motion, easing, st, w, h, 1).map((s) => (s.reveal > 0 ? s.alpha : 0)),
      boxes: (st) => layerStates(layers, motion, easing, st, w, h, 1).map((s, i) => movedBox(layers[i].box, s)),
      key: () => undefined,
      drawBackground,
      drawContent,
      draw(ctx, st) {
        drawBackground(ctx, st);
        drawContent(ctx, st);
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
  // An opaque design filling the frame: its background covers the frame under every camera motion (they only enlarge).
  const covers = ox <= 0 && oy <= 0 && rw >= w && rh >= h && isOpaqueDocument(doc);
  const split = layerize(doc, entryMotion);
  const inBackground = split.filter((l) => l.kind !== 'content');
  // The background (page paint, backdrops, decoration), rasterized at the camera's largest scale, so the end of a
  // zoom is as sharp as a still.
  const k = detailScale(motion, false);
  const bgRoot = subset(doc.root, new Map(inBackground.map((l) => [l.node, l.bare ?? l.node])));
  const bgDoc = { ...doc, root: { ...doc.root, children: bgRoot && bgRoot !== doc.root ? bgRoot.children : [] } };
  const bgCanvas = rasterizeMaterialized(bgDoc, images, { scale: scale * k, budget }).canvas;
  // Content layers that move together (every one but under stagger, except animated nodes) are rasterized together:
  // one raster for a run of them, fewer to draw and to composite every frame.
  const runs: DesignLayer[][] = [];
  for (const l of split) {
    if (l.kind !== 'content') continue;
    const last = runs[runs.length - 1];
    if (last && motion !== 'stagger' && !l.animation && !last[0].animation) last.push(l);
    else runs.push([l]);
  }
  const infoOf = (l: DesignLayer): ContentInfo => {
    const n = l.node;
    const flat = flattenMaterialized(l.bare ?? n).filter((d) => d.node.visible !== false);
    const text = flat.some((d) => d.type === 'text');
    const box = { x0: ox + n.x * scale, y0: oy + n.y * scale, x1: ox + (n.x + n.width) * scale, y1: oy + (n.y + n.height) * scale };
    return { id: n.id, text, image: !text && flat.some((d) => d.type === 'image'), box };
  };
  const layers: ContentLayer[] = [];
  let order = 0;
  for (const run of runs) {
    // A layer bleeding off the page is drawn with its overflow, so that moving or scaling it shows no cut edge.
    const bleeds = run.some(({ node: n }) => n.x < 0 || n.y < 0 || n.x + n.width > doc.width || n.y + n.height > doc.height || !!n.node.rotation);
    const pad = bleeds ? Math.ceil(Math.max(doc.width, doc.height) * 0.25) : 0;
    const placed0 = rasterLayer(doc, images, new Map(run.map((l) => [l.node, l.bare ?? l.node])), scale, pad, budget);
    if (!placed0) continue;
    const members = run.map(infoOf);
    const box = {
      x0: Math.min(...members.map((m) => m.box.x0)),
      y0: Math.min(...members.map((m) => m.box.y0)),
      x1: Math.max(...members.map((m) => m.box.x1)),
      y1: Math.max(...members.map((m) => m.box.y1)),
    };
    layers.push({
      id: members.map((m) => m.id).join('+'),
      text: members.some((m) => m.text),
      image: members.every((m) => m.image),
      box,
      members,
      placed: place(placed0),
      animation: run[0].animation,
      order: run[0].animation ? -1 : order++,
      // Measured only for a typewriter (the one reveal that needs each character's place).
      typed: typewriter(run[0].animation) ? typedText(run[0].node, scale, ox, oy) : undefined,
    });
  }
  // The composer places layers whole within the frame's width: a layer reaching past a side is handed to it cut
  // there (only its vertical offset and opacity change when composed, so the cut part never shows).
  const inFrame = layers.map((l) => {
    const x0 = Math.max(0, l.placed.x);
    const x1 = Math.min(w, l.placed.x + l.placed.canvas.width);
    if (x0 === l.placed.x && x1 === l.placed.x + l.placed.canvas.width) return l.placed;
    const c = createCanvas(Math.max(1, x1 - x0), l.placed.canvas.height);
    if (x1 > x0) c.getContext('2d').drawImage(l.placed.canvas, x0 - l.placed.x, 0, x1 - x0, c.height, 0, 0, x1 - x0, c.height);
    return { canvas: c, x: x0, y: l.placed.y };
  });
  const rasters = rastersOf([bgCanvas, ...inFrame.map((l) => l.canvas)]);
  const states = (st: SceneState) => layerStates(layers, motion, easing, st, w, h, scale);
  const drawBackground = (ctx: SKRSContext2D, st: SceneState) => {
    ctx.save();
    if (!covers) {
      ctx.fillStyle = bgFill;
      ctx.fillRect(0, 0, w, h);
    }
    applyMatrix(ctx, camera(st, false));
    ctx.translate(ox, oy);
    ctx.scale(1 / k, 1 / k);
    ctx.drawImage(bgCanvas, 0, 0);
    ctx.restore();
  };
  const drawContent = (ctx: SKRSContext2D, st: SceneState, dx = 0, dy = 0) => {
    const s = states(st);
    layers.forEach((l, i) => drawLayer(ctx, l, s[i], dx, dy));
  };
  return {
    layers: 1 + layers.length,
    content: layers.flatMap((l) => l.members),
    opacities: (st) => states(st).flatMap((s, i) => layers[i].members.map(() => (s.reveal > 0 ? Math.min(1, s.alpha) : 0))),
    boxes: (st) => states(st).flatMap((s, i) => layers[i].members.map((m) => movedBox(m.box, s))),
    key: (st) => {
      const cam = st.settled ? 'settled' : motion === 'none' || entryMotion ? '0' : String(ease(easing, st.p));
      return (
        cam +
        '|' +
        states(st)
          .map((s) => (s.alpha <= 0.001 ? '-' : [s.alpha, s.dx, s.dy, s.scale, s.rotation, s.reveal].map((v) => v.toFixed(4)).join(':')))
          .join(',')
      );
    },
    ...(covers
      ? {
          compose: (st: SceneState): Composition | undefined => {
            const s = states(st);
            if (!s.every((x) => x.alpha <= 0.001 || simple(x))) return undefined;
            const all = rasters();
            const m = camera(st, false);
            const over: Overlay[] = [];
            inFrame.forEach((l, i) => {
              if (s[i].alpha > 0.001) over.push({ raster: all[i + 1], x: l.x, y: l.y + s[i].dy, alpha: Math.min(1, s[i].alpha) });
            });
            return { rasters: all, base: { raster: all[0], scale: m.a / k, x: m.a * ox + m.e, y: m.a * oy + m.f }, over };
          },
        }
      : {}),
    drawBackground,
    drawContent,
    draw(ctx, st) {
      drawBackground(ctx, st);
      drawContent(ctx, st);
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

/** How far a slide has moved the outgoing (`a`) and incoming (`b`) scenes at eased progress `q`: their content moves with them. */
export function transitionOffsets(kind: Exclude<Transition, 'none'>, q: number, w: number, h: number): { a: [number, number]; b: [number, number] } {
  switch (kind) {
    case 'slide_left':
      return { a: [-q * w, 0], b: [(1 - q) * w, 0] };
    case 'slide_right':
      return { a: [q * w, 0], b: [-(1 - q) * w, 0] };
    case 'slide_up':
      return { a: [0, -q * h], b: [0, (1 - q) * h] };
    case 'slide_down':
      return { a: [0, q * h], b: [0, -(1 - q) * h] };
    default:
      return { a: [0, 0], b: [0, 0] };
  }
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

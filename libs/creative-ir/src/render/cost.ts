import type { MaterializedDocument, MaterializedNode } from '../layout/materialize';

/**
 * What drawing a document costs, estimated from its materialized nodes before anything is drawn, in
 * milliseconds of one core (measured on the 2-vCPU development machine with tools/bench-style single-node
 * documents; see docs/performance.md). The figures that matter are the ones that grow without bound:
 *
 * - a blur (a node's or a container's `blur`) makes Skia filter a layer as large as the canvas's clip, so each
 *   one costs the whole page's pixels, more per pixel on larger pages;
 * - a container with opacity, a blend mode or a blur is drawn on a page-sized layer first (a cost per page pixel);
 * - blurred shadows cost their blurred box, procedural styles their area (a rate per style), text its
 *   characters (shaping and glyph drawing).
 *
 * The measured rates are in docs/performance.md ("render budget and cost estimate"); the constants below use them.
 *
 * Plain fills, strokes and images cost a fraction of a nanosecond a pixel. An estimate is an order of magnitude,
 * not a promise: it decides whether a render is refused before drawing (`RenderBudget.maxCostMs`) and whether a
 * heavy one is drawn in chunks that can be stopped (`RenderBudget.stop`).
 */

/** ns per page pixel of one blur (the layer Skia filters is the canvas's clip: the whole page). */
const BLUR_NS = 15;
/** ns per page pixel of a container drawn on its own layer (allocation, clear, composite). */
const LAYER_NS = 3;
/** ns per page pixel of the canvas itself (allocation, background, reading the pixels back). */
const PAGE_NS = 12;
/** ns per device pixel of a fill, stroke or image. */
const FILL_NS = 0.5;
const IMAGE_NS = 3;
/** ns per pixel of a blurred shadow's box (the shape's box grown by the blur's reach). */
const SHADOW_NS = 9;
/** ns per character of text (shaping happened at layout; this is glyph drawing). */
const TEXT_NS = 2000;
/** ns per device pixel of a procedural node, by style (density 4, the densest), and for a style not listed. */
const PROCEDURAL_NS: Record<string, number> = {
  mesh: 27,
  noise: 20,
  waves: 16,
  grain: 38,
  aurora: 30,
  grid: 35,
  blobs: 27,
  rays: 31,
  topography: 76,
  halftone: 115,
};
const PROCEDURAL_DEFAULT_NS = 115;
/** Vector output (PDF) rasterizes blurs and blurred shadows itself, at a higher resolution than the page. */
const VECTOR_BLUR_FACTOR = 2;

export interface CostOptions {
  /** Device pixels per document pixel (raster scale). Default 1. */
  scale?: number;
  /** SVG or PDF output. */
  vector?: boolean;
}

export interface CostEstimate {
  /** Estimated milliseconds of one core to draw the document. */
  ms: number;
  /** Visible nodes drawn. */
  nodes: number;
  /** Blurs (node or container `blur`), each over the whole page. */
  blurs: number;
  /** Containers drawn on a layer of their own (opacity, blend mode or blur with children). */
  layers: number;
  /** Raster size the estimate is for (the page size for vector output). */
  width: number;
  height: number;
}

/** Whether `drawNode` draws this container on a layer of its own (see draw.ts). */
export function isLayered(node: MaterializedNode['node']): boolean {
  return (
    (node.type === 'frame' || node.type === 'group') &&
    (node.children?.length ?? 0) > 0 &&
    ((node.opacity !== undefined && node.opacity < 1) || (node.blendMode !== undefined && node.blendMode !== 'normal') || !!node.blur)
  );
}

/**
 * The nanoseconds drawing `m` itself costs (its children not included) on a canvas of `pagePx` device pixels
 * at `scale` device pixels per document pixel.
 */
export function nodeCostNs(m: MaterializedNode, scale: number, pagePx: number, vector = false): number {
  const node = m.node;
  if (node.visible === false) return 0;
  const k2 = scale * scale;
  const area = Math.min(pagePx, Math.max(0, m.width) * Math.max(0, m.height) * k2);
  const blurFactor = vector ? VECTOR_BLUR_FACTOR : 1;
  let ns = 0;
  if (isLayered(node)) ns += LAYER_NS * pagePx;
  if (node.blur) ns += BLUR_NS * blurFactor * pagePx;
  if ('fills' in node && node.fills?.length) ns += FILL_NS * area * node.fills.length;
  if ('strokes' in node && node.strokes?.length) ns += FILL_NS * area * node.strokes.length;
  for (const s of ('shadows' in node ? node.shadows : undefined) ?? []) {
    if (!(s.blur > 0)) {
      ns += FILL_NS * area;
      continue;
    }
    const reach = 3 * s.blur * scale;
    const box = Math.min(pagePx, (Math.max(0, m.width) * scale + reach) * (Math.max(0, m.height) * scale + reach));
    ns += SHADOW_NS * blurFactor * box;
  }
  if (node.type === 'image') ns += IMAGE_NS * area;
  else if (node.type === 'procedural') ns += (PROCEDURAL_NS[node.style] ?? PROCEDURAL_DEFAULT_NS) * area;
  else if (node.type === 'text' && m.text) {
    let chars = 0;
    for (const l of m.text.lines) chars += l.text.length;
    ns += TEXT_NS * chars;
  }
  return Number.isFinite(ns) ? ns : Number.MAX_VALUE;
}

/** The estimated cost of drawing `doc` (see the top of this file). */
export function estimateDrawCost(doc: MaterializedDocument, options: CostOptions = {}): CostEstimate {
  const scale = options.scale ?? 1;
  const width = options.vector ? doc.width : Math.max(1, Math.round(doc.width * scale));
  const height = options.vector ? doc.height : Math.max(1, Math.round(doc.height * scale));
  const pagePx = width * height;
  const out: CostEstimate = { ms: 0, nodes: 0, blurs: 0, layers: 0, width, height };
  let ns = PAGE_NS * pagePx;
  const walk = (m: MaterializedNode) => {
    if (m.node.visible === false) return;
    out.nodes++;
    if (m.node.blur) out.blurs++;
    if (isLayered(m.node)) out.layers++;
    ns += nodeCostNs(m, options.vector ? 1 : scale, pagePx, options.vector);
    for (const c of m.children) walk(c);
  };
  walk(doc.root);
  out.ms = Math.ceil(ns / 1e6);
  return out;
}

/** "4,000 nodes (4,000 blurred, 3 on layers of their own) on an 8192 x 8192 px raster" */
export function describeCost(c: CostEstimate, vector = false): string {
  const n = (v: number) => v.toLocaleString('en-US');
  const parts = [c.blurs ? `${n(c.blurs)} blurred` : '', c.layers ? `${n(c.layers)} on layers of their own` : ''].filter(Boolean);
  return `${n(c.nodes)} nodes${parts.length ? ` (${parts.join(', ')})` : ''} on a ${c.width} x ${c.height} px ${vector ? 'page' : 'raster'}`;
}

/**
 * The least `estimateDrawCost` can answer for a page of `width` x `height` (the canvas alone: allocation, background,
 * reading the pixels back), known from the page's size before any layout. A service compares it with its cost limit
 * before it starts anything timed (queueing, laying out), so a page too large to draw in any case is refused the same
 * way on an idle and on a loaded machine; `estimateDrawCost` always adds the nodes' costs to it, so nothing this refuses
 * would have passed the full estimate.
 */
export function pageCostFloor(width: number, height: number, options: CostOptions = {}): CostEstimate {
  const scale = options.scale ?? 1;
  const w = options.vector ? width : Math.max(1, Math.round(width * scale));
  const h = options.vector ? height : Math.max(1, Math.round(height * scale));
  return { ms: Math.ceil((PAGE_NS * w * h) / 1e6), nodes: 0, blurs: 0, layers: 0, width: w, height: h };
}

import { createCanvas, Path2D } from '@napi-rs/canvas';
import type { Ctx, Gradient } from '../render/draw';
import { mix, parseColor, toCss, withAlpha } from '../color/color';
import type { ProceduralNode, ProceduralStyleId } from '../schema/ir-schema';

/**
 * Seeded, resolution-independent procedural backgrounds. Every style draws in coordinates
 * relative to its box, so any size gives the same picture; `phase` moves it along a loop
 * (phase and phase + 1 are the same frame) for smooth video.
 */
export interface ProceduralParams {
  style: ProceduralStyleId;
  seed?: number;
  density?: number;
  phase?: number;
  palette?: string[];
  tone?: 'light' | 'dark' | 'vivid' | 'muted';
}

export interface ProceduralStyleInfo {
  id: ProceduralStyleId;
  name: string;
  description: string;
  /** Tone used when neither palette nor tone is given. */
  defaultTone: 'light' | 'dark' | 'vivid' | 'muted';
}

export const PROCEDURAL_STYLES: ProceduralStyleInfo[] = [
  { id: 'mesh', name: 'Mesh gradient', description: 'Soft color fields blending into each other, drifting slowly.', defaultTone: 'vivid' },
  { id: 'noise', name: 'Noise field', description: 'Smooth fractal value noise mapped onto the palette, like marbled paper.', defaultTone: 'muted' },
  { id: 'waves', name: 'Waves', description: 'Layered sine bands rolling across the frame.', defaultTone: 'vivid' },
  { id: 'grain', name: 'Grainy gradient', description: 'A diagonal gradient with fine film grain.', defaultTone: 'light' },
  { id: 'aurora', name: 'Aurora', description: 'Glowing curtains of light over a dark sky.', defaultTone: 'dark' },
  { id: 'grid', name: 'Grid', description: 'A blueprint grid with dots at the crossings and a moving glow.', defaultTone: 'dark' },
  { id: 'blobs', name: 'Blobs', description: 'Organic, softly blurred shapes floating in the frame.', defaultTone: 'light' },
  { id: 'rays', name: 'Rays', description: 'A sunburst of rays turning around an off-center point.', defaultTone: 'vivid' },
  { id: 'topography', name: 'Topography', description: 'Contour lines of an imaginary terrain.', defaultTone: 'muted' },
  { id: 'halftone', name: 'Halftone', description: 'Dots of varying size tracing a flowing field.', defaultTone: 'dark' },
];

const PALETTES: Record<'light' | 'dark' | 'vivid' | 'muted', string[][]> = {
  light: [
    ['#f8fafc', '#c7d2fe', '#fbcfe8', '#bae6fd', '#fde68a'],
    ['#fffbeb', '#fecaca', '#fed7aa', '#d9f99d', '#a5f3fc'],
    ['#f5f3ff', '#ddd6fe', '#bfdbfe', '#fbcfe8', '#e0e7ff'],
  ],
  dark: [
    ['#0b1020', '#312e81', '#7c3aed', '#0ea5e9', '#22d3ee'],
    ['#0a0f0d', '#064e3b', '#10b981', '#a3e635', '#0ea5e9'],
    ['#140a1f', '#4c1d95', '#db2777', '#f59e0b', '#6366f1'],
  ],
  vivid: [
    ['#7b2ff7', '#ff3d7f', '#ffb800', '#00c2ff', '#12d18e'],
    ['#ff5f6d', '#ffc371', '#845ec2', '#00c9a7', '#f9f871'],
    ['#2b5876', '#4e4376', '#ff6a88', '#ffcc70', '#00d2ff'],
  ],
  muted: [
    ['#e7e5e4', '#a8a29e', '#d6d3d1', '#78716c', '#f5f5f4'],
    ['#e2e8f0', '#94a3b8', '#cbd5e1', '#64748b', '#f1f5f9'],
    ['#ecece4', '#b5b39a', '#d8cfc0', '#8a8266', '#f6f3ec'],
  ],
};

/** mulberry32: small, fast, seeded PRNG in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function resolvePalette(p: ProceduralParams): string[] {
  if (p.palette?.length) {
    // At most 8 colors, as the IR's procedural node takes (a brand kit may list more).
    const pal = p.palette.slice(0, 8);
    while (pal.length < 4) pal.push(mix(pal[pal.length - 1], pal.length % 2 ? '#ffffff' : '#000000', 0.35));
    return pal;
  }
  const info = PROCEDURAL_STYLES.find((s) => s.id === p.style);
  const tone = p.tone ?? info?.defaultTone ?? 'vivid';
  // An unknown tone (the type allows only known ones; a caller's string may not) falls back to the style's.
  const set = PALETTES[tone] ?? PALETTES[info?.defaultTone ?? 'vivid'] ?? PALETTES.vivid;
  const seed = Math.trunc(p.seed ?? 7);
  return set[((seed % set.length) + set.length) % set.length];
}

const TAU = Math.PI * 2;

type Drawer = (ctx: Ctx, w: number, h: number, p: Required<Omit<ProceduralParams, 'palette' | 'tone'>>, pal: string[], r: () => number) => void;

const fillAll = (ctx: Ctx, w: number, h: number, color: string | Gradient) => {
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, w, h);
};

/** Smooth periodic value noise in [0, 1]: sum of seeded sines (cheap, tileable in phase). */
function field(r: () => number, octaves: number) {
  const waves = Array.from({ length: octaves * 3 }, (_, i) => {
    const o = Math.floor(i / 3);
    const f = 1.5 * 2 ** o;
    const a = r() * TAU;
    return { kx: Math.cos(a) * f, ky: Math.sin(a) * f, ph: r() * TAU, amp: 1 / 2 ** o, speed: 1 + Math.floor(r() * 2) };
  });
  const norm = waves.reduce((s, w) => s + w.amp, 0);
  return (x: number, y: number, phase: number) => {
    let v = 0;
    for (const w of waves) v += w.amp * Math.sin(TAU * (w.kx * x + w.ky * y) + w.ph + TAU * phase * w.speed);
    return 0.5 + v / (2 * norm);
  };
}

/** Largest soft layer: pixels a side, and in all (see `softLayer`). */
const SOFT_LAYER_MAX = 4096;
const SOFT_LAYER_AREA = 2048 * 2048;

/**
 * Draws soft (blurred) content cheaply: shapes are drawn at a quarter of the device resolution,
 * blurred once there and scaled up smoothly. Blur is low-frequency, so nothing is lost.
 */
function softLayer(ctx: Ctx, w: number, h: number, blurFrac: number, draw: (c: Ctx) => void, factor = 4): void {
  const m = ctx.getTransform();
  // Device pixels per unit along each axis (the same for the renderer's uniform scales; they differ
  // when drawProcedural stretches an extreme strip).
  const devX = Math.hypot(m.a, m.b) || 1;
  const devY = Math.hypot(m.c, m.d) || 1;
  // At most SOFT_LAYER_MAX px a side and SOFT_LAYER_AREA px in all: a node far larger than any page
  // would otherwise ask for a layer of its own size. Only a full-bleed layer on a page larger than
  // ~6000 px a side reaches the area limit, and is then drawn at a slightly lower resolution.
  // Nor more than 4x the page's own pixels at the layer's resolution: a node that is mostly off the
  // page (or the PDF's, whose context has no canvas) needs no more than that.
  const page = ctx.canvas as { width?: number; height?: number } | undefined;
  const pageArea = page?.width && page?.height ? (4 * page.width * page.height) / (factor * factor) : SOFT_LAYER_AREA;
  const fit = Math.min(1, Math.sqrt(Math.min(SOFT_LAYER_AREA, pageArea) / (((w * devX) / factor) * ((h * devY) / factor))));
  const lw = Math.min(SOFT_LAYER_MAX, Math.max(4, Math.ceil((w * devX * fit) / factor)));
  const lh = Math.min(SOFT_LAYER_MAX, Math.max(4, Math.ceil((h * devY * fit) / factor)));
  const sharpLayer = createCanvas(lw, lh);
  const sc = sharpLayer.getContext('2d');
  sc.scale(lw / w, lh / h);
  draw(sc);
  let soft = sharpLayer;
  if (blurFrac > 0) {
    soft = createCanvas(lw, lh);
    const so = soft.getContext('2d');
    so.filter = `blur(${Math.max(0.5, blurFrac * Math.max(lw, lh)).toFixed(2)}px)`;
    so.drawImage(sharpLayer, 0, 0);
  }
  ctx.save();
  // Bilinear is enough for content this smooth, and several times cheaper than bicubic.
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(soft, 0, 0, w, h);
  ctx.restore();
}

const mesh: Drawer = (ctx, w, h, p, pal, r) => softLayer(ctx, w, h, 0, (ctx) => meshFields(ctx, w, h, p, pal, r), 3);

/** Mesh gradient fields: only low frequencies, so they are drawn at a third of the resolution. */
const meshFields: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const n = Math.round(3 + 3 * p.density);
  const size = Math.max(w, h);
  for (let i = 0; i < n; i++) {
    const bx = r();
    const by = r();
    const orbit = 0.08 + r() * 0.12;
    const off = r();
    const x = (bx + orbit * Math.cos(TAU * (p.phase + off))) * w;
    const y = (by + orbit * Math.sin(TAU * (p.phase + off))) * h;
    const rad = (size * (0.35 + r() * 0.35)) / Math.sqrt(p.density);
    const color = pal[1 + (i % (pal.length - 1))];
    const g = ctx.createRadialGradient(x, y, 0, x, y, rad);
    g.addColorStop(0, withAlpha(color, 0.95));
    g.addColorStop(0.55, withAlpha(color, 0.45));
    g.addColorStop(1, withAlpha(color, 0));
    fillAll(ctx, w, h, g);
  }
};

/** Renders f(x, y) on a small grid and scales it up smoothly: resolution-independent and fast. */
function drawField(ctx: Ctx, w: number, h: number, cells: number, f: (x: number, y: number) => [number, number, number, number]) {
  let gw = Math.max(2, Math.round(cells * Math.min(1, w / h) * (w >= h ? w / h : 1)));
  let gh = Math.max(2, Math.round((gw * h) / w));
  // Past an aspect ratio of 8:1 the grid keeps its cell count (and the field gets smoother).
  const k = Math.sqrt((gw * gh) / (cells * cells * 8));
  if (k > 1) {
    gw = Math.max(2, Math.round(gw / k));
    gh = Math.max(2, Math.round(gh / k));
  }
  const c = createCanvas(gw, gh);
  const cx = c.getContext('2d');
  const img = cx.createImageData(gw, gh);
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const [R, G, B, A] = f((i + 0.5) / gw, ((j + 0.5) / gh) * (h / w));
      const k = (j * gw + i) * 4;
      img.data[k] = R;
      img.data[k + 1] = G;
      img.data[k + 2] = B;
      img.data[k + 3] = A;
    }
  }
  cx.putImageData(img, 0, 0);
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(c, 0, 0, w, h);
  ctx.restore();
}

function rampColor(pal: string[], t: number): [number, number, number] {
  const x = Math.max(0, Math.min(0.9999, t)) * (pal.length - 1);
  const i = Math.floor(x);
  const a = parseColor(pal[i]);
  const b = parseColor(pal[i + 1]);
  const f = x - i;
  return [a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f];
}

const noise: Drawer = (ctx, w, h, p, pal, r) => {
  const f = field(r, 3);
  const scale = 0.8 * p.density;
  drawField(ctx, w, h, 160, (x, y) => {
    const v = f(x * scale, y * scale, p.phase);
    const [R, G, B] = rampColor(pal, v);
    return [R, G, B, 255];
  });
};

const waves: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const bands = Math.round(4 + 4 * p.density);
  for (let b = 0; b < bands; b++) {
    const base = ((b + 1) / (bands + 1)) * h;
    const amp = h * (0.03 + r() * 0.05);
    const freq = 0.6 + r() * 1.4;
    const off = r();
    const dir = r() < 0.5 ? 1 : -1;
    const path = new Path2D();
    path.moveTo(0, h);
    const steps = 64;
    for (let s = 0; s <= steps; s++) {
      const x = (s / steps) * w;
      const y = base + amp * Math.sin(TAU * (freq * (s / steps) + off + dir * p.phase));
      path.lineTo(x, y);
    }
    path.lineTo(w, h);
    path.closePath();
    ctx.fillStyle = withAlpha(pal[1 + (b % (pal.length - 1))], 0.55);
    ctx.fill(path);
  }
};

const grain: Drawer = (ctx, w, h, p, pal, r) => {
  const a = TAU * (0.125 + 0.05 * Math.sin(TAU * p.phase));
  const g = ctx.createLinearGradient(
    w / 2 - (Math.cos(a) * w) / 2,
    h / 2 - (Math.sin(a) * h) / 2,
    w / 2 + (Math.cos(a) * w) / 2,
    h / 2 + (Math.sin(a) * h) / 2,
  );
  pal.slice(0, 3).forEach((c, i) => g.addColorStop(i / 2, c));
  fillAll(ctx, w, h, g);
  const count = Math.round(6000 * p.density);
  const rad = Math.max(w, h) * 0.0011;
  ctx.save();
  const dark = new Path2D();
  const light = new Path2D();
  for (let i = 0; i < count; i++) {
    const x = ((r() + p.phase * 0.05) % 1) * w;
    const y = r() * h;
    const target = r() < 0.5 ? dark : light;
    target.moveTo(x + rad, y);
    target.arc(x, y, rad * (0.6 + r()), 0, TAU);
  }
  ctx.fillStyle = 'rgba(0, 0, 0, 0.16)';
  ctx.fill(dark);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.18)';
  ctx.fill(light);
  ctx.restore();
};

const aurora: Drawer = (ctx, w, h, p, pal, r) => {
  const sky = ctx.createLinearGradient(0, 0, 0, h);
  sky.addColorStop(0, pal[0]);
  sky.addColorStop(1, mix(pal[0], pal[1], 0.5));
  fillAll(ctx, w, h, sky);
  const n = Math.round(3 + 2 * p.density);
  softLayer(ctx, w, h, 0.03, (ctx) => {
    ctx.globalCompositeOperation = 'screen';
    for (let k = 0; k < n; k++) {
      const color = pal[2 + (k % (pal.length - 2))];
      const y0 = h * (0.2 + r() * 0.4);
      const amp = h * (0.05 + r() * 0.08);
      const freq = 0.5 + r();
      const off = r();
      const thick = h * (0.12 + r() * 0.2);
      const path = new Path2D();
      const steps = 48;
      const top: [number, number][] = [];
      for (let s = 0; s <= steps; s++) {
        const t = s / steps;
        top.push([t * w, y0 + amp * Math.sin(TAU * (freq * t + off + p.phase))]);
      }
      path.moveTo(top[0][0], top[0][1]);
      top.forEach(([x, y]) => path.lineTo(x, y));
      for (let s = steps; s >= 0; s--) path.lineTo(top[s][0], top[s][1] + thick * (0.6 + 0.4 * Math.sin(TAU * (s / steps + off * 2 - p.phase))));
      path.closePath();
      const g = ctx.createLinearGradient(0, y0 - amp, 0, y0 + thick + amp);
      g.addColorStop(0, withAlpha(color, 0));
      g.addColorStop(0.4, withAlpha(color, 0.8));
      g.addColorStop(1, withAlpha(color, 0));
      ctx.fillStyle = g;
      ctx.fill(path);
    }
  });
};

/** Bezier handle length of a quarter circle drawn as one cubic (radius 1): within 0.03% of the circle. */
const KAPPA = 0.5522847498;

/**
 * A circle as four cubic Beziers. Skia writes an arc to SVG as ~32 quadratic segments (2.6 KB per
 * grid dot: the grid style at density 4 made a 4.5 MB SVG); four cubics are the same shape to the
 * pixel and a tenth of the text.
 */
function circle(path: Path2D, x: number, y: number, r: number): void {
  const k = r * KAPPA;
  path.moveTo(x + r, y);
  path.bezierCurveTo(x + r, y + k, x + k, y + r, x, y + r);
  path.bezierCurveTo(x - k, y + r, x - r, y + k, x - r, y);
  path.bezierCurveTo(x - r, y - k, x - k, y - r, x, y - r);
  path.bezierCurveTo(x + k, y - r, x + r, y - k, x + r, y);
  path.closePath();
}

const grid: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const gx = r() * 0.6 + 0.2 + 0.15 * Math.cos(TAU * p.phase);
  const gy = r() * 0.6 + 0.2 + 0.15 * Math.sin(TAU * p.phase);
  const glow = ctx.createRadialGradient(gx * w, gy * h, 0, gx * w, gy * h, Math.max(w, h) * 0.7);
  glow.addColorStop(0, withAlpha(pal[2], 0.75));
  glow.addColorStop(1, withAlpha(pal[2], 0));
  fillAll(ctx, w, h, glow);
  const step = Math.max(w, h) / Math.round(10 * p.density);
  const shift = (p.phase % 1) * step;
  const lines = new Path2D();
  for (let x = -step + (shift % step); x <= w + step; x += step) {
    lines.moveTo(x, 0);
    lines.lineTo(x, h);
  }
  for (let y = -step + (shift % step); y <= h + step; y += step) {
    lines.moveTo(0, y);
    lines.lineTo(w, y);
  }
  ctx.strokeStyle = withAlpha(pal[3] ?? '#ffffff', 0.35);
  ctx.lineWidth = Math.max(w, h) * 0.0015;
  ctx.stroke(lines);
  const dots = new Path2D();
  const dr = Math.max(w, h) * 0.003;
  for (let x = -step + (shift % step); x <= w + step; x += step) {
    for (let y = -step + (shift % step); y <= h + step; y += step) {
      circle(dots, x, y, dr);
    }
  }
  ctx.fillStyle = withAlpha(pal[4] ?? pal[3], 0.8);
  ctx.fill(dots);
};

function blobPath(cx: number, cy: number, rad: number, lobes: number, wobble: number, phase: number, off: number): Path2D {
  const p = new Path2D();
  const steps = 72;
  for (let s = 0; s <= steps; s++) {
    const a = (s / steps) * TAU;
    const rr = rad * (1 + wobble * Math.sin(lobes * a + TAU * (phase + off)) + wobble * 0.5 * Math.cos((lobes + 1) * a - TAU * phase));
    const x = cx + rr * Math.cos(a);
    const y = cy + rr * Math.sin(a);
    if (s === 0) p.moveTo(x, y);
    else p.lineTo(x, y);
  }
  p.closePath();
  return p;
}

const blobs: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const n = Math.round(3 + 3 * p.density);
  const size = Math.max(w, h);
  softLayer(ctx, w, h, 0.02, (ctx) => {
    for (let i = 0; i < n; i++) {
      const off = r();
      const cx = (r() + 0.05 * Math.cos(TAU * (p.phase + off))) * w;
      const cy = (r() + 0.05 * Math.sin(TAU * (p.phase + off))) * h;
      const rad = size * (0.12 + r() * 0.18);
      ctx.fillStyle = withAlpha(pal[1 + (i % (pal.length - 1))], 0.85);
      ctx.fill(blobPath(cx, cy, rad, 3 + Math.floor(r() * 3), 0.12, p.phase, off));
    }
  });
};

const rays: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const cx = (0.3 + r() * 0.4) * w;
  const cy = (0.3 + r() * 0.4) * h;
  const n = Math.round(12 * p.density) * 2;
  const R = Math.hypot(w, h);
  const rot = (TAU / n) * 2 * p.phase;
  const path = new Path2D();
  for (let i = 0; i < n; i += 2) {
    const a0 = rot + (i / n) * TAU;
    const a1 = rot + ((i + 1) / n) * TAU;
    path.moveTo(cx, cy);
    path.lineTo(cx + R * Math.cos(a0), cy + R * Math.sin(a0));
    path.lineTo(cx + R * Math.cos(a1), cy + R * Math.sin(a1));
    path.closePath();
  }
  ctx.fillStyle = withAlpha(pal[1], 0.55);
  ctx.fill(path);
  const glow = ctx.createRadialGradient(cx, cy, 0, cx, cy, R * 0.6);
  glow.addColorStop(0, withAlpha(pal[2], 0.9));
  glow.addColorStop(1, withAlpha(pal[2], 0));
  fillAll(ctx, w, h, glow);
};

const topography: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const size = Math.max(w, h);
  const centers = Math.round(2 + p.density);
  ctx.lineWidth = size * 0.0018;
  for (let c = 0; c < centers; c++) {
    const cx = r() * w;
    const cy = r() * h;
    const off = r();
    const rings = Math.round(10 * p.density);
    const color = pal[1 + (c % (pal.length - 1))];
    for (let k = 1; k <= rings; k++) {
      ctx.strokeStyle = withAlpha(color, 0.35 + 0.5 * (k / rings));
      ctx.stroke(blobPath(cx, cy, (size * 0.6 * k) / rings, 3 + c, 0.08 + 0.02 * Math.sin(k), p.phase, off + k * 0.03));
    }
  }
};

const halftone: Drawer = (ctx, w, h, p, pal, r) => {
  fillAll(ctx, w, h, pal[0]);
  const f = field(r, 2);
  // Dots are spaced by the width, except on a node more than 8x as tall as wide, where the spacing
  // grows so that there are at most 8x as many rows as columns.
  const step = Math.max(w / Math.round(28 * p.density), h / (8 * Math.round(28 * p.density)));
  const cols = Math.ceil(w / step - 1e-9);
  const rows = Math.ceil(h / step);
  const paths = [new Path2D(), new Path2D()];
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cols; i++) {
      const x = (i + (j % 2) * 0.5) * step;
      const y = j * step;
      const v = f(x / w, y / w, p.phase);
      const rad = step * 0.48 * v * v;
      if (rad < step * 0.03) continue;
      const path = paths[v > 0.6 ? 1 : 0];
      path.moveTo(x + rad, y);
      path.arc(x, y, rad, 0, TAU);
    }
  }
  ctx.fillStyle = pal[2];
  ctx.fill(paths[0]);
  ctx.fillStyle = pal[3] ?? pal[1];
  ctx.fill(paths[1]);
};

const DRAWERS: Record<ProceduralStyleId, Drawer> = { mesh, noise, waves, grain, aurora, grid, blobs, rays, topography, halftone };

/** Longest side over shortest side that the styles are drawn at (see `drawProcedural`). */
const MAX_ASPECT = 64;

/** Draws a procedural style into the box (0, 0, w, h) of the current transform. */
export function drawProcedural(ctx: Ctx, params: ProceduralParams | ProceduralNode, w: number, h: number): void {
  if (w <= 0 || h <= 0) return;
  const seed = params.seed ?? 7;
  const p = { style: params.style, seed, density: params.density ?? 1, phase: params.phase ?? 0 };
  const pal = resolvePalette({ ...params, seed }).map((c) => toCss(parseColor(c)));
  const draw = DRAWERS[p.style] ?? mesh;
  ctx.save();
  // The styles' loops scale with the aspect ratio (rows of halftone dots, field cells), so a strip of
  // 1 x 1e9 px, which a valid IR may hold, would never finish. Beyond MAX_ASPECT the style is drawn
  // at MAX_ASPECT and stretched along the long side.
  let dw = w;
  let dh = h;
  if (w > h * MAX_ASPECT) dw = h * MAX_ASPECT;
  else if (h > w * MAX_ASPECT) dh = w * MAX_ASPECT;
  if (dw !== w || dh !== h) ctx.scale(w / dw, h / dh);
  draw(ctx, dw, dh, p, pal, rng(seed * 2654435761 + p.style.length));
  ctx.restore();
}

export function listProceduralStyles(): ProceduralStyleInfo[] {
  return PROCEDURAL_STYLES.map((s) => ({ ...s }));
}

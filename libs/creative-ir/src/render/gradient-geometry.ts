import type { Paint } from '../schema/ir-schema';

type GradientPaint = Exclude<Paint, { type: 'solid' }>;

/**
 * Where a gradient lies on a node's w x h box, as every backend draws it. Linear: CSS's angle (0 points up, 90
 * right, default 180: top to bottom) through the box's centre, long enough to reach its corners. Radial: the
 * centre (0..1 of the box) and the radius (a fraction of half the box's diagonal, default 1).
 */
export type GradientGeometry =
  { type: 'linear-gradient'; x0: number; y0: number; x1: number; y1: number } | { type: 'radial-gradient'; cx: number; cy: number; r: number };

export function gradientGeometry(paint: GradientPaint, w: number, h: number): GradientGeometry {
  if (paint.type === 'linear-gradient') {
    const a = (((paint.angle ?? 180) % 360) * Math.PI) / 180;
    const dx = Math.sin(a);
    const dy = -Math.cos(a);
    const len = Math.abs(w * dx) + Math.abs(h * dy);
    return { type: 'linear-gradient', x0: w / 2 - (dx * len) / 2, y0: h / 2 - (dy * len) / 2, x1: w / 2 + (dx * len) / 2, y1: h / 2 + (dy * len) / 2 };
  }
  const c = paint.center ?? { x: 0.5, y: 0.5 };
  return { type: 'radial-gradient', cx: c.x * w, cy: c.y * h, r: (paint.radius ?? 1) * (Math.hypot(w, h) / 2) };
}

/** Where the point (x, y) of the box falls along the gradient: 0 at its start, 1 at its end (not clamped). */
export function gradientOffsetAt(g: GradientGeometry, x: number, y: number): number {
  if (g.type === 'radial-gradient') return Math.hypot(x - g.cx, y - g.cy) / Math.max(g.r, 1e-6);
  const dx = g.x1 - g.x0;
  const dy = g.y1 - g.y0;
  const len2 = dx * dx + dy * dy;
  return len2 > 0 ? ((x - g.x0) * dx + (y - g.y0) * dy) / len2 : 0;
}

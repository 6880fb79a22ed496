/**
 * Skia's SVG backend writes path coordinates with up to eight significant digits ("24.5625
 * 62.525002", "-5.6843419e-14"), most of them below any visible precision. Path data (`d`
 * attributes) is rewritten with coordinates rounded to 1/100 px: SVGs with many paths (glyph
 * outlines, procedural grids) come out a quarter to a third smaller (docs/performance.md),
 * and the drawing does not change (a test compares librsvg's drawing with the raster).
 */
export function compactSvgPaths(svg: Buffer): Buffer {
  const text = svg.toString('utf8');
  const out = text.replace(/ d="([^"]*)"/g, (_m, d: string) => ` d="${d.replace(NUMBER, round)}"`);
  return out === text ? svg : Buffer.from(out, 'utf8');
}

/** A number with a fraction or an exponent (integers are left as they are). */
const NUMBER = /-?\d*\.\d+(?:e[-+]?\d+)?|-?\d+e[-+]?\d+/gi;

function round(n: string): string {
  const v = Math.round(Number(n) * 100) / 100;
  return String(v === 0 ? 0 : v);
}

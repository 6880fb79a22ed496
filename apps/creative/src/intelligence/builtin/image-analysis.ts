import { contrastRatio, listTemplates, NAMED_FORMATS, toHex } from '@platform/creative-ir';
import sharp from 'sharp';

/** What the built-in engine reads from a picture. */
export interface ImageAnalysis {
  width: number;
  height: number;
  /** Dominant colors, most covering first, with their share of the picture and the text color that reads on each. */
  palette: { color: string; share: number; text_color: string; contrast: number }[];
  /** Mean luminance 0 (black) to 1 (white), and its name. */
  brightness: number;
  brightness_label: 'dark' | 'medium' | 'light';
  /** How much is going on: 0 (flat) to 1 (dense detail), from edge density and entropy. */
  busyness: number;
  busyness_label: 'calm' | 'balanced' | 'busy';
  /** The most salient point (sharp's attention strategy), 0..1 of width and height. */
  focal_point: { x: number; y: number };
  aspect_ratio: number;
  orientation: 'square' | 'portrait' | 'landscape';
  /** Named formats nearest the picture's aspect ratio, best first. */
  formats: string[];
  /** Templates designed for those formats, best first. */
  templates: string[];
  /** Mean saturation 0..1 and the warmth of the palette (-1 cool to 1 warm). */
  saturation: number;
  warmth: number;
}

type Rgb = [number, number, number];

const SAMPLE_SIDE = 96;

/**
 * k-means on the pixels of a small copy (deterministic: k-means++-style farthest-point seeding from the mean), on
 * RGB. Returns clusters with their share, most covering first; near-duplicates are merged.
 */
export function dominantColors(pixels: Buffer, channels: number, k = 6): { rgb: Rgb; share: number }[] {
  const n = Math.floor(pixels.length / channels);
  const pts: Rgb[] = [];
  for (let i = 0; i < n; i++) pts.push([pixels[i * channels], pixels[i * channels + 1], pixels[i * channels + 2]]);
  const d2 = (a: Rgb, b: Rgb) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
  const mean: Rgb = [0, 1, 2].map((c) => pts.reduce((s, p) => s + p[c], 0) / n) as Rgb;
  const centers: Rgb[] = [];
  let far = pts.reduce((best, p) => (d2(p, mean) > d2(best, mean) ? p : best), pts[0]);
  centers.push([...far]);
  while (centers.length < k) {
    far = pts.reduce((best, p) => {
      const dp = Math.min(...centers.map((c) => d2(p, c)));
      const db = Math.min(...centers.map((c) => d2(best, c)));
      return dp > db ? p : best;
    }, pts[0]);
    if (Math.min(...centers.map((c) => d2(far, c))) < 1) break;
    centers.push([...far]);
  }
  const assign = new Int32Array(n);
  for (let iter = 0; iter < 12; iter++) {
    let moved = false;
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bd = Infinity;
      for (let c = 0; c < centers.length; c++) {
        const d = d2(pts[i], centers[c]);
        if (d < bd) {
          bd = d;
          best = c;
        }
      }
      if (assign[i] !== best) moved = true;
      assign[i] = best;
    }
    const sums = centers.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      const s = sums[assign[i]];
      s[0] += pts[i][0];
      s[1] += pts[i][1];
      s[2] += pts[i][2];
      s[3]++;
    }
    sums.forEach((s, c) => {
      if (s[3]) centers[c] = [s[0] / s[3], s[1] / s[3], s[2] / s[3]];
    });
    if (!moved && iter > 0) break;
  }
  const counts = centers.map((_, c) => 0 + [...assign].filter((a) => a === c).length);
  let clusters = centers.map((c, i) => ({ rgb: c.map(Math.round) as Rgb, share: counts[i] / n })).filter((c) => c.share > 0);
  // Merge clusters closer than a just-noticeable step.
  clusters.sort((a, b) => b.share - a.share);
  const merged: typeof clusters = [];
  for (const c of clusters) {
    const near = merged.find((m) => d2(m.rgb, c.rgb) < 18 ** 2);
    if (near) near.share += c.share;
    else merged.push({ ...c });
  }
  clusters = merged.sort((a, b) => b.share - a.share || a.rgb.join().localeCompare(b.rgb.join()));
  return clusters.map((c) => ({ rgb: c.rgb, share: Math.round(c.share * 1000) / 1000 }));
}

const hex = (c: Rgb) => toHex({ r: c[0], g: c[1], b: c[2], a: 1 });

function hsl([r, g, b]: Rgb): { h: number; s: number; l: number } {
  const R = r / 255;
  const G = g / 255;
  const B = b / 255;
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: h * 60, s, l };
}

/** The dark or light text color that reads best on `bg`, with its contrast ratio. */
export function textColorOn(bg: string): { color: string; contrast: number } {
  const dark = contrastRatio('#111111', bg);
  const light = contrastRatio('#ffffff', bg);
  return dark >= light ? { color: '#111111', contrast: Math.round(dark * 100) / 100 } : { color: '#ffffff', contrast: Math.round(light * 100) / 100 };
}

/** Named formats (one per size) nearest an aspect ratio, best first. */
export function formatsFor(aspect: number, count = 3): string[] {
  const seen = new Set<string>();
  const sizes = Object.entries(NAMED_FORMATS).filter(([, f]) => {
    const key = `${f.width}x${f.height}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return sizes
    .map(([name, f]) => ({ name, d: Math.abs(Math.log(f.width / f.height) - Math.log(aspect)) }))
    .sort((a, b) => a.d - b.d || a.name.localeCompare(b.name))
    .slice(0, count)
    .map((x) => x.name);
}

/** Templates whose recommended formats include one of `formats` (earlier formats first). */
export function templatesFor(formats: string[]): string[] {
  const sizeOf = (name: string) => `${NAMED_FORMATS[name]?.width}x${NAMED_FORMATS[name]?.height}`;
  const wanted = formats.map(sizeOf);
  const ranked = listTemplates()
    .map((t) => ({ id: t.id, rank: Math.min(...t.formats.map((f) => wanted.indexOf(sizeOf(f))).filter((i) => i >= 0), Infinity) }))
    .filter((t) => t.rank < Infinity)
    .sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
  return ranked.map((t) => t.id).slice(0, 4);
}

/** Reads a picture: palette, brightness, busyness, focal point, formats and templates. Deterministic. */
export async function analyzeImage(bytes: Buffer): Promise<ImageAnalysis> {
  const base = sharp(bytes, { limitInputPixels: 268_402_689, animated: false }).rotate();
  const work = await base
    .clone()
    .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = work.info;
  const meta = await sharp(bytes).metadata();
  const oriented = (meta.orientation ?? 1) >= 5;
  const fullW = (oriented ? meta.height : meta.width) ?? width;
  const fullH = (oriented ? meta.width : meta.height) ?? height;

  const small = await sharp(work.data).resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const clusters = dominantColors(small.data, small.info.channels).slice(0, 5);
  const palette = clusters.map((c) => {
    const color = hex(c.rgb);
    const t = textColorOn(color);
    return { color, share: c.share, text_color: t.color, contrast: t.contrast };
  });

  const stats = await sharp(work.data).greyscale().stats();
  const brightness = Math.round((stats.channels[0].mean / 255) * 1000) / 1000;
  // Edge density: mean Laplacian magnitude of the greyscale copy, with entropy (0..8 bits).
  const edges = await sharp(work.data)
    .greyscale()
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 1, offset: 128 })
    .raw()
    .toBuffer();
  let sum = 0;
  for (const v of edges) sum += Math.abs(v - 128);
  const edge = Math.min(1, sum / edges.length / 24);
  const busyness = Math.round(Math.min(1, 0.6 * edge + 0.4 * (stats.entropy / 8)) * 1000) / 1000;

  // Salient point: crop half the width (then half the height) with the attention strategy; sharp reports where it looked.
  const attention = async (w: number, h: number) =>
    (await sharp(work.data).resize(w, h, { fit: 'cover', position: sharp.strategy.attention }).toBuffer({ resolveWithObject: true })).info as {
      attentionX?: number;
      attentionY?: number;
    };
  const ax = width > 2 ? await attention(Math.max(1, Math.round(width / 2)), height) : null;
  const ay = height > 2 ? await attention(width, Math.max(1, Math.round(height / 2))) : null;
  const focal = {
    x: Math.round(((ax?.attentionX ?? width / 2) / width) * 1000) / 1000,
    y: Math.round(((ay?.attentionY ?? height / 2) / height) * 1000) / 1000,
  };

  let satSum = 0;
  let warm = 0;
  for (const c of clusters) {
    const { h, s } = hsl(c.rgb);
    satSum += s * c.share;
    if (s > 0.15) warm += c.share * Math.cos(((h - 30) * Math.PI) / 180);
  }
  const aspect = fullW / fullH;
  const formats = formatsFor(aspect);
  return {
    width: fullW,
    height: fullH,
    palette,
    brightness,
    brightness_label: brightness < 0.35 ? 'dark' : brightness > 0.65 ? 'light' : 'medium',
    busyness,
    busyness_label: busyness < 0.3 ? 'calm' : busyness > 0.55 ? 'busy' : 'balanced',
    focal_point: focal,
    aspect_ratio: Math.round(aspect * 1000) / 1000,
    orientation: aspect > 1.1 ? 'landscape' : aspect < 0.9 ? 'portrait' : 'square',
    formats,
    templates: templatesFor(formats),
    saturation: Math.round(satSum * 1000) / 1000,
    warmth: Math.round(warm * 1000) / 1000,
  };
}

/** A tone word for a picture: what a designer would say of its light, color and energy. */
export function toneOf(a: ImageAnalysis): string {
  if (a.brightness_label === 'dark' && a.saturation > 0.45) return 'bold';
  if (a.brightness_label === 'dark') return 'elegant';
  if (a.saturation > 0.5 && a.busyness_label !== 'calm') return 'vibrant';
  if (a.warmth > 0.25) return 'warm';
  if (a.brightness_label === 'light' && a.busyness_label === 'calm') return 'minimal';
  if (a.warmth < -0.25) return 'calm';
  return 'friendly';
}

import { contrastRatio, parseColor, toHex } from '../color/color';
import type { IrDocument, IrNode, ProceduralStyleId } from '../schema/ir-schema';
import { resolvePalette } from './procedural';

export interface ProceduralDocumentOptions {
  style?: ProceduralStyleId;
  seed?: number;
  density?: number;
  phase?: number;
  palette?: string[];
  tone?: 'light' | 'dark' | 'vivid' | 'muted';
  width?: number;
  height?: number;
  title?: string | null;
  eyebrow?: string | null;
  fontFamily?: string;
}

/** Styles whose marks (dots, lines, contours, rays) would run through the letters of a title drawn over them. */
export const BUSY_STYLES: ReadonlySet<ProceduralStyleId> = new Set(['halftone', 'grid', 'topography', 'rays']);

/** Contrast the overlay's text keeps against whatever lies right behind it. */
const TEXT_CONTRAST = 4.5;

/**
 * The overlay's text colour (white or near-black) and, when the text would not read against every colour of
 * the palette or the style is busy (`BUSY_STYLES`), the colour of a plate behind it: the first palette colour
 * on which one of them reads at 4.5:1 (the brand's own colour, so the page keeps it), else white or near-black.
 * The plate sits behind the text only: the background keeps the palette's colours as asked (the full-page
 * scrim this replaces washed #0F5257 out to #578689).
 */
export function overlayColors(style: ProceduralStyleId, palette: string[]): { color: string; plate?: string } {
  const worst = (c: string, bgs: string[]) => Math.min(...bgs.map((b) => contrastRatio(c, b)));
  const inks = ['#ffffff', '#111111'];
  const best = (bgs: string[]) => inks.reduce((a, b) => (worst(b, bgs) > worst(a, bgs) ? b : a));
  const color = best(palette);
  if (worst(color, palette) >= TEXT_CONTRAST && !BUSY_STYLES.has(style)) return { color };
  for (const plate of [...palette, '#111111', '#ffffff']) {
    const c = best([plate]);
    if (contrastRatio(c, plate) >= TEXT_CONTRAST) return { color: c, plate: toHex({ ...parseColor(plate), a: 1 }) };
  }
  return { color: '#ffffff', plate: '#111111' };
}

/**
 * An IR document holding one procedural background and an optional eyebrow and title overlay
 * (the service defaults: style "mesh", seed 7, density 1.0, phase 0.0). Text color is picked
 * for contrast against the palette, on a plate (`overlayColors`) when neither black nor white reads
 * on every palette colour or the style is busy.
 */
export function proceduralDocument(o: ProceduralDocumentOptions = {}): IrDocument {
  const width = o.width ?? 1080;
  const height = o.height ?? 1080;
  const style = o.style ?? 'mesh';
  const seed = o.seed ?? 7;
  const palette = resolvePalette({ style, seed, palette: o.palette, tone: o.tone });
  const children: IrNode[] = [
    { type: 'procedural', id: 'background', style, seed, density: o.density ?? 1, phase: o.phase ?? 0, palette, x: 0, y: 0, width, height },
  ];
  const u = Math.min(width, height) / 1080;
  if (o.title || o.eyebrow) {
    const { color, plate } = overlayColors(style, palette);
    const m = Math.round(80 * u);
    const text: IrNode[] = [];
    if (o.eyebrow)
      text.push({
        type: 'text',
        id: 'eyebrow',
        text: o.eyebrow,
        fontFamily: o.fontFamily ?? 'Inter',
        fontWeight: 700,
        fontSize: Math.max(1, Math.round(30 * u)),
        letterSpacing: 3 * u,
        textTransform: 'uppercase',
        color,
        textAlign: 'center',
        layoutSizingHorizontal: 'fill',
        maxLines: 2,
      });
    if (o.title)
      text.push({
        type: 'text',
        id: 'title',
        text: o.title,
        fontFamily: o.fontFamily ?? 'Inter',
        fontWeight: 800,
        fontSize: Math.max(1, Math.round(96 * u)),
        maxFontSize: Math.max(1, Math.round(96 * u)),
        minFontSize: Math.max(1, Math.round(40 * u)),
        lineHeight: 1.08,
        color,
        textAlign: 'center',
        layoutSizingHorizontal: 'fill',
        maxLines: 5,
      });
    children.push({
      type: 'frame',
      id: 'overlay',
      x: 0,
      y: 0,
      width,
      height,
      layoutMode: 'vertical',
      paddingTop: m,
      paddingRight: m,
      paddingBottom: m,
      paddingLeft: m,
      itemSpacing: Math.round(24 * u),
      primaryAxisAlignItems: 'center',
      counterAxisAlignItems: 'center',
      children: plate
        ? [
            {
              type: 'frame',
              id: 'plate',
              name: 'Title plate',
              layoutMode: 'vertical',
              layoutSizingHorizontal: 'fill',
              paddingTop: Math.round(40 * u),
              paddingBottom: Math.round(40 * u),
              paddingLeft: Math.round(44 * u),
              paddingRight: Math.round(44 * u),
              itemSpacing: Math.round(24 * u),
              cornerRadius: Math.round(28 * u),
              counterAxisAlignItems: 'center',
              fills: [{ type: 'solid', color: plate }],
              children: text,
            },
          ]
        : text,
    });
  }
  return { version: 1, width, height, background: palette[0], root: { type: 'frame', id: 'root', width, height, clipContent: true, children } };
}

/**
 * Video frames of a procedural background: `count` frames with phase going from `options.phase`
 * over one full loop (so the sequence loops seamlessly), rendered by `render` (e.g. `renderIr`).
 */
export async function* proceduralFrames<T>(options: ProceduralDocumentOptions, count: number, render: (doc: IrDocument) => Promise<T>): AsyncGenerator<T> {
  const start = options.phase ?? 0;
  for (let i = 0; i < count; i++) yield render(proceduralDocument({ ...options, phase: start + i / count }));
}

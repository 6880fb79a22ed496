import { contrastRatio, over, withAlpha } from '../color/color';
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

/**
 * An IR document holding one procedural background and an optional eyebrow and title overlay
 * (the service defaults: style "mesh", seed 7, density 1.0, phase 0.0). Text color is picked
 * for contrast against the palette, with a scrim when neither black nor white reads well.
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
    const worst = (c: string, bgs: string[]) => Math.min(...bgs.map((b) => contrastRatio(c, b)));
    let bgs = palette;
    const color = worst('#ffffff', bgs) >= worst('#111111', bgs) ? '#ffffff' : '#111111';
    if (worst(color, bgs) < 4.5) {
      const scrim = color === '#ffffff' ? '#000000' : '#ffffff';
      let alpha = 0.2;
      while (
        alpha < 0.8 &&
        worst(
          color,
          palette.map((p) => over(withAlpha(scrim, alpha), p)),
        ) < 4.5
      )
        alpha += 0.1;
      bgs = palette.map((p) => over(withAlpha(scrim, alpha), p));
      children.push({ type: 'rect', id: 'scrim', x: 0, y: 0, width, height, fills: [{ type: 'solid', color: scrim, opacity: +alpha.toFixed(2) }] });
    }
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
      children: text,
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

import type { FrameNode, IrDocument, IrNode } from '../schema/ir-schema';

export function doc(root: Partial<FrameNode> & { children?: IrNode[] }, width = 400, height = 300, extra: Partial<IrDocument> = {}): IrDocument {
  return { version: 1, width, height, ...extra, root: { type: 'frame', id: 'root', ...root } };
}

export const rect = (id: string, width: number, height: number, extra: Partial<IrNode> = {}): IrNode =>
  ({ type: 'rect', id, width, height, fills: [{ type: 'solid', color: '#888888' }], ...extra }) as IrNode;

/**
 * Two RGBA pictures of one size: the mean absolute difference per color channel (0-255) and the
 * share of pixels off by more than 48 in any channel (anti-aliasing moves many pixels a little; a
 * missing or misplaced part moves some a lot).
 */
export function comparePixels(a: Buffer, b: Buffer): { mean: number; off: number } {
  let sum = 0;
  let off = 0;
  for (let i = 0; i < a.length; i += 4) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a[i + c] - b[i + c]);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 48) off++;
  }
  return { mean: sum / ((a.length / 4) * 3), off: off / (a.length / 4) };
}

/** Whether a TrueType/OpenType font's character map (format 4 or 12 subtable) has a glyph for `codePoint`. */
export function fontMapsCodePoint(font: Buffer, codePoint: number): boolean {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) if (font.toString('latin1', 12 + i * 16, 16 + i * 16) === 'cmap') cmap = font.readUInt32BE(12 + i * 16 + 8);
  if (cmap < 0) return false;
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const sub = cmap + font.readUInt32BE(cmap + 4 + i * 8 + 4);
    const format = font.readUInt16BE(sub);
    if (format === 12) {
      for (let g = 0; g < font.readUInt32BE(sub + 12); g++) {
        const at = sub + 16 + g * 12;
        if (codePoint >= font.readUInt32BE(at) && codePoint <= font.readUInt32BE(at + 4)) return true;
      }
    } else if (format === 4 && codePoint <= 0xffff) {
      const segs = font.readUInt16BE(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segs * 2 + 2;
      const deltas = starts + segs * 2;
      const offsets = deltas + segs * 2;
      for (let k = 0; k < segs; k++) {
        if (codePoint > font.readUInt16BE(ends + k * 2) || codePoint < font.readUInt16BE(starts + k * 2)) continue;
        const ro = font.readUInt16BE(offsets + k * 2);
        if (ro === 0) return ((codePoint + font.readInt16BE(deltas + k * 2)) & 0xffff) !== 0;
        const glyph = font.readUInt16BE(offsets + k * 2 + ro + (codePoint - font.readUInt16BE(starts + k * 2)) * 2);
        return glyph !== 0;
      }
    }
  }
  return false;
}

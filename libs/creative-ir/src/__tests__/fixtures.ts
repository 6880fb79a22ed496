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

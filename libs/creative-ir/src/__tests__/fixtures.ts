import type { FrameNode, IrDocument, IrNode } from '../schema/ir-schema';

export function doc(root: Partial<FrameNode> & { children?: IrNode[] }, width = 400, height = 300, extra: Partial<IrDocument> = {}): IrDocument {
  return { version: 1, width, height, ...extra, root: { type: 'frame', id: 'root', ...root } };
}

export const rect = (id: string, width: number, height: number, extra: Partial<IrNode> = {}): IrNode =>
  ({ type: 'rect', id, width, height, fills: [{ type: 'solid', color: '#888888' }], ...extra }) as IrNode;

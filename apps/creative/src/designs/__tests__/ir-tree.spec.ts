import { applyPatch } from 'rfc6902';
import { jsonPatch, summarizeDiff } from '../design-diff';
import { assignIds, mergePatch, type Json } from '../ir-tree';

const doc = (children: Json[]): Json => ({ version: 1, width: 10, height: 10, root: { type: 'frame', id: 'root', children } });
const rect = (id: string, extra: Json = {}): Json => ({ type: 'rect', id, width: 1, height: 1, ...extra });

describe('design diff summary', () => {
  it('names the fewest moved nodes that explain a new order', () => {
    const from = doc(['a', 'b', 'c', 'd', 'e'].map((id) => rect(id)));
    const to = doc(['b', 'c', 'd', 'e', 'a'].map((id) => rect(id)));
    const s = summarizeDiff(from, to);
    expect(s.nodes_moved).toEqual([{ id: 'a', from: { parent_id: 'root', index: 0 }, to: { parent_id: 'root', index: 4 } }]);
    // An insertion shifts the siblings after it without moving them.
    const inserted = summarizeDiff(from, doc(['a', 'x', 'b', 'c', 'd', 'e'].map((id) => rect(id))));
    expect(inserted.nodes_moved).toEqual([]);
    expect(inserted.nodes_added).toEqual([{ id: 'x', type: 'rect', parent_id: 'root' }]);
  });

  it('reports a node under another parent as moved, and changed properties by name', () => {
    const from = doc([{ type: 'frame', id: 'f', children: [rect('a')] }, rect('b', { opacity: 0.5 })]);
    const to = { ...doc([{ type: 'frame', id: 'f', children: [] }, rect('b', { opacity: 1, rotation: 5 }), rect('a')]), background: '#000000' };
    const s = summarizeDiff(from, to);
    expect(s.nodes_moved).toEqual([{ id: 'a', from: { parent_id: 'f', index: 0 }, to: { parent_id: 'root', index: 2 } }]);
    expect(s.nodes_changed).toEqual([{ id: 'b', type: 'rect', properties: ['opacity', 'rotation'] }]);
    expect(s.document).toEqual(['background']);
    expect(s.text).toBe('1 node moved (a); b changed (opacity, rotation); document changed (background)');
    const patched = structuredClone(from);
    applyPatch(patched, jsonPatch(from, to));
    expect(patched).toEqual(to);
  });
});

describe('IR tree helpers', () => {
  it('gives ids to nodes without one, never reusing an id in the document', () => {
    const ir = assignIds({ root: { type: 'frame', children: [{ type: 'text' }, { type: 'rect', id: 'rect-1' }, { type: 'rect' }] } });
    const root = ir.root as { id: string; children: { id: string }[] };
    expect(root.id).toBe('root');
    expect(root.children.map((c) => c.id)).toEqual(['text-1', 'rect-1', 'rect-2']);
  });

  it('merges patches as RFC 7396 and ignores __proto__', () => {
    const out = mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1, 2] }, JSON.parse('{"b":{"c":null,"x":1},"e":[3],"__proto__":{"polluted":true}}')) as Json;
    expect(out).toEqual({ a: 1, b: { d: 3, x: 1 }, e: [3] });
    expect(({} as Json).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

import { createPatch, type Operation } from 'rfc6902';
import { indexNodes, type Json } from './ir-tree';

export interface NodePlace {
  parent_id: string | null;
  index: number;
}

export interface DiffSummary {
  nodes_added: { id: string; type: string; parent_id: string | null }[];
  nodes_removed: { id: string; type: string; parent_id: string | null }[];
  nodes_moved: { id: string; from: NodePlace; to: NodePlace }[];
  nodes_changed: { id: string; type: string; properties: string[] }[];
  /** Document properties that changed (`width`, `background`, `fonts`, …). */
  document: string[];
  /** One line for people, e.g. "1 node added (badge); title changed (text, color)". */
  text: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Positions (in the old order) of the longest run of children that kept their relative order. */
function longestIncreasing(xs: number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array(xs.length).fill(-1);
  for (let i = 0; i < xs.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[tails[mid]] < xs[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) keep.add(i);
  return keep;
}

/**
 * What changed between two IRs, by node id: nodes added, removed, moved (another parent, or out of
 * order among the siblings both revisions share: the fewest nodes whose move explains the new order),
 * and per node present in both the properties whose values differ (children aside).
 */
export function summarizeDiff(from: Json, to: Json): DiffSummary {
  const a = indexNodes(from);
  const b = indexNodes(to);
  const added = [...b].filter(([id]) => !a.has(id)).map(([id, r]) => ({ id, type: String(r.node.type), parent_id: r.parentId }));
  const removed = [...a].filter(([id]) => !b.has(id)).map(([id, r]) => ({ id, type: String(r.node.type), parent_id: r.parentId }));

  const moved: DiffSummary['nodes_moved'] = [];
  const place = (r: { parentId: string | null; index: number }): NodePlace => ({ parent_id: r.parentId, index: r.index });
  // Per parent in the new revision: its children that were already its children, in old and new order.
  const byParent = new Map<string | null, string[]>();
  for (const [id, r] of b) {
    const old = a.get(id);
    if (!old || r.loc.length === 1) continue;
    if (old.parentId !== r.parentId) moved.push({ id, from: place(old), to: place(r) });
    else byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), id]);
  }
  for (const ids of byParent.values()) {
    const inNewOrder = [...ids].sort((x, y) => b.get(x)!.index - b.get(y)!.index);
    const oldIndexes = inNewOrder.map((id) => a.get(id)!.index);
    const keep = longestIncreasing(oldIndexes);
    inNewOrder.forEach((id, i) => {
      if (!keep.has(i)) moved.push({ id, from: place(a.get(id)!), to: place(b.get(id)!) });
    });
  }

  const changed: DiffSummary['nodes_changed'] = [];
  for (const [id, r] of b) {
    const old = a.get(id);
    if (!old) continue;
    const keys = new Set([...Object.keys(old.node), ...Object.keys(r.node)]);
    keys.delete('children');
    const properties = [...keys].filter((k) => !same(old.node[k], r.node[k])).sort();
    if (properties.length) changed.push({ id, type: String(r.node.type), properties });
  }
  const docKeys = new Set([...Object.keys(from), ...Object.keys(to)]);
  docKeys.delete('root');
  const document = [...docKeys].filter((k) => !same(from[k], to[k])).sort();

  const names = (xs: { id: string }[]) => xs.map((x) => x.id).join(', ');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    added.length ? `${plural(added.length, 'node')} added (${names(added)})` : '',
    removed.length ? `${plural(removed.length, 'node')} removed (${names(removed)})` : '',
    moved.length ? `${plural(moved.length, 'node')} moved (${names(moved)})` : '',
    ...changed.map((c) => `${c.id} changed (${c.properties.join(', ')})`),
    document.length ? `document changed (${document.join(', ')})` : '',
  ].filter(Boolean);
  return { nodes_added: added, nodes_removed: removed, nodes_moved: moved, nodes_changed: changed, document, text: parts.join('; ') || 'no changes' };
}

/** The RFC 6902 patch from one IR to the other (rfc6902: array edits as adds and removes). */
export function jsonPatch(from: Json, to: Json): Operation[] {
  return createPatch(from, to);
}

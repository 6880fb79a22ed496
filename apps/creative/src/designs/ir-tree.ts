import type { IrIssue } from '@platform/creative-ir';
import { ErrorDetail, NotFoundError, ValidationError } from '@platform/errors';

/**
 * Node operations on a design's IR as plain JSON (before validation): find, add, patch and delete
 * by node id, and ids for nodes that have none (node operations and diffs address nodes by id).
 */

export type Json = Record<string, unknown>;
export type Loc = (string | number)[];

export interface NodeRef {
  node: Json;
  parentId: string | null;
  index: number;
  /** Where the node is in the document, e.g. `['root', 'children', 2]`. */
  loc: Loc;
}

const children = (node: Json): Json[] | undefined => (Array.isArray(node.children) ? (node.children as Json[]) : undefined);

/** Every node with an id, depth first, with its parent and place. */
export function indexNodes(ir: Json): Map<string, NodeRef> {
  const out = new Map<string, NodeRef>();
  const visit = (node: Json, parentId: string | null, index: number, loc: Loc) => {
    if (typeof node.id === 'string' && !out.has(node.id)) out.set(node.id, { node, parentId, index, loc });
    children(node)?.forEach((c, i) => visit(c, typeof node.id === 'string' ? node.id : null, i, [...loc, 'children', i]));
  };
  if (ir.root && typeof ir.root === 'object') visit(ir.root as Json, null, 0, ['root']);
  return out;
}

/**
 * Gives every node without an id one (`<type>-<n>`, unused elsewhere in the document), in place.
 * Stored revisions always have ids, so node operations and diffs can name every node.
 */
export function assignIds(ir: Json): Json {
  const used = new Set<string>();
  const walk = (node: Json, f: (n: Json) => void) => {
    f(node);
    children(node)?.forEach((c) => walk(c, f));
  };
  if (!ir.root || typeof ir.root !== 'object') return ir;
  walk(ir.root as Json, (n) => typeof n.id === 'string' && used.add(n.id));
  let counter = 0;
  walk(ir.root as Json, (n) => {
    if (typeof n.id === 'string') return;
    if (n === ir.root) {
      if (!used.has('root')) {
        n.id = 'root';
        used.add('root');
        return;
      }
    }
    const type = typeof n.type === 'string' && /^[a-z]+$/.test(n.type) ? n.type : 'node';
    let id: string;
    do id = `${type}-${++counter}`;
    while (used.has(id));
    n.id = id;
    used.add(id);
  });
  return ir;
}

function isPlainObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** RFC 7396 JSON merge patch: objects merge, null removes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Json = isPlainObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (k === '__proto__') continue;
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

function findOrThrow(ir: Json, nodeId: string): NodeRef {
  const ref = indexNodes(ir).get(nodeId);
  if (!ref) throw new NotFoundError(`Node ${nodeId} not found in this design`, 'not_found');
  return ref;
}

/** Adds `node` under `parentId` (default: the root) at `index` (default: last). Returns its location. */
export function addNode(ir: Json, node: Json, parentId: string | null | undefined, index: number | null | undefined): Loc {
  const nodes = indexNodes(ir);
  const root = ir.root as Json;
  let parent: NodeRef;
  if (parentId == null) parent = { node: root, parentId: null, index: 0, loc: ['root'] };
  else {
    const found = nodes.get(parentId);
    if (!found) throw new ValidationError([{ loc: ['parent_id'], msg: `no node ${parentId} in this design`, type: 'not_found' }]);
    parent = found;
  }
  if (parent.node.type !== 'frame' && parent.node.type !== 'group') {
    throw new ValidationError([
      {
        loc: ['parent_id'],
        msg: `node ${parentId} is ${/^[aeiou]/.test(String(parent.node.type)) ? 'an' : 'a'} ${String(parent.node.type)} node; only frames and groups have children`,
        type: 'value_error',
      },
    ]);
  }
  if (typeof node.id === 'string' && nodes.has(node.id)) {
    throw new ValidationError([{ loc: ['node', 'id'], msg: `the design already has a node ${node.id}`, type: 'duplicate_id' }]);
  }
  const list = (parent.node.children as Json[] | undefined) ?? [];
  const at = index ?? list.length;
  if (at > list.length)
    throw new ValidationError([{ loc: ['index'], msg: `must be from 0 to ${list.length} (the parent has ${list.length} children)`, type: 'less_than_equal' }]);
  parent.node.children = [...list.slice(0, at), node, ...list.slice(at)];
  return [...parent.loc, 'children', at];
}

/** Merges `patch` into the node. Returns its location. */
export function patchNode(ir: Json, nodeId: string, patch: Json): Loc {
  const ref = findOrThrow(ir, nodeId);
  if ('id' in patch && patch.id !== nodeId) {
    throw new ValidationError([{ loc: ['patch', 'id'], msg: "a node's id cannot change; delete the node and add it again", type: 'value_error' }]);
  }
  const next = mergePatch(ref.node, patch) as Json;
  for (const k of Object.keys(ref.node)) delete ref.node[k];
  Object.assign(ref.node, next);
  return ref.loc;
}

/** Removes the node and its children (the root cannot be removed). */
export function deleteNode(ir: Json, nodeId: string): void {
  const ref = findOrThrow(ir, nodeId);
  if (ref.loc.length === 1) throw new ValidationError([{ loc: ['node_id'], msg: 'the root node cannot be deleted', type: 'value_error' }]);
  const parentLoc = ref.loc.slice(0, -2);
  let parent: Json = ir;
  for (const key of parentLoc) parent = (parent as Record<string | number, unknown>)[key] as Json;
  (parent.children as Json[]).splice(ref.index, 1);
}

/**
 * The issues of a whole-document validation after a node operation, as 422 items: those inside the
 * node at `nodeLoc` under `target` (e.g. `['patch', 'fills', 0, 'color']`), the others (a
 * duplicate id further down the document) at `target` itself, with their place in the message.
 */
export function relocateIssues(issues: IrIssue[], nodeLoc: Loc, target: Loc): ErrorDetail[] {
  return issues.map((i) => {
    const inside = nodeLoc.every((k, n) => i.loc[n] === k);
    return inside
      ? { loc: [...target, ...i.loc.slice(nodeLoc.length)], msg: i.message, type: i.code }
      : { loc: target, msg: `${i.path}: ${i.message}`, type: i.code };
  });
}

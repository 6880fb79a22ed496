#!/usr/bin/env node
// Compares two V8 heap snapshots of one process (issue 39: what grows during a soak). Groups the live objects by
// constructor (objects, closures) or by type (strings, code, arrays…), prints the groups whose count or size grew most,
// and for the top groups who holds the objects of the later snapshot (retainer's constructor and the edge's name).
//
//   node tools/chaos/heap-diff.mjs EARLY.heapsnapshot LATE.heapsnapshot [--top 25] [--retainers 8] [--of Name,Name]
//
// Snapshots come from `--heap-snapshots` of tools/chaos/run.mjs (docs/operations.md, "Fault injection over replicas").
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** Reads a snapshot into flat arrays; `group(i)` names node i's group, `retainers(i)` lists who points at it. */
export function load(file) {
  const snap = JSON.parse(readFileSync(file, 'utf8'));
  const m = snap.snapshot.meta;
  const nf = m.node_fields.length;
  const ef = m.edge_fields.length;
  const nodeTypes = m.node_fields.indexOf('type');
  const types = m.node_types[nodeTypes];
  const iName = m.node_fields.indexOf('name');
  const iSize = m.node_fields.indexOf('self_size');
  const iEdges = m.node_fields.indexOf('edge_count');
  const iEType = m.edge_fields.indexOf('type');
  const iEName = m.edge_fields.indexOf('name_or_index');
  const iETo = m.edge_fields.indexOf('to_node');
  const eTypes = m.edge_types[iEType];
  const { nodes, edges, strings } = snap;
  const count = nodes.length / nf;
  const group = (i) => {
    const t = types[nodes[i * nf + nodeTypes]];
    if (t === 'object' || t === 'closure' || t === 'native') return `${t === 'object' ? '' : `${t} `}${strings[nodes[i * nf + iName]]}`;
    if (t === 'array' || t === 'hidden' || t === 'object shape') return `(${t}) ${String(strings[nodes[i * nf + iName]]).slice(0, 40)}`;
    return `(${t})`;
  };
  // Reverse edges: for each node, the first edge index of its outgoing edges, then who points at whom.
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e;
    e += nodes[i * nf + iEdges] * ef;
    firstEdge[i + 1] = e;
  }
  // Reverse index (built on first use): for each node, the edges that point at it.
  let revStart = null;
  let revEdge = null;
  let revFrom = null;
  const buildReverse = () => {
    const n = new Uint32Array(count + 1);
    for (let e = 0; e < edges.length; e += ef) n[edges[e + iETo] / nf + 1]++;
    for (let i = 0; i < count; i++) n[i + 1] += n[i];
    const fill = n.slice();
    revEdge = new Uint32Array(edges.length / ef);
    revFrom = new Uint32Array(edges.length / ef);
    for (let i = 0; i < count; i++)
      for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += ef) {
        const k = fill[edges[e + iETo] / nf]++;
        revEdge[k] = e;
        revFrom[k] = i;
      }
    revStart = n;
  };
  const retainers = (target) => {
    if (!revStart) buildReverse();
    const out = [];
    for (let k = revStart[target]; k < revStart[target + 1]; k++) {
      const e = revEdge[k];
      const et = eTypes[edges[e + iEType]];
      if (et === 'weak') continue;
      const name = et === 'element' || et === 'hidden' || /^\d+$/.test(String(strings[edges[e + iEName]])) ? '[]' : strings[edges[e + iEName]];
      out.push({ from: revFrom[k], label: `${group(revFrom[k])} .${name}` });
    }
    return out;
  };
  const groups = new Map();
  for (let i = 0; i < count; i++) {
    const g = group(i);
    const x = groups.get(g) ?? { count: 0, size: 0, ids: [] };
    x.count++;
    x.size += nodes[i * nf + iSize];
    if (x.ids.length < 2000) x.ids.push(i);
    groups.set(g, x);
  }
  const total = [...groups.values()].reduce((s, g) => s + g.size, 0);
  /** The first few links towards a root: at each step the first retainer that is not a shape, a cache or the object itself. */
  const chain = (target, depth = 5) => {
    const out = [];
    const seen = new Set([target]);
    let at = target;
    for (let d = 0; d < depth; d++) {
      const r = retainers(at).find((x) => !seen.has(x.from) && !/^\(object shape\)|^\(code\)/.test(x.label));
      if (!r) break;
      out.push(r.label);
      seen.add(r.from);
      at = r.from;
    }
    return out.join(' <- ');
  };
  return { groups, total, count, retainers, chain, nodes, nf, iSize, group };
}

if (import.meta.url === `file://${process.argv[1]}`) main();

function main() {
  const { values: args, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      top: { type: 'string', default: '25' },
      retainers: { type: 'string', default: '8' },
      depth: { type: 'string', default: '5' },
      of: { type: 'string' },
    },
  });
  if (positionals.length !== 2) {
    console.error('usage: node tools/chaos/heap-diff.mjs EARLY.heapsnapshot LATE.heapsnapshot [--top N] [--retainers N] [--of Name,…]');
    process.exit(2);
  }

  const a = load(positionals[0]);
  const b = load(positionals[1]);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`heap: ${kb(a.total)} (${a.count} objects) -> ${kb(b.total)} (${b.count} objects), ${kb(b.total - a.total)}`);
  const rows = [...b.groups.keys(), ...[...a.groups.keys()].filter((k) => !b.groups.has(k))].map((k) => {
    const x = a.groups.get(k) ?? { count: 0, size: 0 };
    const y = b.groups.get(k) ?? { count: 0, size: 0 };
    return { k, dc: y.count - x.count, ds: y.size - x.size, c: y.count, s: y.size };
  });
  const top = Number(args.top);
  console.log('\ngrew most (by size):');
  console.log('  Δsize      Δcount   count  size  group');
  for (const r of rows.sort((p, q) => q.ds - p.ds).slice(0, top))
    console.log(`  ${kb(r.ds).padStart(9)} ${String(r.dc).padStart(8)} ${String(r.c).padStart(7)} ${kb(r.s).padStart(8)}  ${r.k}`);
  console.log('\ngrew most (by count):');
  for (const r of rows.sort((p, q) => q.dc - p.dc).slice(0, top))
    console.log(`  ${kb(r.ds).padStart(9)} ${String(r.dc).padStart(8)} ${String(r.c).padStart(7)} ${kb(r.s).padStart(8)}  ${r.k}`);

  // Who holds the grown groups: the retainers of a sample of the later snapshot's objects of each group.
  const names = args.of
    ? args.of.split(',')
    : rows
        .filter((r) => r.dc > 50 && !r.k.startsWith('('))
        .slice(0, Number(args.retainers))
        .map((r) => r.k);
  for (const name of names) {
    const g = b.groups.get(name);
    if (!g) continue;
    const tally = new Map();
    const sample = g.ids.slice(-30);
    for (const id of sample) {
      const r = b.chain(id, Number(args.depth));
      tally.set(r, (tally.get(r) ?? 0) + 1);
    }
    console.log(`\nheld by (${sample.length} of the ${g.count} ${name}):`);
    for (const [r, n] of [...tally].sort((p, q) => q[1] - p[1]).slice(0, 8)) console.log(`  ${String(n).padStart(3)}  ${r}`);
  }
}

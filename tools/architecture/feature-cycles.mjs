// The import graph of a service's feature folders (apps/<svc>/src/<feature>/…), from madge, and its cycles.
// `node tools/architecture/feature-cycles.mjs apps/creative/src` prints them and exits 1 when there is one.
import madge from 'madge';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The feature folder of a file relative to the source root (`billing/gateway/x.ts` → `billing`); top-level files are the app's wiring. */
function featureOf(file) {
  const parts = file.split(/[\\/]/);
  return parts.length > 1 ? parts[0] : null;
}

/**
 * The edges between feature folders (`from → to`, with one import that makes each) of the TypeScript under `srcDir`,
 * `import type` included (a type is a dependency too), tests left out.
 */
export async function featureGraph(srcDir, tsConfig = resolve('tsconfig.base.json')) {
  const res = await madge(resolve(srcDir), {
    fileExtensions: ['ts'],
    tsConfig,
    excludeRegExp: [/\.spec\.ts$/, /__tests__/],
    detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
  });
  const edges = new Map();
  for (const [file, deps] of Object.entries(res.obj())) {
    const from = featureOf(file);
    if (!from) continue;
    for (const dep of deps) {
      const to = featureOf(dep);
      if (!to || to === from || dep.startsWith('..')) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${file} → ${dep}`);
    }
  }
  return edges;
}

/** Each strongly connected set of two or more features (Tarjan), with the imports that close it. */
export function featureCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  let i = 0;
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  const visit = (v) => {
    index.set(v, i);
    low.set(v, i++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) {
        const members = new Set(scc);
        const imports = scc.flatMap((a) => [...(edges.get(a) ?? new Map())].filter(([b]) => members.has(b)).map(([, why]) => why));
        out.push({ features: scc.sort(), imports: imports.sort() });
      }
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const src = process.argv[2] ?? 'apps/creative/src';
  featureGraph(src).then((graph) => {
    const cycles = featureCycles(graph);
    for (const c of cycles) console.log(`${c.features.join(' ↔ ')}\n  ${c.imports.join('\n  ')}`);
    if (cycles.length) process.exit(1);
    console.log(`${relative('.', src).split(sep).join('/')}: no import cycle between feature folders`);
  });
}

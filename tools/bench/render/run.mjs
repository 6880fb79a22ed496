#!/usr/bin/env node
// Render benchmark for @platform/creative-ir. See README.md beside this file.
//   node tools/bench/render/run.mjs [--iterations 15] [--memory 1000] [--no-chromium] [--no-satori]
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { floor, satoriFonts, satoriTrees } from './peers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const ITER = opt('iterations', 15);
const MEMORY_RUNS = opt('memory', 1000);
const WITH_CHROMIUM = !args.includes('--no-chromium');
const WITH_SATORI = !args.includes('--no-satori');
const CHROMIUM = '/usr/bin/chromium';

// 1. Bundle the library (TypeScript) to CommonJS and require it: the same path the apps take.
const outDir = join(root, 'tmp', 'bench-render');
mkdirSync(outDir, { recursive: true });
const bundle = join(outDir, 'creative-ir.cjs');
await build({
  stdin: {
    contents: "export * from './libs/creative-ir/src/index'; export { designs, BODY } from './libs/creative-ir/src/__tests__/designs';",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
});
const require = createRequire(import.meta.url);
const lib = require(bundle);
const canvas = require('@napi-rs/canvas');
const sharp = require('sharp');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
async function time(fn, n = ITER, warmup = 2) {
  for (let i = 0; i < warmup; i++) await fn();
  const xs = [];
  let last;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    last = await fn();
    xs.push(performance.now() - t);
  }
  return { ms: median(xs), min: Math.min(...xs), last };
}

await lib.initCreativeIr();
const designs = await lib.designs();
const photo = designs.find((d) => d.name === 'image').assets.photo;
const photoImage = await canvas.loadImage(photo);
const photoDataUrl = `data:image/jpeg;base64,${photo.toString('base64')}`;

// Memory first, before any peer is loaded: 1,000 renders in a row, cycling the five designs.
global.gc?.();
const rss = () => process.memoryUsage().rss / 2 ** 20;
const samples = [];
let peak = 0;
const t0 = performance.now();
for (let i = 0; i < MEMORY_RUNS; i++) {
  const d = designs[i % designs.length];
  await lib.renderIr(d.ir, { assets: d.assets });
  const r = rss();
  peak = Math.max(peak, r);
  if ((i + 1) % Math.max(1, Math.floor(MEMORY_RUNS / 10)) === 0) samples.push(Math.round(r));
}
const memSeconds = (performance.now() - t0) / 1000;

const results = {}; // design -> engine -> { raster, full, bytes }
const put = (d, engine, v) => ((results[d] ??= {})[engine] = v);

// 2. This library and 3. the floor (hand-written @napi-rs/canvas calls for the same scene, PNG
// encoded by sharp from raw RGBA), measured interleaved so that load on the machine hits both alike.
async function interleaved(fns, n = ITER, warmup = 2) {
  const xs = fns.map(() => []);
  const last = [];
  for (let i = 0; i < warmup + n; i++) {
    for (let k = 0; k < fns.length; k++) {
      const t = performance.now();
      last[k] = await fns[k]();
      if (i >= warmup) xs[k].push(performance.now() - t);
    }
  }
  return xs.map((x, k) => ({ ms: median(x), min: Math.min(...x), last: last[k] }));
}
for (const d of designs) {
  const m = await lib.materialize(d.ir);
  const nodes = new Map(lib.flattenMaterialized(m.root).map((n) => [n.id, n]));
  const prepared = { texts: nodes, boxes: nodes, photo: photoImage, lib, Path2D: canvas.Path2D };
  const draw = () => {
    const c = canvas.createCanvas(1080, 1080);
    const ctx = c.getContext('2d');
    ctx.lang = 'en';
    floor[d.name](ctx, prepared);
    return c.data();
  };
  const [oursRaster, floorRaster, oursFull, floorFull] = await interleaved([
    () => lib.rasterize(d.ir, { assets: d.assets }),
    draw,
    () => lib.renderIr(d.ir, { assets: d.assets }),
    () => sharp(draw(), { raw: { width: 1080, height: 1080, channels: 4 } }).removeAlpha().png({ compressionLevel: 6 }).toBuffer(),
  ]);
  put(d.name, 'creative-ir', { raster: oursRaster.ms, full: oursFull.ms, rasterMin: oursRaster.min, fullMin: oursFull.min, bytes: oursFull.last.data.length });
  put(d.name, 'floor (canvas)', { raster: floorRaster.ms, full: floorFull.ms, rasterMin: floorRaster.min, fullMin: floorFull.min, bytes: floorFull.last.length });
  if (d.name === 'gradient') {
    const c = canvas.createCanvas(1080, 1080);
    floor.gradient(c.getContext('2d'), prepared);
    const enc = await time(() => c.encode('png'), 3, 1);
    put(d.name, 'canvas.encode(png)', { raster: NaN, full: enc.ms + floorRaster.ms, bytes: enc.last.length });
  }
}

// 4. satori + resvg (dev dependencies).
if (WITH_SATORI) {
  const { default: satori } = await import('satori');
  const { Resvg } = require('@resvg/resvg-js');
  const fonts = satoriFonts(lib);
  const trees = satoriTrees(photoDataUrl, lib.BODY);
  for (const d of designs) {
    const toSvg = () => satori(trees[d.name], { width: 1080, height: 1080, fonts });
    const raster = await time(async () => new Resvg(await toSvg(), { fitTo: { mode: 'original' } }).render().pixels);
    const full = await time(async () => new Resvg(await toSvg(), { fitTo: { mode: 'original' } }).render().asPng());
    const svg = await toSvg();
    const resvgOnly = await time(() => new Resvg(svg, { fitTo: { mode: 'original' } }).render().pixels);
    put(d.name, 'satori+resvg', { raster: raster.ms, full: full.ms, rasterMin: raster.min, fullMin: full.min, bytes: full.last.length, resvgOnly: resvgOnly.ms, resvgOnlyMin: resvgOnly.min });
  }
}

// 5. Headless Chromium screenshots of the library's HTML export (playwright-core, Debian's chromium).
let chromiumNote = '';
if (WITH_CHROMIUM && existsSync(CHROMIUM)) {
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1080, height: 1080 }, deviceScaleFactor: 1 });
    for (const d of designs) {
      const html = await lib.renderHtml(d.ir, { assets: d.assets });
      const full = await time(
        async () => {
          await page.setContent(html, { waitUntil: 'load' });
          return page.screenshot({ type: 'png' });
        },
        Math.max(3, Math.ceil(ITER / 3)),
        1,
      );
      put(d.name, 'chromium', { raster: NaN, full: full.ms, fullMin: full.min, bytes: full.last.length });
    }
  } finally {
    await browser.close();
  }
} else chromiumNote = WITH_CHROMIUM ? `(chromium not measured: ${CHROMIUM} missing; apt-get install -y chromium)` : '(chromium skipped)';

// 7. Report.
const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const engines = ['creative-ir', 'floor (canvas)', 'satori+resvg', 'chromium'];
console.log(`\ncreative-ir render benchmark — 1080x1080, median of ${ITER} runs, node ${process.version}, ${process.platform}/${process.arch}`);
console.log('raster = IR/scene to RGBA pixels; png = whole path to PNG bytes; /s = designs per second on the whole path\n');
// Transposed, narrower layout: one block per engine.
for (const e of engines) {
  if (!designs.some((d) => results[d.name][e])) continue;
  console.log(`${e}`);
  console.log('  design        raster ms   png ms   designs/s   PNG KB');
  for (const d of designs) {
    const r = results[d.name][e];
    if (!r) continue;
    console.log(`  ${d.name.padEnd(12)} ${f(r.raster).padStart(9)} ${f(r.full).padStart(8)} ${f(1000 / r.full).padStart(11)} ${(r.bytes / 1024).toFixed(0).padStart(8)}`);
  }
}

console.log('\nratios (lower is better for creative-ir):');
console.log('  design        raster/floor  png/floor  resvg-only/raster  satori png/ours  chromium/ours  PNG size ours/satori');
const checks = [];
for (const d of designs) {
  const o = results[d.name]['creative-ir'];
  const fl = results[d.name]['floor (canvas)'];
  const s = results[d.name]['satori+resvg'];
  const c = results[d.name]['chromium'];
  const rf = o.raster / fl.raster;
  const pf = o.full / fl.full;
  console.log(
    `  ${d.name.padEnd(12)} ${rf.toFixed(2).padStart(12)} ${pf.toFixed(2).padStart(10)} ${s ? (s.resvgOnly / o.raster).toFixed(2).padStart(18) : '-'.padStart(18)} ${s ? (s.full / o.full).toFixed(2).padStart(16) : '-'.padStart(16)} ${c ? (c.full / o.full).toFixed(1).padStart(14) : '-'.padStart(14)} ${s ? (o.bytes / s.bytes).toFixed(2).padStart(21) : '-'.padStart(21)}`,
  );
  checks.push({ d: d.name, rf, pf, resvg: s ? s.resvgOnly / o.raster : NaN, satori: s ? s.full / o.full : NaN, chromium: c ? c.full / o.full : NaN, size: s ? o.bytes / s.bytes : NaN });
}
console.log('\nsame ratios from the fastest run of each (less sensitive to other processes on the machine):');
console.log('  design        raster/floor  png/floor  resvg-only/raster  satori png/ours  chromium/ours');
for (const d of designs) {
  const o = results[d.name]['creative-ir'];
  const fl = results[d.name]['floor (canvas)'];
  const s = results[d.name]['satori+resvg'];
  const c = results[d.name]['chromium'];
  const x = (v) => (Number.isFinite(v) ? v.toFixed(2) : '-');
  console.log(`  ${d.name.padEnd(12)} ${x(o.rasterMin / fl.rasterMin).padStart(12)} ${x(o.fullMin / fl.fullMin).padStart(10)} ${x(s ? s.resvgOnlyMin / o.rasterMin : NaN).padStart(18)} ${x(s ? s.fullMin / o.fullMin : NaN).padStart(16)} ${x(c ? c.fullMin / o.fullMin : NaN).padStart(14)}`);
}
const enc = results.gradient['canvas.encode(png)'];
if (enc) console.log(`\n  gradient via canvas.encode('png'): ${f(enc.full)} ms, ${(enc.bytes / 1024).toFixed(0)} KB (we encode raw RGBA with sharp instead)`);
console.log(`\nmemory: ${MEMORY_RUNS} renders in ${memSeconds.toFixed(1)} s (${(MEMORY_RUNS / memSeconds).toFixed(1)} designs/s), peak RSS ${peak.toFixed(0)} MiB; RSS every ${Math.floor(MEMORY_RUNS / 10)} renders: ${samples.join(' ')} MiB`);
if (chromiumNote) console.log(chromiumNote);

const all = (k, pred) => checks.every((c) => !Number.isFinite(c[k]) || pred(c[k]));
const flat = samples.length >= 4 ? samples[samples.length - 1] - samples[1] : 0;
console.log('\ntargets:');
console.log(`  within 1.2x of the floor (raster):     ${all('rf', (x) => x <= 1.2) ? 'PASS' : 'MISS'}`);
console.log(`  within 1.2x of the floor (png):        ${all('pf', (x) => x <= 1.2) ? 'PASS' : 'MISS'}`);
console.log(`  raster >= 3x faster than resvg:        ${all('resvg', (x) => x >= 3) ? 'PASS' : 'MISS'}`);
console.log(`  png >= 1.5x faster than satori+resvg:  ${all('satori', (x) => x >= 1.5) ? 'PASS' : 'MISS'}`);
console.log(`  PNG files no larger than satori+resvg: ${all('size', (x) => x <= 1) ? 'PASS' : 'MISS'}`);
console.log(`  >= 10x faster than chromium:           ${all('chromium', (x) => x >= 10) ? 'PASS' : 'MISS'}${checks.some((c) => Number.isFinite(c.chromium)) ? '' : ' (not measured)'}`);
console.log(`  flat memory over ${MEMORY_RUNS} renders:         ${flat <= 40 ? 'PASS' : 'MISS'} (RSS drift after warm-up: ${flat} MiB)`);

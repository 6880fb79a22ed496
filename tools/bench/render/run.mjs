#!/usr/bin/env node
// Render benchmark for @platform/creative-ir. See README.md beside this file.
//   node tools/bench/render/run.mjs [--iterations 25] [--memory 1000] [--no-chromium] [--no-satori] [--default-malloc]
//
// The script is its own driver: it bundles the library, runs the memory test in one child process
// (default allocator and heap settings, nothing else loaded) and the timings in another (node
// --expose-gc --initial-old-space-size=128, glibc malloc tuned so that freed pixel buffers are
// reused; see README "Method"), then prints the report.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const ITER = opt('iterations', 25);
// Warm-up rounds before the timed ones, for the JavaScript engines (this library, the floor,
// satori): the text design is measured first, and with 3 rounds its JS (validation, layout) was
// still partly unoptimized, which weighed on the library's text ratios only.
const WARMUP = opt('warmup', 10);
const MEMORY_RUNS = opt('memory', 1000);
const WITH_CHROMIUM = !args.includes('--no-chromium');
const WITH_SATORI = !args.includes('--no-satori');
const DEFAULT_MALLOC = args.includes('--default-malloc');
const CHROMIUM = '/usr/bin/chromium';
const PHASE = process.env.BENCH_RENDER_PHASE;
const outDir = join(root, 'tmp', 'bench-render');
const bundle = join(outDir, 'creative-ir.cjs');
/**
 * glibc malloc: serve the 4.6 MB pixel buffers from the heap and keep freed memory in the process.
 * By default glibc maps each one afresh and unmaps it when freed, so every render pays ~1,150 page
 * faults, which on this VM cost 1–12 ms per render depending on the host (measured), landing at random.
 */
const MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456';

if (!PHASE) await driver();
else if (PHASE === 'memory') await memoryPhase();
else await timingPhase();

// ---------------------------------------------------------------------------------------------
async function driver() {
  // 1. Bundle the library (TypeScript) to CommonJS: the same path the apps take.
  const { bundleLibrary } = await import('../bundle.mjs');
  await bundleLibrary({
    contents: "export * from './libs/creative-ir/src/index'; export { designs, BODY } from './libs/creative-ir/src/__tests__/designs';",
    outfile: bundle,
    packages: 'external',
    logLevel: 'warning',
  });
  const child = (phase, nodeArgs, env) => {
    const r = spawnSync(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), ...args], {
      env: { ...process.env, ...env, BENCH_RENDER_PHASE: phase },
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 << 20,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`bench phase ${phase} failed (exit ${r.status ?? r.signal})`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  process.stderr.write(`memory: ${MEMORY_RUNS} renders in a row...\n`);
  const memory = child('memory', ['--expose-gc'], {});
  const malloc = DEFAULT_MALLOC || process.env.GLIBC_TUNABLES ? {} : { GLIBC_TUNABLES: MALLOC_TUNABLES };
  // --initial-old-space-size: the old-generation headroom of a real service. This process holds only
  // ~10 MB; once V8 had grown the young generation to 16 MB, a headroom below that made it run a
  // full GC every two or three renders (measured: 45-60 per design after the first), each one
  // deoptimizing code and landing in whichever sample allocated last.
  const timing = child('timing', ['--expose-gc', '--initial-old-space-size=128'], malloc);
  report(memory, timing, DEFAULT_MALLOC ? 'default glibc malloc' : (malloc.GLIBC_TUNABLES ?? `GLIBC_TUNABLES=${process.env.GLIBC_TUNABLES}`));
}

async function loadLib() {
  const require = createRequire(import.meta.url);
  const lib = require(bundle);
  await lib.initCreativeIr();
  return { require, lib, designs: await lib.designs() };
}

// 2. Memory: 1,000 renders in a row cycling the five designs, in a process that loads nothing else.
async function memoryPhase() {
  const { lib, designs } = await loadLib();
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
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(JSON.stringify({ runs: MEMORY_RUNS, seconds, peak, samples }) + '\n');
}

// 3. Timings.
async function timingPhase() {
  if (!global.gc) throw new Error('timing phase needs node --expose-gc');
  const { require, lib, designs } = await loadLib();
  const { floor, floorEncode, satoriFonts, satoriTrees, chromiumIr } = await import('./peers.mjs');
  const canvas = require('@napi-rs/canvas');
  const photo = designs.find((d) => d.name === 'image').assets.photo;
  const photoImage = await canvas.loadImage(photo);
  const photoDataUrl = `data:image/jpeg;base64,${photo.toString('base64')}`;
  const log = (s) => process.stderr.write(s + '\n');

  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  // Before every timed sample, of every engine alike: a scavenge (the young generation holds the
  // previous sample's canvas and buffers), a turn of the event loop (native finalizers free the
  // pixel memory) and another scavenge. Not a full GC: a forced mark-compact also throws away
  // optimized code that embeds objects which died ("deoptimization, reason: weak objects"), which
  // made the JS parts of a render (validation) 3–5x slower than in steady state.
  const settle = async () => {
    global.gc({ type: 'minor' });
    await new Promise((r) => setImmediate(r));
    global.gc({ type: 'minor' });
  };
  const stats = (xs) => ({ ms: median(xs), min: Math.min(...xs) });
  // Engines measured in rounds; each round runs every engine once, in a fresh (seeded) random
  // order, so that no engine always follows the same other one (work that finishes in the
  // background after a sample, e.g. encoder threads, would otherwise bias one engine).
  // Only the last round's outputs are kept, and the reference is dropped at once: an output held
  // across settle() (even by a variable of this async frame) survives the scavenge, gets promoted
  // with its native pixel memory and brings full GCs (and deoptimizations) into later samples;
  // that alone made creative-ir's whole path look 1.2-1.5x slower than the floor's.
  async function interleaved(fns, n = ITER, warmup = WARMUP) {
    const xs = fns.map(() => []);
    const last = [];
    let seed = 12345;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < warmup + n; i++) {
      const order = fns.map((_, k) => k);
      for (let j = order.length - 1; j > 0; j--) {
        const r = Math.floor(random() * (j + 1));
        [order[j], order[r]] = [order[r], order[j]];
      }
      for (const k of order) {
        await settle();
        const t = performance.now();
        let out = await fns[k]();
        const dt = performance.now() - t;
        if (i >= warmup) xs[k].push(dt);
        if (i === warmup + n - 1) last[k] = out;
        out = undefined;
      }
    }
    return xs.map((x, k) => ({ ...stats(x), last: last[k] }));
  }

  const results = {}; // design -> engine -> { raster, full, bytes, ... }
  const put = (d, engine, v) => ((results[d] ??= {})[engine] = v);

  // This library and the floor (hand-written @napi-rs/canvas calls for the same scene, encoded with
  // the PNG settings the library picks for the design), interleaved so that load hits both alike.
  // Each design is measured in its own function that returns plain numbers, so that no canvas or
  // pixel buffer of one design stays referenced while the next one is measured.
  async function oursAndFloor(d) {
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
    const encode = floorEncode(lib, m);
    // Like against like: the two raster paths in one set of rounds, the two PNG paths in another.
    const [oursRaster, floorRaster] = await interleaved([() => lib.rasterize(d.ir, { assets: d.assets }), draw]);
    const [oursFull, floorFull] = await interleaved([() => lib.renderIr(d.ir, { assets: d.assets }), () => encode(draw())]);
    const same = Buffer.compare(oursFull.last.data, floorFull.last) === 0;
    let pixelDiff = 0;
    let maxDelta = 0;
    const a = oursRaster.last.pixels;
    const b = floorRaster.last;
    for (let i = 0; i < a.length; i++) {
      const dv = Math.abs(a[i] - b[i]);
      if (dv) {
        pixelDiff++;
        maxDelta = Math.max(maxDelta, dv);
      }
    }
    put(d.name, 'creative-ir', {
      raster: oursRaster.ms,
      full: oursFull.ms,
      rasterMin: oursRaster.min,
      fullMin: oursFull.min,
      bytes: oursFull.last.data.length,
    });
    put(d.name, 'floor (canvas)', {
      raster: floorRaster.ms,
      full: floorFull.ms,
      rasterMin: floorRaster.min,
      fullMin: floorFull.min,
      bytes: floorFull.last.length,
      same,
      pixelDiff,
      maxDelta,
      encoding: encode.label,
    });
    if (d.name === 'gradient') {
      const c = canvas.createCanvas(1080, 1080);
      floor.gradient(c.getContext('2d'), prepared);
      const [enc] = await interleaved([() => c.encode('png')], 3, 1);
      put(d.name, 'canvas.encode(png)', { raster: NaN, full: enc.ms + floorRaster.ms, bytes: enc.last.length });
    }
  }
  for (const d of designs) {
    log(`creative-ir and floor: ${d.name}`);
    await oursAndFloor(d);
  }

  // satori + resvg (dev dependencies).
  if (WITH_SATORI) {
    const { default: satori } = await import('satori');
    const { Resvg } = require('@resvg/resvg-js');
    const fonts = satoriFonts(lib);
    const trees = satoriTrees(photoDataUrl, lib.BODY);
    const satoriDesign = async (d) => {
      const toSvg = () => satori(trees[d.name], { width: 1080, height: 1080, fonts });
      const svg = await toSvg();
      const [raster, full, resvgOnly] = await interleaved([
        async () => new Resvg(await toSvg(), { fitTo: { mode: 'original' } }).render().pixels,
        async () => new Resvg(await toSvg(), { fitTo: { mode: 'original' } }).render().asPng(),
        () => new Resvg(svg, { fitTo: { mode: 'original' } }).render().pixels,
      ]);
      put(d.name, 'satori+resvg', {
        raster: raster.ms,
        full: full.ms,
        rasterMin: raster.min,
        fullMin: full.min,
        bytes: full.last.length,
        resvgOnly: resvgOnly.ms,
        resvgOnlyMin: resvgOnly.min,
      });
    };
    for (const d of designs) {
      log(`satori+resvg: ${d.name}`);
      await satoriDesign(d);
    }
  }

  // Headless Chromium screenshots (playwright-core, Debian's chromium, one page reused). As usually
  // deployed, the fonts are installed for Chromium (fontconfig, the same TTF files) rather than
  // embedded in every page: embedded base64 fonts cost it ~70 ms of parsing per text-heavy page.
  let chromiumNote = '';
  if (WITH_CHROMIUM && existsSync(CHROMIUM)) {
    const { chromium } = require('playwright-core');
    const fontDirs = [...new Set(lib.BUNDLED_FONT_FAMILIES.map((f) => dirname(require.resolve(`${f.pkg}/package.json`))))];
    const fontsConf = join(outDir, 'fonts.conf');
    writeFileSync(
      fontsConf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n${fontDirs.map((d) => `  <dir>${d}</dir>\n`).join('')}  <cachedir>${join(outDir, 'fontconfig-cache')}</cachedir>\n</fontconfig>\n`,
    );
    const env = { ...process.env, FONTCONFIG_FILE: fontsConf };
    delete env.GLIBC_TUNABLES; // Chromium keeps its own allocator settings
    delete env.BENCH_RENDER_PHASE;
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      env,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1080, height: 1080 }, deviceScaleFactor: 1 });
      const cdp = await page.context().newCDPSession(page);
      const chromiumDesign = async (d) => {
        const html = await lib.renderHtml(chromiumIr(d), { assets: d.assets, embedFonts: false });
        const [full, fast] = await interleaved(
          [
            async () => {
              await page.setContent(html, { waitUntil: 'load' });
              return page.screenshot({ type: 'png' });
            },
            // The same with CDP's optimizeForSpeed (faster PNG encoder, larger files), for reference.
            async () => {
              await page.setContent(html, { waitUntil: 'load' });
              return Buffer.from((await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true })).data, 'base64');
            },
          ],
          Math.max(5, Math.ceil(ITER / 2)),
          2,
        );
        put(d.name, 'chromium', { raster: NaN, full: full.ms, fullMin: full.min, bytes: full.last.length });
        put(d.name, 'chromium optimizeForSpeed', { raster: NaN, full: fast.ms, fullMin: fast.min, bytes: fast.last.length });
      };
      for (const d of designs) {
        log(`chromium: ${d.name}`);
        await chromiumDesign(d);
      }
    } finally {
      await browser.close();
    }
  } else chromiumNote = WITH_CHROMIUM ? `(chromium not measured: ${CHROMIUM} missing; apt-get install -y chromium)` : '(chromium skipped)';

  process.stdout.write(
    JSON.stringify({ results, chromiumNote, designs: designs.map((d) => d.name), node: process.version, platform: `${process.platform}/${process.arch}` }) +
      '\n',
  );
}

// ---------------------------------------------------------------------------------------------
function report(memory, timing, malloc) {
  const { results, chromiumNote, designs } = timing;
  const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
  const engines = ['creative-ir', 'floor (canvas)', 'satori+resvg', 'chromium', 'chromium optimizeForSpeed'];
  console.log(`\ncreative-ir render benchmark — 1080x1080, median of ${ITER} runs, node ${timing.node}, ${timing.platform}, ${malloc}`);
  console.log('raster = IR/scene to RGBA pixels; png = whole path to PNG bytes; /s = designs per second on the whole path\n');
  for (const e of engines) {
    if (!designs.some((d) => results[d][e])) continue;
    console.log(`${e}`);
    console.log('  design        raster ms   png ms   designs/s   PNG KB');
    for (const d of designs) {
      const r = results[d][e];
      if (!r) continue;
      console.log(
        `  ${d.padEnd(12)} ${f(r.raster).padStart(9)} ${f(r.full).padStart(8)} ${f(1000 / r.full).padStart(11)} ${(r.bytes / 1024).toFixed(0).padStart(8)}`,
      );
    }
  }
  console.log('\nfloor against creative-ir: pixels, and the PNG encoding the library picked (the floor encodes with the same settings):');
  for (const d of designs) {
    const fl = results[d]['floor (canvas)'];
    const px = fl.pixelDiff ? `${fl.pixelDiff} bytes differ (max ${fl.maxDelta})` : 'identical pixels';
    console.log(`  ${d.padEnd(12)} ${px.padEnd(28)} ${fl.encoding.padEnd(44)} ${fl.same ? 'same PNG bytes' : 'PNG bytes differ'}`);
  }

  console.log('\nratios (lower is better for creative-ir):');
  console.log('  design        raster/floor  png/floor  resvg-only/raster  satori png/ours  chromium/ours  PNG size ours/satori');
  const checks = [];
  for (const d of designs) {
    const o = results[d]['creative-ir'];
    const fl = results[d]['floor (canvas)'];
    const s = results[d]['satori+resvg'];
    const c = results[d]['chromium'];
    const rf = o.raster / fl.raster;
    const pf = o.full / fl.full;
    console.log(
      `  ${d.padEnd(12)} ${rf.toFixed(2).padStart(12)} ${pf.toFixed(2).padStart(10)} ${s ? (s.resvgOnly / o.raster).toFixed(2).padStart(18) : '-'.padStart(18)} ${s ? (s.full / o.full).toFixed(2).padStart(16) : '-'.padStart(16)} ${c ? (c.full / o.full).toFixed(1).padStart(14) : '-'.padStart(14)} ${s ? (o.bytes / s.bytes).toFixed(2).padStart(21) : '-'.padStart(21)}`,
    );
    checks.push({
      d,
      rf,
      pf,
      resvg: s ? s.resvgOnly / o.raster : NaN,
      satori: s ? s.full / o.full : NaN,
      chromium: c ? c.full / o.full : NaN,
      floorChromium: c ? c.full / fl.full : NaN,
      size: s ? o.bytes / s.bytes : NaN,
    });
  }
  console.log('\nsame ratios from the fastest run of each (less sensitive to other processes on the machine):');
  console.log('  design        raster/floor  png/floor  resvg-only/raster  satori png/ours  chromium/ours');
  for (const d of designs) {
    const o = results[d]['creative-ir'];
    const fl = results[d]['floor (canvas)'];
    const s = results[d]['satori+resvg'];
    const c = results[d]['chromium'];
    const x = (v) => (Number.isFinite(v) ? v.toFixed(2) : '-');
    console.log(
      `  ${d.padEnd(12)} ${x(o.rasterMin / fl.rasterMin).padStart(12)} ${x(o.fullMin / fl.fullMin).padStart(10)} ${x(s ? s.resvgOnlyMin / o.rasterMin : NaN).padStart(18)} ${x(s ? s.fullMin / o.fullMin : NaN).padStart(16)} ${x(c ? c.fullMin / o.fullMin : NaN).padStart(14)}`,
    );
  }
  const enc = results.gradient?.['canvas.encode(png)'];
  if (enc) console.log(`\n  gradient via canvas.encode('png'): ${f(enc.full)} ms, ${(enc.bytes / 1024).toFixed(0)} KB (the library encodes raw RGBA instead)`);
  console.log(
    `\nmemory: ${memory.runs} renders in ${memory.seconds.toFixed(1)} s (${(memory.runs / memory.seconds).toFixed(1)} designs/s, default malloc), peak RSS ${memory.peak.toFixed(0)} MiB; RSS every ${Math.floor(memory.runs / 10)} renders: ${memory.samples.join(' ')} MiB`,
  );
  if (chromiumNote) console.log(chromiumNote);

  const all = (k, pred) => checks.every((c) => !Number.isFinite(c[k]) || pred(c[k]));
  const which = (k, pred) => {
    const bad = checks.filter((c) => Number.isFinite(c[k]) && !pred(c[k])).map((c) => `${c.d} ${c[k].toFixed(2)}`);
    return bad.length ? ` (${bad.join(', ')})` : '';
  };
  const samples = memory.samples;
  const flat = samples.length >= 4 ? samples[samples.length - 1] - samples[1] : 0;
  const measured = (k) => checks.some((c) => Number.isFinite(c[k]));
  const line = (label, k, pred) => console.log(`  ${label.padEnd(38)} ${!measured(k) ? '- (not measured)' : all(k, pred) ? 'PASS' : 'MISS'}${which(k, pred)}`);
  console.log('\ntargets (medians):');
  line('within 1.2x of the floor (raster):', 'rf', (x) => x <= 1.2);
  line('within 1.2x of the floor (png):', 'pf', (x) => x <= 1.2);
  line('raster >= 3x faster than resvg:', 'resvg', (x) => x >= 3);
  line('png >= 1.5x faster than satori+resvg:', 'satori', (x) => x >= 1.5);
  line('PNG files no larger than satori+resvg:', 'size', (x) => x <= 1);
  line('>= 10x faster than chromium:', 'chromium', (x) => x >= 10);
  // The same ratio for the floor (hand-written canvas calls with the same PNG writer) in this run:
  // what any implementation on top of @napi-rs/canvas could reach on this machine today.
  if (measured('floorChromium'))
    console.log(`  ${''.padEnd(38)} the floor itself in this run: ${checks.map((c) => `${c.d} ${c.floorChromium.toFixed(1)}x`).join(', ')}`);
  console.log(`  ${`flat memory over ${memory.runs} renders:`.padEnd(38)} ${flat <= 40 ? 'PASS' : 'MISS'} (RSS drift after warm-up: ${flat} MiB)`);
}

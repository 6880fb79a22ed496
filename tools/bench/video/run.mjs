#!/usr/bin/env node
// Video benchmark for @platform/creative-video. See README.md beside this file.
//   flock /tmp/bench.lock node tools/bench/video/run.mjs [--runs 3] [--seconds 4] [--fps 30] [--long] [--long-seconds 60]
//
// The driver bundles the library (esbuild, CommonJS: the path the apps take) and runs every measurement
// in a child process of its own, so each peak RSS is that run's alone:
//   ours:  renderVideo() of a 1080x1080 template design (square-post), one scene, zoom_in / stagger, MP4
//   floor: ffmpeg encoding the very same frames (decoded from our MP4 to raw RGBA on disk before timing)
//          with the very same encoder arguments: what ffmpeg alone costs for that video.
// Runs are interleaved (ours, floor, ours, floor...) so that load from elsewhere hits both alike; medians
// are printed. --long adds a 60 s 1920x1080 render (zoom_in) for peak RSS.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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
const RUNS = opt('runs', 3);
const SECONDS = opt('seconds', 4);
const FPS = opt('fps', 30);
const LONG = args.includes('--long');
const LONG_SECONDS = opt('long-seconds', 60);
const outDir = join(root, 'tmp', 'bench-video');
const bundle = join(outDir, 'creative-video.cjs');
const PHASE = process.env.BENCH_VIDEO_PHASE;

if (!PHASE) await driver();
else if (PHASE === 'ours') await oursPhase();
else await floorPhase();

async function driver() {
  const { build } = await import('esbuild');
  mkdirSync(outDir, { recursive: true });
  await build({
    stdin: {
      contents: "export * from './libs/creative-video/src/index'; export { buildTemplate, initCreativeIr } from './libs/creative-ir/src/index';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile: bundle,
    logLevel: 'error',
  });
  const child = (phase, env) => {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...args], {
      env: { ...process.env, ...env, BENCH_VIDEO_PHASE: phase },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`bench phase ${phase} failed (exit ${r.status ?? r.signal})`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const results = {};
  for (const motion of RUNS > 0 ? ['zoom_in', 'stagger'] : []) {
    const ours = [];
    const floor = [];
    for (let i = 0; i < RUNS; i++) {
      process.stderr.write(`${motion}: run ${i + 1}/${RUNS}...\n`);
      const o = child('ours', { BENCH_MOTION: motion, BENCH_W: '1080', BENCH_H: '1080', BENCH_SECONDS: String(SECONDS), BENCH_KEEP: '1' });
      ours.push(o);
      floor.push(child('floor', { BENCH_SOURCE: o.output, BENCH_W: '1080', BENCH_H: '1080' }));
      rmSync(dirname(o.output), { recursive: true, force: true });
    }
    results[motion] = { ours, floor };
  }
  let long;
  if (LONG) {
    process.stderr.write(`long: ${LONG_SECONDS} s 1920x1080 zoom_in...\n`);
    long = child('ours', { BENCH_MOTION: 'zoom_in', BENCH_W: '1920', BENCH_H: '1080', BENCH_SECONDS: String(LONG_SECONDS) });
  }
  report(results, long);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
function mb(kb) {
  return `${(kb / 1024).toFixed(0)} MB`;
}

function report(results, long) {
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\ncreative-video benchmark: 1080x1080, ${SECONDS} s at ${FPS} fps (${SECONDS * FPS} frames), MP4 (libx264 veryfast crf 20), ${RUNS} runs, medians; load average now ${load}\n`);
  if (!Object.keys(results).length) console.log('(no short runs: --runs 0)');
  else console.log('| motion | ours (s) | real-time factor | floor (s) | floor real-time | ours ÷ floor | peak RSS node | peak RSS ffmpeg | frames cmp |');
  if (Object.keys(results).length) console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [motion, { ours, floor }] of Object.entries(results)) {
    const o = median(ours.map((r) => r.seconds));
    const f = median(floor.map((r) => r.seconds));
    const ratios = ours.map((r, i) => r.seconds / floor[i].seconds);
    console.log(
      `| ${motion} | ${o.toFixed(2)} | ${(SECONDS / o).toFixed(2)}x | ${f.toFixed(2)} | ${(SECONDS / f).toFixed(2)}x | ${median(ratios).toFixed(2)} (runs: ${ratios.map((x) => x.toFixed(2)).join(', ')}) | ${mb(Math.max(...ours.map((r) => r.rssKb)))} | ${mb(Math.max(...ours.map((r) => r.ffmpegHwmKb)))} | ${ours[0].frames}/${floor[0].frames} |`,
    );
  }
  if (long) {
    console.log(
      `\nlong: ${long.duration} s 1920x1080 zoom_in at ${FPS} fps (${long.frames} frames) in ${long.seconds.toFixed(1)} s (${(long.duration / long.seconds).toFixed(2)}x real time); peak RSS node ${mb(long.rssKb)}, ffmpeg ${mb(long.ffmpegHwmKb)}, sum ${mb(long.rssKb + long.ffmpegHwmKb)}`,
    );
  }
}

/** Peak RSS (VmHWM) of this process's ffmpeg children, polled. */
function watchChildren() {
  let peak = 0;
  const poll = () => {
    const r = spawnSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' });
    for (const pid of r.stdout.trim().split('\n').filter(Boolean)) {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]));
      } catch {
        /* gone */
      }
    }
  };
  const t = setInterval(poll, 100);
  return { stop: () => (clearInterval(t), poll(), peak) };
}

async function oursPhase() {
  const require = createRequire(import.meta.url);
  const lib = require(bundle);
  await lib.initCreativeIr();
  const W = Number(process.env.BENCH_W);
  const H = Number(process.env.BENCH_H);
  const seconds = Number(process.env.BENCH_SECONDS);
  const format = W === H ? 'instagram_post' : { width: W, height: H };
  const t = await lib.buildTemplate('square-post', {
    format,
    brief: { title: 'Summer sale starts now', eyebrow: 'Limited time', subtitle: 'Everything 30% off this week only, in every store', cta: 'Shop now' },
  });
  const workDir = join(outDir, `run-${process.pid}`);
  mkdirSync(workDir, { recursive: true });
  const watch = watchChildren();
  const t0 = performance.now();
  const r = await lib.renderVideo({ width: W, height: H, fps: FPS, scenes: [{ source: { kind: 'ir', ir: t.ir }, duration: seconds, motion: process.env.BENCH_MOTION }] }, { workDir });
  const secondsTaken = (performance.now() - t0) / 1000;
  const ffmpegHwmKb = watch.stop();
  const output = r.outputs[0].path;
  if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
  console.log(JSON.stringify({ seconds: secondsTaken, frames: r.frames, duration: r.duration, rssKb: process.resourceUsage().maxRSS, ffmpegHwmKb, output }));
}

async function floorPhase() {
  const require = createRequire(import.meta.url);
  const lib = require(bundle);
  const ffmpeg = lib.ffmpegBinary(process.env.FFMPEG_PATH);
  const W = Number(process.env.BENCH_W);
  const H = Number(process.env.BENCH_H);
  const raw = join(outDir, `frames-${process.pid}.raw`);
  const out = join(outDir, `floor-${process.pid}.mp4`);
  // Not timed: our MP4 decoded back to the raw RGBA frames ffmpeg will encode.
  const dec = spawnSync(ffmpeg, ['-v', 'error', '-i', process.env.BENCH_SOURCE, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-y', raw]);
  if (dec.status !== 0) throw new Error(dec.stderr.toString());
  const frames = statSync(raw).size / (W * H * 4);
  // Read it once so it is in the page cache (the floor should not pay for the disk).
  readFileSync(raw);
  const argv = lib.encoderArgs({ width: W, height: H, fps: FPS, duration: frames / FPS, formats: ['mp4'], paths: { mp4: out } }).map((a) => (a === 'pipe:0' ? raw : a));
  const t0 = performance.now();
  await new Promise((res, rej) => {
    const p = spawn(ffmpeg, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
    p.on('close', (code) => (code === 0 ? res() : rej(new Error(`ffmpeg exited with ${code}`))));
  });
  const seconds = (performance.now() - t0) / 1000;
  rmSync(raw, { force: true });
  rmSync(out, { force: true });
  console.log(JSON.stringify({ seconds, frames }));
}

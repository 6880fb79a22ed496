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
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * A wrapper around ffmpeg that appends its CPU seconds (user + system, GNU time) to `file`: CPU time is
 * what two processes on a shared 2-core machine compete for, and it moves much less with the load than
 * wall time does.
 */
function timedFfmpeg(ffmpeg, file) {
  const wrapper = join(outDir, `ffmpeg-timed-${process.pid}.sh`);
  writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -a -o '${file}' -f '%U %S %M' '${ffmpeg}' "$@"\n`, { mode: 0o755 });
  return wrapper;
}
/** CPU seconds (summed) and peak RSS in KB (largest) of the ffmpeg runs timed into `file`. */
function timesOf(file) {
  const rows = readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((l) => /^[\d.]+ [\d.]+ \d+$/.test(l))
    .map((l) => l.split(' ').map(Number));
  return { cpu: rows.reduce((a, r) => a + r[0] + r[1], 0), rssKb: Math.max(0, ...rows.map((r) => r[2])) };
}

if (!PHASE) await driver();
else if (PHASE === 'ours') await oursPhase();
else await floorPhase();

async function driver() {
  const { bundleLibrary } = await import('../bundle.mjs');
  await bundleLibrary({
    contents: "export * from './libs/creative-video/src/index'; export { buildTemplate, initCreativeIr } from './libs/creative-ir/src/index';",
    outfile: bundle,
    packages: 'external',
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
  console.log(
    `\ncreative-video benchmark: 1080x1080, ${SECONDS} s at ${FPS} fps (${SECONDS * FPS} frames), MP4 (libx264 veryfast crf 20), ${RUNS} runs, medians; load average now ${load}\n`,
  );
  if (!Object.keys(results).length) console.log('(no short runs: --runs 0)');
  else
    console.log(
      '| motion | ours (s) | real-time factor | floor, file (s) | floor real-time | ours ÷ floor (wall) | floor, memory→stdin (s) | ours ÷ that | CPU s ours: node + ffmpeg | CPU s floor file / stdin | ours ÷ floor file (CPU) | peak RSS node | peak RSS ffmpeg |',
    );
  if (Object.keys(results).length) console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [motion, { ours, floor }] of Object.entries(results)) {
    const o = median(ours.map((r) => r.seconds));
    const f = median(floor.map((r) => r.seconds));
    const ratios = ours.map((r, i) => r.seconds / floor[i].seconds);
    const nodeCpu = median(ours.map((r) => r.nodeCpu));
    const ffCpu = median(ours.map((r) => r.ffmpegCpu));
    const floorCpu = median(floor.map((r) => r.ffmpegCpu));
    const cpuRatios = ours.map((r, i) => (r.nodeCpu + r.ffmpegCpu) / floor[i].ffmpegCpu);
    const pipeS = median(floor.map((r) => r.pipeSeconds));
    const pipeRatios = ours.map((r, i) => r.seconds / floor[i].pipeSeconds);
    const pipeCpu = median(floor.map((r) => r.pipeCpu));
    const runs = (xs) => `${median(xs).toFixed(2)} (${xs.map((x) => x.toFixed(2)).join(', ')})`;
    console.log(
      `| ${motion} | ${o.toFixed(2)} | ${(SECONDS / o).toFixed(2)}x | ${f.toFixed(2)} | ${(SECONDS / f).toFixed(2)}x | ${runs(ratios)} | ${pipeS.toFixed(2)} | ${runs(pipeRatios)} | ${nodeCpu.toFixed(2)} + ${ffCpu.toFixed(2)} | ${floorCpu.toFixed(2)} / ${pipeCpu.toFixed(2)} | ${runs(cpuRatios)} | ${mb(Math.max(...ours.map((r) => r.rssKb)))} | ${mb(Math.max(...ours.map((r) => r.ffmpegHwmKb)))} |`,
    );
    if (ours[0].frames !== floor[0].frames) console.log(`(frame counts differ: ours ${ours[0].frames}, floor ${floor[0].frames})`);
  }
  if (long) {
    console.log(
      `\nlong: ${long.duration} s 1920x1080 zoom_in at ${FPS} fps (${long.frames} frames) in ${long.seconds.toFixed(1)} s (${(long.duration / long.seconds).toFixed(2)}x real time; CPU s node ${long.nodeCpu.toFixed(1)} + ffmpeg ${long.ffmpegCpu.toFixed(1)}); peak RSS node ${mb(long.rssKb)}, ffmpeg ${mb(long.ffmpegHwmKb)}, sum ${mb(long.rssKb + long.ffmpegHwmKb)}`,
    );
  }
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
  const cpuFile = join(outDir, `cpu-${process.pid}.txt`);
  const ffmpegPath = timedFfmpeg(lib.ffmpegBinary(process.env.FFMPEG_PATH), cpuFile);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await lib.renderVideo(
    { width: W, height: H, fps: FPS, scenes: [{ source: { kind: 'ir', ir: t.ir }, duration: seconds, motion: process.env.BENCH_MOTION }] },
    { workDir, ffmpegPath },
  );
  const secondsTaken = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const nodeCpu = (cpu.user + cpu.system) / 1e6;
  const { cpu: ffmpegCpu, rssKb: ffmpegHwmKb } = timesOf(cpuFile);
  rmSync(cpuFile, { force: true });
  rmSync(ffmpegPath, { force: true });
  const output = r.outputs[0].path;
  if (!process.env.BENCH_KEEP) rmSync(workDir, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      seconds: secondsTaken,
      nodeCpu,
      ffmpegCpu,
      frames: r.frames,
      duration: r.duration,
      rssKb: process.resourceUsage().maxRSS,
      ffmpegHwmKb,
      output,
    }),
  );
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
  const cpuFile = join(outDir, `cpu-${process.pid}.txt`);
  const timed = timedFfmpeg(ffmpeg, cpuFile);
  const baseArgs = lib.encoderArgs({ width: W, height: H, fps: FPS, duration: frames / FPS, formats: ['mp4'], paths: { mp4: out } });
  const run = (argv, feed) =>
    new Promise((res, rej) => {
      const p = spawn(timed, argv, { stdio: [feed ? 'pipe' : 'ignore', 'ignore', 'inherit'] });
      p.on('close', (code) => (code === 0 ? res() : rej(new Error(`ffmpeg exited with ${code}`))));
      if (feed) feed(p.stdin);
    });
  // 1. From the file.
  let t0 = performance.now();
  await run(baseArgs.map((a) => (a === 'pipe:0' ? raw : a)));
  const seconds = (performance.now() - t0) / 1000;
  const { cpu: ffmpegCpu } = timesOf(cpuFile);
  rmSync(cpuFile, { force: true });
  // 2. From memory through stdin, as renderVideo feeds it (frames already drawn; same backpressure).
  const all = readFileSync(raw);
  const frameBytes = W * H * 4;
  const c0 = process.cpuUsage();
  t0 = performance.now();
  await run(baseArgs, async (stdin) => {
    for (let i = 0; i < frames; i++) {
      if (!stdin.write(all.subarray(i * frameBytes, (i + 1) * frameBytes))) await new Promise((r) => stdin.once('drain', r));
    }
    stdin.end();
  });
  const pipeSeconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const pipeNodeCpu = (c.user + c.system) / 1e6;
  const { cpu: pipeFfmpegCpu } = timesOf(cpuFile);
  for (const f of [raw, out, cpuFile, timed]) rmSync(f, { force: true });
  console.log(JSON.stringify({ seconds, ffmpegCpu, pipeSeconds, pipeCpu: pipeNodeCpu + pipeFfmpegCpu, frames }));
}

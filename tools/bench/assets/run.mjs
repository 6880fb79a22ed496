#!/usr/bin/env node
// Assets benchmark: starts the built creative service (dist/apps/creative) against a fresh
// database and local blob storage, then over loopback: uploads a 12-megapixel JPEG, runs a
// representative 5-operation transform on it, and uploads a 50 MB file, next to GET /healthz
// on the same server in the same run and to sharp alone doing the same operations in this
// process (the floor). See README.md beside this file.
//
//   npx nx build creative && node tools/bench/assets/run.mjs [--rounds 15] [--warmup 3] [--default-malloc]
//
// Database: BENCH_DATABASE_URL, or the PostgreSQL on 127.0.0.1:5432 (postgres@…/test).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchDatabase } from '../bench-database.mjs';

const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const sharp = require('sharp');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROUNDS = arg('rounds', 15);
const WARMUP = arg('warmup', 3);
const port = arg('port', 3190);
const main = join(root, 'dist/apps/creative/main.js');
if (!existsSync(main)) {
  console.error('Build first: npx nx build creative');
  process.exit(2);
}
const log = (s) => process.stderr.write(`${s}\n`);

// The server and this process (the floor) run with the same glibc malloc settings: production's
// (k8s/base/creative/configmap.yaml: large pixel buffers stay in the heap instead of being mapped
// and unmapped each time), unless --default-malloc. GLIBC_TUNABLES is read at process start, so
// this script starts itself again with it.
const TUNABLES = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456';
if (!process.argv.includes('--default-malloc') && process.env.GLIBC_TUNABLES === undefined) {
  const { spawnSync } = await import('node:child_process');
  const r = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, GLIBC_TUNABLES: TUNABLES },
  });
  process.exit(r.status ?? 1);
}

// ---- inputs ----------------------------------------------------------------------------------
log('making inputs...');
// A photo-like 4000 x 3000 JPEG: smooth structure (upscaled noise) with fine grain, quality 90.
const structure = await sharp({ create: { width: 160, height: 120, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
  .png()
  .toBuffer();
const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
  .png({ compressionLevel: 1 })
  .toBuffer();
const jpeg = await sharp(structure)
  .resize(4000, 3000, { kernel: 'cubic' })
  .composite([{ input: grain, blend: 'soft-light' }])
  .jpeg({ quality: 90 })
  .toBuffer();
// 50 MB: a 4096 x 4096 PNG of noise, stored uncompressed (what a large scan or export weighs).
const big = await sharp({ create: { width: 4096, height: 4096, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
  .png({ compressionLevel: 0 })
  .toBuffer();

const OPERATIONS = [
  { type: 'resize', width: 1600 },
  { type: 'smart_crop', aspect_ratio: '16:9', strategy: 'attention' },
  { type: 'modulate', brightness: 1.05, saturation: 1.15 },
  { type: 'sharpen' },
  { type: 'round_corners', radius: 32 },
];
const OUTPUT = { output_format: 'webp', quality: 82 };
const mask = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" rx="32" ry="32" fill="#fff"/></svg>',
);
/** The floor: the same operations as one hand-written sharp pipeline (resize and attention crop in one call). */
const floor = () =>
  sharp(jpeg)
    .autoOrient()
    .resize({ width: 1600, height: 900, fit: 'cover', position: sharp.strategy.attention })
    .modulate({ brightness: 1.05, saturation: 1.15 })
    .sharpen()
    .ensureAlpha()
    .composite([{ input: mask, blend: 'dest-in' }])
    .webp({ quality: 82 })
    .toBuffer();

// ---- server ----------------------------------------------------------------------------------
const database = await benchDatabase('bench_assets');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-assets-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  DATA_DIR: dataDir,
  URL_SIGNING_SECRET: 'bench-url-signing-secret-0123456789abcdef',
  ASSET_UPLOAD_LIMIT: '128mb',
  // NODE_ENV=production needs a payment gateway: the local one, allowed explicitly (nothing is bought here).
  BILLING_GATEWAY: 'local',
  BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true',
};
execFileSync(process.execPath, [main, 'migrate'], { env, stdio: 'ignore' });
const { key } = JSON.parse(execFileSync(process.execPath, [main, 'keys', 'create', '--account', 'bench'], { env, stdio: ['ignore', 'pipe', 'ignore'] }));
const server = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/readyz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

/** Resident memory of the server: now, and the peak since the last reset (Linux: /proc/<pid>). */
const status = () => readFileSync(`/proc/${server.pid}/status`, 'utf8');
const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())[1]) * 1024;
const resetPeak = () => writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
const MB = (b) => (b / 2 ** 20).toFixed(1);

const headers = { 'x-api-key': key };
async function upload(bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = await fetch(`${origin}/v1/assets`, { method: 'POST', headers, body: form });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`upload ${res.status} ${JSON.stringify(body)}`);
  return body;
}
async function transform(id) {
  const res = await fetch(`${origin}/v1/assets/${id}/transform`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ operations: OPERATIONS, ...OUTPUT }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`transform ${res.status} ${JSON.stringify(body)}`);
  return body;
}
async function timed(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

// ---- rounds: every round runs each measurement once, in a rotating order ----------------------
const source = await upload(jpeg, 'photo.jpg');
const check = await transform(source.id);
const floorOut = await sharp(await floor()).metadata();
log(
  `source ${source.width} x ${source.height} (${MB(jpeg.length)} MB); transform -> ${check.width} x ${check.height} ${check.format}; floor -> ${floorOut.width} x ${floorOut.height}`,
);
const samples = { health: [], upload: [], transform: [], floor: [], ratio: [] };
resetPeak();
const rssBefore = kb('VmRSS');
for (let r = 0; r < WARMUP + ROUNDS; r++) {
  const steps = [
    ['health', () => fetch(`${origin}/healthz`).then((x) => x.arrayBuffer())],
    ['upload', () => upload(jpeg, `photo-${r}.jpg`)],
    ['transform', () => transform(source.id)],
    ['floor', () => floor()],
  ];
  const order = steps.map((_, i) => steps[(i + r) % steps.length]);
  const got = {};
  for (const [name, fn] of order) got[name] = await timed(fn);
  if (r >= WARMUP) {
    for (const k of Object.keys(got)) samples[k].push(got[k]);
    samples.ratio.push(got.transform / got.floor);
  }
  log(`round ${r + 1}/${WARMUP + ROUNDS}: transform ${got.transform.toFixed(0)} ms, floor ${got.floor.toFixed(0)} ms`);
}
const transformPeak = kb('VmHWM');

// ---- 50 MB upload: the server's resident memory before and at its peak during the upload ------
global.gc?.();
await new Promise((r) => setTimeout(r, 500));
const before50 = kb('VmRSS');
resetPeak();
const t50 = await timed(() => upload(big, 'big.png'));
const peak50 = kb('VmHWM');

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await database.drop();
rmSync(dataDir, { recursive: true, force: true });

// ---- report ----------------------------------------------------------------------------------
const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))];
};
const row = (label, xs, unit = 'ms', digits = 1) =>
  `${label.padEnd(44)} median ${q(xs, 0.5).toFixed(digits).padStart(7)} ${unit}   p25 ${q(xs, 0.25).toFixed(digits).padStart(7)}   p75 ${q(xs, 0.75).toFixed(digits).padStart(7)}   min ${Math.min(
    ...xs,
  )
    .toFixed(digits)
    .padStart(7)}   max ${Math.max(...xs)
    .toFixed(digits)
    .padStart(7)}`;
console.log(
  `assets benchmark: built service, local storage, loopback; ${ROUNDS} rounds after ${WARMUP} warm-up, rotating order; malloc: ${process.env.GLIBC_TUNABLES || 'glibc defaults'}`,
);
console.log(`inputs: ${source.width} x ${source.height} JPEG of ${MB(jpeg.length)} MB; ${MB(big.length)} MB PNG`);
console.log(`transform: ${OPERATIONS.map((o) => o.type).join(' -> ')} -> webp q82 (${check.width} x ${check.height})`);
console.log(row('GET /healthz', samples.health));
console.log(row('POST /v1/assets (12 MP JPEG)', samples.upload));
console.log(row('POST /v1/assets/{id}/transform (5 operations)', samples.transform));
console.log(row('sharp alone, same operations (floor)', samples.floor));
console.log(row('transform / floor, per round', samples.ratio, 'x ', 2));
console.log(`transform / floor, medians: ${(q(samples.transform, 0.5) / q(samples.floor, 0.5)).toFixed(2)}x (target <= 1.3x)`);
console.log(`server RSS: ${MB(rssBefore)} MB before the rounds, peak ${MB(transformPeak)} MB during them`);
const rise = peak50 - before50;
console.log(
  `upload of ${MB(big.length)} MB: ${t50.toFixed(0)} ms; server RSS ${MB(before50)} MB before, peak ${MB(peak50)} MB, rise ${MB(rise)} MB = ${(rise / big.length).toFixed(2)}x the file (target < 2x)`,
);

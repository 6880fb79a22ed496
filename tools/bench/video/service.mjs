#!/usr/bin/env node
// Time to a finished video through the built service: POST /v1/designs/{id}/animate (1080x1080, 4 s at 30 fps, MP4)
// answered 202, polled until `succeeded`, against the library alone (`renderVideo()` of the same template and
// brief in a child process: run.mjs's "ours" phase) in the same run, alternating. See README.md beside this file.
//
//   npx nx build creative && node tools/bench/video/service.mjs [--runs 5]
//
// Database: BENCH_DATABASE_URL, or the PostgreSQL on 127.0.0.1:5432 (postgres@…/test); a database of its own,
// dropped at the end. No Redis: the service runs jobs inline (the same handlers as the worker role).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDatabase } from '../bench-database.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const args = process.argv.slice(2);
const RUNS = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
const PORT = 3396;
const main = join(root, 'dist/apps/creative/main.js');
if (!existsSync(main)) {
  console.error('Build first: npx nx build creative');
  process.exit(2);
}
/** As deployed (k8s ConfigMap), for both sides. */
const TUNABLES = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456';
const BRIEF = { title: 'Summer sale starts now', eyebrow: 'Limited time', subtitle: 'Everything 30% off this week only, in every store', cta: 'Shop now' };

const database = await benchDatabase('bench_video_service');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-video-service-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  REDIS_URL: '',
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  URL_SIGNING_SECRET: 'bench-url-signing-secret-0123456789abcdef',
  BILLING_FREE_MONTHLY_CREDITS: '1000000000',
  // NODE_ENV=production needs a payment gateway: the local one, allowed explicitly (nothing is bought here).
  BILLING_GATEWAY: 'local',
  BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true',
  RATE_LIMIT_PER_MINUTE: '100000000',
  GLIBC_TUNABLES: TUNABLES,
};
execFileSync(process.execPath, [main, 'migrate'], { env, stdio: 'ignore' });
const { key } = JSON.parse(execFileSync(process.execPath, [main, 'keys', 'create', '--account', 'bench'], { env, stdio: ['ignore', 'pipe', 'ignore'] }));
const server = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const origin = `http://127.0.0.1:${PORT}`;
const headers = { 'x-api-key': key, 'content-type': 'application/json' };
const api = async (method, path, body) => {
  const res = await fetch(`${origin}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};
/** CPU seconds of the service process (main thread, render and video threads; ffmpeg is a process of its own). */
const serviceCpu = () => {
  const s = readFileSync(`/proc/${server.pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const design = await api('POST', '/v1/designs', { template: 'square-post', brief: { ...BRIEF, format: 'instagram_post' } });
  const animate = async (motion) => {
    const c0 = serviceCpu();
    const t0 = performance.now();
    const job = await api('POST', `/v1/designs/${design.id}/animate`, { duration: 4, motion });
    let j;
    do {
      await new Promise((r) => setTimeout(r, 10));
      j = await api('GET', `/v1/jobs/${job.id}`);
    } while (!['succeeded', 'failed', 'cancelled'].includes(j.state));
    if (j.state !== 'succeeded') throw new Error(`job ${job.id}: ${j.state} ${JSON.stringify(j.error)}`);
    return { seconds: (performance.now() - t0) / 1000, cpu: serviceCpu() - c0 };
  };
  const library = (motion) => {
    const r = spawnSync(process.execPath, [join(here, 'run.mjs')], {
      env: { ...process.env, GLIBC_TUNABLES: TUNABLES, BENCH_VIDEO_PHASE: 'ours', BENCH_MOTION: motion, BENCH_W: '1080', BENCH_H: '1080', BENCH_SECONDS: '4' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (r.status !== 0) throw new Error(`library run failed (${r.status})`);
    const o = JSON.parse(r.stdout.trim().split('\n').pop());
    return { seconds: o.seconds, cpu: o.nodeCpu };
  };
  // The library phase needs run.mjs's bundle.
  if (!existsSync(join(root, 'tmp/bench-video/creative-video.cjs'))) spawnSync(process.execPath, [join(here, 'run.mjs'), '--runs', '0'], { stdio: 'ignore' });
  // Warm-up: the service's first video starts its video thread (yoga and fonts, ~0.3 s).
  await animate('zoom_in');
  const rows = [];
  for (const motion of ['zoom_in', 'stagger']) {
    const svc = [];
    const lib = [];
    for (let i = 0; i < RUNS; i++) {
      process.stderr.write(`${motion}: run ${i + 1}/${RUNS}\n`);
      svc.push(await animate(motion));
      lib.push(library(motion));
    }
    rows.push({ motion, svc, lib });
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`\ncreative video through the service: animate 1080x1080, 4 s at 30 fps, MP4; ${RUNS} runs each, medians (min–max); load average now ${load}\n`);
  console.log(
    '| motion | service: 202 to succeeded (s) | library alone (s) | service ÷ library | service CPU s (process, ffmpeg not counted) | library node CPU s |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  const span = (xs) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  for (const { motion, svc, lib } of rows) {
    console.log(
      `| ${motion} | ${span(svc.map((r) => r.seconds))} | ${span(lib.map((r) => r.seconds))} | ${span(svc.map((r, i) => r.seconds / lib[i].seconds))} | ${span(svc.map((r) => r.cpu))} | ${span(lib.map((r) => r.cpu))} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

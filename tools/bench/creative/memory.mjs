#!/usr/bin/env node
// Memory of the shared creative process (ROLE=all) under mixed traffic and after it: renders of new designs (PNG and
// 2x JPEG), previews, asset transforms (sharp: resize, blur, text) and short videos (animate jobs, run inline), from
// 3 clients for --seconds, then idle for --idle seconds. Prints the process's RSS (/proc/<pid>/status VmRSS: main
// thread, render and video threads, sharp; ffmpeg is a process of its own) at its peak, at the end of the traffic and
// at the end of the idle time. See docs/performance.md.
//
//   npx nx build creative && node tools/bench/creative/memory.mjs [--seconds 90] [--idle 60] [--env KEY=VALUE ...]
//
// Database: BENCH_DATABASE_URL, or the PostgreSQL on 127.0.0.1:5432 (postgres@…/test); a database of its own,
// dropped at the end. No Redis: jobs run inline. The service gets the deployed ConfigMap's settings that matter here
// (k8s/base/creative/configmap.yaml: GLIBC_TUNABLES, RENDER_WORKERS=2, PREVIEW_CACHE_BYTES), then `--env` overrides.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { benchDatabase } from '../bench-database.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : dflt);
const SECONDS = arg('seconds', 90);
const IDLE = arg('idle', 60);
const overrides = Object.fromEntries(args.flatMap((a, i) => (a === '--env' ? [args[i + 1].split(/=(.*)/s).slice(0, 2)] : [])));
const PORT = 3397;
const main = join(root, 'dist/apps/creative/main.js');
if (!existsSync(main)) {
  console.error('Build first: npx nx build creative');
  process.exit(2);
}
const configmap = readFileSync(join(root, 'k8s/base/creative/configmap.yaml'), 'utf8');
const deployed = (key) => configmap.match(new RegExp(`^\\s*${key}:\\s*"?([^"\\n]*)"?\\s*$`, 'm'))?.[1];

const database = await benchDatabase('bench_creative_memory');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-creative-memory-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  REDIS_URL: '',
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  BLOB_DRIVER: 'local',
  URL_SIGNING_SECRET: 'bench-url-signing-secret-0123456789abcdef',
  BILLING_FREE_MONTHLY_CREDITS: '1000000000',
  RATE_LIMIT_PER_MINUTE: '100000000',
  ...Object.fromEntries(
    ['GLIBC_TUNABLES', 'RENDER_WORKERS', 'PREVIEW_CACHE_BYTES', 'SHARP_CACHE_MB', 'RENDER_WORKERS_IDLE', 'MEMORY_TRIM_IDLE_MS']
      .map((k) => [k, deployed(k)])
      .filter(([, v]) => v !== undefined),
  ),
  ...overrides,
};
execFileSync(process.execPath, [main, 'migrate'], { env, stdio: 'ignore' });
const { key } = JSON.parse(execFileSync(process.execPath, [main, 'keys', 'create', '--account', 'bench'], { env, stdio: ['ignore', 'pipe', 'ignore'] }));
const server = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const origin = `http://127.0.0.1:${PORT}`;
const api = async (method, path, body) => {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const json = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

const TEMPLATES = ['square-post', 'quote', 'announcement', 'data-card', 'minimal-type'];
let n = 0;
const counts = { render: 0, preview: 0, transform: 0, video: 0, errors: 0 };

try {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // A photo-like source for transforms (noise, so that nothing compresses it away): 3000 x 2000.
  const noise = Buffer.alloc(3000 * 2000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 3000, height: 2000, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const asset = await (await fetch(`${origin}/v1/assets`, { method: 'POST', headers: { 'x-api-key': key }, body: form })).json();

  const design = () =>
    api('POST', '/v1/designs', {
      template: TEMPLATES[n % TEMPLATES.length],
      brief: { title: `Memory run ${n++}`, subtitle: 'Mixed traffic', cta: 'Go', format: 'instagram_post' },
    });
  const steps = [
    async () => {
      const d = await design();
      await api('POST', `/v1/designs/${d.id}/render`, { format: 'png' });
      counts.render++;
    },
    async () => {
      const d = await design();
      await api('POST', `/v1/designs/${d.id}/render`, { format: 'jpeg', width: 2160 });
      counts.render++;
    },
    async () => {
      const d = await design();
      await api('GET', `/v1/designs/${d.id}/preview?width=800&format=webp`);
      counts.preview++;
    },
    async () => {
      await api('POST', `/v1/assets/${asset.id}/transform`, {
        operations: [
          { type: 'resize', width: 2400 - (n++ % 7) * 100 },
          { type: 'blur', sigma: 3 },
          { type: 'text', text: 'Memory run', position: 'bottom_right' },
        ],
        output_format: 'webp',
      });
      counts.transform++;
    },
  ];
  const video = async () => {
    const d = await design();
    const job = await api('POST', `/v1/designs/${d.id}/animate`, { duration: 2, motion: n % 2 ? 'zoom_in' : 'stagger' });
    let j;
    do {
      await new Promise((r) => setTimeout(r, 100));
      j = await api('GET', `/v1/jobs/${job.id}`);
    } while (!['succeeded', 'failed', 'cancelled'].includes(j.state));
    if (j.state !== 'succeeded') throw new Error(`job ${job.id}: ${j.state}`);
    counts.video++;
  };

  const start = performance.now();
  const samples = [];
  const sampler = setInterval(() => samples.push({ t: (performance.now() - start) / 1000, rss: rssMb() }), 1000);
  const until = start + SECONDS * 1000;
  const client = async (k, work) => {
    for (let i = k; performance.now() < until; i++) {
      try {
        await work(i);
      } catch (e) {
        counts.errors++;
        process.stderr.write(`${e.message}\n`);
      }
    }
  };
  await Promise.all([client(0, (i) => steps[i % steps.length]()), client(1, (i) => steps[(i + 2) % steps.length]()), client(2, () => video())]);
  const busyEnd = rssMb();
  const peak = Math.max(...samples.map((s) => s.rss), busyEnd);
  process.stderr.write(`traffic done (${JSON.stringify(counts)}); idle for ${IDLE} s…\n`);
  await new Promise((r) => setTimeout(r, IDLE * 1000));
  clearInterval(sampler);
  const idle = rssMb();
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const shown = Object.entries(overrides)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`creative memory (ROLE=all, jobs inline${shown ? `, ${shown}` : ''}): ${SECONDS} s of mixed traffic, then ${IDLE} s idle; load average ${load}`);
  console.log(`  done: ${counts.render} renders, ${counts.preview} previews, ${counts.transform} transforms, ${counts.video} videos, ${counts.errors} errors`);
  console.log(`  RSS MB: peak ${peak.toFixed(0)}, end of traffic ${busyEnd.toFixed(0)}, after ${IDLE} s idle ${idle.toFixed(0)}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

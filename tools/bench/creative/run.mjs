#!/usr/bin/env node
// Creative render benchmark: the built service (dist/apps/creative) over loopback against the usual
// alternative, a Chromium render server screenshotting the same designs' HTML export, in the same run.
// See README.md beside this file.
//
//   npx nx build creative && node tools/bench/creative/run.mjs [--renders 2000] [--rounds 3] [--concurrency 4]
//                                   [--chromium-renders 60] [--preview-seconds 20] [--preview-rate 100] [--no-chromium] [--workers N]
//                                   [--default-malloc] [--prof DIR]
//
// Database: BENCH_DATABASE_URL, or the PostgreSQL on 127.0.0.1:5432 (postgres@…/test); a database of
// its own, dropped at the end.
import autocannon from 'autocannon';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchDatabase } from '../bench-database.mjs';

const root = resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const RENDERS = arg('renders', 2000);
const ROUNDS = arg('rounds', 3);
const CONCURRENCY = arg('concurrency', 4);
const CHROMIUM_RENDERS = arg('chromium-renders', 60);
const PREVIEW_SECONDS = arg('preview-seconds', 20);
const PREVIEW_RATE = arg('preview-rate', 100);
const WITH_CHROMIUM = !args.includes('--no-chromium');
const DEFAULT_MALLOC = args.includes('--default-malloc');
/** As deployed (k8s ConfigMap, tools/bench/render): pixel buffers from the heap, not a fresh mapping each. */
const MALLOC_TUNABLES = 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456';
/** RENDER_WORKERS of the service (default: its own, one per CPU); 0 renders on its main thread. */
const WORKERS = args.includes('--workers') ? arg('workers', undefined) : undefined;
const PORT = arg('port', 3393);
/** `--prof DIR`: the service writes V8 CPU profiles (main thread and each render worker) into DIR when it stops. */
const PROF_DIR = args.includes('--prof') ? args[args.indexOf('--prof') + 1] : undefined;
const CHROMIUM_PORT = PORT + 1;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const main = join(root, 'dist/apps/creative/main.js');
if (!existsSync(main)) {
  console.error('Build first: npx nx build creative');
  process.exit(2);
}
const log = (s) => process.stderr.write(`${s}\n`);

// ---------------------------------------------------------------------------------------------
// The service, on a database of its own.
const database = await benchDatabase('bench_creative');
const dataDir = mkdtempSync(join(tmpdir(), 'bench-creative-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  PORT: String(PORT),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  DATABASE_POOL_MAX: '20',
  DATA_DIR: dataDir,
  BODY_LIMIT: '8mb',
  // Local blob storage under DATA_DIR; production requires a signing secret for artifact URLs.
  URL_SIGNING_SECRET: 'bench-url-signing-secret-0123456789abcdef',
  // Billing stays on the path (every render reserves and captures its credits); the account just has enough of them.
  BILLING_FREE_MONTHLY_CREDITS: '1000000000',
  // NODE_ENV=production needs a payment gateway: the local one, allowed explicitly (nothing is bought here).
  BILLING_GATEWAY: 'local',
  BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true',
  ...(WORKERS !== undefined ? { RENDER_WORKERS: String(WORKERS) } : {}),
  ...(DEFAULT_MALLOC ? {} : { GLIBC_TUNABLES: MALLOC_TUNABLES }),
};
execFileSync(process.execPath, [main, 'migrate'], { env, stdio: 'ignore' });
const { key } = JSON.parse(execFileSync(process.execPath, [main, 'keys', 'create', '--account', 'bench'], { env, stdio: ['ignore', 'pipe', 'ignore'] }));
const server = spawn(process.execPath, [...(PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`] : []), main], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${PORT}`;
await waitReady(`${origin}/readyz`, server);
const headers = { 'x-api-key': key, 'content-type': 'application/json' };
const api = async (method, path, body) => {
  const res = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.headers.get('content-type')?.startsWith('application/json') ? res.json() : Buffer.from(await res.arrayBuffer());
};
/** Resident memory of the service process (main thread and render workers), MB. */
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;

let chromiumServer;
try {
  await run();
} finally {
  server.kill('SIGTERM');
  chromiumServer?.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
async function run() {
  const doc = await (await fetch(`${origin}/docs/openapi.json`)).json();
  const viaRender = !!doc.paths['/v1/designs/{design_id}/render'];
  const renderOnce = viaRender
    ? (id) => fetch(`${origin}/v1/designs/${id}/render`, { method: 'POST', headers, body: '{"format":"png"}' })
    : (id) => fetch(`${origin}/v1/designs/${id}/preview?width=1080`, { headers });

  // Designs: five templates at 1080x1080, then one design per render with its own title, so every
  // render draws a revision that was never drawn before (nothing comes from a cache).
  const templates = ['square-post', 'quote', 'announcement', 'data-card', 'minimal-type'];
  const brief = {
    title: 'Plan less, ship more',
    eyebrow: 'New this week',
    subtitle: 'A calmer week, planned in minutes.',
    body: 'Teams using Focus plan their week in ten minutes.',
    cta: 'Try it free',
    author: 'Marina Souza',
    role: 'Head of Product',
    insight: '30%',
    data: [
      { label: 'Planned', value: 73 },
      { label: 'Focused', value: 58 },
    ],
    format: 'instagram_post',
  };
  const bases = [];
  for (const [i, template] of templates.entries()) bases.push((await api('POST', '/v1/designs', { template, brief: { ...brief, seed: i + 1 } })).ir);
  const total = RENDERS + CHROMIUM_RENDERS + 20;
  log(`creating ${total} designs…`);
  const ids = await pool(
    Array.from({ length: total }, (_, i) => i),
    8,
    async (i) => {
      const ir = structuredClone(bases[i % bases.length]);
      retitle(ir.root, `Plan less, ship more #${i}`);
      return (await api('POST', '/v1/designs', { ir, title: `bench ${i}` })).id;
    },
  );
  const warm = ids.slice(0, 20);
  const ours = ids.slice(20, 20 + RENDERS);
  const theirs = ids.slice(20 + RENDERS);

  log('warming up…');
  await drive(warm, CONCURRENCY, renderOnce);

  // Chromium: the HTML exports of its designs, fetched beforehand (not timed).
  let chromium = null;
  if (WITH_CHROMIUM && existsSync(CHROMIUM)) {
    log('exporting HTML for Chromium…');
    const pages = await pool(theirs, 4, async (id) => ({
      html: (await api('GET', `/v1/designs/${id}/export/html`)).toString('utf8'),
      width: 1080,
      height: 1080,
    }));
    chromiumServer = spawn(
      process.execPath,
      [join(import.meta.dirname, 'chromium-server.mjs'), '--port', String(CHROMIUM_PORT), '--pages', String(CONCURRENCY)],
      {
        // Chromium keeps its own allocator settings.
        env: { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'GLIBC_TUNABLES')), CHROMIUM_PATH: CHROMIUM },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitReady(`http://127.0.0.1:${CHROMIUM_PORT}/healthz`, chromiumServer);
    const shoot = (i) => fetch(`http://127.0.0.1:${CHROMIUM_PORT}/`, { method: 'POST', body: JSON.stringify(pages[i]) });
    await drive(
      [0, 1, 2, 3, 4].map((i) => i % pages.length),
      CONCURRENCY,
      shoot,
    );
    chromium = { pages, shoot };
  }

  // Rounds, alternating: ours on a share of its designs, then Chromium on all of its own.
  const rounds = { ours: [], chromium: [] };
  const rssSamples = [{ renders: 0, mb: rss() }];
  const perRound = Math.ceil(ours.length / ROUNDS);
  let done = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const slice = ours.slice(r * perRound, (r + 1) * perRound);
    log(`round ${r + 1}: ${slice.length} renders (ours)`);
    rounds.ours.push(
      await drive(slice, CONCURRENCY, renderOnce, () => {
        done++;
        if (done % 200 === 0) rssSamples.push({ renders: done, mb: rss() });
      }),
    );
    if (chromium) {
      log(`round ${r + 1}: ${chromium.pages.length} renders (chromium)`);
      rounds.chromium.push(
        await drive(
          chromium.pages.map((_, i) => i),
          CONCURRENCY,
          chromium.shoot,
        ),
      );
    }
  }

  // Render tasks as the service timed them (queue wait included), from its own metrics.
  const metrics = await (await fetch(`${origin}/metrics`)).text();
  const sum = Number(/creative_render_duration_seconds_sum\{kind="render",outcome="ok"\} ([\d.e+-]+)/.exec(metrics)?.[1] ?? NaN);
  const count = Number(/creative_render_duration_seconds_count\{kind="render",outcome="ok"\} (\d+)/.exec(metrics)?.[1] ?? NaN);
  const renderTaskMs = (sum / count) * 1000;

  // Cached previews at a fixed rate: requests leave on a fixed schedule whatever the answers do
  // (open loop), so a slow answer cannot hold back the next ones and hide its own delay.
  const previewIds = warm.slice(0, 10);
  for (const id of previewIds) await api('GET', `/v1/designs/${id}/preview`);
  log(`cached previews: ${PREVIEW_RATE} req/s for ${PREVIEW_SECONDS} s…`);
  const previews = await fixedRate(PREVIEW_RATE, PREVIEW_SECONDS, (i) =>
    fetch(`${origin}/v1/designs/${previewIds[i % previewIds.length]}/preview`, { headers }),
  );
  // autocannon's overallRate, for comparison: its connections fire in step, in bursts of `connections`.
  const cannon = await autocannon({
    url: origin,
    connections: 10,
    overallRate: PREVIEW_RATE,
    duration: Math.min(10, PREVIEW_SECONDS),
    requests: previewIds.map((id) => ({ method: 'GET', path: `/v1/designs/${id}/preview`, headers: { 'x-api-key': key } })),
  });

  report({ viaRender, rounds, rssSamples, previews, cannon, renderTaskMs });
}

// ---------------------------------------------------------------------------------------------
function report({ viaRender, rounds, rssSamples, previews, cannon, renderTaskMs }) {
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const spread = (xs, f = (x) => x.toFixed(1)) => `${f(median(xs))} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
  const line = (label, rs) =>
    `${label.padEnd(34)} ${spread(rs.map((r) => r.rps)).padStart(20)} req/s   p50 ${spread(
      rs.map((r) => r.p50),
      (x) => x.toFixed(0),
    ).padStart(15)} ms   p99 ${spread(
      rs.map((r) => r.p99),
      (x) => x.toFixed(0),
    ).padStart(15)} ms   PNG ${(rs.reduce((n, r) => n + r.kb, 0) / rs.length).toFixed(0)} KB (mean)   errors ${rs.reduce((n, r) => n + r.errors, 0)}`;
  const out = (s) => process.stdout.write(`${s}\n`);
  out(
    `creative benchmark: ${cpus().length} CPUs, node ${process.version}, RENDER_WORKERS ${WORKERS ?? 'default'}, ${DEFAULT_MALLOC ? 'default malloc' : 'GLIBC_TUNABLES as deployed'}, ${CONCURRENCY} concurrent clients, ` +
      `${ROUNDS} rounds (median (min–max) over rounds)`,
  );
  out(line(viaRender ? 'POST …/render png (uncached)' : 'GET …/preview 1080 png (uncached)', rounds.ours));
  if (rounds.chromium.length) out(line('Chromium server (HTML export)', rounds.chromium));
  let ratioOk = null;
  if (rounds.chromium.length) {
    const ratios = rounds.ours.map((o, i) => o.rps / rounds.chromium[i].rps);
    ratioOk = median(ratios) >= 8;
    out(`render throughput vs Chromium: ${spread(ratios, (x) => `${x.toFixed(1)}x`)}   target >= 8x: ${ratioOk ? 'met' : 'NOT met'}`);
  }
  out(`render task in the pool (queue wait included), mean: ${renderTaskMs.toFixed(1)} ms`);
  const previewOk = previews.p99 < 20;
  out(
    `GET …/preview (cached), open loop at ${PREVIEW_RATE} req/s: ${previews.rps.toFixed(0)} req/s, p50 ${previews.p50.toFixed(1)} ms, p99 ${previews.p99.toFixed(1)} ms, ` +
      `max ${previews.max.toFixed(1)} ms, ${previews.errors} errors   target p99 < 20 ms: ${previewOk ? 'met' : 'NOT met'}`,
  );
  const l = cannon.latency;
  out(`  (autocannon, 10 connections at ${PREVIEW_RATE} req/s in all, firing in step: p50 ${l.p50} ms, p99 ${l.p99} ms, max ${l.max} ms)`);
  // Flat means no trend: the median of the last third of the samples against the median of the first third (after
  // the first 200 renders), so a single sample taken during a garbage collection or a cache flush moves neither.
  const settled = rssSamples.filter((s) => s.renders >= 200);
  const third = Math.max(1, Math.floor(settled.length / 3));
  const early = median(settled.slice(0, third).map((s) => s.mb));
  const late = median(settled.slice(-third).map((s) => s.mb));
  const last = rssSamples[rssSamples.length - 1];
  const peak = Math.max(...rssSamples.map((s) => s.mb));
  const growth = late - early;
  out(`server RSS over ${last.renders} renders (MB, every 200): ${rssSamples.map((s) => s.mb.toFixed(0)).join(' ')}`);
  if (!settled.length) return out('RSS: too few renders to judge (the samples start after render 200)');
  out(
    `RSS, median of the last third of the samples against the first third (after render 200): ${early.toFixed(0)} -> ${late.toFixed(0)} MB, ` +
      `${growth >= 0 ? '+' : ''}${growth.toFixed(0)} MB (peak ${peak.toFixed(0)} MB)   target flat (< 10% growth): ${growth < early * 0.1 ? 'met' : 'NOT met'}`,
  );
}

/** `rate` requests a second for `seconds`, each sent at its scheduled time; latency counts from that time. */
async function fixedRate(rate, seconds, request) {
  const total = Math.round(rate * seconds);
  const latencies = [];
  const slow = [];
  let errors = 0;
  const t0 = performance.now() + 50;
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      request(i).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 200) errors++;
          const ms = performance.now() - at;
          latencies.push(ms);
          if (ms > 20) slow.push([Math.round(at - t0), Math.round(ms)]);
        },
        () => errors++,
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  if (process.env.BENCH_SLOW) process.stderr.write(`slow (sent at ms, took ms): ${JSON.stringify(slow)}\n`);
  return { rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), max: latencies[latencies.length - 1], errors };
}

/** Runs `fn` over `items` with `n` in flight; answers the results in order. */
async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

/** Requests over `items` with `concurrency` in flight: req/s, p50, p99 (ms), errors, mean output size (KB). */
async function drive(items, concurrency, request, after = () => undefined) {
  const latencies = [];
  const sizes = [];
  let errors = 0;
  const t0 = performance.now();
  await pool(items, concurrency, async (item) => {
    const s = performance.now();
    const res = await request(item);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) errors++;
    // The PNG's size: the artifact record's `bytes` (our render answers JSON), or the body itself.
    else
      sizes.push(
        res.headers.get('content-type')?.startsWith('application/json') ? (JSON.parse(body.toString('utf8')).artifact?.bytes ?? body.length) : body.length,
      );
    latencies.push(performance.now() - s);
    after();
  });
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { rps: latencies.length / seconds, p50: q(0.5), p99: q(0.99), errors, kb: sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024 };
}

function retitle(node, text) {
  if (node.id === 'title' && node.type === 'text') {
    node.text = text;
    return true;
  }
  return (node.children ?? []).some((c) => retitle(c, text));
}

async function waitReady(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready after 30 s`);
}

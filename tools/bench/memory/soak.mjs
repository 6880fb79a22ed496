// One service's processes alone, from dist/, under steady open-loop traffic (the chaos suite's operations), with each
// process's RSS and V8 heap (/metrics) sampled every 15 s, judged as tools/chaos/rss.mjs judges a soak, and heap
// snapshots (SIGUSR2) at chosen seconds (issue 39's memory investigation; docs/operations.md has the figures).
//
//   createdb -U postgres -h 127.0.0.1 i39mem_m
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/i39mem_m REDIS_URL=redis://127.0.0.1:6379/9 \
//     node tools/bench/memory/soak.mjs --service messaging --roles api,worker --rate 2 --seconds 1020 \
//       --snapshots 180,600,1020 --out tmp/mem/messaging
//   node tools/chaos/heap-diff.mjs tmp/mem/messaging/heap/<early> tmp/mem/messaging/heap/<late>
//
// --env K=V (repeatable) adds to the services' environment (e.g. MEMORY_TRIM_EVERY_MS=0); --ops keeps only some
// operations of the service's mix (creative: render,preview,transform). Never touches other databases or Redis keys:
// it uses the database named by DATABASE_URL and REDIS_PREFIX (default i39mem-<pid>) on REDIS_URL.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DIST, Proc } from '../../chaos/cluster.mjs';
import { freePort, sleep } from '../../chaos/infra.mjs';
import { startReceivers } from '../../chaos/receivers.mjs';
import { rssVerdict } from '../../chaos/rss.mjs';
import { Recorder, creativeMix, creativeOps, messagingMix, messagingOps, setupCreative, setupMessaging, startLoad } from '../../chaos/traffic.mjs';

const root = resolve(import.meta.dirname, '../../..');
const { values: a } = parseArgs({
  options: {
    service: { type: 'string' },
    roles: { type: 'string', default: 'api' },
    rate: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '900' },
    snapshots: { type: 'string', default: '' },
    ops: { type: 'string', default: '' },
    env: { type: 'string', multiple: true, default: [] },
    out: { type: 'string' },
  },
});
const service = a.service;
if (!['messaging', 'creative'].includes(service) || !a.out || !process.env.DATABASE_URL) {
  console.error(
    'usage: DATABASE_URL=… [REDIS_URL=…] node tools/bench/memory/soak.mjs --service messaging|creative --out DIR [--roles api,worker] [--rate R] [--seconds S] [--snapshots s,…] [--ops a,b] [--env K=V]…',
  );
  process.exit(2);
}
const out = resolve(a.out);
mkdirSync(join(out, 'heap'), { recursive: true });
const say = (m) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${m}`);

const receivers = await startReceivers();
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  DATABASE_URL: process.env.DATABASE_URL,
  DATABASE_POOL_MAX: '8',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/9',
  REDIS_PREFIX: process.env.REDIS_PREFIX ?? `i39mem-${process.pid}`,
  LOG_LEVEL: 'warn',
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  RATE_LIMIT_PER_MINUTE: '100000',
  PUBLIC_BASE_URL: 'http://127.0.0.1',
  NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${join(out, 'heap')}`,
  ...(service === 'messaging'
    ? { WEBHOOK_ALLOW_PRIVATE: 'true', TELEGRAM_API_BASE_URL: `${receivers.platformUrl}/tg` }
    : {
        BLOB_DRIVER: 'local',
        BLOB_DIR: join(out, 'blobs'),
        URL_SIGNING_SECRET: 'i39mem-url-signing-secret-0123456789abcdef',
        BILLING_GATEWAY: 'local',
        BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true',
        BILLING_FREE_MONTHLY_CREDITS: '100000000',
        CALLBACK_ALLOW_PRIVATE: 'true',
        RENDER_WORKERS: '1',
        // production's malloc (k8s/base/creative/configmap.yaml), as tools/chaos runs creative
        GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456',
      }),
  ...Object.fromEntries(a.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
};
const cli = (...rest) =>
  new Promise((done, fail) =>
    execFile(
      process.execPath,
      [join(DIST, 'apps', service, 'main.js'), ...rest],
      { cwd: root, env: { ...env, NODE_OPTIONS: '' }, encoding: 'utf8' },
      (err, stdout) => (err ? fail(err) : done(stdout)),
    ),
  );
await cli('migrate');
const key = JSON.parse(await cli('keys', 'create', '--account', 'i39mem', '--name', 'load')).key;

const procs = [];
for (const role of a.roles.split(',')) {
  const p = new Proc({ service, role, index: 1, env: { ...env, ROLE: role }, logDir: out });
  p.port = await freePort();
  p.supervised = false;
  p.start();
  procs.push(p);
}
for (const p of procs) if (!(await p.ready(300_000))) throw new Error(`${p.name} not ready (log in ${out})`);
const url = `http://127.0.0.1:${procs.find((p) => p.role === 'api').port}`;
say(`${procs.map((p) => `${p.name} pid ${p.pid}`).join(', ')} ready on ${url}`);

const rec = new Recorder();
const [ops, fullMix, setup] = service === 'messaging' ? [messagingOps, messagingMix, setupMessaging] : [creativeOps, creativeMix, setupCreative];
const keep = a.ops ? a.ops.split(',') : null;
const mix = keep ? fullMix.filter(([op]) => keep.includes(op)) : fullMix;
const ctx = await setup({ service, url, keys: [key], receiverUrl: receivers.receiverUrl });
const seconds = Number(a.seconds);
const snapshotAt = a.snapshots ? a.snapshots.split(',').map((s) => Number(s) * 1000) : [];
const samples = [];
const loadavg = [];
const t0 = Date.now();
const stop = startLoad(rec, { ...ctx, service }, ops, mix, Number(a.rate), { duplicateShare: 0 });
say(`load: ${a.rate}/s of ${mix.map(([op]) => op).join(',')} for ${seconds} s`);
const { loadavg: osLoad } = await import('node:os');
while (Date.now() - t0 < seconds * 1000) {
  await sleep(15_000);
  const at = Date.now() - t0;
  while (snapshotAt.length && at >= snapshotAt[0]) {
    snapshotAt.shift();
    say(`heap snapshot at ${Math.round(at / 1000)} s`);
    for (const p of procs) p.child?.kill('SIGUSR2');
  }
  const heaps = await Promise.all(procs.map((p) => p.heap()));
  samples.push({ at, procs: procs.map((p, i) => ({ name: p.name, rss: p.rss(), cpu: p.cpuSeconds(), heap: heaps[i], smaps: p.smaps() })) });
  loadavg.push(osLoad()[0]);
}
await stop();
const ok = rec.records.filter((r) => r.outcome === 'ok').length;
const warm = Math.max(120_000, seconds * 100);
const mb = (b) => `${Math.round(b / 1048576)} MB`;
const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const lines = [
  `${service} alone, ${a.rate}/s of ${mix.map(([op]) => op).join(',')}, ${seconds} s, env ${a.env.join(' ') || '(defaults)'}`,
  `requests ${rec.records.length} (ok ${ok}); 1-minute load average mean ${(loadavg.reduce((s, x) => s + x, 0) / loadavg.length).toFixed(1)}, max ${Math.max(...loadavg).toFixed(1)}`,
  `after warm-up (${warm / 1000} s):`,
  '| process | RSS start | end | max | growth | trend | heap used start → end (trend) |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
for (const [i, p] of procs.entries()) {
  const pts = samples.filter((s) => s.at >= warm).map((s) => ({ at: s.at, rss: s.procs[i].rss }));
  const hp = samples.filter((s) => s.at >= warm && s.procs[i].heap).map((s) => ({ at: s.at, rss: s.procs[i].heap.used }));
  const v = rssVerdict(pts);
  const h = rssVerdict(hp);
  lines.push(
    `| ${p.name} | ${mb(v.start)} | ${mb(v.end)} | ${mb(v.max)} | ${pct(v.growth)}${v.flat ? '' : ' **not flat**'} | ${pct(v.trend)} | ${mb(h.start)} → ${mb(h.end)} (${pct(h.trend)}) |`,
  );
}
// The services' own memory metrics at the end (creative: malloc_trim calls and how long they took).
for (const p of procs) {
  const text = await fetch(`http://127.0.0.1:${p.port}/metrics`, { signal: AbortSignal.timeout(10_000) })
    .then((r) => r.text())
    .catch(() => '');
  const own = text.split('\n').filter((l) => /^creative_memory_trim/.test(l));
  if (own.length) lines.push('', `${p.name}:`, ...own);
}
writeFileSync(join(out, 'samples.json'), JSON.stringify({ args: a, samples, loadavg, requests: rec.records.length, ok }, null, 1));
writeFileSync(join(out, 'report.md'), lines.join('\n') + '\n');
console.log(lines.join('\n'));
for (const p of procs) p.signal('SIGTERM');
await Promise.all(procs.map((p) => p.exited()));
await receivers.close();
process.exit(0);

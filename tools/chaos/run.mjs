#!/usr/bin/env node
// Fault injection over replicas (issue 39): each service as two api and two worker processes from dist/, behind a
// round-robin proxy, on the suite's own PostgreSQL, Redis and S3; open-loop traffic of real use; faults one at a time
// and two together; invariants read from the databases and the receivers; a Markdown report.
//
//   node tools/chaos/run.mjs [--short] [--faults a,b,a+b] [--duration 60] [--soak SECONDS] [--report FILE] [--keep]
//
// CHAOS_DIST=DIR runs the build copied to DIR instead of dist/ (so dist/ can be rebuilt while a long run runs).
// --soak SECONDS: steady traffic after the phases, each process's RSS sampled; exits 1 when RSS is not flat (rss.mjs).
// --short: kill-video-worker, redis-restart, pg-fast, 45 s each (what CI runs; exits 1 when an invariant fails).
// Never touches the machine's PostgreSQL (5432) or Redis (6379): everything runs on free ports in a temporary folder.
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DIST, startCluster } from './cluster.mjs';
import { FAULTS, FULL, SHORT } from './faults.mjs';
import { sleep, startPostgres, startRedis, startS3 } from './infra.mjs';
import { checkInvariants, rateLimitProbe, settle } from './invariants.mjs';
import { startReceivers } from './receivers.mjs';
import { renderReport, phaseStats, soakStats } from './report.mjs';
import {
  creativeMix,
  creativeOps,
  entityMix,
  entityOps,
  messagingMix,
  messagingOps,
  Recorder,
  send,
  setupCreative,
  setupEntity,
  setupMessaging,
  startLoad,
} from './traffic.mjs';

const root = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    faults: { type: 'string' },
    duration: { type: 'string' },
    soak: { type: 'string', default: '0' },
    report: { type: 'string' },
    keep: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    rate: { type: 'string' },
    'heap-snapshots': { type: 'string' },
    'heap-snapshot-of': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`node tools/chaos/run.mjs [options]   (fault injection over replicas; docs/operations.md "Fault injection over replicas")

  --short              kill-video-worker, redis-restart, pg-fast, 45 s each (what CI runs; exits 1 when an invariant fails)
  --faults a,b,a+b     the faults to run, one phase each ("none": traffic only); known: ${Object.keys(FAULTS).join(', ')}
  --duration SECONDS   the length of each phase (default 60, 45 with --short)
  --soak SECONDS       a soak at steady load after the phases, RSS and CPU of each process sampled (default 0: none)
  --rate svc=r,...     requests a second per service (default creative=1,messaging=1,entity=0.5)
  --heap-snapshots S,… during the soak, at these seconds, send SIGUSR2 to the processes (a heap snapshot each; needs
                       CHAOS_NODE_OPTIONS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR")
  --heap-snapshot-of p,… only the processes whose name starts with one of these (e.g. messaging,creative-api)
  --report FILE        where the Markdown report goes
  --keep               leave the cluster's temporary folder (logs, databases) in place
  --no-build           never build (by default dist/ is built when a service is missing from it); CHAOS_DIST=DIR runs a copy
  -h, --help           this text`);
  process.exit(0);
}
const faultList = args.faults ? (args.faults === 'none' ? [] : args.faults.split(',')) : args.short ? SHORT : FULL;
for (const f of faultList)
  for (const part of f.split('+')) if (!FAULTS[part]) throw new Error(`unknown fault ${part}; known: ${Object.keys(FAULTS).join(', ')}`);
const duration = Number(args.duration ?? (args.short ? 45 : 60)) * 1000;
const soakMs = Number(args.soak) * 1000;
// Heap snapshots during the soak: SIGUSR2 at these soak seconds (node writes one when started with --heapsnapshot-signal).
const snapshotAt = (args['heap-snapshots'] ?? '')
  .split(',')
  .filter(Boolean)
  .map((x) => Number(x) * 1000);
const snapshotOf = (args['heap-snapshot-of'] ?? '').split(',').filter(Boolean);
if (snapshotAt.length && !/--heapsnapshot-signal=SIGUSR2/.test(process.env.CHAOS_NODE_OPTIONS ?? ''))
  throw new Error('--heap-snapshots needs CHAOS_NODE_OPTIONS="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR" (SIGUSR2 ends a node process otherwise)');
// Requests a second per service; `--rate creative=2,messaging=2,entity=1` changes them.
const RATES = { creative: 1, messaging: 1, entity: 0.5 };
for (const pair of (args.rate ?? '').split(',').filter(Boolean)) {
  const [svc, r] = pair.split('=');
  if (!(svc in RATES) || !(Number(r) > 0)) throw new Error(`--rate: ${pair}`);
  RATES[svc] = Number(r);
}
const RATE_LIMIT = 200;
const SERVICES = ['creative', 'messaging', 'entity'];
const PROBE = { creative: '/v1/me', messaging: '/v1/agents', entity: '/api/v1/entities' };
const say = (l) => process.stdout.write(`[chaos ${new Date().toISOString().slice(11, 19)}] ${l}\n`);

if (!args['no-build'] && !process.env.CHAOS_DIST && SERVICES.some((s) => !existsSync(join(DIST, 'apps', s, 'main.js')))) {
  say('building creative, messaging and entity');
  const b = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'creative,messaging,entity', '--output-style=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'chaos-'));
// PostgreSQL runs as the postgres user when this runs as root: it must reach its folder inside this one.
chmodSync(dir, 0o755);
const logDir = join(dir, 'logs');
mkdirSync(logDir);
const cleanups = [];
let exiting = false;
async function cleanup() {
  for (const f of cleanups.reverse()) await Promise.resolve(f()).catch(() => undefined);
  if (!args.keep) rmSync(dir, { recursive: true, force: true });
  else say(`kept ${dir}`);
}
process.on('SIGINT', async () => {
  if (exiting) return;
  exiting = true;
  await cleanup();
  process.exit(130);
});

const reportFile = args.report ?? join(root, 'tmp/chaos', `report-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
/** Written after every phase, so a run cut short keeps what it measured. */
function writeReport(phases, rateLimits, soak, rec) {
  const command = `node tools/chaos/run.mjs ${process.argv.slice(2).join(' ')}`.trim();
  const md = renderReport({ command, phases, rateLimits, soak, rates: RATES, duration, started: new Date().toISOString() });
  mkdirSync(resolve(reportFile, '..'), { recursive: true });
  writeFileSync(reportFile, md);
  writeFileSync(reportFile.replace(/\.md$/, '.json'), JSON.stringify({ phases, rateLimits, soak }, null, 2));
  if (rec) writeFileSync(reportFile.replace(/\.md$/, '.records.json'), JSON.stringify(rec.records));
  return reportFile;
}

async function main() {
  say(`working in ${dir}`);
  const pgServer = await startPostgres(join(dir, 'pg'));
  cleanups.push(() => pgServer.close());
  const redis = await startRedis(join(dir, 'redis'));
  cleanups.push(() => redis.close());
  const s3 = await startS3(join(dir, 's3'));
  cleanups.push(() => s3.close());
  const receivers = await startReceivers();
  cleanups.push(() => receivers.close());
  say(`PostgreSQL :${pgServer.port}, Redis :${redis.port}, S3 ${s3.env.S3_ENDPOINT}, receiver ${receivers.receiverUrl}`);

  const databaseUrl = pgServer.url('postgres');
  const common = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: '8',
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'chaos',
    LOG_LEVEL: 'warn',
    SECRETS_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    RECOVERY_INTERVAL_MS: '5000',
    RECOVERY_GRACE_MS: '5000',
    SHUTDOWN_TIMEOUT_MS: '10000',
    // CHAOS_NODE_OPTIONS reaches the services (e.g. a --require to trace something), NODE_OPTIONS of this script does not.
    ...(process.env.CHAOS_NODE_OPTIONS ? { NODE_OPTIONS: process.env.CHAOS_NODE_OPTIONS } : {}),
  };
  const own = {
    creative: {
      ...s3.env,
      BILLING_GATEWAY: 'local',
      BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true',
      BILLING_FREE_MONTHLY_CREDITS: '100000000',
      BILLING_RESERVATION_TTL_SECONDS: '60',
      BILLING_SWEEP_INTERVAL_MS: '5000',
      CALLBACK_ALLOW_PRIVATE: 'true',
      RENDER_WORKERS: '1',
      JOB_LEASE_MS: '10000',
      // glibc's malloc as production runs creative (k8s/base/creative/configmap.yaml), so its RSS is production's.
      GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456',
    },
    messaging: { WEBHOOK_ALLOW_PRIVATE: 'true', TELEGRAM_API_BASE_URL: `${receivers.platformUrl}/tg` },
    entity: { MESSAGE_WAIT_MS: '5000' },
  };
  const envFor = (svc) => ({ ...common, ...own[svc] });
  const cli = (svc, ...rest) =>
    new Promise((done, fail) =>
      execFile(process.execPath, [join(DIST, 'apps', svc, 'main.js'), ...rest], { cwd: root, env: envFor(svc), encoding: 'utf8' }, (err, stdout) =>
        err ? fail(err) : done(stdout),
      ),
    );
  // Per service: migrate, then one key for traffic and the health probe, one for the rate-limit probe (all in parallel).
  const keys = {};
  await Promise.all(SERVICES.map((svc) => cli(svc, 'migrate')));
  await Promise.all(
    SERVICES.map(async (svc) => {
      const scopes = svc === 'entity' ? ['--scopes', 'entities:read,entities:chat,entities:write'] : [];
      keys[svc] = await Promise.all(
        ['traffic', 'ratelimit'].map(async (name) => JSON.parse(await cli(svc, 'keys', 'create', '--account', 'chaos', '--name', name, ...scopes)).key),
      );
    }),
  );
  say('migrated, keys created; starting 12 processes');

  const cluster = await startCluster({ services: SERVICES, envFor: (svc) => ({ ...envFor(svc), PUBLIC_BASE_URL: 'http://127.0.0.1' }), logDir });
  cleanups.push(() => cluster.close());
  say(`cluster ready: ${SERVICES.map((s) => `${s} ${cluster.proxies[s].url}`).join(', ')}`);

  const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  db.on('error', () => undefined);
  cleanups.push(() => db.end());

  const rec = new Recorder();
  const ctx = {
    creative: await setupCreative({
      service: 'creative',
      url: cluster.proxies.creative.url,
      keys: keys.creative.slice(0, 1),
      receiverUrl: receivers.receiverUrl,
    }),
    messaging: await setupMessaging({
      service: 'messaging',
      url: cluster.proxies.messaging.url,
      keys: keys.messaging.slice(0, 1),
      receiverUrl: receivers.receiverUrl,
    }),
    entity: await setupEntity({ service: 'entity', url: cluster.proxies.entity.url, keys: keys.entity.slice(0, 1), rec }),
  };
  const OPS = { creative: [creativeOps, creativeMix], messaging: [messagingOps, messagingMix], entity: [entityOps, entityMix] };
  const monitorHeader = (svc) => (svc === 'creative' ? { 'x-api-key': keys.creative[0] } : { authorization: `Bearer ${keys[svc][0]}` });

  // Health timeline: every second, each service's probe path through its proxy (a real authenticated read) and each process's /readyz.
  const timeline = [];
  let monitoring = true;
  (async () => {
    while (monitoring) {
      const at = Date.now();
      const checks = await Promise.all([
        ...SERVICES.map(async (svc) => {
          try {
            const r = await fetch(`${cluster.proxies[svc].url}${PROBE[svc]}`, { headers: monitorHeader(svc), signal: AbortSignal.timeout(3000) });
            await r.arrayBuffer();
            return r.status === 200;
          } catch {
            return false;
          }
        }),
        ...cluster.procs.map(async (p) => {
          try {
            const r = await fetch(`http://127.0.0.1:${p.port}/readyz`, { signal: AbortSignal.timeout(3000) });
            await r.arrayBuffer();
            return r.status === 200;
          } catch {
            return false;
          }
        }),
      ]);
      timeline.push({ at, api: checks.slice(0, SERVICES.length).every(Boolean), ready: checks.slice(SERVICES.length).every(Boolean) });
      await sleep(Math.max(0, 1000 - (Date.now() - at)));
    }
  })();
  cleanups.push(() => (monitoring = false));

  const startAll = () => SERVICES.map((svc) => startLoad(rec, ctx[svc], OPS[svc][0], OPS[svc][1], RATES[svc]));
  const phases = [];
  for (const name of faultList) {
    say(`fault ${name}: traffic for ${duration / 1000} s, fault after 10 s`);
    const t0 = Date.now();
    const stops = startAll();
    await sleep(10_000);
    const notes = [];
    const env = {
      db,
      cluster,
      pg: pgServer,
      redis,
      s3,
      receivers,
      note: (n) => (notes.push(n), say(`  ${n}`)),
      extraRenders: (n) => Promise.all(Array.from({ length: n }, () => send(rec, { ...creativeOps.render(ctx.creative), op: 'render' }))),
    };
    const exitsBefore = cluster.procs.map((p) => p.exits.length);
    const redisExitsBefore = redis.state.unexpectedExits;
    const faultStart = Date.now();
    let faultError = null;
    // allSettled: a fault that fails must not end the window while the other one is still under way.
    for (const r of await Promise.allSettled(name.split('+').map((f) => FAULTS[f].inject(env)))) {
      if (r.status === 'rejected') {
        faultError = String(r.reason?.message ?? r.reason);
        say(`  fault failed: ${faultError}`);
      }
    }
    const faultEnd = Date.now();
    say(`  fault over after ${((faultEnd - faultStart) / 1000).toFixed(1)} s`);
    await sleep(Math.max(10_000, duration - (Date.now() - t0)));
    await Promise.all(stops.map((s) => s()));
    const trafficEnd = Date.now();
    const settled = await settle(db, name.includes('receiver-down') ? 420_000 : 240_000);
    say(`  traffic stopped; settled in ${(settled.ms / 1000).toFixed(1)} s${settled.left ? ` (still pending: ${JSON.stringify(settled.left)})` : ''}`);
    const records = rec.since(t0, trafficEnd);
    const invariants = await checkInvariants({ db, records, events: receivers.events, sends: receivers.sends, s3, since: t0 });
    const unplanned = cluster.procs.flatMap((p, i) =>
      p.exits
        .slice(exitsBefore[i])
        .filter((e) => !e.planned)
        .map((e) => `${p.name} exited (${e.code ?? e.signal})`),
    );
    if (redis.state.unexpectedExits > redisExitsBefore)
      unplanned.push(`redis-server killed from outside (${redis.state.unexpectedExits - redisExitsBefore}), started again`);
    const phase = phaseStats({
      name,
      what: name.split('+').map((f) => FAULTS[f].what),
      records,
      timeline,
      faultStart,
      faultEnd,
      trafficEnd,
      settled,
      invariants,
      notes,
      faultError,
      unplanned,
    });
    phases.push(phase);
    say(`  ${phase.requests} requests, p99 during fault ${phase.p99Fault} ms, recovered in ${phase.recoverS} s; invariants ${phase.held}/${invariants.length}`);
    writeReport(phases, {}, null, rec);
    for (const inv of invariants.filter((i) => !i.ok)) say(`  FAILED ${inv.name}: ${inv.count} (${inv.violations.join('; ')})`);
  }

  // Rate limits across replicas, after the faults (counters may have been flushed by them).
  const rateLimits = {};
  for (const svc of SERVICES) {
    const h = svc === 'creative' ? { 'x-api-key': keys.creative[1] } : { authorization: `Bearer ${keys[svc][1]}` };
    rateLimits[svc] = await rateLimitProbe(`${cluster.proxies[svc].url}${PROBE[svc]}`, h, RATE_LIMIT);
    say(`rate limit ${svc}: ${rateLimits[svc].passed} of ${rateLimits[svc].limit + 20} passed (limit ${rateLimits[svc].limit})`);
  }

  let soak = null;
  if (soakMs > 0) {
    say(`soak: steady traffic for ${soakMs / 1000} s, RSS, CPU and V8 heap (/metrics) sampled every 15 s`);
    const samples = [];
    const t0 = Date.now();
    const stops = startAll();
    let last = cluster.procs.map((p) => p.cpuSeconds());
    let lastAt = Date.now();
    const snapshots = [...snapshotAt];
    while (Date.now() - t0 < soakMs) {
      await sleep(15_000);
      while (snapshots.length && Date.now() - t0 >= snapshots[0]) {
        snapshots.shift();
        const procs = cluster.procs.filter((p) => !snapshotOf.length || snapshotOf.some((x) => p.name.startsWith(x)));
        say(`heap snapshot at ${Math.round((Date.now() - t0) / 1000)} s: ${procs.map((p) => `${p.name}=pid ${p.pid}`).join(', ')}`);
        for (const p of procs) p.child?.kill('SIGUSR2');
      }
      const cpu = cluster.procs.map((p) => p.cpuSeconds());
      const now = Date.now();
      const rss = cluster.procs.map((p) => p.rss());
      const heaps = await Promise.all(cluster.procs.map((p) => p.heap()));
      const smaps = cluster.procs.map((p) => p.smaps());
      samples.push({
        at: now - t0,
        procs: cluster.procs.map((p, i) => ({ name: p.name, rss: rss[i], cpu: (cpu[i] - last[i]) / ((now - lastAt) / 1000), heap: heaps[i], smaps: smaps[i] })),
      });
      last = cpu;
      lastAt = now;
    }
    await Promise.all(stops.map((s) => s()));
    const trafficEnd = Date.now();
    const settled = await settle(db, 240_000);
    const records = rec.since(t0, trafficEnd);
    const invariants = await checkInvariants({ db, records, events: receivers.events, sends: receivers.sends, s3, since: t0 });
    soak = soakStats({
      samples,
      records,
      settled,
      invariants,
      seconds: soakMs / 1000,
      exits: cluster.procs.flatMap((p) => p.exits.filter((e) => !e.planned && e.at >= t0).map(() => p.name)),
    });
    say(`soak: ${records.length} requests, RSS ${soak.flat ? 'flat' : 'NOT flat'} within 10% after warm-up; invariants ${soak.held}/${invariants.length}`);
  }

  writeReport(phases, rateLimits, soak, rec);
  say(`report: ${reportFile}`);
  const failed =
    phases.some((p) => p.held < p.invariants.length || p.faultError) ||
    Object.values(rateLimits).some((r) => !r.ok) ||
    (soak && (soak.held < soak.invariants.length || !soak.flat));
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  say(`error: ${err.stack ?? err}`);
  args.keep = true;
} finally {
  exiting = true;
  await cleanup();
}
process.exit(code);

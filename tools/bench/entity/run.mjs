#!/usr/bin/env node
// Entity message-turn benchmark: starts the built entity service (dist/apps/entity) against a
// fresh database, then drives POST /api/v1/entities/{id}/messages with the built-in engine
// over loopback and prints turns per second and p50/p99 latency beside GET /healthz measured
// on the same server in the same run.
//
//   npx nx build entity && node tools/bench/entity/run.mjs [--seconds 10] [--concurrency 16]
//
// Database: BENCH_DATABASE_URL, or the PostgreSQL on 127.0.0.1:5432 (postgres@…/test).
// Queue: REDIS_URL if set (BullMQ), the inline runner otherwise.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchDatabase } from '../bench-database.mjs';

const root = resolve(import.meta.dirname, '../../..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const seconds = arg('seconds', 10);
const concurrency = arg('concurrency', 16);
const port = arg('port', 3390);
const main = join(root, 'dist/apps/entity/main.js');
if (!existsSync(main)) {
  console.error('Build first: npx nx build entity');
  process.exit(2);
}

const database = await benchDatabase('bench_entity');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  PORT: String(port),
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  DATABASE_POOL_MAX: '20',
};
execFileSync(process.execPath, [main, 'migrate'], { env, stdio: 'ignore' });
const { key } = JSON.parse(
  execFileSync(process.execPath, [main, 'keys', 'create', '--account', 'bench', '--scopes', 'entities:read,entities:chat,entities:write'], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
const server = spawn(process.execPath, [...(process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : []), main], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${origin}/readyz`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 200) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const entity = await (
  await fetch(`${origin}/api/v1/entities`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Bench', purpose: 'A friendly companion' }) })
).json();
const entityId = entity.entity.id;

async function drive(label, request) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  let n = 0;
  async function worker() {
    while (performance.now() < end) {
      const i = n++;
      const t0 = performance.now();
      const res = await request(i);
      await res.arrayBuffer();
      if (res.status >= 300) errors++;
      latencies.push(performance.now() - t0);
    }
  }
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { label, rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), count: latencies.length, errors };
}

const messages = ['Hi! My name is Ana.', 'I love coffee and long walks.', 'What do you remember about me?', 'Thanks, bye!'];
// Warm-up, then measure.
await drive('warmup', () => fetch(`${origin}/healthz`));
const health = await drive('GET /healthz', () => fetch(`${origin}/healthz`));
const turns = await drive('POST …/messages', (i) =>
  fetch(`${origin}/api/v1/entities/${entityId}/messages`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ message: messages[i % messages.length], end_user_id: `user-${i % 200}` }),
  }),
);

server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await database.drop();

const fmt = (r) =>
  `${r.label.padEnd(18)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   (${r.count} requests, ${r.errors} errors)`;
console.log(`entity benchmark: ${seconds} s per phase, ${concurrency} concurrent clients, queue ${process.env.REDIS_URL ? 'BullMQ' : 'inline'}`);
console.log(fmt(health));
console.log(fmt(turns));
console.log(`turns per second: ${turns.rps.toFixed(0)} = ${((turns.rps / health.rps) * 100).toFixed(1)}% of the /healthz rate`);

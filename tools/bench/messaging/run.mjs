#!/usr/bin/env node
// Messaging throughput benchmark: starts the built service (dist/apps/messaging/main.js), then
// drives POST /v1/conversations/{id}/messages (built-in reply engine) and GET /healthz over
// loopback with autocannon, in the same run, and prints requests per second and latencies.
// See README.md beside this file. Not run in CI.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(import.meta.dirname, '../../..');
const { values: opts } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string', default: '200' },
    conversations: { type: 'string', default: '100' },
    'database-url': { type: 'string' },
    json: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const rate = Number(opts.rate);
const conversationCount = Number(opts.conversations);
const say = (line) => process.stderr.write(`${line}\n`);

const main = resolve(root, 'dist/apps/messaging/main.js');
if (opts.build || !existsSync(main)) {
  say('Building messaging…');
  const b = spawnSync('npx', ['nx', 'build', 'messaging', '--output-style=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const freePort = () =>
  new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => done(port));
    });
  });

const port = await freePort();
const dataDir = resolve(root, 'tmp/bench-messaging');
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  ROLE: 'all',
  LOG_LEVEL: 'warn',
  DEV_BOOTSTRAP: 'false',
  LLM_PROVIDER: 'builtin',
  RATE_LIMIT_PER_MINUTE: '1000000000',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT ?? '54339',
  DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX ?? '20',
  REDIS_URL: process.env.REDIS_URL ?? '',
};
if (opts['database-url']) env.DATABASE_URL = opts['database-url'];

say(
  `Starting ${main} on 127.0.0.1:${port} (${env.DATABASE_URL ? 'DATABASE_URL' : `embedded PostgreSQL on ${env.EMBEDDED_PG_PORT}`}, ${env.REDIS_URL ? 'Redis' : 'inline queue'})…`,
);
const nodeArgs = opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(dataDir, 'profile')}`] : [];
if (opts.profile) say(`CPU profile of the server goes to ${resolve(dataDir, 'profile')}`);
const server = spawn(process.execPath, [...nodeArgs, main], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
server.stdout.on('data', () => undefined);
let exited = false;
server.once('exit', (code) => {
  exited = true;
  if (code) say(`server exited with ${code}`);
});
const stop = async () => {
  if (exited) return;
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
};
process.once('SIGINT', () => stop().then(() => process.exit(130)));

/**
 * An open-loop load generator: one request every 1/rate seconds, evenly spaced, whatever the
 * answers do (autocannon's rate mode lets every connection send its share at the start of each
 * second, so 200/s arrives as bursts of 200 at once). Latency is measured from the moment a
 * request was due, not when it was sent, so a slow server cannot hide its queue (no
 * coordinated omission). Returns the same fields the report reads from autocannon's results.
 */
async function pacedRun({ url, rate, seconds, maxSockets, next }) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(url);
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const pending = new Set();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now() + 50;
  const fire = (due) => {
    const { method, path, headers, body } = next();
    const p = new Promise((done) => {
      const req = request({ agent, hostname, port, method, path, headers: { ...headers, 'content-length': Buffer.byteLength(body ?? '') } }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          done();
        });
      });
      req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(body);
    });
    pending.add(p);
    p.then(() => pending.delete(p));
  };
  let sent = 0;
  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) fire(start + sent++ * interval);
      if (sent >= total) return done();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, 50);
  });
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(pending);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const pct = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]) : NaN);
  return {
    requests: { average: latencies.length / Math.max(elapsed, (performance.now() - start) / 1000) },
    latency: { p50: pct(0.5), p99: pct(0.99), max: Math.round(sorted.at(-1) ?? NaN) },
    non2xx,
    errors,
    timeouts: 0,
  };
}

const base = `http://127.0.0.1:${port}`;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error('the server stopped while starting');
    const ok = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  // An account and key (the keys command joins the running database).
  const keys = spawnSync(process.execPath, [main, 'keys', 'create', '--account', `bench-${Date.now()}`], { cwd: root, env, encoding: 'utf8' });
  if (keys.status !== 0) throw new Error(`keys create failed: ${keys.stderr}`);
  const key = JSON.parse(keys.stdout.slice(keys.stdout.indexOf('{'))).key;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const call = async (method, path, body) => {
    const r = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const agent = await call('POST', '/v1/agents', { name: 'Bench', soul_id: 'friendly-support-en' }).catch(() =>
    call('POST', '/v1/agents', { name: 'Bench', soul_id: 'concise-expert' }),
  );
  const conversations = [];
  for (let i = 0; i < conversationCount; i++)
    conversations.push((await call('POST', '/v1/conversations', { agent_id: agent.id, channel: 'api', external_id: `bench-${i}` })).id);
  const check = await call('POST', `/v1/conversations/${conversations[0]}/messages`, { content: 'warm-up' });
  if (check.reply_status !== 'completed') throw new Error(`the built-in engine did not answer: ${JSON.stringify(check)}`);

  let next = 0;
  const messages = {
    method: 'POST',
    headers,
    setupRequest: (req) => {
      req.path = `/v1/conversations/${conversations[next++ % conversations.length]}/messages`;
      req.body = JSON.stringify({ content: `Hello, I need help with order ${next}` });
      return req;
    },
  };
  const run = (title, extra) =>
    new Promise((done, fail) => {
      say(`  ${title}…`);
      autocannon({ url: base, duration, connections, ...extra }, (err, res) => (err ? fail(err) : done(res)));
    });

  say('Warm-up (3 s)…');
  await new Promise((done) => autocannon({ url: base, duration: 3, connections, requests: [{ path: '/healthz' }] }, done));
  await new Promise((done) => autocannon({ url: base, duration: 3, connections, requests: [messages] }, done));

  say(`Measuring (${duration} s each, ${connections} connections):`);
  const healthz = await run('GET /healthz at full speed', { requests: [{ path: '/healthz' }] });
  const full = await run('POST messages at full speed', { requests: [messages] });
  say(`  POST messages at ${rate} requests/s, evenly spaced…`);
  const paced = await pacedRun({
    url: base,
    rate,
    seconds: duration,
    maxSockets: Math.max(connections, rate),
    next: () => {
      const r = messages.setupRequest({});
      return { method: 'POST', path: r.path, headers, body: r.body };
    },
  });

  const row = (name, r) => ({
    name,
    rps: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  });
  const rows = [row('GET /healthz', healthz), row('POST messages (full speed)', full), row(`POST messages (${rate}/s)`, paced)];
  const ratio = rows[1].rps / rows[0].rps;
  const targets = {
    messages_vs_healthz: { value: Number(ratio.toFixed(3)), target: '>= 0.25', ok: ratio >= 0.25 },
    p99_at_rate_ms: { value: rows[2].p99_ms, target: '< 50', ok: rows[2].p99_ms < 50 && rows[2].non2xx === 0 },
  };
  if (opts.json) {
    process.stdout.write(`${JSON.stringify({ duration, connections, rate, conversations: conversationCount, rows, targets }, null, 2)}\n`);
  } else {
    const pad = (v, n) => String(v).padStart(n);
    process.stdout.write(
      `\n${'endpoint'.padEnd(30)}${pad('req/s', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('max ms', 9)}${pad('non-2xx', 9)}${pad('errors', 8)}\n`,
    );
    for (const r of rows)
      process.stdout.write(
        `${r.name.padEnd(30)}${pad(r.rps, 9)}${pad(r.p50_ms, 9)}${pad(r.p99_ms, 9)}${pad(r.max_ms, 9)}${pad(r.non2xx, 9)}${pad(r.errors, 8)}\n`,
      );
    process.stdout.write(
      `\nmessages / healthz = ${(ratio * 100).toFixed(1)}% (target >= 25%: ${targets.messages_vs_healthz.ok ? 'met' : 'NOT met'}); ` +
        `p99 at ${rate}/s = ${rows[2].p99_ms} ms (target < 50 ms: ${targets.p99_at_rate_ms.ok ? 'met' : 'NOT met'})\n`,
    );
  }
} finally {
  await stop();
}

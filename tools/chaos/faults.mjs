// The faults, each injected while traffic runs. A fault resolves when it is over (the dependency is back, the
// process restarted by the supervisor, the stalled one continued); recovery is measured from then.
import { sleep } from './infra.mjs';

async function runningJobWorker(env, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // Injected together with a PostgreSQL restart, the database may be away: keep looking.
    const rows = await env.db
      .query(`SELECT id, worker_id FROM creative.jobs WHERE state = 'running' AND worker_id IS NOT NULL ORDER BY started_at DESC LIMIT 5`)
      .then((r) => r.rows)
      .catch(() => []);
    for (const row of rows) {
      const pid = Number(/-(\d+)-[0-9a-f]+$/.exec(row.worker_id)?.[1]);
      const proc = env.cluster.procs.find((p) => p.pid === pid);
      if (proc) return { proc, job: row.id };
    }
    await sleep(100);
  }
  return null;
}

async function killAndWait(proc) {
  proc.signal('SIGKILL');
  await proc.exited();
  await sleep(1200); // the supervisor starts it again after 1 s
  await proc.ready(120_000);
}

export const FAULTS = {
  baseline: {
    what: 'no fault: the same traffic, for comparison',
    inject: () => sleep(0),
  },
  'kill-video-worker': {
    what: 'kill -9 of the creative worker running a video job (picked from `jobs.worker_id`); the supervisor starts it again after 1 s',
    async inject(env) {
      const found = await runningJobWorker(env);
      if (!found) throw new Error('no creative job was running within 30 s');
      env.note(`killed ${found.proc.name} (pid ${found.proc.pid}) while it ran job ${found.job}`);
      await killAndWait(found.proc);
    },
  },
  'kill-render-api': {
    what: 'kill -9 of a creative api replica while renders are in flight on it (eight extra renders sent first)',
    async inject(env) {
      const proc = env.cluster.of('creative', 'api')[0];
      const renders = env.extraRenders(8);
      await sleep(250);
      env.note(`killed ${proc.name} (pid ${proc.pid}) with renders in flight`);
      await killAndWait(proc);
      await renders;
    },
  },
  'rolling-restart': {
    what: 'SIGTERM to every process, one at a time, each waited for (exit, restart, ready) before the next',
    async inject(env) {
      for (const proc of env.cluster.procs) {
        proc.signal('SIGTERM');
        await proc.exited();
        await sleep(1200);
        await proc.ready(120_000);
      }
    },
  },
  'pg-fast': {
    what: 'PostgreSQL stopped with `pg_ctl -m fast`, down 5 s, started again',
    inject: (env) => env.pg.restart('fast', 5000),
  },
  'pg-immediate': {
    what: 'PostgreSQL stopped with `pg_ctl -m immediate` (no checkpoint: crash recovery at start), down 5 s, started again',
    inject: (env) => env.pg.restart('immediate', 5000),
  },
  'redis-restart': {
    what: 'Redis stopped (SIGTERM; no persistence, so every queue and counter is gone), down 5 s, started again empty',
    inject: (env) => env.redis.restart(5000),
  },
  'redis-flush': {
    what: 'Redis `FLUSHALL` while it runs (queues, jobs, rate-limit counters gone)',
    inject: (env) => env.redis.flush(),
  },
  's3-down': {
    what: 'S3 unreachable for 30 s (the proxy in front of s3rver refuses and cuts connections)',
    async inject(env) {
      env.s3.proxy.setDown(true);
      await sleep(30_000);
      env.s3.proxy.setDown(false);
    },
  },
  'stall-replica': {
    what: 'SIGSTOP for 20 s, then SIGCONT, of one api replica of each service and one creative worker',
    async inject(env) {
      const procs = [...['creative', 'messaging', 'entity'].map((s) => env.cluster.of(s, 'api')[1]), env.cluster.of('creative', 'worker')[0]];
      for (const p of procs) p.signal('SIGSTOP');
      await sleep(20_000);
      for (const p of procs) p.signal('SIGCONT');
    },
  },
  'receiver-down': {
    what: 'the callback and webhook receiver unreachable for 2 minutes',
    async inject(env) {
      env.receivers.receiverProxy.setDown(true);
      await sleep(120_000);
      env.receivers.receiverProxy.setDown(false);
    },
  },
};

/** Each alone, then pairs that make sense together (a dependency failing while a process dies or stalls). */
export const FULL = [
  'baseline',
  'kill-video-worker',
  'kill-render-api',
  'rolling-restart',
  'pg-fast',
  'pg-immediate',
  'redis-restart',
  'redis-flush',
  's3-down',
  'stall-replica',
  'receiver-down',
  'pg-immediate+kill-video-worker',
  'redis-restart+stall-replica',
  's3-down+kill-render-api',
  'redis-flush+receiver-down',
];
export const SHORT = ['kill-video-worker', 'redis-restart', 'pg-fast'];

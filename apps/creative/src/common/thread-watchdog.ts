import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { MetricsService, ReadinessChecks } from '@platform/http';
import type { Worker } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { Counter, Gauge } from 'prom-client';
import type { CreativeConfig } from '../config';

interface Tracked {
  worker: Worker;
  pool: string;
  /** When it was terminated (or its pool destroyed); undefined while it serves. */
  terminatedAt?: number;
  stuck?: boolean;
}

/** Every watchdog of this process (tests run several apps in one). */
const watchdogs = new Set<ThreadWatchdog>();
let exitHookInstalled = false;

/**
 * Node's `process.exit` (and a natural exit) terminates every worker thread and then waits for each to stop: a thread
 * inside one long native call (Skia rasterizing, a huge blur) cannot stop before that call returns, so the process
 * stayed up after SIGTERM until it was killed. When threads that were terminated have not exited, the process kills
 * itself instead (SIGKILL: nothing of theirs is wanted, and every request had its answer or lost its connection).
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', (code) => {
    const left = [...watchdogs].reduce((n, w) => n + w.unexited(), 0);
    if (left === 0) return;
    process.stderr.write(`[creative] ${left} worker thread(s) still running native code at exit (code ${code}); sending SIGKILL to this process\n`);
    process.kill(process.pid, 'SIGKILL');
  });
}

/**
 * Watches the worker threads of the render and video pools. A thread is terminated when its task ran past its time
 * budget without stopping at a checkpoint (or when its pool is destroyed); one still running RENDER_STOP_GRACE_MS
 * later is stuck in a native call: it is logged, counted (`creative_worker_threads_stuck`) and `/readyz` answers 503
 * (`checks.threads.error: stuck`) for as long as it runs, so that an orchestrator replaces the instance, whose
 * CPU it holds. Shutdown does not wait for it past its budget (see `installExitHook`).
 */
@Injectable()
export class ThreadWatchdog {
  private readonly logger = new Logger('WorkerThreads');
  private readonly threads = new Map<number, Tracked>();
  private readonly stuckTotal: Counter<'pool'>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    metrics: MetricsService,
    readiness: ReadinessChecks,
  ) {
    const registers = [metrics.registry];
    this.stuckTotal = new Counter({
      name: 'creative_worker_threads_stuck_total',
      help: 'Worker threads still running after their termination grace',
      labelNames: ['pool'],
      registers,
    });
    const stuck = () => this.stuck();
    new Gauge({
      name: 'creative_worker_threads_stuck',
      help: 'Worker threads terminated past their grace that are still running (the instance is not ready)',
      registers,
      collect() {
        this.set(stuck());
      },
    });
    readiness.register('threads', () => (this.stuck() > 0 ? { error: 'stuck' } : null));
    watchdogs.add(this);
    installExitHook();
  }

  /** Tracks the threads `pool` starts, by threadId, until they exit. */
  track(pool: Piscina<unknown, unknown>, name: string): void {
    pool.on('workerCreate', (w: { id: number }) => {
      // Read now: a Worker's threadId (and so the interface's id) is -1 once it has exited.
      const id = w.id;
      const worker = pool.threads.find((t) => t.threadId === id);
      if (!worker || this.threads.has(id)) return;
      this.threads.set(id, { worker, pool: name });
      worker.once('exit', () => {
        const t = this.threads.get(id);
        this.threads.delete(id);
        if (t?.stuck) this.logger.warn(`${name} thread ${id} exited ${Math.round((Date.now() - t.terminatedAt!) / 1000)} s after it was terminated`);
      });
    });
  }

  /** The thread `threadId` was (or is about to be) terminated: reported when it is still running after the grace. */
  terminated(threadId: number, why: string): void {
    const t = this.threads.get(threadId);
    if (!t || t.terminatedAt !== undefined) return;
    t.terminatedAt = Date.now();
    setTimeout(() => {
      if (this.threads.get(threadId) !== t) return;
      t.stuck = true;
      this.stuckTotal.inc({ pool: t.pool });
      this.logger.error(
        `${t.pool} thread ${threadId} is still running ${this.config.rendering.stopGraceMs} ms after it was terminated (${why}): it is inside a native call that cannot be interrupted; this instance reports not ready until it ends`,
      );
    }, this.config.rendering.stopGraceMs).unref();
  }

  /** Every tracked thread of `pool` is being terminated (the pool is destroyed). */
  terminatedAll(pool: string, why: string): void {
    for (const [id, t] of this.threads) if (t.pool === pool) this.terminated(id, why);
  }

  /** Waits until the threads of `pool` have exited, at most `ms`; answers how many are left. */
  async exited(pool: string, ms: number): Promise<number> {
    const left = () => [...this.threads.values()].filter((t) => t.pool === pool);
    const deadline = Date.now() + ms;
    while (left().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return left().length;
  }

  stuck(): number {
    let n = 0;
    for (const t of this.threads.values()) if (t.stuck) n++;
    return n;
  }

  /** Threads that were terminated and have not exited. */
  unexited(): number {
    let n = 0;
    for (const t of this.threads.values()) if (t.terminatedAt !== undefined) n++;
    return n;
  }
}

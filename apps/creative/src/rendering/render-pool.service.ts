import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { initCreativeIr, MAX_PAGE_SIDE, pageCostFloor } from '@platform/creative-ir';
import { DomainException, ErrorDetail, ValidationError } from '@platform/errors';
import { MetricsService } from '@platform/http';
import { setFlagsFromString } from 'node:v8';
import { Piscina } from 'piscina';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { CreativeConfig } from '../config';
import { MemoryKeeper } from '../common/memory-keeper';
import { ThreadWatchdog } from '../common/thread-watchdog';
import { renderWorkerScript } from '../common/worker-script';
import {
  CONTROL,
  runRenderTask,
  type MaterializeOutput,
  type RenderOutput,
  type RenderTask,
  type SubsetFontsOutput,
  type TaskFailure,
  type TaskResult,
  type TemplateOutput,
} from './render-tasks';

type Loc = (string | number)[];

/** Where an input error is reported: IR issues under `ir`, library option paths (`scale`, `format.width`) by `input`. */
export interface FailureLocs {
  ir: Loc;
  input(path: string): Loc;
}

export const BODY_LOCS: FailureLocs = { ir: ['ir'], input: (path) => [...path.split('.')] };

export class RenderTimeoutError extends DomainException {
  constructor(ms: number) {
    super(
      'render_timeout',
      `The render did not finish within its time budget of ${ms} ms (RENDER_TIMEOUT_MS); try a smaller output or a simpler design`,
      'timeout',
    );
  }
}

export class RenderBusyError extends DomainException {
  constructor() {
    super('render_busy', 'Too many renders are waiting for a render worker; retry shortly', 'unavailable', { retryAfterSeconds: 1, extra: { retry_after: 1 } });
  }
}

/** 422: the design's estimated drawing time passes RENDER_COST_LIMIT_MS; nothing was drawn (and nothing charged). */
export class RenderTooCostlyError extends DomainException {
  /** `details`: every refused item when there are several (a campaign's pieces); by default the one at `loc`. */
  constructor(f: Extract<TaskFailure, { failed: 'cost' }>, loc: Loc, details?: ErrorDetail[]) {
    const msg = tooCostlyMessage(f);
    super('render_too_costly', msg, 'invalid', {
      details: details ?? [{ loc, msg, type: 'render_too_costly' }],
      extra: { estimate_ms: f.estimateMs, limit_ms: f.limitMs },
    });
  }
}

/** What a `render_too_costly` item says: the estimate and the limit. */
export function tooCostlyMessage(f: Extract<TaskFailure, { failed: 'cost' }>): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    `This design is too costly to render within the time budget: drawing ${f.summary} is estimated at ${n(f.estimateMs)} ms of one core, ` +
    `and the limit is ${n(f.limitMs)} ms (RENDER_COST_LIMIT_MS); use fewer blurs, layers or effects, or a smaller output`
  );
}

/**
 * The refusal a page of `width` x `height` gets from its size alone (`pageCostFloor`: the canvas, before any node) when
 * that already passes `limitMs`; null when it does not, or when the size is not a page's (the full check says why).
 * Decided from pixels before anything timed starts (a queue wait, a worker starting, the layout), so a page too large to
 * draw is refused alike on an idle and on a loaded machine; the full estimate (every node, in the worker) comes after.
 */
export function pageCostFailure(
  width: unknown,
  height: unknown,
  options: { scale?: number; format?: string },
  limitMs: number,
): Extract<TaskFailure, { failed: 'cost' }> | null {
  const side = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_PAGE_SIDE;
  if (!(limitMs > 0) || !side(width) || !side(height)) return null;
  const vector = options.format === 'svg' || options.format === 'pdf';
  const floor = pageCostFloor(width, height, { scale: options.scale, vector });
  if (floor.ms <= limitMs) return null;
  return { failed: 'cost', estimateMs: floor.ms, limitMs, summary: `a ${floor.width} x ${floor.height} px ${vector ? 'page' : 'raster'} (its canvas alone)` };
}

type Output<K extends RenderTask['kind']> = K extends 'render'
  ? RenderOutput
  : K extends 'html'
    ? { html: string }
    : K extends 'materialize'
      ? MaterializeOutput
      : K extends 'subset_fonts'
        ? SubsetFontsOutput
        : TemplateOutput;

/** Turns a task's input failure into a 422 with the caller's locations (a stopped task into its 504). */
export function failureError(f: TaskFailure, locs: FailureLocs, timeoutMs: number): DomainException {
  if (f.failed === 'cost') return new RenderTooCostlyError(f, locs.ir);
  if (f.failed === 'stopped') return new RenderTimeoutError(timeoutMs);
  const details: ErrorDetail[] =
    f.failed === 'ir'
      ? f.issues.map((i) => ({ loc: [...locs.ir, ...i.loc], msg: i.message, type: i.code }))
      : [{ loc: locs.input(f.path), msg: f.reason, type: 'value_error' }];
  return new ValidationError(details);
}

/**
 * The render engine: a piscina pool of worker threads (RENDER_WORKERS, default one per CPU), each
 * with its own fonts and yoga, so a heavy render never blocks the event loop that answers other
 * requests. A render whose estimated drawing time passes RENDER_COST_LIMIT_MS is refused before
 * drawing (422 `render_too_costly`). Every task has a time budget (RENDER_TIMEOUT_MS, queue wait
 * included): past it the request fails with 504 `render_timeout` at once, and the task is stopped:
 * one still queued is dropped; a running one sees its stop word (a SharedArrayBuffer the worker reads
 * between chunks of drawing, see `DrawInterrupt`) and returns within a chunk; one that has not
 * returned RENDER_STOP_GRACE_MS later has its worker terminated (and replaced), and a terminated
 * worker still running RENDER_STOP_GRACE_MS after that is reported by the `ThreadWatchdog`.
 * Tasks beyond RENDER_QUEUE_MAX waiting answer 503 `render_busy`. RENDER_WORKERS=0 runs tasks on
 * the main thread (for measurements): the stop word stops heavy drawing there too.
 */
@Injectable()
export class RenderPool implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenderPool.name);
  private pool?: Piscina<RenderTask, TaskResult>;
  private readonly timeoutMs: number;
  private readonly duration: Histogram<'kind' | 'outcome'>;
  private readonly tasks: Counter<'kind' | 'outcome'>;
  /** Stop words of the tasks queued or running (shutdown stops them all). */
  private readonly live = new Set<Int32Array>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    metrics: MetricsService,
    private readonly watchdog: ThreadWatchdog,
    private readonly memory: MemoryKeeper,
  ) {
    this.timeoutMs = config.rendering.timeoutMs;
    const registers = [metrics.registry];
    this.duration = new Histogram({
      name: 'creative_render_duration_seconds',
      help: 'Render tasks (render, html, materialize, template) from queueing to result',
      labelNames: ['kind', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.tasks = new Counter({ name: 'creative_render_tasks_total', help: 'Render tasks by kind and outcome', labelNames: ['kind', 'outcome'], registers });
    const pool = () => this.pool;
    new Gauge({
      name: 'creative_render_queue_size',
      help: 'Render tasks waiting for a worker',
      registers,
      collect() {
        this.set(pool()?.queueSize ?? 0);
      },
    });
  }

  /** Worker threads (0: the main thread renders). */
  get workers(): number {
    return this.config.rendering.workers;
  }

  private ensurePool(): Piscina<RenderTask, TaskResult> {
    if (!this.pool) {
      // A render worker's JavaScript heap is small while each render allocates more than that of external
      // memory (the pixels read back, zlib's buffers, the PNG), which V8 counts against the old generation's
      // allocation limit. With the default limit (about twice the live heap) that started a full mark-compact
      // about every other render. Starting the workers' old generation at RENDER_WORKER_HEAP_MB keeps the limit
      // above that churn: almost no full collections, and more renders a second (docs/performance.md). The flag is read by each V8 isolate created after it is set
      // (the main thread's is already configured), so it applies to the pool's threads.
      if (this.config.rendering.workerHeapMb > 0) setFlagsFromString(`--initial-old-space-size=${this.config.rendering.workerHeapMb}`);
      this.pool = new Piscina<RenderTask, TaskResult>({
        filename: renderWorkerScript(),
        // Threads beyond RENDER_WORKERS_IDLE exit after idleTimeout, and their memory with them.
        minThreads: Math.min(this.workers, this.config.rendering.idleWorkers),
        maxThreads: this.workers,
        maxQueue: this.config.rendering.queueMax,
        // Tasks await libuv work (encoders, zlib): workers wait for the next task without blocking their loop.
        atomics: 'async',
        idleTimeout: 60_000,
      });
      this.watchdog.track(this.pool as never, 'render');
    }
    return this.pool;
  }

  /** Serving processes start their workers at once (tests start them on first use). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role !== 'worker' && this.config.nodeEnv !== 'test') await this.warmUp();
  }

  /** Starts the workers ahead of the first request (they load fonts and yoga once): RENDER_WORKERS_IDLE of them. */
  async warmUp(): Promise<void> {
    if (this.workers === 0) await initCreativeIr();
    else this.ensurePool();
  }

  /** Runs one task within the time budget; input failures become a 422 at `locs`. */
  async run<K extends RenderTask['kind']>(task: RenderTask & { kind: K }, locs: FailureLocs = BODY_LOCS): Promise<Output<K>> {
    const end = this.duration.startTimer({ kind: task.kind });
    let outcome = 'ok';
    try {
      const control = new Int32Array(new SharedArrayBuffer(CONTROL.WORDS * 4));
      const limits = task.kind === 'render' && this.config.rendering.costLimitMs > 0 ? { maxCostMs: this.config.rendering.costLimitMs } : {};
      if (task.kind === 'render' && this.config.rendering.costLimitMs > 0) {
        // Refused from the page's pixels before the task is queued (never by the clock); see `pageCostFailure`.
        const render = task as Extract<RenderTask, { kind: 'render' }>;
        const ir = render.ir as { width?: unknown; height?: unknown } | null;
        const refused = pageCostFailure(ir?.width, ir?.height, render.options, this.config.rendering.costLimitMs);
        if (refused) {
          outcome = 'too_costly';
          throw failureError(refused, locs, this.timeoutMs);
        }
      }
      const sent = { ...task, ...limits, control: control.buffer as SharedArrayBuffer } as RenderTask;
      this.live.add(control);
      const done = this.memory.begin();
      let result: TaskResult;
      try {
        result = this.workers === 0 ? await this.inProcess(sent, control) : await this.inWorker(sent, control);
      } finally {
        this.live.delete(control);
        done();
      }
      if (!result.ok) {
        outcome = result.failed === 'stopped' ? 'timeout' : result.failed === 'cost' ? 'too_costly' : 'invalid';
        throw failureError(result, locs, this.timeoutMs);
      }
      return result.value as Output<K>;
    } catch (e) {
      if (outcome === 'ok') outcome = e instanceof RenderTimeoutError ? 'timeout' : e instanceof RenderBusyError ? 'busy' : 'error';
      throw e;
    } finally {
      end({ outcome });
      this.tasks.inc({ kind: task.kind, outcome });
    }
  }

  /** Rejects with RenderTimeoutError when the budget is over; `clear` stops the timer. */
  private budget(): { expired: Promise<never>; clear(): void } {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeoutError(this.timeoutMs)), this.timeoutMs);
    });
    // The budget's rejection is read by the race it joins; once the render ends first, nobody awaits it.
    expired.catch(() => undefined);
    return { expired, clear: () => clearTimeout(timer) };
  }

  private async inWorker(task: RenderTask, control: Int32Array): Promise<TaskResult> {
    const pool = this.ensurePool();
    const abort = new AbortController();
    const running = pool.run(task, { signal: abort.signal });
    const budget = this.budget();
    try {
      return await Promise.race([running, budget.expired]);
    } catch (e) {
      if (e instanceof RenderTimeoutError) {
        this.stop(control, abort, running);
        throw e;
      }
      if ((e as Error)?.message === 'Task queue is at limit') throw new RenderBusyError();
      throw e;
    } finally {
      budget.clear();
    }
  }

  /**
   * Stops a task past its budget without waiting for it: a queued one is dropped; a running one is told to stop (its
   * next checkpoint returns `stopped`) and its worker terminated if it has not returned within RENDER_STOP_GRACE_MS.
   */
  private stop(control: Int32Array, abort: AbortController, running: Promise<unknown>): void {
    Atomics.store(control, CONTROL.STOP, 1);
    // The caller has its answer (stopped, timed out); what the stopped task ends with is no longer anyone's.
    running.catch(() => undefined);
    const thread = Atomics.load(control, CONTROL.THREAD);
    // Still queued: piscina drops it (no worker is terminated for a task that has not started).
    if (thread === 0) return abort.abort();
    let settled = false;
    const grace = setTimeout(() => {
      if (settled) return;
      this.logger.warn(`a render past its budget did not stop within ${this.config.rendering.stopGraceMs} ms; terminating its worker (thread ${thread - 1})`);
      this.watchdog.terminated(thread - 1, 'render past its budget');
      abort.abort();
    }, this.config.rendering.stopGraceMs);
    void running
      .finally(() => {
        settled = true;
        clearTimeout(grace);
      })
      .catch(() => undefined); // `finally` passes the stopped task's rejection on: nobody waits for it (see above).
  }

  /** The same task on this thread: the stop word stops heavy drawing here too (at its next checkpoint). */
  private async inProcess(task: RenderTask, control: Int32Array): Promise<TaskResult> {
    const running = runRenderTask(task);
    const budget = this.budget();
    try {
      return await Promise.race([running, budget.expired]);
    } catch (e) {
      if (e instanceof RenderTimeoutError) {
        Atomics.store(control, CONTROL.STOP, 1);
        // The timeout is the answer; the stopped render's own end is no longer anyone's.
        running.catch(() => undefined);
      }
      throw e;
    } finally {
      budget.clear();
    }
  }

  /**
   * Last of the shutdown hooks: requests in flight have had their answers (the HTTP server closes before this) and media
   * jobs have stopped or handed back theirs (`beforeApplicationShutdown`); `onModuleDestroy` runs before both, and a
   * render of a job or request cut off there failed it.
   */
  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    for (const control of this.live) Atomics.store(control, CONTROL.STOP, 1);
    if (!pool) return;
    // Workers in a long native call cannot stop before it returns: shutdown waits for them at most the grace (the
    // process then exits without them, see ThreadWatchdog).
    this.watchdog.terminatedAll('render', 'shutdown');
    void pool.destroy().catch((e) => this.logger.warn(`render pool: ${(e as Error).message}`));
    const left = await this.watchdog.exited('render', this.config.rendering.stopGraceMs);
    if (left > 0) this.logger.error(`${left} render worker(s) still running native code at shutdown; the process exits without them`);
  }
}

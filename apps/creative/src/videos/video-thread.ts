import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import {
  abortError,
  FfmpegError,
  VideoSpecError,
  type LazySceneSource,
  type RenderVideoOptions,
  type RenderVideoResult,
  type VideoSpec,
} from '@platform/creative-video';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { MemoryKeeper } from '../common/memory-keeper';
import { ThreadWatchdog } from '../common/thread-watchdog';
import { videoWorkerScript } from '../common/worker-script';
import type { CreativeConfig } from '../config';
import type { FromThread, ThreadError, ThreadSceneSpec, ToThread, VideoThreadOutcome, VideoThreadTask } from './video-thread-protocol';

/** How long an idle video thread stays for the next video. */
const IDLE_MS = 60_000;

/**
 * `renderVideo` of @platform/creative-video in worker threads of their own, with the same arguments,
 * result and errors (`VideoSpecError`, `FfmpegError`, an `AbortError` when `signal` aborts, and the
 * error a lazy scene's `load` threw, as thrown).
 *
 * Why threads: each frame read back from the canvas is a new buffer, and V8 runs a full garbage
 * collection whenever such external memory has grown enough. On the service's main thread every one of
 * those marks the whole service heap, which also answers requests; in a thread of its own, a video's
 * collections mark a small heap (figures: docs/performance.md).
 *
 * One thread per running video, at most JOB_CONCURRENCY (the media jobs' own limit; more wait for a
 * thread); a thread loads yoga and the fonts once (a cost worth keeping, docs/performance.md) and stays IDLE_MS for the next video.
 * Lazy scene sources stay here (they read the database and storage): the thread asks for a scene by
 * index when it first draws it. Frames, ffmpeg and temporary files are the thread's; the caller
 * removes `workDir` as always.
 *
 * Stopping: an abort sets the task's stop word (read between frames and between chunks of a scene's drawing, where
 * the `abort` message cannot arrive) and sends `abort`; a thread that has not returned RENDER_STOP_GRACE_MS later is
 * terminated (and watched by the `ThreadWatchdog`), and so are all of them at shutdown, which waits for them at most
 * that long.
 */
@Injectable()
export class VideoThreads implements OnApplicationShutdown {
  private readonly logger = new Logger('VideoThreads');
  private pool?: Piscina<VideoThreadTask, VideoThreadOutcome>;
  /** Stop words of the videos running. */
  private readonly live = new Set<Int32Array>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    @Optional() private readonly watchdog?: ThreadWatchdog,
    @Optional() private readonly memory?: MemoryKeeper,
  ) {}

  private get graceMs(): number {
    return this.config.rendering?.stopGraceMs ?? 2000;
  }

  private threads(): Piscina<VideoThreadTask, VideoThreadOutcome> {
    if (!this.pool) {
      this.pool = new Piscina<VideoThreadTask, VideoThreadOutcome>({
        filename: videoWorkerScript(),
        minThreads: 0,
        maxThreads: Math.max(1, this.config.jobs.concurrency),
        concurrentTasksPerWorker: 1,
        idleTimeout: IDLE_MS,
      });
      this.watchdog?.track(this.pool as never, 'video');
    }
    return this.pool;
  }

  /**
   * After `beforeApplicationShutdown`, where the media jobs stop theirs (a video aborted for shutdown is handed back to
   * the queue): stopping the threads any earlier (`onModuleDestroy` runs first) failed those videos instead.
   */
  async onApplicationShutdown(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    for (const word of this.live) Atomics.store(word, 0, 1);
    if (!pool) return;
    if (!this.watchdog) return void (await pool.destroy());
    this.watchdog.terminatedAll('video', 'shutdown');
    // The watchdog has terminated the workers: destroying the pool may reject for them, and shutdown goes on regardless.
    void pool.destroy().catch(() => undefined);
    const left = await this.watchdog.exited('video', this.graceMs);
    if (left > 0) this.logger.error(`${left} video thread(s) still running native code at shutdown; the process exits without them`);
  }

  async render(spec: VideoSpec, opts: RenderVideoOptions): Promise<RenderVideoResult> {
    const lazy = new Map<number, LazySceneSource>();
    const scenes: ThreadSceneSpec[] = spec.scenes.map((s, i) => {
      if (s.source.kind !== 'lazy') return s as ThreadSceneSpec;
      lazy.set(i, s.source);
      return { ...s, source: { kind: 'remote', scene: i, looks: s.source.looks } };
    });
    const { port1: port, port2 } = new MessageChannel();
    const send = (m: ToThread) => port.postMessage(m);
    /** Errors of lazy loads (the caller's own, e.g. a deleted asset), by request. */
    const loadErrors = new Map<number, unknown>();
    let done = false;
    port.on('message', (m: FromThread) => {
      if (m.t === 'progress') return opts.onProgress?.(m.progress);
      const source = lazy.get(m.scene);
      (source ? source.load() : Promise.reject(new Error(`no lazy source for scene ${m.scene}`))).then(
        (loaded) => !done && send({ t: 'loaded', id: m.id, source: loaded }),
        (e: unknown) => {
          loadErrors.set(m.id, e);
          if (!done) send({ t: 'load-failed', id: m.id });
        },
      );
    });
    const stop = new SharedArrayBuffer(8);
    const word = new Int32Array(stop);
    /** Terminates the thread (piscina replaces it) when it has not returned within the grace after an abort. */
    const terminate = new AbortController();
    let grace: NodeJS.Timeout | undefined;
    const onAbort = () => {
      Atomics.store(word, 0, 1);
      send({ t: 'abort' });
      grace ??= setTimeout(() => {
        this.logger.warn(`an aborted video did not stop within ${this.graceMs} ms; terminating its thread`);
        const thread = Atomics.load(word, 1);
        if (thread > 0) this.watchdog?.terminated(thread - 1, 'video aborted');
        terminate.abort();
      }, this.graceMs);
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener('abort', onAbort, { once: true });
    this.live.add(word);
    const active = this.memory?.begin();
    try {
      const task: VideoThreadTask = {
        spec: { ...spec, scenes },
        workDir: opts.workDir,
        ffmpegPath: opts.ffmpegPath,
        ffprobePath: opts.ffprobePath,
        port: port2,
        stop,
      };
      const outcome = await this.threads()
        .run(task, { transferList: [port2] as never, signal: terminate.signal })
        .catch((e: unknown) => {
          if (terminate.signal.aborted) throw abortError();
          throw e;
        });
      if (outcome.ok) return outcome.result;
      throw rebuild(outcome.error, loadErrors);
    } finally {
      done = true;
      clearTimeout(grace);
      this.live.delete(word);
      active?.();
      opts.signal?.removeEventListener('abort', onAbort);
      port.close();
    }
  }
}

/** The error the thread reported, as `renderVideo` would have thrown it here. */
function rebuild(e: ThreadError, loadErrors: Map<number, unknown>): unknown {
  if (e.load !== undefined && loadErrors.has(e.load)) return loadErrors.get(e.load);
  if (e.name === 'AbortError') return abortError();
  if (e.name === 'VideoSpecError') return new VideoSpecError(e.issues as ConstructorParameters<typeof VideoSpecError>[0]);
  if (e.name === 'FfmpegError') return new FfmpegError(e.message, e.code ?? null, e.stderr ?? '');
  return Object.assign(new Error(e.message), { name: e.name, stack: e.stack });
}

import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { MetricsService } from '@platform/http';
import { Counter, Histogram } from 'prom-client';
import sharp from 'sharp';
import type { CreativeConfig } from '../config';

/** libc's `malloc_trim`, through koffi (already a dependency: libdeflate); null where there is no glibc. */
function loadMallocTrim(): ((pad: number) => number) | null {
  try {
    const koffi = require('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    return null;
  }
}

/**
 * Whether `malloc_trim(0)` is due now: `idle` once no render or video has run for `idleMs` (and every `idleMs` while
 * idle), `periodic` when `everyMs` has passed since the last trim whatever runs (under constant traffic the process is
 * never idle, and the freed pages of 2 arenas stayed up to `trim_threshold`, 256 MB each); null otherwise. 0 disables
 * either.
 */
export function trimDue(s: { now: number; active: number; lastActive: number; lastTrim: number; idleMs: number; everyMs: number }): 'idle' | 'periodic' | null {
  if (s.idleMs > 0 && s.active === 0 && s.now - Math.max(s.lastActive, s.lastTrim) >= s.idleMs) return 'idle';
  if (s.everyMs > 0 && s.now - s.lastTrim >= s.everyMs) return 'periodic';
  return null;
}

/**
 * What the process holds when it has nothing to do (docs/performance.md has the measurements):
 *
 * - sharp's (libvips') operation cache, process-wide, 50 MB by default: bounded by SHARP_CACHE_MB (transforms and
 *   encodes read each input once, so the cache saves little);
 * - glibc's malloc arenas: the deployed GLIBC_TUNABLES keep freed pixel buffers in the heap (trim_threshold 256 MB,
 *   for render throughput), per arena, and every thread that allocates (render and video threads, libuv's and
 *   libvips' workers) may get an arena of its own, so the freed memory of a burst stayed in the process for good.
 *   Once no render or video has run for MEMORY_TRIM_IDLE_MS, `malloc_trim(0)` gives the free pages of every arena
 *   back to the system (and again every MEMORY_TRIM_IDLE_MS while idle); under constant traffic, at most every
 *   MEMORY_TRIM_EVERY_MS whatever runs (a trim takes each arena's lock while it walks it: 1-5 ms measured under
 *   renders, during which a render thread's malloc waits; docs/operations.md, "memory alone");
 * - the render threads' heaps and per-thread caches: see RenderPool (RENDER_WORKERS_IDLE threads stay when idle).
 */
@Injectable()
export class MemoryKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Memory');
  private active = 0;
  private lastActive = Date.now();
  private lastTrim = Date.now();
  private timer?: NodeJS.Timeout;
  private readonly trims: Counter<'reason'>;
  private readonly trimSeconds: Histogram<'reason'>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    metrics: MetricsService,
  ) {
    this.trims = new Counter({
      name: 'creative_memory_trims_total',
      help: 'malloc_trim calls: reason idle (MEMORY_TRIM_IDLE_MS without renders or videos) or periodic (MEMORY_TRIM_EVERY_MS)',
      labelNames: ['reason'],
      registers: [metrics.registry],
    });
    this.trimSeconds = new Histogram({
      name: 'creative_memory_trim_seconds',
      help: 'How long a malloc_trim took (it holds each malloc arena lock in turn)',
      labelNames: ['reason'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    const mb = this.config.memory.sharpCacheMb;
    if (mb === 0) sharp.cache(false);
    else sharp.cache({ memory: mb, files: 0, items: 100 });
    const idleMs = this.config.memory.trimIdleMs;
    const everyMs = this.config.memory.trimEveryMs ?? 0;
    const trim = idleMs > 0 || everyMs > 0 ? loadMallocTrim() : null;
    if (!trim) return;
    const tick = Math.max(1000, Math.min(...[idleMs, everyMs].filter((ms) => ms > 0), 10_000));
    this.timer = setInterval(() => {
      // Render threads beyond RENDER_WORKERS_IDLE exit a minute after their last task, and what they freed is trimmed
      // at the next turn.
      const reason = trimDue({ now: Date.now(), active: this.active, lastActive: this.lastActive, lastTrim: this.lastTrim, idleMs, everyMs });
      if (!reason) return;
      const t0 = performance.now();
      const released = trim(0);
      const ms = performance.now() - t0;
      this.lastTrim = Date.now();
      this.trims.inc({ reason });
      this.trimSeconds.observe({ reason }, ms / 1000);
      this.logger.debug(`malloc_trim (${reason}): ${released ? 'memory released' : 'nothing to release'} (${ms.toFixed(1)} ms)`);
    }, tick);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Marks work that allocates (a render task, a video) until the returned function is called. */
  begin(): () => void {
    this.active++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active--;
      this.lastActive = Date.now();
    };
  }
}

import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { MetricsService } from '@platform/http';
import { Counter } from 'prom-client';
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
 * What the process holds when it has nothing to do (docs/performance.md has the measurements):
 *
 * - sharp's (libvips') operation cache, process-wide, 50 MB by default: bounded by SHARP_CACHE_MB (transforms and
 *   encodes read each input once, so the cache saves little);
 * - glibc's malloc arenas: the deployed GLIBC_TUNABLES keep freed pixel buffers in the heap (trim_threshold 256 MB,
 *   for render throughput), per arena, and every thread that allocates (render and video threads, libuv's and
 *   libvips' workers) may get an arena of its own, so the freed memory of a burst stayed in the process for good.
 *   Once no render or video has run for MEMORY_TRIM_IDLE_MS, `malloc_trim(0)` gives the free pages of every arena
 *   back to the system (and again every MEMORY_TRIM_IDLE_MS while idle);
 * - the render threads' heaps and per-thread caches: see RenderPool (RENDER_WORKERS_IDLE threads stay when idle).
 */
@Injectable()
export class MemoryKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Memory');
  private active = 0;
  private lastActive = Date.now();
  private lastTrim = Date.now();
  private timer?: NodeJS.Timeout;
  private readonly trims: Counter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    metrics: MetricsService,
  ) {
    this.trims = new Counter({
      name: 'creative_memory_trims_total',
      help: 'malloc_trim calls after MEMORY_TRIM_IDLE_MS without renders or videos',
      registers: [metrics.registry],
    });
  }

  onApplicationBootstrap(): void {
    const mb = this.config.memory.sharpCacheMb;
    if (mb === 0) sharp.cache(false);
    else sharp.cache({ memory: mb, files: 0, items: 100 });
    const idle = this.config.memory.trimIdleMs;
    const trim = idle > 0 ? loadMallocTrim() : null;
    if (!trim) return;
    this.timer = setInterval(
      () => {
        // Every MEMORY_TRIM_IDLE_MS while idle: render threads beyond RENDER_WORKERS_IDLE exit a minute after their last
        // task, and what they freed is trimmed at the next turn.
        if (this.active > 0 || Date.now() - Math.max(this.lastActive, this.lastTrim) < idle) return;
        this.lastTrim = Date.now();
        const t0 = performance.now();
        const released = trim(0);
        this.trims.inc();
        this.logger.debug(
          `malloc_trim after ${idle} ms idle: ${released ? 'memory released' : 'nothing to release'} (${Math.round(performance.now() - t0)} ms)`,
        );
      },
      Math.max(1000, Math.min(idle, 10_000)),
    );
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

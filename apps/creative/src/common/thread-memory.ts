import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MetricsService } from '@platform/http';
import { BroadcastChannel } from 'node:worker_threads';
import { Gauge } from 'prom-client';
import { THREAD_MEMORY_CHANNEL, type ThreadMemoryReport } from './thread-memory-report';

/** A thread that has not reported for this long has exited (threads report every 10 s). */
const STALE_MS = 30_000;

/**
 * The memory of the render and video threads, summed per pool, on `/metrics`:
 * `creative_thread_memory_bytes{pool, kind}` (kind heap_used, heap_total, external, array_buffers) and
 * `creative_threads{pool}`. prom-client's `nodejs_heap_size_*` describes the main thread's isolate only; each piscina
 * thread has a heap of its own (fonts, yoga's WebAssembly memory, text caches), which is what an RSS that grows
 * around a flat main heap may be (docs/operations.md, the soak).
 */
@Injectable()
export class ThreadMemory implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly latest = new Map<number, ThreadMemoryReport & { at: number }>();
  private channel?: BroadcastChannel;
  private signal?: NodeJS.Signals;
  private onSignal?: () => void;

  constructor(metrics: MetricsService) {
    const byPool = () => this.byPool();
    new Gauge({
      name: 'creative_thread_memory_bytes',
      help: "Memory of the live render and video threads' own V8 isolates, summed per pool: heap_used, heap_total, external, array_buffers",
      labelNames: ['pool', 'kind'],
      registers: [metrics.registry],
      collect() {
        this.reset();
        for (const [pool, reports] of byPool()) {
          const sum = (f: (r: ThreadMemoryReport) => number) => reports.reduce((s, r) => s + f(r), 0);
          this.set(
            { pool, kind: 'heap_used' },
            sum((r) => r.heapUsed),
          );
          this.set(
            { pool, kind: 'heap_total' },
            sum((r) => r.heapTotal),
          );
          this.set(
            { pool, kind: 'external' },
            sum((r) => r.external),
          );
          this.set(
            { pool, kind: 'array_buffers' },
            sum((r) => r.arrayBuffers),
          );
        }
      },
    });
    new Gauge({
      name: 'creative_threads',
      help: 'Live render and video threads that reported their memory in the last 30 s, per pool',
      labelNames: ['pool'],
      registers: [metrics.registry],
      collect() {
        this.reset();
        for (const [pool, reports] of byPool()) this.set({ pool }, reports.length);
      },
    });
  }

  onApplicationBootstrap(): void {
    this.channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
    this.channel.unref();
    // With node's --heapsnapshot-signal=SIGUSR2 (a heap snapshot of the main thread), the render and video threads
    // write one of their own isolate beside it, in --diagnostic-dir (tools/bench/memory/soak.mjs --snapshots).
    const flags = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`;
    const signal = /--heapsnapshot-signal=(\S+)/.exec(flags)?.[1];
    const dir = /--diagnostic-dir=(\S+)/.exec(flags)?.[1];
    if (signal && dir) {
      this.onSignal = () => this.channel?.postMessage({ snapshot: dir });
      process.on(signal as NodeJS.Signals, this.onSignal);
      this.signal = signal as NodeJS.Signals;
    }
    this.channel.onmessage = (e) => {
      const r = (e as { data?: ThreadMemoryReport }).data;
      if (r && typeof r.threadId === 'number') this.latest.set(r.threadId, { ...r, at: Date.now() });
    };
  }

  onApplicationShutdown(): void {
    if (this.signal && this.onSignal) process.off(this.signal, this.onSignal);
    this.channel?.close();
  }

  /** Reports of the threads alive (reported within STALE_MS), per pool; older ones are forgotten. */
  byPool(now = Date.now()): Map<string, ThreadMemoryReport[]> {
    const out = new Map<string, ThreadMemoryReport[]>();
    for (const [id, r] of this.latest) {
      if (now - r.at > STALE_MS) {
        this.latest.delete(id);
        continue;
      }
      out.set(r.pool, [...(out.get(r.pool) ?? []), r]);
    }
    return out;
  }
}

import { writeHeapSnapshot } from 'node:v8';
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads';

/** The channel render and video threads report their own memory on (read by `ThreadMemory` on the main thread). */
export const THREAD_MEMORY_CHANNEL = 'creative-thread-memory';

/** One thread's memory as it sees it: its own V8 isolate's heap and external bytes (RSS is the whole process's). */
export interface ThreadMemoryReport {
  pool: string;
  threadId: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/**
 * Called once at the top of a worker thread's script: every `everyMs` the thread posts `process.memoryUsage()` of its
 * own isolate (in a worker, every field but `rss` is the thread's), so the service's `/metrics` tells the threads'
 * heaps from the main thread's (`nodejs_heap_size_*` is the main isolate only). The timer is unref'd and the channel
 * too: neither keeps an idle thread alive.
 */
export function reportThreadMemory(pool: string, everyMs = 10_000): void {
  if (isMainThread) return;
  const channel = new BroadcastChannel(THREAD_MEMORY_CHANNEL);
  channel.unref();
  const post = () => {
    const m = process.memoryUsage();
    const report: ThreadMemoryReport = { pool, threadId, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
    channel.postMessage(report);
  };
  post();
  setInterval(post, everyMs).unref();
  // A heap snapshot of this thread's own isolate when the main thread asks (see `ThreadMemory`: node's
  // --heapsnapshot-signal writes the main thread's only).
  channel.onmessage = (e) => {
    const m = (e as { data?: { snapshot?: string } }).data;
    if (m?.snapshot) writeHeapSnapshot(`${m.snapshot}/thread-${pool}-${threadId}-${Date.now()}.heapsnapshot`);
  };
}

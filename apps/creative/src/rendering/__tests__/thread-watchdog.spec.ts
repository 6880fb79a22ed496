import { MetricsService, ReadinessChecks } from '@platform/http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { ThreadWatchdog } from '../../common/thread-watchdog';
import type { CreativeConfig } from '../../config';

/**
 * A thread inside a native call that terminating it cannot interrupt: `execSync` waits for its child in C++ (as Skia
 * rasterizing does), so the thread goes on until `sleep` ends.
 */
const WORKER = `module.exports = ({ seconds }) => { require('node:child_process').execSync('sleep ' + seconds); return 'slept'; };`;

describe('ThreadWatchdog', () => {
  let dir: string;
  let pool: Piscina<{ seconds: number }, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'watchdog-'));
    writeFileSync(join(dir, 'sleeper.js'), WORKER);
  });
  afterAll(async () => {
    await pool?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports a terminated thread still running after the grace (metric, /readyz check) until it exits; not one that exits', async () => {
    const readiness = new ReadinessChecks();
    const metrics = new MetricsService();
    const watchdog = new ThreadWatchdog({ rendering: { stopGraceMs: 300 } } as CreativeConfig, metrics, readiness);
    pool = new Piscina({ filename: join(dir, 'sleeper.js'), minThreads: 0, maxThreads: 2, idleTimeout: 100 });
    watchdog.track(pool as never, 'render');

    // A quick task's thread, terminated when the pool drops it as idle: it exits at once and is never reported.
    expect(await pool.run({ seconds: 0 })).toBe('slept');
    const quick = pool.threads[0].threadId;

    const abort = new AbortController();
    const stuck = pool.run({ seconds: 3 }, { signal: abort.signal }).catch((e: Error) => e.name);
    await new Promise((r) => setTimeout(r, 300));
    const sleeping = pool.threads.find((t) => t.threadId !== quick && t.threadId > 0) ?? pool.threads[0];
    const exited = new Promise((r) => sleeping.once('exit', r));
    watchdog.terminated(sleeping.threadId, 'test');
    abort.abort();
    expect(await stuck).toBe('AbortError');
    expect(watchdog.stuck()).toBe(0);
    expect(readiness.problems()).toEqual({});

    await new Promise((r) => setTimeout(r, 600));
    expect(watchdog.stuck()).toBe(1);
    expect(readiness.problems()).toEqual({ threads: { error: 'stuck' } });
    expect(await metrics.registry.getSingleMetricAsString('creative_worker_threads_stuck')).toMatch(/creative_worker_threads_stuck 1/);
    expect(await metrics.registry.getSingleMetricAsString('creative_worker_threads_stuck_total')).toMatch(
      /creative_worker_threads_stuck_total\{pool="render"\} 1/,
    );
    expect(watchdog.unexited()).toBe(1);

    // Once the native call returns, the thread ends and the instance is ready again.
    await exited;
    await new Promise((r) => setTimeout(r, 50));
    expect(watchdog.stuck()).toBe(0);
    expect(watchdog.unexited()).toBe(0);
    expect(readiness.problems()).toEqual({});
  }, 30_000);
});

import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { as, binary, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

// Timing-based (CPU time, render budgets): on a loaded 2-core machine a run can miss its bound; a real regression fails all three tries.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

/**
 * A design that takes seconds to draw: full-page procedural backgrounds under a large layer blur
 * (measured here: about 3 s per blurred 2048 x 2048 layer).
 */
function heavyIr(layers: number) {
  const styles = ['grain', 'halftone', 'topography', 'mesh'];
  return {
    version: 1,
    width: 2048,
    height: 2048,
    root: {
      type: 'frame',
      id: 'root',
      width: 2048,
      height: 2048,
      children: Array.from({ length: layers }, (_, i) => ({
        type: 'procedural',
        id: `p${i}`,
        style: styles[i % 4],
        seed: i,
        density: 4,
        x: 0,
        y: 0,
        width: 2048,
        height: 2048,
        opacity: 0.5,
        blur: 30,
      })),
    },
  };
}

/**
 * A design whose cost is mostly JavaScript on the calling thread (text shaping and line breaking of
 * many paragraphs): unlike Skia's drawing, which @napi-rs/canvas may flush on a libuv thread, this
 * blocks the event loop of whichever thread renders it, on any machine.
 */
function textHeavyIr(paragraphs: number) {
  const words = 'the quick brown fox jumps over a lazy dog while zebras quietly graze near the river bank'.split(' ');
  return {
    version: 1,
    width: 2048,
    height: 2048,
    root: {
      type: 'frame',
      id: 'root',
      width: 2048,
      height: 2048,
      children: Array.from({ length: paragraphs }, (_, i) => ({
        type: 'text',
        id: `t${i}`,
        x: (i % 8) * 256,
        y: (Math.floor(i / 8) % 128) * 16,
        width: 250,
        fontSize: 9 + (i % 5),
        text: Array.from({ length: 120 }, (_, k) => words[(i * 7 + k) % words.length]).join(' '),
        color: '#222222',
      })),
    },
  };
}

/**
 * The longest event-loop delay (ms) while `work` runs. The service runs in this test's process, so
 * this is the time its event loop could not answer anything.
 */
async function longestStall(work: Promise<unknown>): Promise<number> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  await work;
  h.disable();
  return h.max / 1e6;
}

/** Latencies of `n` /healthz requests, one after the other. */
async function healthLatencies(t: TestApp<CreativeConfig>, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    expectStatus(await t.http.get('/healthz'), 200);
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return out;
}

/** The light design's 200 px preview as the worker pool drew it. */
let pooledPng: Buffer | undefined;

describe('creative render engine: worker threads and the time budget', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { RENDER_WORKERS: '2', RENDER_TIMEOUT_MS: '4000', RENDER_COST_LIMIT_MS: '0' } });
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('keeps answering other requests while a heavy render runs in a worker', async () => {
    // Workers started and warm (as a serving process has them from the start).
    const light = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    pooledPng = expectStatus(
      await as(t.http.get(`/v1/designs/${light.id}/preview?width=200`), alice)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;
    const heavy = expectStatus(await as(t.http.post('/v1/designs').send({ ir: heavyIr(1) }), alice), 200).body;
    const pending = as(t.http.get(`/v1/designs/${heavy.id}/preview?width=2048`), alice)
      .buffer(true)
      .parse(binary)
      .then((r) => r.status);
    let latencies: number[] = [];
    const stall = await longestStall(
      (async () => {
        await new Promise((r) => setTimeout(r, 200));
        latencies = await healthLatencies(t, 8);
        expect(await pending).toBe(200);
      })(),
    );
    expect(Math.max(...latencies)).toBeLessThan(250);
    expect(stall).toBeLessThan(250);
  }, 60_000);

  it('fails a render past RENDER_TIMEOUT_MS with 504 render_timeout, promptly, and keeps serving', async () => {
    const heavy = expectStatus(await as(t.http.post('/v1/designs').send({ ir: heavyIr(12) }), alice), 200).body;
    const light = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    const t0 = performance.now();
    const res = await as(t.http.get(`/v1/designs/${heavy.id}/preview?width=2048`), alice);
    const took = performance.now() - t0;
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ detail: expect.stringContaining('4000 ms'), code: 'render_timeout' });
    expect(took).toBeGreaterThanOrEqual(3900);
    expect(took).toBeLessThan(8000);

    // The pool replaced the aborted worker: renders go on.
    const after = expectStatus(
      await as(t.http.get(`/v1/designs/${light.id}/preview?width=120`), alice)
        .buffer(true)
        .parse(binary),
      200,
    );
    expect(after.headers['content-type']).toBe('image/png');
    const metrics = expectStatus(await t.http.get('/metrics'), 200).text;
    expect(metrics).toMatch(/creative_render_tasks_total\{kind="render",outcome="timeout"\} 1/);
  }, 60_000);

  it("reports the render threads' own heaps on /metrics (the main thread's nodejs_heap_* does not include them)", async () => {
    // Every thread reports when it starts and every 10 s; the threads that rendered above are alive.
    const read = (text: string, re: RegExp) => Number(re.exec(text)?.[1] ?? NaN);
    const metrics = expectStatus(await t.http.get('/metrics'), 200).text;
    const threads = read(metrics, /^creative_threads\{pool="render"\} (\d+)/m);
    expect(threads).toBeGreaterThanOrEqual(1);
    expect(threads).toBeLessThanOrEqual(2);
    const total = read(metrics, /^creative_thread_memory_bytes\{pool="render",kind="heap_total"\} (\d+)/m);
    const used = read(metrics, /^creative_thread_memory_bytes\{pool="render",kind="heap_used"\} (\d+)/m);
    expect(used).toBeGreaterThan(1_000_000);
    expect(total).toBeGreaterThanOrEqual(used);
    // A thread's own heap, not the process's: smaller than the main thread's.
    expect(total / threads).toBeLessThan(read(metrics, /^nodejs_heap_size_total_bytes (\d+)/m));
  });
});

describe('creative render engine on the main thread (RENDER_WORKERS=0), for comparison', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    // BODY_LIMIT: the text-heavy design is about 1.4 MB of JSON.
    t = await createTestApp(creativeService, { env: { RENDER_WORKERS: '0', BODY_LIMIT: '8mb' } });
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('renders the same bytes as the pool, but a heavy render stalls every other request', async () => {
    const light = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    const png = expectStatus(
      await as(t.http.get(`/v1/designs/${light.id}/preview?width=200`), alice)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(pooledPng && png.equals(pooledPng)).toBe(true);

    const heavy = expectStatus(await as(t.http.post('/v1/designs').send({ ir: textHeavyIr(2000) }), alice), 200).body;
    const stall = await longestStall(
      as(t.http.get(`/v1/designs/${heavy.id}/preview?width=2048`), alice)
        .buffer(true)
        .parse(binary)
        .then((r) => expect(r.status).toBe(200)),
    );
    // Twice the 250 ms the pool stays under while the same kind of render runs in a worker.
    expect(stall).toBeGreaterThan(500);
  }, 60_000);
});

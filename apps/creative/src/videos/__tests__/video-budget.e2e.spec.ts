import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { as, cpuOver } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { jobBudgetMs, LARGEST_VIDEO_WORK } from '../../jobs/media.processor';
import { creativeService } from '../../service';
import { finished, type JobView } from './video-fixtures';

// Timing-based (CPU time after the budget): on a loaded 2-core machine a run can miss its bound; a real regression fails all three tries.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * 1,000 blurred rectangles on a 1920 x 1080 page: each blur filters the whole page, which Skia does in one native call
 * when the scene is rasterized (20-40 s of one core here). No job budget: the job drew all of it, then encoded.
 */
function heavyIr() {
  const rects = Array.from({ length: 1000 }, (_, i) => ({
    type: 'rect',
    id: `r${i}`,
    x: (i * 37) % 1920,
    y: (i * 91) % 1080,
    width: 480,
    height: 270,
    blur: 30,
    fills: [{ type: 'solid', color: '#336699' }],
  }));
  return { version: 1, width: 1920, height: 1080, background: '#ffffff', root: { type: 'frame', id: 'root', width: 1920, height: 1080, children: rects } };
}

const lightIr = {
  version: 1,
  width: 320,
  height: 240,
  background: '#1e293b',
  root: { type: 'frame', id: 'root', width: 320, height: 240, children: [{ type: 'text', id: 'title', text: 'Hello', fontSize: 40, color: '#ffffff' }] },
};

/** A callback receiver on loopback (answers 204). */
async function receiver() {
  const got: { type: string; data: JobView }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

const balance = async (t: TestApp<CreativeConfig>, who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), who), 200).body.balance as number;

describe('a media job past its time budget (MEDIA_JOB_TIMEOUT_MS)', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let hooks: Awaited<ReturnType<typeof receiver>>;

  beforeAll(async () => {
    // Budget of a 1 s animate of one scene: 1 unit (1,000 ms) + 1 scene (RENDER_TIMEOUT_MS 1,000 ms) = 2 s.
    t = await createTestApp(creativeService, {
      env: { MEDIA_JOB_TIMEOUT_MS: '1000', RENDER_TIMEOUT_MS: '1000', CALLBACK_ALLOW_PRIVATE: 'true', CALLBACK_RETRY_BASE_MS: '100' },
    });
    alice = await t.account('alice');
    hooks = await receiver();
  }, 60_000);
  afterAll(async () => {
    await hooks?.close();
    await t?.close();
  });

  it('fails with job_timeout naming its budget, stops drawing within seconds, charges nothing, sends its callback, and is not taken up again; a retry may run it again', async () => {
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: heavyIr() }), alice), 200).body.id as string;
    const before = await balance(t, alice);
    const job = expectStatus(
      await as(
        t.http.post(`/v1/designs/${design}/animate`).send({ duration: 1, fps: 10, transition: 'none', formats: ['mp4'], callback_url: hooks.url }),
        alice,
      ),
      202,
    ).body as JobView;

    const done = await finished(t, alice, job.id, 30_000);
    expect(done.state).toBe('failed');
    expect(done.error).toEqual({ code: 'job_timeout', message: expect.stringContaining('time budget of 2 s (MEDIA_JOB_TIMEOUT_MS') });
    expect(done.artifacts).toEqual([]);
    // Stopped within seconds of its budget running out (the watch polls every 200 ms; a video thread that does not return is terminated after RENDER_STOP_GRACE_MS).
    const ran = (new Date((done as JobView & { finished_at: string }).finished_at).getTime() - new Date(done.started_at!).getTime()) / 1000;
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(ran).toBeLessThan(6);

    // No thread keeps drawing: the process idles (a thread still rasterizing uses ~1 s of CPU a second).
    await sleep(1000);
    expect(await cpuOver(2000)).toBeLessThan(0.25);

    // Nothing charged: the reservation was released, the balance is as it was.
    expect(await balance(t, alice)).toBe(before);
    const reservations = expectStatus(await as(t.http.get('/v1/billing/reservations?limit=50'), alice), 200).body.data as {
      job_id: string | null;
      state: string;
    }[];
    expect(reservations.filter((r) => r.job_id === job.id).map((r) => r.state)).toEqual(['released']);

    // The callback of a failure.
    for (const end = Date.now() + 10_000; !hooks.got.some((e) => e.data.id === job.id) && Date.now() < end;) await sleep(50);
    const event = hooks.got.find((e) => e.data.id === job.id);
    expect(event).toMatchObject({ type: 'job.failed', data: { id: job.id, state: 'failed', error: { code: 'job_timeout' } } });

    // Not taken up again as a lost lease would be: still failed, one attempt, past a lease renewal and a sweep.
    await sleep(1500);
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${job.id}`), alice), 200).body).toMatchObject({ state: 'failed', attempts: 1 });

    // An explicit retry runs it again (a new attempt, a new budget, paid again and released again).
    expectStatus(await as(t.http.post(`/v1/jobs/${job.id}/retry`), alice), 202);
    const again = await finished(t, alice, job.id, 30_000);
    expect(again).toMatchObject({ state: 'failed', attempts: 2, error: { code: 'job_timeout' } });
    expect(await balance(t, alice)).toBe(before);
  }, 120_000);
});

describe('a media job under the default budget', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  }, 60_000);
  afterAll(() => t?.close());

  it('succeeds, and the default budget of the largest video is hours (what a 2-core machine needs for it, with room)', async () => {
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: lightIr }), alice), 200).body.id as string;
    const job = expectStatus(await as(t.http.post(`/v1/designs/${design}/animate`).send({ duration: 2, fps: 12, formats: ['mp4', 'webm'] }), alice), 202)
      .body as JobView;
    const done = await finished(t, alice, job.id, 60_000);
    expect(done).toMatchObject({ state: 'succeeded', error: null });

    expect(t.config.jobs.timeoutMs).toBe(300_000);
    // 300 s of 3840x2160 at 60 fps in three formats, 50 scenes: 120 units of 5 min, plus 50 renders' worth.
    expect(jobBudgetMs(LARGEST_VIDEO_WORK, t.config.jobs.timeoutMs, t.config.rendering.timeoutMs)).toBe(120 * 300_000 + 50 * 20_000);
  }, 90_000);
});

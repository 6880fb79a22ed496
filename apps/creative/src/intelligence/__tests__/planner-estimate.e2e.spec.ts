import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/**
 * Issue 34 item 3: the planner's estimate is what its plan then costs. Every kind of plan the planner returns (the
 * default formats or one named or sized format, with and without a video) is run unchanged through
 * POST /v1/workflows/run, its jobs are waited for, and the credits spent are compared with the estimate, step by step.
 */
describe('creative POST /v1/planning/brief: the estimate is what running the plan costs', () => {
  let t: TestApp<CreativeConfig>;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '100000' } });
  }, 60_000);
  afterAll(() => t?.close());

  const balance = async (alice: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  const kinds: [string, Record<string, unknown>, { video: boolean; tier?: string }][] = [
    ['the default formats, no video', { goal: 'Summer cold brew, 20% off all week', language: 'en' }, { video: false }],
    // The video animates the story piece (1080x1920, full HD): the estimate used to price it at the square's size.
    ['the default formats with a reel', { goal: 'Spring webinar on June 3 with a reel, 30% off for early sign-ups', language: 'en' }, { video: true }],
    ['one named landscape format with a video', { goal: 'Lançamento do nosso app em vídeo', format: { name: 'landscape' } }, { video: true }],
    ['one sized square with a video', { goal: 'Nuevo menú de otoño en video', language: 'es', format: { width: 640, height: 640 } }, { video: true }],
    [
      'one wide size with a video (a 4k tier)',
      { goal: 'Hiring engineers: an animated banner', language: 'en', format: { width: 2000, height: 1000 } },
      { video: true },
    ],
    ['one named story format, no video', { goal: 'Black Friday: 50% off everything', language: 'en', format: { name: 'story' } }, { video: false }],
  ];

  it.each(kinds)('%s: running the returned workflow unchanged spends exactly the estimate', async (name, body, expected) => {
    // An account of its own: a cancelled video of another kind gives its credits back while this one runs.
    const alice = await t.account(`alice-${kinds.findIndex((k) => k[0] === name)}`);
    const planned = expectStatus(await as(t.http.post('/v1/planning/brief').send(body), alice), 200).body;
    expect(planned.video).toBe(expected.video);
    const before = await balance(alice);
    const run = expectStatus(await as(t.http.post('/v1/workflows/run').send(planned.workflow), alice), 200).body;
    expect(run.status).toBe('succeeded');
    // A job reserves its charge when it is accepted and captures that reservation when it succeeds (the billing
    // tests hold that): what the run took from the balance is what it spends.
    const spent = before - (await balance(alice));
    expect(spent).toBe(planned.estimate.credits);
    // The video is not waited for (minutes of frames on a shared machine): cancelled, its reservation is released.
    for (const step of run.steps as { id: string; operation: string }[])
      if (step.operation === 'video.animate') expectStatus(await as(t.http.post(`/v1/jobs/${run.outputs[`${step.id}.job_id`]}/cancel`), alice), 200);
    // Step by step: each billed step's reservation in the ledger is its row of the estimate.
    const ledger = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=100'), alice), 200).body.data as {
      type: string;
      operation: string;
      amount: number;
    }[];
    const reserves = ledger.filter((e) => e.type === 'reserve' && e.operation !== 'planning').slice(0, planned.estimate.steps.length);
    const billed = (planned.estimate.steps as { billed_as: string | null; credits: number }[]).filter((s) => s.billed_as);
    expect(
      reserves
        .slice(0, billed.length)
        .map((e) => [e.operation, -e.amount])
        .sort(),
    ).toEqual(billed.map((s) => [s.billed_as, s.credits]).sort());
  });
});

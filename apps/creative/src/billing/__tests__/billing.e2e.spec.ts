import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { as, locs, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { JobsService } from '../../jobs/jobs.service';
import { withTestHandler } from '../../jobs/__tests__/test-handler';
import { creativeService } from '../../service';
import { BillingService } from '../billing.service';
import { Metering } from '../metering';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('creative billing: credits, reservations, ledger, usage', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let billing: BillingService;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(withTestHandler(creativeService), { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
    billing = t.app.get(BillingService);
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const balance = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), who), 200).body.balance as number;
  const setBalance = async (who: TestAccount, credits: number) =>
    billing.credit(who.accountId, 'adjustment', credits - (await balance(who)), 'test: set the balance');
  const estimate = async (operation: string, params: Record<string, unknown>) =>
    expectStatus(await as(t.http.post('/v1/billing/estimate').send({ operation, params }), alice), 200).body.credits as number;
  const design = async (who = alice) => expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), who), 200).body;
  const waitJob = async (who: TestAccount, id: string, states: string[]) => {
    for (let i = 0; i < 200; i++) {
      const job = expectStatus(await as(t.http.get(`/v1/jobs/${id}`), who), 200).body;
      if (states.includes(job.state)) return job;
      await sleep(100);
    }
    throw new Error(`job ${id} never reached ${states}`);
  };

  it('serves the price book without credentials, and prices every billable operation', async () => {
    const book = expectStatus(await t.http.get('/v1/billing/price-book'), 200).body;
    expect(book.version).toBeTruthy();
    expect(book.operations.map((o: { operation: string }) => o.operation)).toEqual([
      'render',
      'preview',
      'procedural_render',
      'generation',
      'transform',
      'video',
      'campaign',
      'vision',
      'planning',
    ]);
    expect(book.plans.find((p: { id: string }) => p.id === 'free').monthly_credits).toBe(500);
    expect(await estimate('render', { width: 1080, height: 1080, format: 'png' })).toBe(2);
    expect(await estimate('preview', { width: 480, format: 'png' })).toBe(0);
    expect(await estimate('video', { seconds: 10, width: 1920, height: 1080, fps: 30 })).toBe(30);
    expect(await estimate('video', { seconds: 10, width: 1920, height: 1080, fps: 60 })).toBe(60);
    expect(
      await estimate('campaign', {
        pieces: [
          { width: 1080, height: 1080 },
          { width: 1080, height: 1920 },
        ],
      }),
    ).toBe(2 + 3);
    expect(await estimate('generation', { provider: 'openai', width: 1024, height: 1024 })).toBe(10);
    expect(await estimate('vision', { provider: 'builtin' })).toBe(1);
    expect(await estimate('planning', { provider: 'anthropic' })).toBe(5);
    expect(await estimate('transform', { operations: 3 })).toBe(3);
  });

  it('refuses bad estimates with 422 at their loc and every account route without credentials with 401', async () => {
    expect(locs(await as(t.http.post('/v1/billing/estimate').send({ operation: 'teleport' }), alice))).toEqual(['body.operation']);
    expect(locs(await as(t.http.post('/v1/billing/estimate').send({ operation: 'render', params: { height: 10 } }), alice))).toEqual(['body.params.width']);
    expect(locs(await as(t.http.get('/v1/billing/ledger?limit=0'), alice))).toEqual(['query.limit']);
    expect(locs(await as(t.http.get('/v1/usage/summary?days=367'), alice))).toEqual(['query.days']);
    expect(locs(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'free' }), alice))).toEqual(['body.plan_id']);
    for (const [method, path] of [
      ['get', '/v1/billing/plan'],
      ['get', '/v1/billing/payment/status'],
      ['get', '/v1/billing/gateway/status'],
      ['post', '/v1/billing/checkout'],
      ['post', '/v1/billing/gateway/checkout'],
      ['post', '/v1/billing/portal'],
      ['post', '/v1/billing/gateway/portal'],
      ['post', '/v1/billing/estimate'],
      ['get', '/v1/billing/ledger'],
      ['get', '/v1/billing/reservations'],
      ['post', '/v1/billing/reservations/res_x/release'],
      ['get', '/v1/usage/summary'],
      ['get', '/v1/usage/events'],
      ['get', '/v1/metrics'],
    ] as const)
      expectStatus(await (t.http[method](path) as ReturnType<typeof t.http.get>).send({}), 401);
  });

  it('charges a render exactly its estimate, with reserve and capture in the ledger and a usage event', async () => {
    const d = await design();
    const before = await balance(alice);
    const price = await estimate('render', { width: 800, height: 600, format: 'png' });
    const out = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png', width: 800 }), alice), 200).body;
    expect(out.height).toBe(600);
    expect(await balance(alice)).toBe(before - price);
    const ledger = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=2'), alice), 200).body.data;
    expect(ledger.map((e: { type: string }) => e.type)).toEqual(['capture', 'reserve']);
    expect(ledger[1]).toMatchObject({ amount: -price, balance_after: before - price, operation: 'render' });
    const res = expectStatus(await as(t.http.get(`/v1/billing/reservations?limit=1`), alice), 200).body.data[0];
    expect(res).toMatchObject({ operation: 'render', credits: price, state: 'captured', design_id: d.id });
    const ev = expectStatus(await as(t.http.get('/v1/usage/events?limit=1'), alice), 200).body.data[0];
    expect(ev).toMatchObject({
      operation: 'render',
      outcome: 'succeeded',
      credits: price,
      design_id: d.id,
      credential_id: alice.keyId,
      reservation_id: res.id,
    });
  });

  it('charges previews nothing but records them; procedural renders, transforms and campaigns their estimates', async () => {
    const d = await design();
    let before = await balance(alice);
    expectStatus(await as(t.http.get(`/v1/designs/${d.id}/preview?width=200`), alice), 200);
    expect(await balance(alice)).toBe(before);
    expect(expectStatus(await as(t.http.get('/v1/usage/events?limit=1&operation=preview'), alice), 200).body.data[0]).toMatchObject({
      operation: 'preview',
      credits: 0,
      design_id: d.id,
    });

    before = await balance(alice);
    expectStatus(await as(t.http.post('/v1/procedural/render').send({ width: 1200, height: 1000 }), alice), 200);
    expect(before - (await balance(alice))).toBe(await estimate('procedural_render', { width: 1200, height: 1000, format: 'png' }));

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const asset = expectStatus(await as(t.http.post('/v1/assets').attach('file', png, 'a.png'), alice), 200).body;
    before = await balance(alice);
    expectStatus(
      await as(t.http.post(`/v1/assets/${asset.id}/transform`).send({ operations: [{ type: 'resize', width: 32 }, { type: 'grayscale' }] }), alice),
      200,
    );
    expect(before - (await balance(alice))).toBe(await estimate('transform', { operations: 2 }));

    before = await balance(alice);
    expectStatus(
      await as(
        t.http.post('/v1/campaigns').send({
          brief: { title: 'Sale' },
          formats: [
            { width: 1080, height: 1080 },
            { width: 1200, height: 628 },
          ],
        }),
        alice,
      ),
      200,
    );
    expect(before - (await balance(alice))).toBe(
      await estimate('campaign', {
        pieces: [
          { width: 1080, height: 1080 },
          { width: 1200, height: 628 },
        ],
      }),
    );
  });

  it('answers 402 insufficient_credits with the estimate and balance, and changes nothing', async () => {
    const d = await design(bob);
    await setBalance(bob, 0);
    const ledgerBefore = expectStatus(await as(t.http.get('/v1/billing/ledger'), bob), 200).body.data.length;
    const res = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png' }), bob), 402);
    expect(res.body).toMatchObject({ code: 'insufficient_credits', balance: 0, estimate: { operation: 'render', credits: 1 } });
    // A node change that would render: refused before the revision is stored.
    expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Changed' }, render: { format: 'png' } }), bob), 402);
    expect(expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), bob), 200).body.revision).toBe(1);
    // A video job: no job is recorded.
    expectStatus(await as(t.http.post(`/v1/designs/${d.id}/animate`).send({ duration: 2 }), bob), 402);
    expect(expectStatus(await as(t.http.get('/v1/jobs'), bob), 200).body.data).toHaveLength(0);
    expect(expectStatus(await as(t.http.get('/v1/billing/ledger'), bob), 200).body.data.length).toBe(ledgerBefore);
    expect(expectStatus(await as(t.http.get('/v1/billing/reservations'), bob), 200).body.data).toHaveLength(0);
  });

  it('fifty parallel renders on credits for ten succeed exactly ten times, never below zero', async () => {
    const carol = await t.account('carol');
    const d = await design(carol);
    await setBalance(carol, 10);
    const results = await Promise.all(Array.from({ length: 50 }, () => as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png' }), carol)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(40);
    expect(await balance(carol)).toBe(0);
    const { rows } = {
      rows: (await ds.query(`SELECT min(balance_after)::int AS min FROM creative.billing_ledger WHERE account_id = $1`, [carol.accountId])) as {
        min: number;
      }[],
    };
    expect(rows[0].min).toBe(0);
  });

  it('a job holds its reservation while queued and running, captures on success, releases on failure and cancel, and a retry reserves again', async () => {
    const jobs = t.app.get(JobsService);
    const charge = { operation: 'video' as const, params: { seconds: 1, width: 160, height: 120, fps: 10 } };
    const price = await estimate('video', charge.params);
    const before = await balance(alice);
    const ok = await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 0.5 }, charge, credentialId: alice.keyId });
    const held = await billing.heldOfJob(ok.id);
    expect(held?.credits).toBe(String(price));
    await waitJob(alice, ok.id, ['succeeded']);
    await sleep(200);
    expect(await billing.heldOfJob(ok.id)).toBeUndefined();
    expect((await billing.lastOfJob(ok.id))?.state).toBe('captured');
    expect(await balance(alice)).toBe(before - price);

    const bad = await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 0.5, fail_attempts: 1 }, charge });
    await waitJob(alice, bad.id, ['failed']);
    await sleep(200);
    expect((await billing.lastOfJob(bad.id))?.state).toBe('released');
    expect(await balance(alice)).toBe(before - price);
    // Retry: reserved again, then captured (the second attempt succeeds).
    expectStatus(await as(t.http.post(`/v1/jobs/${bad.id}/retry`), alice), 202);
    await waitJob(alice, bad.id, ['succeeded']);
    await sleep(200);
    expect((await billing.lastOfJob(bad.id))?.state).toBe('captured');
    expect(await balance(alice)).toBe(before - 2 * price);

    const long = await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 20 }, charge });
    await waitJob(alice, long.id, ['running']);
    // The worker marks the reservation started right after it claims the job (the job shows running a moment before).
    let res = await billing.heldOfJob(long.id);
    for (const end = Date.now() + 2000; !res?.started_at && Date.now() < end; res = await billing.heldOfJob(long.id)) await sleep(20);
    expect(res?.started_at).toBeTruthy();
    // Running: the reservation cannot be released (409), the job can be cancelled (which releases it).
    expectStatus(await as(t.http.post(`/v1/billing/reservations/${res!.id}/release`), alice), 409);
    expectStatus(await as(t.http.post(`/v1/billing/reservations/${res!.id}/release`), bob), 404);
    expectStatus(await as(t.http.post(`/v1/jobs/${long.id}/cancel`), alice), 200);
    await waitJob(alice, long.id, ['cancelled']);
    await sleep(200);
    expect((await billing.lastOfJob(long.id))?.state).toBe('released');
    expect(await balance(alice)).toBe(before - 2 * price);
    expectStatus(await as(t.http.post(`/v1/billing/reservations/${res!.id}/release`), alice), 409);
  });

  it('releasing the reservation of a queued job cancels the job (it never runs) and returns its credits; not for another account, and only once', async () => {
    const jobs = t.app.get(JobsService);
    const charge = { operation: 'video' as const, params: { seconds: 1, width: 160, height: 120, fps: 10 } };
    const price = await estimate('video', charge.params);
    // The job slot (JOB_CONCURRENCY 1 here) busy with a long job, so the next one waits in the queue.
    const blockers = [await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 20 } })];
    for (const b of blockers) await waitJob(alice, b.id, ['running']);
    const before = await balance(alice);
    const queued = await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 0.5 }, charge, credentialId: alice.keyId });
    expect(await balance(alice)).toBe(before - price);
    const held = (await billing.heldOfJob(queued.id))!;
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${queued.id}`), alice), 200).body.state).toBe('queued');
    expectStatus(await as(t.http.post(`/v1/billing/reservations/${held.id}/release`), bob), 404);
    expect(await billing.heldOfJob(queued.id)).toBeDefined();
    const released = expectStatus(await as(t.http.post(`/v1/billing/reservations/${held.id}/release`), alice), 200).body;
    expect(released).toMatchObject({ id: held.id, state: 'released' });
    expect(await balance(alice)).toBe(before);
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${queued.id}`), alice), 200).body).toMatchObject({ state: 'cancelled', attempts: 0 });
    const again = expectStatus(await as(t.http.post(`/v1/billing/reservations/${held.id}/release`), alice), 409);
    expect(again.body.code).toBe('reservation_not_held');
    for (const b of blockers) expectStatus(await as(t.http.post(`/v1/jobs/${b.id}/cancel`), alice), 200);
    for (const b of blockers) await waitJob(alice, b.id, ['cancelled']);
    // The slot free again, the released job stays cancelled and unpaid.
    await sleep(300);
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${queued.id}`), alice), 200).body).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await balance(alice)).toBe(before);
  });

  // Found by tools/chaos (kill-video-worker on a loaded machine): the worker running a video was killed, the job was
  // taken up again more than BILLING_RESERVATION_TTL_SECONDS after its lease ran out, and by then the sweep had
  // released its reservation as a dead worker's: the video succeeded and was never charged.
  it('keeps the hold of a job whose worker died until the job ends: charged when its next run succeeds, released when it fails as lost', async () => {
    const metering = t.app.get(Metering);
    const before = await balance(alice);
    const insertJob = async (id: string, state: string, leaseAgo: string) =>
      ds.query(
        `INSERT INTO creative.jobs (id, account_id, kind, state, request, artifacts, cancel_requested, created_at, updated_at, lease_until, worker_id, attempts, run_seq)
         VALUES ($1, $2, 'animate', $3, '{"seconds":1}', '[]', false, now(), now(), now() - $4::interval, 'dead-worker', 1, 0)`,
        [id, alice.accountId, state, leaseAgo],
      );
    // Two jobs left running by a crashed worker (their lease ran out long ago, nobody took them up yet) and one whose lease is live.
    await insertJob('job_crashed_worker', 'running', '2 hours');
    await insertJob('job_crashed_then_lost', 'running', '2 hours');
    await insertJob('job_live_worker', 'running', '-1 minute');
    const charge = { operation: 'video' as const, params: { seconds: 2, width: 160, height: 120, fps: 10 } };
    for (const jobId of ['job_crashed_worker', 'job_crashed_then_lost', 'job_live_worker'])
      await metering.reserveJob({ accountId: alice.accountId, jobId }, charge);
    expect(await balance(alice)).toBe(before - 6);
    await ds.query(
      `UPDATE creative.billing_reservations SET expires_at = now() - interval '1 second' WHERE job_id IN ('job_crashed_worker', 'job_crashed_then_lost', 'job_live_worker')`,
    );
    const swept = await billing.sweepExpired();
    expect(swept).toMatchObject({ released: 0, extended: 3 });
    for (const id of ['job_crashed_worker', 'job_crashed_then_lost', 'job_live_worker']) expect((await billing.lastOfJob(id))?.state).toBe('held');
    // Taken up again, the first succeeds and is charged; the second is failed as lost (worker_lost) and released.
    await ds.query(`UPDATE creative.jobs SET state = 'succeeded', lease_until = null WHERE id = 'job_crashed_worker'`);
    await metering.jobEnded('job_crashed_worker', 'succeeded');
    expect((await billing.lastOfJob('job_crashed_worker'))?.state).toBe('captured');
    await ds.query(`UPDATE creative.jobs SET state = 'failed', error_code = 'worker_lost', lease_until = null WHERE id = 'job_crashed_then_lost'`);
    await metering.jobEnded('job_crashed_then_lost', 'failed');
    expect((await billing.lastOfJob('job_crashed_then_lost'))?.state).toBe('released');
    await ds.query(`UPDATE creative.jobs SET state = 'failed', lease_until = null WHERE id = 'job_live_worker'`);
    await metering.jobEnded('job_live_worker', 'failed');
    expect(await balance(alice)).toBe(before - 2);
  });

  it('reports usage by day and operation and the account metrics matching what was done; bob sees none of it', async () => {
    const dave = await t.account('dave');
    const d = await design(dave);
    for (const w of [100, 200, 300]) expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png', width: w }), dave), 200);
    expectStatus(await as(t.http.get(`/v1/designs/${d.id}/preview`), dave), 200);
    const summary = expectStatus(await as(t.http.get('/v1/usage/summary'), dave), 200).body;
    expect(summary.days).toBe(30);
    expect(summary.by_operation).toEqual([
      { operation: 'preview', events: 1, units: 1, credits: 0, failed: 0 },
      { operation: 'render', events: 3, units: 3, credits: 3, failed: 0 },
    ]);
    expect(summary.totals).toEqual({ events: 4, credits: 3, failed: 0 });
    expect(summary.by_day).toHaveLength(1);
    const events = expectStatus(await as(t.http.get('/v1/usage/events?limit=3'), dave), 200).body;
    expect(events.data.map((e: { operation: string }) => e.operation)).toEqual(['preview', 'render', 'render']);
    const next = expectStatus(await as(t.http.get(`/v1/usage/events?limit=3&cursor=${events.next_cursor}`), dave), 200).body;
    expect(next.data).toHaveLength(1);
    expect(next.next_cursor).toBeNull();
    const m = expectStatus(await as(t.http.get('/v1/metrics'), dave), 200).body;
    expect(m.renders.count).toBe(3);
    expect(m.renders.p50_ms).toBeGreaterThanOrEqual(0);
    expect(m.credits).toMatchObject({ used: 3, left: 500 - 3, held: 0, plan_id: 'free' });
    expect(m.storage.artifacts).toBe(3);
    expect(m.storage.artifacts_bytes).toBeGreaterThan(0);
    expect(m.jobs).toEqual({ queued: 0, running: 0, succeeded: 0, failed: 0, cancelled: 0 });
    const eve = await t.account('eve');
    expect(expectStatus(await as(t.http.get('/v1/usage/events'), eve), 200).body.data).toHaveLength(0);
    expect(expectStatus(await as(t.http.get('/v1/metrics'), eve), 200).body.credits.used).toBe(0);
    // The Prometheus endpoint is another route.
    const prom = await t.fetch('/metrics');
    expect(prom.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('local gateway: checkout answers a page of the service; completing it in Chromium credits the account once', async () => {
    const frank = await t.account('frank');
    const before = await balance(frank);
    const status = expectStatus(await as(t.http.get('/v1/billing/gateway/status'), frank), 200).body;
    expect(status).toMatchObject({ gateway: 'local', mode: 'test', reachable: true, plan_id: 'free', subscription: null });
    expect(expectStatus(await as(t.http.get('/v1/billing/payment/status'), frank), 200).body.gateway).toBe('local');
    const co = expectStatus(await as(t.http.post('/v1/billing/gateway/checkout').send({ plan_id: 'credits_1000' }), frank), 200).body;
    expect(co.gateway).toBe('local');
    const { pathname, search } = new URL(co.url);
    const path = `${pathname}${search}`;
    expect(path).toMatch(/^\/v1\/billing\/local\/checkout\/chk_\w+\?token=[\w-]{43}$/);
    const token = new URL(co.url).searchParams.get('token')!;
    if (!existsSync('/usr/bin/chromium')) return;
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${t.url}${path}`);
      expect(await page.textContent('#credits')).toContain('1000 credits');
      await Promise.all([page.waitForLoadState(), page.click('#pay')]);
      expect(await page.textContent('#state')).toContain('completed');
      await page.goto(`${t.url}${path}`);
      expect(await page.textContent('#state')).toContain('completed');
    } finally {
      await browser.close();
    }
    expect(await balance(frank)).toBe(before + 1000);
    // Completing again (a double click) answers as the first did; cancelling afterwards is refused; neither changes anything.
    const form = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }).toString() };
    const again = await fetch(`${t.url}${pathname}/complete`, form);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('This checkout is completed.');
    expect((await fetch(`${t.url}${pathname}/cancel`, form)).status).toBe(409);
    expect(await balance(frank)).toBe(before + 1000);
    const purchase = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=1'), frank), 200).body.data[0];
    expect(purchase).toMatchObject({ type: 'purchase', amount: 1000, balance_after: before + 1000 });
    // A plan through the local gateway: cancelled, nothing changes; the portal answers a page.
    const plan = expectStatus(
      await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'pro', cancel_url: 'http://127.0.0.1:1/cancelled' }), frank),
      200,
    ).body;
    const planToken = new URL(plan.url).searchParams.get('token')!;
    const cancelled = await fetch(`${t.url}${new URL(plan.url).pathname}/cancel`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: planToken }),
    });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://127.0.0.1:1/cancelled');
    expect(expectStatus(await as(t.http.get('/v1/billing/plan'), frank), 200).body.plan.id).toBe('free');
    const portal = expectStatus(await as(t.http.post('/v1/billing/gateway/portal').send({}), frank), 200).body;
    expect((await fetch(`${t.url}${new URL(portal.url).pathname}${new URL(portal.url).search}`)).status).toBe(200);
    expect((await fetch(`${t.url}${new URL(portal.url).pathname}`)).status).toBe(403);
  });

  it('ledger and reservations page newest first with a cursor, each account its own', async () => {
    const page1 = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=2'), alice), 200).body;
    expect(page1.data).toHaveLength(2);
    const page2 = expectStatus(await as(t.http.get(`/v1/billing/ledger?limit=2&cursor=${page1.next_cursor}`), alice), 200).body;
    expect(page2.data[0].id).not.toBe(page1.data[1].id);
    expect(new Date(page2.data[0].created_at).getTime()).toBeLessThanOrEqual(new Date(page1.data[1].created_at).getTime());
    const all = expectStatus(await as(t.http.get('/v1/billing/reservations'), bob), 200).body.data;
    expect(all.every((r: { id: string }) => r.id)).toBe(true);
    const aliceIds = new Set(expectStatus(await as(t.http.get('/v1/billing/reservations?limit=100'), alice), 200).body.data.map((r: { id: string }) => r.id));
    expect(all.some((r: { id: string }) => aliceIds.has(r.id))).toBe(false);
  });
});

import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/**
 * Plan changes follow Stripe (docs/creative.md, "Plan changes"): a subscription from the free plan grants its month
 * and starts a period; an upgrade is immediate with the difference prorated to the rest of the period (the period
 * stays); a downgrade waits for the period's end. A checkout that would buy the plan held is refused.
 */
describe('creative billing: plan changes, needless checkouts, the subscription, list limits', () => {
  let t: TestApp<CreativeConfig>;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '100' } });
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const plan = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), who), 200).body;
  const checkouts = async (who: TestAccount) =>
    Number(((await ds.query(`SELECT count(*) AS n FROM creative.billing_checkouts WHERE account_id = $1`, [who.accountId])) as { n: string }[])[0].n);
  /** Opens a local checkout of `planId` and completes it with its token. */
  const buy = async (who: TestAccount, planId: string) => {
    const co = expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: planId }), who), 200).body;
    const url = new URL(co.url);
    expectStatus(
      await t.http
        .post(`${url.pathname}/complete`)
        .type('form')
        .send({ token: url.searchParams.get('token') }),
      200,
    );
  };

  it('pro → studio → pro within seconds grants the largest month once and keeps the period; the downgrade waits for the renewal', async () => {
    const ann = await t.account('ann');
    await buy(ann, 'pro');
    const pro = await plan(ann);
    expect(pro.plan.id).toBe('pro');
    expect(pro.balance).toBe(100 + 5000);

    await buy(ann, 'studio');
    const studio = await plan(ann);
    expect(studio.plan.id).toBe('studio');
    // The upgrade: the difference (20,000), prorated to what is left of the period (nearly all of it); the period stays.
    expect(studio.balance).toBe(100 + 5000 + 20000);
    expect(studio.period_start).toBe(pro.period_start);
    expect(studio.period_end).toBe(pro.period_end);

    await buy(ann, 'pro');
    const down = await plan(ann);
    // The downgrade is scheduled: studio, paid for, stays until the period ends; nothing granted, the period kept.
    expect(down).toMatchObject({ plan: { id: 'studio' }, balance: 100 + 25000, period_end: pro.period_end, scheduled_plan_id: 'pro' });
    // Buying pro again while it is scheduled: 409, nothing opened.
    const opened = await checkouts(ann);
    expect(expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'pro' }), ann), 409).body.code).toBe('plan_change_scheduled');
    expect(await checkouts(ann)).toBe(opened);
    // Studio again calls the downgrade off, granting nothing.
    await buy(ann, 'studio');
    expect(await plan(ann)).toMatchObject({ plan: { id: 'studio' }, balance: 100 + 25000, scheduled_plan_id: null });
    const grants = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=100'), ann), 200).body.data.filter((e: { type: string }) => e.type === 'grant');
    expect(grants.map((e: { amount: number }) => e.amount)).toEqual([20000, 5000, 100]);

    // Scheduled again, then the period ends: the renewal applies pro and grants its month, with a new period.
    await buy(ann, 'pro');
    await ds.query(`UPDATE creative.billing_accounts SET period_end = clock_timestamp() - interval '1 second' WHERE account_id = $1`, [ann.accountId]);
    const renewed = await plan(ann);
    expect(renewed).toMatchObject({ plan: { id: 'pro' }, balance: 100 + 25000 + 5000, scheduled_plan_id: null });
    expect(new Date(renewed.period_end).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
  });

  it('refuses a checkout for the plan already held with 409 plan_already_active and opens nothing; credit packs stay buyable', async () => {
    const ben = await t.account('ben');
    // Free is not bought (422), as before.
    expect(locs(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'free' }), ben))).toEqual(['body.plan_id']);
    await buy(ben, 'pro');
    const before = await plan(ben);
    const opened = await checkouts(ben);
    for (const path of ['/v1/billing/checkout', '/v1/billing/gateway/checkout']) {
      const res = expectStatus(await as(t.http.post(path).send({ plan_id: 'pro' }), ben), 409);
      expect(res.body).toMatchObject({ code: 'plan_already_active', detail: expect.stringContaining('pro') });
    }
    expect(await checkouts(ben)).toBe(opened);
    expect(await plan(ben)).toEqual(before);
    await buy(ben, 'credits_1000');
    expect((await plan(ben)).balance).toBe(before.balance + 1000);
    // Another account on the free plan buys pro as usual.
    const cat = await t.account('cat');
    expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'pro' }), cat), 200);
    expectStatus(await t.http.post('/v1/billing/checkout').send({ plan_id: 'pro' }), 401);
  });

  it('payment/status shows the subscription while on a paid plan, and none on the free plan', async () => {
    const dan = await t.account('dan');
    expect(expectStatus(await as(t.http.get('/v1/billing/payment/status'), dan), 200).body.subscription).toBeNull();
    await buy(dan, 'pro');
    const p = await plan(dan);
    const status = expectStatus(await as(t.http.get('/v1/billing/payment/status'), dan), 200).body;
    expect(status.plan_id).toBe('pro');
    expect(status.subscription).toEqual({
      id: expect.stringMatching(/^sub_local_/),
      status: 'active',
      plan_id: 'pro',
      current_period_start: p.period_start,
      current_period_end: p.period_end,
      scheduled_plan_id: null,
    });
    // Cancelled in the local portal: back to free, the subscription reported as canceled.
    const portal = new URL(expectStatus(await as(t.http.post('/v1/billing/portal').send({}), dan), 200).body.url);
    expectStatus(
      await t.http
        .post(`${portal.pathname}/cancel-subscription`)
        .type('form')
        .send({ token: portal.searchParams.get('token') }),
      303,
    );
    const after = expectStatus(await as(t.http.get('/v1/billing/gateway/status'), dan), 200).body;
    expect(after.plan_id).toBe('free');
    expect(after.subscription).toMatchObject({ id: status.subscription.id, status: 'canceled', plan_id: null });
  });

  it('advertises as max_list_limit exactly the largest limit every list endpoint accepts', async () => {
    const eve = await t.account('eve');
    const max = (await plan(eve)).plan.limits.max_list_limit as number;
    expect(
      expectStatus(await t.http.get('/v1/billing/price-book'), 200).body.plans.every(
        (p: { limits: { max_list_limit: number } }) => p.limits.max_list_limit === max,
      ),
    ).toBe(true);
    for (const path of ['/v1/designs', '/v1/jobs', '/v1/assets', '/v1/billing/ledger', '/v1/billing/reservations', '/v1/usage/events']) {
      expectStatus(await as(t.http.get(`${path}?limit=${max}`), eve), 200);
      expect(locs(await as(t.http.get(`${path}?limit=${max + 1}`), eve))).toEqual(['query.limit']);
    }
  });
});

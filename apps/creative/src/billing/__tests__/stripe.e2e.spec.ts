import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { fakeStripe } from './stripe-server';

const SECRET = 'whsec_test_billing_secret';

describe('creative billing through Stripe (the official SDK against a local Stripe wire-format server)', () => {
  let t: TestApp<CreativeConfig>;
  let stripe: Awaited<ReturnType<typeof fakeStripe>>;
  let alice: TestAccount;
  let bob: TestAccount;
  const sdk = new Stripe('sk_test_unused');

  beforeAll(async () => {
    stripe = await fakeStripe();
    t = await createTestApp(creativeService, {
      env: {
        BILLING_GATEWAY: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_billing',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_BASE: stripe.url,
        BILLING_FREE_MONTHLY_CREDITS: '100',
      },
    });
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const balance = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), who), 200).body;
  const send = (event: Record<string, unknown>, signature?: string) => {
    const payload = JSON.stringify(event);
    return t.http
      .post('/v1/billing/stripe/webhook')
      .set('content-type', 'application/json')
      .set('Stripe-Signature', signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }))
      .send(payload);
  };
  const event = (id: string, type: string, object: Record<string, unknown>) => ({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });

  it('reports the Stripe gateway in test mode, reachable, with the customer once made', async () => {
    const s = expectStatus(await as(t.http.get('/v1/billing/payment/status'), alice), 200).body;
    expect(s).toMatchObject({ gateway: 'stripe', mode: 'test', reachable: true, customer_id: null, subscription: null });
    expect(stripe.requests.some((r) => r.path === '/v1/balance')).toBe(true);
  });

  it('creates a customer and a subscription Checkout Session for a plan, form-encoded, and a Billing Portal session', async () => {
    const co = expectStatus(
      await as(
        t.http.post('/v1/billing/checkout').send({ plan_id: 'pro', success_url: 'https://app.example.com/ok', cancel_url: 'https://app.example.com/no' }),
        alice,
      ),
      200,
    ).body;
    expect(co).toMatchObject({ gateway: 'stripe', plan_id: 'pro' });
    expect(co.checkout_id).toMatch(/^cs_test_/);
    expect(co.url).toContain(co.checkout_id);
    const customer = stripe.requests.find((r) => r.path === '/v1/customers')!;
    expect(customer.form.get('metadata[account_id]')).toBe(alice.accountId);
    expect(String(customer.headers['content-type'])).toContain('application/x-www-form-urlencoded');
    const session = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('success_url')).toBe('https://app.example.com/ok');
    expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe('2900');
    expect(session.form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(session.form.get('subscription_data[metadata][plan_id]')).toBe('pro');
    const status = expectStatus(await as(t.http.get('/v1/billing/gateway/status'), alice), 200).body;
    expect(status.customer_id).toMatch(/^cus_/);
    // A credit pack is a one-time payment, for the same customer.
    expectStatus(await as(t.http.post('/v1/billing/gateway/checkout').send({ plan_id: 'credits_1000' }), alice), 200);
    const pack = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(pack.form.get('mode')).toBe('payment');
    expect(pack.form.get('customer')).toBe(status.customer_id);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    const portal = expectStatus(await as(t.http.post('/v1/billing/portal').send({ return_url: 'https://app.example.com/account' }), alice), 200).body;
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect(stripe.requests.at(-1)!.form.get('return_url')).toBe('https://app.example.com/account');
    expect(locs(await as(t.http.post('/v1/billing/gateway/portal').send({ return_url: 'not a url' }), alice))).toEqual(['body.return_url']);
  });

  it('applies webhook events once per id, refuses a bad signature with 400 and changes nothing', async () => {
    const { customer_id: customer } = expectStatus(await as(t.http.get('/v1/billing/gateway/status'), alice), 200).body;
    const start = (await balance(alice)).balance;
    const pack = event('evt_pack_1', 'checkout.session.completed', {
      id: 'cs_test_pack',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      customer,
      metadata: { account_id: alice.accountId, plan_id: 'credits_1000' },
    });
    expect(expectStatus(await send(pack), 200).body).toEqual({ received: true, applied: true, type: 'checkout.session.completed' });
    expect((await balance(alice)).balance).toBe(start + 1000);
    // Replayed: acknowledged, applied once.
    expect(expectStatus(await send(pack), 200).body.applied).toBe(false);
    expect((await balance(alice)).balance).toBe(start + 1000);
    // Bad signature: 400, nothing changed.
    const forged = event('evt_forged', 'checkout.session.completed', { ...pack.data.object, id: 'cs_test_forged' });
    const bad = expectStatus(await send(forged, sdk.webhooks.generateTestHeaderString({ payload: JSON.stringify(forged), secret: 'whsec_wrong' })), 400);
    expect(bad.body.code).toBe('invalid_signature');
    expectStatus(await t.http.post('/v1/billing/stripe/webhook').set('content-type', 'application/json').send(JSON.stringify(forged)), 400);
    expect((await balance(alice)).balance).toBe(start + 1000);

    // The subscription checkout completes: plan pro with its monthly credits.
    const sub = event('evt_sub_1', 'checkout.session.completed', {
      id: 'cs_test_sub',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      customer,
      subscription: 'sub_123',
      metadata: { account_id: alice.accountId, plan_id: 'pro' },
    });
    expectStatus(await send(sub), 200);
    let plan = await balance(alice);
    expect(plan.plan.id).toBe('pro');
    expect(plan.balance).toBe(start + 1000 + 5000);
    expect(expectStatus(await as(t.http.get('/v1/billing/payment/status'), alice), 200).body.subscription).toMatchObject({
      id: 'sub_123',
      status: 'active',
      plan_id: 'pro',
    });
    // Upgraded to studio through the portal.
    expectStatus(
      await send(
        event('evt_sub_2', 'customer.subscription.updated', {
          id: 'sub_123',
          object: 'subscription',
          status: 'active',
          customer,
          metadata: { account_id: alice.accountId, plan_id: 'studio' },
        }),
      ),
      200,
    );
    plan = await balance(alice);
    expect(plan.plan.id).toBe('studio');
    // An upgrade: the difference of the months (20,000), prorated to the rest of the period (nearly all of it).
    expect(plan.balance).toBe(start + 1000 + 5000 + 20000);
    // A renewal invoice grants the month; the first invoice (subscription_create) does not (the checkout did).
    expectStatus(await send(event('evt_inv_0', 'invoice.paid', { id: 'in_0', object: 'invoice', customer, billing_reason: 'subscription_create' })), 200);
    expectStatus(await send(event('evt_inv_1', 'invoice.paid', { id: 'in_1', object: 'invoice', customer, billing_reason: 'subscription_cycle' })), 200);
    expectStatus(await send(event('evt_inv_1', 'invoice.paid', { id: 'in_1', object: 'invoice', customer, billing_reason: 'subscription_cycle' })), 200);
    expect((await balance(alice)).balance).toBe(start + 1000 + 5000 + 20000 + 25000);
    // Cancelled: back to free, the credits stay.
    expectStatus(
      await send(event('evt_sub_3', 'customer.subscription.deleted', { id: 'sub_123', object: 'subscription', status: 'canceled', customer, metadata: {} })),
      200,
    );
    plan = await balance(alice);
    expect(plan.plan.id).toBe('free');
    expect(expectStatus(await as(t.http.get('/v1/billing/payment/status'), alice), 200).body.subscription.status).toBe('canceled');
    const ledger = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=10'), alice), 200).body.data;
    expect(ledger.filter((e: { reference: string | null }) => e.reference === 'stripe:evt_pack_1')).toHaveLength(1);
    // Bob is untouched.
    expect((await balance(bob)).balance).toBe(100);
  });

  it('follows Stripe on plan changes: a running subscription is changed in the portal (409 on checkout), a downgrade waits for the renewal invoice', async () => {
    const carol = await t.account('carol');
    expect(expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'studio' }), carol), 200).body.plan_id).toBe('studio');
    const { customer_id: customer } = expectStatus(await as(t.http.get('/v1/billing/payment/status'), carol), 200).body;
    const sub = (id: string, type: string, planId: string) =>
      send(
        event(id, type, { id: 'sub_carol', object: 'subscription', status: 'active', customer, metadata: { account_id: carol.accountId, plan_id: planId } }),
      );
    expectStatus(
      await send(
        event('evt_c_1', 'checkout.session.completed', {
          id: 'cs_test_carol',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          customer,
          subscription: 'sub_carol',
          metadata: { account_id: carol.accountId, plan_id: 'studio' },
        }),
      ),
      200,
    );
    const studio = await balance(carol);
    expect(studio).toMatchObject({ plan: { id: 'studio' }, balance: 100 + 25000 });
    expectStatus(await sub('evt_c_2', 'customer.subscription.created', 'studio'), 200);
    expect((await balance(carol)).balance).toBe(100 + 25000);
    // Checkouts that would charge again: the plan held, or a second subscription next to the running one. No Stripe call.
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    expect(expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'studio' }), carol), 409).body.code).toBe('plan_already_active');
    const other = expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'pro' }), carol), 409).body;
    expect(other.code).toBe('subscription_active');
    expect(other.detail).toContain('/v1/billing/portal');
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(sessions);
    // Downgraded in the portal: studio stays until the period ends, nothing granted; pro again, back, and again.
    expectStatus(await sub('evt_c_3', 'customer.subscription.updated', 'pro'), 200);
    expectStatus(await sub('evt_c_4', 'customer.subscription.updated', 'studio'), 200);
    expectStatus(await sub('evt_c_5', 'customer.subscription.updated', 'pro'), 200);
    const down = await balance(carol);
    expect(down).toMatchObject({ plan: { id: 'studio' }, balance: 100 + 25000, scheduled_plan_id: 'pro', period_end: studio.period_end });
    const status = expectStatus(await as(t.http.get('/v1/billing/payment/status'), carol), 200).body;
    expect(status.subscription).toMatchObject({ id: 'sub_carol', status: 'active', plan_id: 'studio', scheduled_plan_id: 'pro' });
    // The renewal invoice applies it: pro's month, a new period.
    expectStatus(await send(event('evt_c_6', 'invoice.paid', { id: 'in_c', object: 'invoice', customer, billing_reason: 'subscription_cycle' })), 200);
    const renewed = await balance(carol);
    expect(renewed).toMatchObject({ plan: { id: 'pro' }, balance: 100 + 25000 + 5000, scheduled_plan_id: null });
    expect(renewed.period_start >= studio.period_start).toBe(true);
  });

  it('grants a subscribed month once: the period ending before the renewal invoice grants nothing, the paid invoice grants it', async () => {
    const dan = await t.account('dan');
    expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'pro' }), dan), 200);
    const { customer_id: customer } = expectStatus(await as(t.http.get('/v1/billing/payment/status'), dan), 200).body;
    expectStatus(
      await send(
        event('evt_d_1', 'checkout.session.completed', {
          id: 'cs_test_dan',
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          customer,
          subscription: 'sub_dan',
          metadata: { account_id: dan.accountId, plan_id: 'pro' },
        }),
      ),
      200,
    );
    expect(await balance(dan)).toMatchObject({ plan: { id: 'pro' }, balance: 100 + 5000 });
    // The period ends; Stripe pays the renewal invoice later. Requests in between (a read, a paid render's reservation
    // path reads the same row) grant nothing: the clock does not renew a gateway's subscription.
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE creative.billing_accounts SET period_end = clock_timestamp() - interval '1 second' WHERE account_id = $1`, [dan.accountId]);
    expect((await balance(dan)).balance).toBe(100 + 5000);
    expect((await balance(dan)).balance).toBe(100 + 5000);
    // The renewal invoice is paid: one month, a new period.
    expectStatus(await send(event('evt_d_2', 'invoice.paid', { id: 'in_d', object: 'invoice', customer, billing_reason: 'subscription_cycle' })), 200);
    const renewed = await balance(dan);
    expect(renewed.balance).toBe(100 + 5000 + 5000);
    expect(new Date(renewed.period_end).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const grants = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=100'), dan), 200).body.data.filter((e: { type: string }) => e.type === 'grant');
    expect(grants.map((e: { amount: number }) => e.amount)).toEqual([5000, 5000, 100]);
    // The subscription ends: back on the free plan, the clock renews again (the free month) once the period is over.
    expectStatus(
      await send(event('evt_d_3', 'customer.subscription.deleted', { id: 'sub_dan', object: 'subscription', status: 'canceled', customer, metadata: {} })),
      200,
    );
    await ds.query(`UPDATE creative.billing_accounts SET period_end = clock_timestamp() - interval '1 second' WHERE account_id = $1`, [dan.accountId]);
    expect(await balance(dan)).toMatchObject({ plan: { id: 'free' }, balance: 100 + 5000 + 5000 + 100 });
  });

  it("answers 502 payment_gateway_error with Stripe's message when Stripe refuses", async () => {
    await stripe.close();
    const res = expectStatus(await as(t.http.post('/v1/billing/checkout').send({ plan_id: 'pro' }), bob), 502);
    expect(res.body.code).toBe('payment_gateway_error');
    expect(expectStatus(await as(t.http.get('/v1/billing/gateway/status'), bob), 200).body.reachable).toBe(false);
  });
});

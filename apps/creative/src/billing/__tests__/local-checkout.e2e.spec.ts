import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser, chromium } from 'playwright-core';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

// Debian's Chromium (apt-get install chromium); the test never downloads a browser.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The local gateway's checkout: completing (or cancelling) it needs the single-use token of the URL answered to the
 * account that opened it. Without it, with another, or used, nothing is credited.
 */
describe('creative billing: the local checkout needs its token', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const balance = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), who), 200).body.balance as number;
  const ledgerSize = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/ledger?limit=100'), who), 200).body.data.length as number;
  /** A local checkout of `who`: its id, path (without the token) and token. */
  const checkout = async (who: TestAccount, body: Record<string, unknown> = { plan_id: 'credits_10000' }) => {
    const co = expectStatus(await as(t.http.post('/v1/billing/checkout').send(body), who), 200).body;
    const url = new URL(co.url);
    return { id: co.checkout_id as string, path: url.pathname, token: url.searchParams.get('token') ?? '', url: co.url as string };
  };
  const complete = (path: string, token?: unknown) => {
    const req = t.http.post(`${path}/complete`);
    return token === undefined ? req : req.type('form').send({ token });
  };
  const stateOf = async (id: string) => ((await ds.query(`SELECT state FROM creative.billing_checkouts WHERE id = $1`, [id])) as { state: string }[])[0].state;
  const refused = (res: { status: number; body: unknown; headers: Record<string, string> }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ code, detail: expect.any(String) });
  };

  it('hands out credits for free no more: completing without the token, or with a wrong one, is refused and credits nothing', async () => {
    const before = await balance(alice);
    const entries = await ledgerSize(alice);
    const co = await checkout(alice);
    expect(co.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The attack as reported: POST <url>/complete with nothing else.
    refused(await complete(co.path), 403, 'invalid_checkout_token');
    refused(await t.http.post(`${co.path}/complete`).send({}), 403, 'invalid_checkout_token');
    refused(await complete(co.path, ''), 403, 'invalid_checkout_token');
    refused(await complete(co.path, randomBytes(32).toString('base64url')), 403, 'invalid_checkout_token');
    refused(await complete(co.path, `${co.token.slice(0, -1)}${co.token.endsWith('A') ? 'B' : 'A'}`), 403, 'invalid_checkout_token');
    refused(await complete(co.path, co.token.toUpperCase() === co.token ? co.token.toLowerCase() : co.token.toUpperCase()), 403, 'invalid_checkout_token');
    refused(await complete(co.path, `${co.token}x`), 403, 'invalid_checkout_token');
    refused(await t.http.post(`${co.path}/complete`).send({ token: [co.token] }), 403, 'invalid_checkout_token');
    // In the query string instead of the body: not accepted either.
    refused(await t.http.post(`${co.path}/complete?token=${co.token}`), 403, 'invalid_checkout_token');
    refused(await t.http.post(`${co.path}/cancel`), 403, 'invalid_checkout_token');
    // The page itself needs it too.
    refused(await t.http.get(co.path), 403, 'invalid_checkout_token');
    refused(await t.http.get(`${co.path}?token=${randomBytes(32).toString('base64url')}`), 403, 'invalid_checkout_token');
    expect(await balance(alice)).toBe(before);
    expect(await ledgerSize(alice)).toBe(entries);
    expect(await stateOf(co.id)).toBe('open');
    // The failed attempts used nothing up: the token still completes it.
    expectStatus(await complete(co.path, co.token), 200);
    expect(await balance(alice)).toBe(before + 10_000);
  });

  it("refuses another account's checkout id with that account's own token, and crediting nobody", async () => {
    const aliceBefore = await balance(alice);
    const bobBefore = await balance(bob);
    const hers = await checkout(alice);
    const his = await checkout(bob);
    refused(await complete(hers.path, his.token), 403, 'invalid_checkout_token');
    refused(await t.http.post(`${hers.path}/cancel`).type('form').send({ token: his.token }), 403, 'invalid_checkout_token');
    refused(await t.http.get(`${hers.path}?token=${his.token}`), 403, 'invalid_checkout_token');
    // Alice's token does not open Bob's either.
    refused(await complete(his.path, hers.token), 403, 'invalid_checkout_token');
    expect(await balance(alice)).toBe(aliceBefore);
    expect(await balance(bob)).toBe(bobBefore);
    expect(await stateOf(hers.id)).toBe('open');
    expect(await stateOf(his.id)).toBe('open');
  });

  it('uses a token up: the other outcome afterwards is 409 checkout_closed; a repeated complete lands where the first did and credits nothing more', async () => {
    const before = await balance(alice);
    const co = await checkout(alice, { plan_id: 'credits_1000', success_url: 'https://app.example.com/paid?x=1' });
    const done = await complete(co.path, co.token);
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('https://app.example.com/paid?x=1');
    expect(await balance(alice)).toBe(before + 1000);
    // The buyer's second click (or a reload of the POST): the success URL again, not an error page.
    for (let i = 0; i < 3; i++) {
      const again = await complete(co.path, co.token);
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe('https://app.example.com/paid?x=1');
    }
    // As JSON, as a script would send it: the same.
    expect((await t.http.post(`${co.path}/complete`).send({ token: co.token })).headers.location).toBe('https://app.example.com/paid?x=1');
    refused(await t.http.post(`${co.path}/cancel`).type('form').send({ token: co.token }), 409, 'checkout_closed');
    // Any other token is still refused.
    refused(await complete(co.path, randomBytes(32).toString('base64url')), 403, 'invalid_checkout_token');
    refused(await complete(co.path), 403, 'invalid_checkout_token');
    expect(await balance(alice)).toBe(before + 1000);
    expect(await stateOf(co.id)).toBe('completed');
    const purchases = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=100'), alice), 200).body.data.filter(
      (e: { reference: string | null }) => e.reference === `local:${co.id}`,
    );
    expect(purchases).toHaveLength(1);
    // Its page still shows where it stands, to whoever holds the token, without the forms.
    const page = expectStatus(await t.http.get(`${co.path}?token=${co.token}`), 200);
    expect(page.text).toContain('This checkout is completed.');
    expect(page.text).not.toContain('<form');

    // A cancelled checkout's token is used up too: it cannot complete it afterwards; cancelling again lands on the cancel URL.
    const cancelled = await checkout(alice, { plan_id: 'credits_1000', cancel_url: 'https://app.example.com/back' });
    expect((await t.http.post(`${cancelled.path}/cancel`).type('form').send({ token: cancelled.token })).headers.location).toBe('https://app.example.com/back');
    refused(await complete(cancelled.path, cancelled.token), 409, 'checkout_closed');
    const twice = await t.http.post(`${cancelled.path}/cancel`).type('form').send({ token: cancelled.token });
    expect(twice.status).toBe(303);
    expect(twice.headers.location).toBe('https://app.example.com/back');
    expect(await balance(alice)).toBe(before + 1000);
  });

  it('credits exactly once for parallel completes with the same token, each answered as the winner was', async () => {
    const before = await balance(bob);
    const entries = await ledgerSize(bob);
    const co = await checkout(bob, { plan_id: 'credits_10000', success_url: 'https://app.example.com/paid' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => complete(co.path, co.token)));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(303));
    for (const r of answers) expect(r.headers.location).toBe('https://app.example.com/paid');
    expect(await balance(bob)).toBe(before + 10_000);
    expect(await ledgerSize(bob)).toBe(entries + 1);
    // Without a success URL: the page that says it is completed, every time.
    const plain = await checkout(bob, { plan_id: 'credits_1000' });
    const pages = await Promise.all(Array.from({ length: 4 }, () => complete(plain.path, plain.token)));
    for (const r of pages) {
      expect(r.status).toBe(200);
      expect(r.text).toContain('This checkout is completed.');
    }
    expect(await balance(bob)).toBe(before + 11_000);
    // Complete and cancel racing: one of them wins, and only a completion credits.
    const raced = await checkout(bob, { plan_id: 'credits_1000' });
    const [a, b] = await Promise.all([complete(raced.path, raced.token), t.http.post(`${raced.path}/cancel`).type('form').send({ token: raced.token })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balance(bob)).toBe(before + 11_000 + (a.status === 200 ? 1000 : 0));
  });

  it('stores only the SHA-256 of the token, and answers it in the URL of the account that opened the checkout only', async () => {
    const co = await checkout(alice, { plan_id: 'pro', success_url: 'https://app.example.com/ok' });
    const [row] = (await ds.query(`SELECT token_hash, row_to_json(c)::text AS whole FROM creative.billing_checkouts c WHERE id = $1`, [co.id])) as {
      token_hash: Buffer;
      whole: string;
    }[];
    expect(row.token_hash.equals(createHash('sha256').update(co.token).digest())).toBe(true);
    expect(row.whole).not.toContain(co.token);
    // Each checkout has its own token.
    const again = await checkout(alice, { plan_id: 'pro' });
    expect(again.token).not.toBe(co.token);
    // Bob's status and ledger tell him nothing of Alice's checkouts.
    const status = expectStatus(await as(t.http.get('/v1/billing/payment/status'), bob), 200);
    expect(status.text).not.toContain(co.token);
  });

  it("serves the page with the token in its forms and a policy that lets them go to this service and the success and cancel URLs' origins only", async () => {
    const co = await checkout(alice, { plan_id: 'credits_1000', success_url: 'https://shop.example.com:8443/done?o=1', cancel_url: 'http://127.0.0.1:9/back' });
    const page = expectStatus(await t.http.get(`${co.path}?token=${co.token}`), 200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((page.text.match(new RegExp(`<input type="hidden" name="token" value="${co.token}">`, 'g')) ?? []).length).toBe(2);
    const policy = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(policy).toContain("form-action 'self' https://shop.example.com:8443 http://127.0.0.1:9");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // Without success and cancel URLs: this service only.
    const plain = await checkout(alice, { plan_id: 'credits_1000' });
    const own = expectStatus(await t.http.get(`${plain.path}?token=${plain.token}`), 200);
    expect(String(own.headers['content-security-policy'])).toContain("form-action 'self';");
  });

  /** A local billing portal session of `who`: its id, path (without the token) and token. */
  const portal = async (who: TestAccount, body: Record<string, unknown> = {}) => {
    const p = expectStatus(await as(t.http.post('/v1/billing/portal').send(body), who), 200).body;
    const url = new URL(p.url);
    return { id: url.pathname.split('/').pop()!, path: url.pathname, token: url.searchParams.get('token') ?? '', url: p.url as string };
  };
  const cancelSubscription = (path: string, token?: unknown) => {
    const req = t.http.post(`${path}/cancel-subscription`);
    return token === undefined ? req : req.type('form').send({ token });
  };
  const planOf = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/billing/plan'), who), 200).body.plan.id as string;
  const subscribe = async (who: TestAccount) => {
    const co = await checkout(who, { plan_id: 'pro' });
    expectStatus(await complete(co.path, co.token), 200);
    expect(await planOf(who)).toBe('pro');
  };

  describe('the local billing portal', () => {
    let carol: TestAccount;
    beforeAll(async () => {
      carol = await t.account('carol');
    });

    it('needs the token of its URL to show and to cancel the subscription: without it, or with another, nothing changes', async () => {
      await subscribe(carol);
      const p = await portal(carol, { return_url: 'https://app.example.com/account' });
      expect(p.path).toMatch(/^\/v1\/billing\/local\/portal\/bps_\w+$/);
      expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const hers = await checkout(carol, { plan_id: 'credits_1000' });
      const his = await portal(bob);
      // The attack as reported: POST <url>/cancel-subscription with nothing else.
      refused(await cancelSubscription(p.path), 403, 'invalid_portal_token');
      refused(await t.http.post(`${p.path}/cancel-subscription`).send({}), 403, 'invalid_portal_token');
      refused(await cancelSubscription(p.path, randomBytes(32).toString('base64url')), 403, 'invalid_portal_token');
      refused(await cancelSubscription(p.path, `${p.token}x`), 403, 'invalid_portal_token');
      refused(await t.http.post(`${p.path}/cancel-subscription`).send({ token: [p.token] }), 403, 'invalid_portal_token');
      refused(await t.http.post(`${p.path}/cancel-subscription?token=${p.token}`), 403, 'invalid_portal_token');
      // Another session's token (Bob's portal, Carol's own checkout) does not open it.
      refused(await cancelSubscription(p.path, his.token), 403, 'invalid_portal_token');
      refused(await cancelSubscription(p.path, hers.token), 403, 'invalid_portal_token');
      // Nor does a portal token complete a checkout.
      refused(await complete(hers.path, p.token), 403, 'invalid_checkout_token');
      // The page needs it too.
      refused(await t.http.get(p.path), 403, 'invalid_portal_token');
      refused(await t.http.get(`${p.path}?token=${his.token}`), 403, 'invalid_portal_token');
      expect(await planOf(carol)).toBe('pro');
      expect(await stateOf(p.id)).toBe('open');

      // With it: the page has the form (the token in a hidden field), and cancelling works.
      const page = expectStatus(await t.http.get(`${p.path}?token=${p.token}`), 200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.text).toContain(`<input type="hidden" name="token" value="${p.token}">`);
      expect(page.text).toContain('id="cancel-subscription"');
      const cancelled = await cancelSubscription(p.path, p.token);
      expect(cancelled.status).toBe(303);
      expect(cancelled.headers.location).toBe(`${p.path}?token=${p.token}`);
      expect(await planOf(carol)).toBe('free');
      expect(await stateOf(p.id)).toBe('completed');
      const after = expectStatus(await t.http.get(cancelled.headers.location), 200);
      expect(after.text).toContain('id="plan">free<');
      expect(after.text).not.toContain('<form');
    });

    it('uses the token up: a repeat lands on the page again and cancels nothing more, even a subscription bought since', async () => {
      await subscribe(carol);
      const p = await portal(carol);
      const answers = await Promise.all(Array.from({ length: 4 }, () => cancelSubscription(p.path, p.token)));
      for (const r of answers) {
        expect(r.status).toBe(303);
        expect(r.headers.location).toBe(`${p.path}?token=${p.token}`);
      }
      expect(await planOf(carol)).toBe('free');
      // Subscribed again: the used session's token no longer cancels anything.
      await subscribe(carol);
      expect((await cancelSubscription(p.path, p.token)).status).toBe(303);
      expect(await planOf(carol)).toBe('pro');
      // A new session does.
      const fresh = await portal(carol);
      expect(fresh.token).not.toBe(p.token);
      expectStatus(await cancelSubscription(fresh.path, fresh.token), 303);
      expect(await planOf(carol)).toBe('free');
    });

    it('stores only the SHA-256 of the portal token', async () => {
      const p = await portal(carol);
      const [row] = (await ds.query(`SELECT token_hash, row_to_json(c)::text AS whole FROM creative.billing_checkouts c WHERE id = $1`, [p.id])) as {
        token_hash: Buffer;
        whole: string;
      }[];
      expect(row.token_hash.equals(createHash('sha256').update(p.token).digest())).toBe(true);
      expect(row.whole).not.toContain(p.token);
    });
  });

  it('keeps the checkout and portal URLs (their tokens) out of the stored idempotent responses; a replay answers the same URL', async () => {
    const stored = async (key: string) =>
      (
        (await ds.query(`SELECT response_body::text AS body FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key])) as {
          body: string;
        }[]
      )[0].body;
    for (const [path, body] of [
      ['/v1/billing/checkout', { plan_id: 'credits_1000' }],
      ['/v1/billing/gateway/checkout', { plan_id: 'pro' }],
      ['/v1/billing/portal', {}],
      ['/v1/billing/gateway/portal', { return_url: 'https://app.example.com/account' }],
    ] as const) {
      const key = `idem-${path}`;
      const first = expectStatus(await as(t.http.post(path).set('Idempotency-Key', key).send(body), alice), 200);
      const token = new URL(first.body.url).searchParams.get('token')!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const raw = await stored(key);
      expect(raw).not.toContain(token);
      expect(raw).not.toContain('/v1/billing/local/');
      expect(JSON.parse(raw)).toEqual({ sealed: expect.stringMatching(/^v1:/) });
      const replay = expectStatus(await as(t.http.post(path).set('Idempotency-Key', key).send(body), alice), 200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(first.body);
    }
  });

  (existsSync(CHROMIUM) ? describe : describe.skip)('in a real browser (Chromium through playwright-core)', () => {
    let browser: Browser;
    let receiver: Server;
    let receiverUrl: string;
    const received: string[] = [];

    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      // The shop the buyer returns to: another origin (another loopback port).
      receiver = createServer((req: IncomingMessage, res) => {
        received.push(req.url ?? '');
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><title>Shop</title><p id="landed">${req.url?.startsWith('/paid') ? 'paid' : 'cancelled'}</p>`);
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      expect(receiverUrl).not.toBe(t.url);
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => receiver?.close(resolve));
    });

    it('clicking Complete purchase lands on the success URL of another origin, credited once; Cancel on the cancel URL', async () => {
      const before = await balance(bob);
      const co = await checkout(bob, { plan_id: 'credits_1000', success_url: `${receiverUrl}/paid?order=7`, cancel_url: `${receiverUrl}/cancelled` });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const blocked: string[] = [];
        page.on('console', (m) => blocked.push(m.text()));
        await page.goto(`${t.url}${co.path}?token=${co.token}`);
        expect(await page.textContent('#credits')).toContain('1000 credits');
        await Promise.all([page.waitForURL(`${receiverUrl}/paid?order=7`, { timeout: 10_000 }), page.click('#pay')]);
        expect(await page.textContent('#landed')).toBe('paid');
        expect(blocked.filter((l) => /Content Security Policy/i.test(l))).toEqual([]);
        expect(received).toContain('/paid?order=7');

        const other = await checkout(bob, { plan_id: 'credits_1000', success_url: `${receiverUrl}/paid`, cancel_url: `${receiverUrl}/cancelled` });
        await page.goto(`${t.url}${other.path}?token=${other.token}`);
        await Promise.all([page.waitForURL(`${receiverUrl}/cancelled`, { timeout: 10_000 }), page.click('#cancel')]);
        expect(await page.textContent('#landed')).toBe('cancelled');
        expect(await stateOf(other.id)).toBe('cancelled');
      } finally {
        await context.close();
      }
      expect(await balance(bob)).toBe(before + 1000);
    });

    it('clicking Cancel subscription on the portal page cancels it and shows the page again, on the free plan', async () => {
      const dave = await t.account('dave');
      await subscribe(dave);
      const p = await portal(dave, { return_url: `${receiverUrl}/account` });
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const blocked: string[] = [];
        page.on('console', (m) => blocked.push(m.text()));
        await page.goto(`${t.url}${p.path}?token=${p.token}`);
        expect(await page.textContent('#plan')).toBe('pro');
        await Promise.all([page.waitForURL(`${t.url}${p.path}?token=${p.token}`, { waitUntil: 'load', timeout: 10_000 }), page.click('#cancel-subscription')]);
        await page.waitForSelector('#state');
        expect(await page.textContent('#plan')).toBe('free');
        expect(await page.$('#cancel-subscription')).toBeNull();
        expect(blocked.filter((l) => /Content Security Policy/i.test(l))).toEqual([]);
      } finally {
        await context.close();
      }
      expect(await planOf(dave)).toBe('free');
      expect(await stateOf(p.id)).toBe('completed');
    });

    it('tells the shop nothing of the token through the Referer', async () => {
      const seen: (string | undefined)[] = [];
      const spy = createServer((req, res) => {
        // The page itself (not the favicon the browser asks for next).
        if (req.url === '/paid') seen.push(req.headers.referer);
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p id="landed">ok</p>');
      });
      await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
      const spyUrl = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
      const context = await browser.newContext();
      try {
        const co = await checkout(bob, { plan_id: 'credits_1000', success_url: `${spyUrl}/paid` });
        const page = await context.newPage();
        await page.goto(`${t.url}${co.path}?token=${co.token}`);
        await Promise.all([page.waitForURL(`${spyUrl}/paid`, { timeout: 10_000 }), page.click('#pay')]);
        expect(seen).toHaveLength(1);
        expect(seen[0]).toBeUndefined();
      } finally {
        await context.close();
        await new Promise((resolve) => spy.close(resolve));
      }
    });
  });
});

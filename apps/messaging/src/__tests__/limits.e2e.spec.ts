import { ApiKeyService } from '@platform/auth';
import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { messagingService } from '../service';
import { App, auth, createAgent, createConversation } from './helpers';

describe('messaging rate limit', () => {
  let t: App;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(messagingService, { env: { RATE_LIMIT_PER_MINUTE: '5' } });
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('answers 429 rate_limit_exceeded with retry_after in the messaging envelope', async () => {
    const agent = await createAgent(t, alice);
    const conv = await createConversation(t, alice, agent.id);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await t.http
        .post(`/v1/conversations/${conv.id}/messages`)
        .set(auth(alice))
        .send({ content: `hi ${i}` });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(last!.body).toEqual({ error: 'rate_limit_exceeded', message: expect.any(String), status: 429, retry_after: expect.any(Number) });
    expect(last!.headers['retry-after']).toBe(String(last!.body.retry_after));
    // Platform webhooks are not counted against the limit.
    expect((await t.http.post('/v1/inbound/telegram/chn_unknown').send({})).status).toBe(404);
    expectStatus(await t.http.get('/healthz'), 200);
  });
});

describe('messaging failed-credential throttle (AUTH_FAILURES_PER_ADDRESS=3)', () => {
  let t: App;
  let alice: TestAccount;
  // Requests come from 127.0.0.1, configured as a trusted proxy: X-Forwarded-For names the client address.
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const wrong = (i: number) => ({ Authorization: `Bearer msg_live_wrong${i}${'x'.repeat(30)}` });

  beforeAll(async () => {
    t = await createTestApp(messagingService, { env: { AUTH_FAILURES_PER_ADDRESS: '3', TRUSTED_PROXIES: '10.9.0.0/16, 127.0.0.1' } });
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('answers 429 to every credential from an address after 3 distinct wrong ones, until the window ends', async () => {
    const attacker = from('203.0.113.7');
    for (let i = 0; i < 3; i++) expectStatus(await t.http.get('/v1/agents').set(attacker).set(wrong(i)), 401);
    const blocked = expectStatus(await t.http.get('/v1/agents').set(attacker).set(auth(alice)), 429);
    expect(blocked.body).toEqual({
      error: 'rate_limit_exceeded',
      message: expect.stringMatching(/^Too many failed credentials from this address; retry in \d+ s$/),
      status: 429,
      retry_after: expect.any(Number),
    });
    expect(blocked.body.retry_after).toBeGreaterThan(500);
    expect(blocked.body.retry_after).toBeLessThanOrEqual(600);
    expect(blocked.headers['retry-after']).toBe(String(blocked.body.retry_after));
    expectStatus(await t.http.get('/v1/agents').set(attacker).set(wrong(99)), 429);
    // No credential is not a failed credential; other addresses are not affected.
    expectStatus(await t.http.get('/v1/agents').set(attacker), 401);
    expectStatus(await t.http.get('/v1/agents').set(from('198.51.100.9')).set(auth(alice)), 200);
    expectStatus(await t.http.get('/v1/agents').set(auth(alice)), 200);
  });

  it('counts a wrong credential retried over and over once: one misconfigured client locks nobody out', async () => {
    const office = from('192.0.2.44');
    const old = await t.account('rotated');
    await t.app.get(ApiKeyService).revokeKey(old.accountId, old.keyId);
    for (let i = 0; i < 20; i++) expectStatus(await t.http.get('/v1/agents').set(office).set(auth(old)), 401);
    expectStatus(await t.http.get('/v1/agents').set(office).set(wrong(1)), 401);
    expectStatus(await t.http.get('/v1/agents').set(office).set(auth(alice)), 200);
  });
});

describe('messaging failed-credential throttle without trusted proxies (the default)', () => {
  let t: App;
  let alice: TestAccount;
  const wrong = (i: number) => ({ Authorization: `Bearer msg_live_wrong${i}${'x'.repeat(30)}` });

  beforeAll(async () => {
    t = await createTestApp(messagingService, { env: { AUTH_FAILURES_PER_ADDRESS: '3' } });
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('counts the connection peer: a client next to the service cannot rotate X-Forwarded-For to escape the count', async () => {
    for (let i = 0; i < 3; i++) {
      expectStatus(
        await t.http
          .get('/v1/agents')
          .set({ 'X-Forwarded-For': `203.0.113.${i + 1}` })
          .set(wrong(i)),
        401,
      );
    }
    // 127.0.0.1 is blocked whatever address it claims to forward for.
    expectStatus(await t.http.get('/v1/agents').set({ 'X-Forwarded-For': '198.51.100.200' }).set(auth(alice)), 429);
    expectStatus(await t.http.get('/v1/agents').set({ 'X-Forwarded-For': '203.0.113.1, 198.51.100.201' }).set(wrong(50)), 429);
    expectStatus(await t.http.get('/v1/agents').set(auth(alice)), 429);
  });
});

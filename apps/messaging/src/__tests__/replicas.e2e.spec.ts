import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import type { MessagingConfig } from '../config';
import { messagingService } from '../service';

// Two replicas of the service behind one Redis must share one rate-limit count per key.
(!process.env.TEST_REDIS_URL ? describe.skip : describe)('messaging replicas', () => {
  let a: TestApp<MessagingConfig>;
  let b: TestApp<MessagingConfig>;
  let key: TestAccount;

  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '4', AUTH_FAILURES_PER_ADDRESS: '2', TRUSTED_PROXIES: '127.0.0.1' };
    a = await createTestApp(messagingService, { env });
    b = await createTestApp(messagingService, { env, replicaOf: a });
    key = await a.account('shared');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('share one rate-limit count through Redis and answer 429 in the messaging envelope', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await (i % 2 ? b : a).http.get('/v1/agents').set('Authorization', `Bearer ${key.key}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(last!.body).toMatchObject({ error: 'rate_limit_exceeded', status: 429, retry_after: expect.any(Number) });
    expect(last!.body.retry_after).toBeGreaterThan(0);
    expect(last!.body.retry_after).toBeLessThanOrEqual(60);
    expect(last!.headers['retry-after']).toBe(String(last!.body.retry_after));
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('share one count of failed credentials per address', async () => {
    const address = { 'X-Forwarded-For': '203.0.113.50' };
    expect((await a.http.get('/v1/agents').set(address).set('Authorization', 'Bearer msg_live_guess1')).status).toBe(401);
    expect((await b.http.get('/v1/agents').set(address).set('Authorization', 'Bearer msg_live_guess2')).status).toBe(401);
    const blocked = await a.http
      .get('/v1/agents')
      .set(address)
      .set('Authorization', `Bearer ${(await a.account('valid')).key}`);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: 'rate_limit_exceeded', retry_after: expect.any(Number) });
  });

  it('see the same data and report ready', async () => {
    const created = await a.http
      .post('/v1/agents')
      .set('Authorization', `Bearer ${(await a.account('other')).key}`)
      .send({ name: 'X', soul_id: 'concise-expert' });
    expect(created.status).toBe(201);
    expect((await b.http.get('/readyz')).body).toMatchObject({ status: 'ready', checks: { queue: { mode: 'bullmq', ok: true } } });
  });
});

import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';

describe('entity rate limit: 120 requests per minute per credential', () => {
  let t: TestApp<EntityConfig>;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    a = await t.account('a');
    b = await t.account('b');
  });
  afterAll(() => t?.close());

  it('counts down on every response and answers 429 rate_limited with Retry-After on the 121st', async () => {
    const auth = { Authorization: `Bearer ${a.key}` };
    for (let i = 0; i < 120; i++) {
      const res = await t.http.get('/api/v1/entities').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('120');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(119 - i));
    }
    const limited = await t.http.get('/api/v1/entities').set(auth);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ ok: false, code: 'rate_limited', error: expect.any(String) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    // Another credential is counted apart.
    expect((await t.http.get('/api/v1/entities').set({ Authorization: `Bearer ${b.key}` })).status).toBe(200);
  });
});

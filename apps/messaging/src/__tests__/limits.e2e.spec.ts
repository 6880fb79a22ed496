import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      last = await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: `hi ${i}` });
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

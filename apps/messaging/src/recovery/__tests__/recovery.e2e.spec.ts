import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingService } from '../../service';
import { App, auth, createAgent, createConversation, FakeServer, fakeServer, until } from '../../__tests__/helpers';
import { RecoveryService } from '../recovery.service';

// The inline queue loses waiting retries on restart; BullMQ keeps them in Redis.
describe.skipIf(!!process.env.TEST_REDIS_URL)('messaging recovery of pending work (inline queue)', () => {
  let t: App;
  let alice: TestAccount;
  let receiver: FakeServer;

  beforeAll(async () => {
    receiver = await fakeServer();
    t = await createTestApp(messagingService, { env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BACKOFF_MS: '30' } });
    alice = await t.account('alice');
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('queues again the replies and webhook deliveries Postgres still shows as pending', async () => {
    const agent = await createAgent(t, alice);
    const conv = await createConversation(t, alice, agent.id);
    expectStatus(await t.http.put('/v1/settings/webhook').set(auth(alice)).send({ url: `${receiver.url}/h` }), 200);
    const sent = expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'first' }), 201).body;
    await t.drainQueue();
    await until(async () => (await t.http.get('/v1/webhook-deliveries?status=succeeded').set(auth(alice))).body.total === 1, 15_000, 'first delivery');

    // As if the process died after storing: the reply and a delivery left pending, no job queued.
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE messaging.messages SET reply_status = 'pending' WHERE id = $1`, [sent.message.id]);
    await ds.query(`DELETE FROM messaging.messages WHERE reply_to_id = $1`, [sent.message.id]);
    await ds.query(`UPDATE messaging.webhook_deliveries SET status = 'pending', attempts = 0, attempt_log = '[]' WHERE message_id = $1`, [sent.message.id]);
    receiver.requests.length = 0;

    expect(await t.app.get(RecoveryService).recover()).toEqual({ replies: 1, sends: 0, deliveries: 1 });
    await t.drainQueue();
    const history = await until(
      async () => {
        const h = (await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice))).body.data;
        return h.length === 2 && h[0].reply_status === 'completed' ? h : null;
      },
      15_000,
      'the recovered reply',
    );
    expect(history[1]).toMatchObject({ role: 'assistant', reply_to_id: sent.message.id });
    await until(async () => (await t.http.get('/v1/webhook-deliveries?status=succeeded').set(auth(alice))).body.total === 1, 15_000, 'recovered delivery');
    expect(receiver.requests).toHaveLength(1);
  });
});

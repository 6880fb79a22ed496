import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import { messagingService } from '../../service';
import { App, auth, createAgent, createConversation, FakeServer, fakeServer, until } from '../../__tests__/helpers';
import { RecoveryService } from '../recovery.service';

// Inline queue (no TEST_REDIS_URL): waiting retries are lost on restart. BullMQ: a job whose
// enqueue failed never existed. Either way Postgres still shows the work as pending.
describe(`messaging recovery of pending work (${process.env.TEST_REDIS_URL ? 'BullMQ' : 'inline queue'})`, () => {
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
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/h` }),
      200,
    );
    const sent = expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'first' }), 201).body;
    await t.drainQueue();
    await until(async () => (await t.http.get('/v1/webhook-deliveries?status=succeeded').set(auth(alice))).body.total === 1, 15_000, 'first delivery');

    // As if the process died (inline) or Redis failed (BullMQ) right after storing: the reply and
    // a second recorded delivery are pending in Postgres with no job queued for them.
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE messaging.messages SET reply_status = 'pending' WHERE id = $1`, [sent.message.id]);
    await ds.query(`DELETE FROM messaging.messages WHERE reply_to_id = $1`, [sent.message.id]);
    await ds.query(
      `INSERT INTO messaging.webhook_deliveries (id, account_id, event, url, payload, agent_id, conversation_id, message_id)
       SELECT 'whd_recovered', account_id, event, url, payload, agent_id, conversation_id, message_id FROM messaging.webhook_deliveries WHERE message_id = $1`,
      [sent.message.id],
    );
    receiver.requests.length = 0;

    const recovery = t.app.get(RecoveryService);
    // Work younger than the grace period is left to the request that is queueing it.
    expect(await recovery.recover({ olderThanMs: 60_000 })).toEqual({ replies: 0, sends: 0, deliveries: 0, held: 0 });
    expect(await recovery.recover()).toEqual({ replies: 1, sends: 0, deliveries: 1, held: 0 });
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
    await until(async () => (await t.http.get('/v1/webhook-deliveries?status=succeeded').set(auth(alice))).body.total === 2, 15_000, 'recovered delivery');
    expect(receiver.requests).toHaveLength(1);
    // A second sweep finds nothing pending, and queues nothing twice.
    expect(await recovery.recover()).toEqual({ replies: 0, sends: 0, deliveries: 0, held: 0 });
    await t.drainQueue();
    expect(receiver.requests).toHaveLength(1);
    expect((await ds.query(`SELECT count(*)::int AS n FROM messaging.messages WHERE reply_to_id = $1`, [sent.message.id]))[0].n).toBe(1);
  });
});

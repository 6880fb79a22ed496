import { createTestApp, expectStatus, refuseWrites, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import { App, auth, createAgent, until } from './helpers';
import { messagingService } from '../service';

// Found by tools/chaos (PostgreSQL restarted while requests ran): when the database refused the write that closes an
// Idempotency-Key (marking it completed after the work, or removing it after a failure), the key stayed
// "in progress" for 24 hours. The message was stored, but the client got a 500 and then 409
// idempotency_in_progress on every retry. PostgreSQL refuses that write here through a trigger, as it does
// while it restarts, and lets it through again later.
describe('Idempotency-Key when the database refuses the closing write', () => {
  let t: App;
  let alice: TestAccount;
  let conversationId: string;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(messagingService);
    alice = await t.account('alice');
    const agent = await createAgent(t, alice);
    conversationId = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agent.id, channel: 'api' }), 201).body.id;
    ds = t.app.get(DataSource);
  });
  let allow: (() => Promise<void>) | undefined;
  afterEach(() => allow?.());
  afterAll(() => t?.close());

  const refuse = async (op: 'UPDATE' | 'DELETE') => {
    allow = await refuseWrites(ds, 'messaging.idempotency_keys', op);
  };
  const stateOf = async (key: string) => (await ds.query(`SELECT state FROM messaging.idempotency_keys WHERE key = $1`, [key]))[0]?.state ?? null;

  it('answers the work that was done and completes the key once the database takes the write', async () => {
    const key = 'blip-success-1';
    const send = () =>
      t.http.post(`/v1/conversations/${conversationId}/messages`).set(auth(alice)).set('Idempotency-Key', key).send({ content: 'Order 4242, please' });
    await refuse('UPDATE');
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body.message.content).toBe('Order 4242, please');
    expect(await stateOf(key)).toBe('in_progress');
    await allow?.();
    await until(async () => (await stateOf(key)) === 'completed', 15_000, 'the key to be completed');
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.message.id).toBe(first.body.message.id);
    const stored = await ds.query(`SELECT count(*)::int AS n FROM messaging.messages WHERE content = $1`, ['Order 4242, please']);
    expect(stored[0].n).toBe(1);
  });

  it('gives the key back after a failure once the database takes the delete', async () => {
    const key = 'blip-failure-1';
    const send = () => t.http.post('/v1/conversations/conv_missing/messages').set(auth(alice)).set('Idempotency-Key', key).send({ content: 'Hello' });
    await refuse('DELETE');
    expect((await send()).status).toBe(404);
    await allow?.();
    await until(async () => (await stateOf(key)) === null, 15_000, 'the key to be given back');
    expect((await send()).status).toBe(404);
  });
});

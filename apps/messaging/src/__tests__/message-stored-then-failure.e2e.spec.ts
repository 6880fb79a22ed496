import { createTestApp, expectStatus, refuseWrites, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import { App, auth, createAgent } from './helpers';
import { messagingService } from '../service';

// Found by tools/chaos (pg-fast, issue 39): PostgreSQL stopped between the statement that stores a user's message and the
// one that stores the agent's reply. The reply's write failed, the request answered 503, the Idempotency-Key was given
// back with the error, and the client's retry stored the message a second time (two rows, one answered 201). Here a
// trigger refuses the reply's insert (and the reply-state update) as PostgreSQL does while it restarts.
describe('a message stored, then the database refuses the reply', () => {
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

  it('answers 201 with the reply pending, and the retry with the same key stores nothing more', async () => {
    const content = 'My order 99812 never arrived';
    const key = 'stored-then-refused-1';
    const send = () => t.http.post(`/v1/conversations/${conversationId}/messages`).set(auth(alice)).set('Idempotency-Key', key).send({ content });
    allow = await refuseWrites(ds, 'messaging.messages', ['INSERT', 'UPDATE'], { allowWhen: `TG_OP = 'INSERT' AND NEW.role = 'user'` });
    const first = await send();
    expect(first.status).toBe(201);
    expect(first.body.message.content).toBe(content);
    expect(first.body.reply_status).toBe('pending');
    expect(first.body.reply).toBeNull();
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.body.message.id).toBe(first.body.message.id);
    const stored = await ds.query(`SELECT count(*)::int AS n FROM messaging.messages WHERE content = $1`, [content]);
    expect(stored[0].n).toBe(1);
  });
});

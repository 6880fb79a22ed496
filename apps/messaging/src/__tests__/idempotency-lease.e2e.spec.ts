import { fingerprintInput, IdempotencyService } from '@platform/http';
import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import { MessagesService } from '../messages/messages.service';
import { messagingService } from '../service';
import { App, auth, createAgent } from './helpers';

// Found by tools/chaos (kill-render-api, whose api replicas serve every service): a message in flight on a process
// killed with -9 left its Idempotency-Key in progress, and with no EffectLookup every retry answered 409
// idempotency_in_progress until the key expired (24 h). A message now records its key's claim: once the dead owner's
// lease lapsed a retry answers the stored message, once, or posts it when nothing was stored. The rows are written as
// a killed process leaves them.
describe('messaging: Idempotency-Key left in progress by a killed process', () => {
  let t: App;
  let alice: TestAccount;
  let conversationId: string;
  let ds: DataSource;
  const DEAD = 'chaos-host-4242-0badf00d';

  beforeAll(async () => {
    t = await createTestApp(messagingService);
    alice = await t.account('alice');
    const agent = await createAgent(t, alice);
    conversationId = expectStatus(await t.http.post('/v1/conversations').set(auth(alice)).send({ agent_id: agent.id, channel: 'api' }), 201).body.id;
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const path = () => `/v1/conversations/${conversationId}/messages`;
  const send = (key: string, content: string) => t.http.post(path()).set(auth(alice)).set('Idempotency-Key', key).send({ content });
  const storedWith = async (content: string) =>
    (await ds.query(`SELECT id, idempotency_ref FROM messaging.messages WHERE content = $1`, [content])) as { id: string; idempotency_ref: string }[];
  const keyRow = async (key: string) =>
    (await ds.query(`SELECT state, owner, response_status FROM messaging.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]))[0];

  it('posts the message once when the dead process stored none', async () => {
    const content = 'Order 5151, my first try died';
    const [row] = await ds.query(
      `INSERT INTO messaging.idempotency_keys (account_id, key, request_hash, state, owner, lease_until, created_at)
       VALUES ($1, $2, $3, 'in_progress', $4, now() - interval '1 second', now() - interval '40 seconds') RETURNING created_at`,
      [alice.accountId, 'message-dead-1', t.app.get(IdempotencyService).hashOf(fingerprintInput('POST', path(), { content })), DEAD],
    );
    const res = expectStatus(await send('message-dead-1', content), 201);
    expect(await storedWith(content)).toEqual([{ id: res.body.message.id, idempotency_ref: `${new Date(row.created_at).getTime()}:message-dead-1` }]);
    expect(await keyRow('message-dead-1')).toEqual({ state: 'completed', owner: t.app.get(IdempotencyService).instanceId, response_status: 201 });
  });

  it('answers the message the dead process stored, with its reply, without storing a second', async () => {
    const content = 'Order 6262, stored before my process died';
    const first = expectStatus(await send('message-committed-1', content), 201).body;
    await ds.query(
      `UPDATE messaging.idempotency_keys SET state = 'in_progress', response_status = NULL, response_body = NULL, owner = $3, lease_until = now() - interval '1 second'
        WHERE account_id = $1 AND key = $2`,
      [alice.accountId, 'message-committed-1', DEAD],
    );
    const retry = expectStatus(await send('message-committed-1', content), 201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first);
    expect((await storedWith(content)).map((m) => m.id)).toEqual([first.message.id]);
    expect((await keyRow('message-committed-1')).state).toBe('completed');
  });

  it('refuses a second message under one claim, and a resumed owner answers the stored one', async () => {
    const content = 'Order 7373, one claim';
    const first = expectStatus(await send('message-fence-1', content), 201).body;
    const [{ idempotency_ref: ref }] = await storedWith(content);
    expect(ref).toMatch(/^\d+:message-fence-1$/);
    await expect(
      ds.query(
        `INSERT INTO messaging.messages (id, account_id, conversation_id, role, content, idempotency_ref) VALUES ('msg_second', $1, $2, 'user', $3, $4)`,
        [alice.accountId, conversationId, content, ref],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    // The first owner, stalled past its lease, runs the post again after the takeover: it stores nothing and answers the stored message.
    const resumed = await t.app.get(MessagesService).send(alice.accountId, conversationId, { content, idempotencyRef: ref });
    expect(resumed).toMatchObject({ duplicate: true, message: { id: first.message.id } });
    expect(await storedWith(content)).toHaveLength(1);
  });
});

import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { RecoveryService } from '../../recovery/recovery.service';
import { messagingService } from '../../service';
import { WebhooksService } from '../webhooks.service';
import { App, auth, createAgent, createConversation, FakeServer, fakeServer, until } from '../../__tests__/helpers';

interface Delivery {
  id: string;
  status: string;
  attempts: number;
  attempt_log: { attempt: number; status_code: number | null }[];
  conversation_id: string;
}

describe('messaging webhook settings and deliveries', () => {
  let t: App;
  let alice: TestAccount;
  let bob: TestAccount;
  let receiver: FakeServer;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp(messagingService, {
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BACKOFF_MS: '30', WEBHOOK_MAX_ATTEMPTS: '3' },
    });
    alice = await t.account('alice');
    bob = await t.account('bob');
    receiver = await fakeServer();
    agentId = (await createAgent(t, alice)).id;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const deliveries = async (a: TestAccount, query = '') =>
    expectStatus(await t.http.get(`/v1/webhook-deliveries${query}`).set(auth(a)), 200).body as { data: Delivery[]; total: number; next_cursor: string | null };
  const settled = (a: TestAccount, conversationId: string, count = 1) =>
    until(
      async () => {
        const list = await deliveries(a, `?conversation_id=${conversationId}`);
        return list.data.length >= count && list.data.every((d) => d.status !== 'pending') ? list.data : null;
      },
      15_000,
      'webhook deliveries',
    );

  it('sets the webhook, shows the secret once and sends signed message.received events', async () => {
    expect((await t.http.get('/v1/settings/webhook').set(auth(alice))).body).toMatchObject({ url: null, enabled: false, secret: null });
    const set = expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/hooks` }),
      200,
    ).body;
    expect(set).toMatchObject({ url: `${receiver.url}/hooks`, enabled: true, events: ['message.received'] });
    expect(set.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const shown = expectStatus(await t.http.get('/v1/settings/webhook').set(auth(alice)), 200).body;
    expect(shown).toMatchObject({ url: `${receiver.url}/hooks`, enabled: true, secret: null });

    const conv = await createConversation(t, alice, agentId);
    const sent = expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'Olá!' }), 201).body;
    await t.drainQueue();
    const [delivery] = await settled(alice, conv.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, attempt_log: [{ attempt: 1, status_code: 200 }] });

    const req = receiver.requests.find((r) => r.headers['webhook-id'] === delivery.id)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/hooks');
    const payload = new Webhook(set.secret).verify(req.body, req.headers as Record<string, string>);
    expect(payload).toEqual({
      event: 'message.received',
      data: {
        conversation_id: conv.id,
        agent_id: agentId,
        message_id: sent.message.id,
        content: 'Olá!',
        role: 'user',
        channel: 'api',
        timestamp: sent.message.created_at,
      },
    });
    // Only the incoming message is an event, not the agent's reply.
    expect(receiver.requests.filter((r) => r.body.includes(conv.id))).toHaveLength(1);
  });

  it('sends message.received for user messages only: operator (assistant) and system messages are not events', async () => {
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/hooks`, enabled: true }),
      200,
    );
    const conv = await createConversation(t, alice, agentId);
    const post = (body: Record<string, unknown>) => t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send(body);
    expectStatus(await post({ content: 'A human operator here', role: 'assistant' }), 201);
    expectStatus(await post({ content: 'Note: customer on the premium plan', role: 'system' }), 201);
    // Handed to a human: the user's message is stored without a reply, and is still an event.
    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'waiting' }), 200);
    const user = expectStatus(await post({ content: 'Thanks, operator!' }), 201).body;
    await t.drainQueue();
    const [delivery, ...others] = await settled(alice, conv.id);
    expect(others).toEqual([]);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      message_id: user.message.id,
      payload: { event: 'message.received', data: { role: 'user', content: 'Thanks, operator!' } },
    });
    expect(receiver.requests.filter((r) => r.body.includes(conv.id)).map((r) => JSON.parse(r.body).data.content)).toEqual(['Thanks, operator!']);
    expect(expectStatus(await t.http.get(`/v1/conversations/${conv.id}/messages`).set(auth(alice)), 200).body.total).toBe(3);
  });

  it('retries failed deliveries with backoff, recording every attempt, and gives up after the last', async () => {
    let calls = 0;
    receiver.handler = (_req, res) => {
      calls++;
      res.statusCode = calls <= 2 ? 503 : 204;
      res.end();
    };
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'retry me' }), 201);
    await t.drainQueue();
    const [ok] = await settled(alice, conv.id);
    expect(ok.status).toBe('succeeded');
    expect(ok.attempt_log.map((a) => a.status_code)).toEqual([503, 503, 204]);
    const ids = new Set(receiver.requests.filter((r) => r.body.includes(conv.id)).map((r) => r.headers['webhook-id']));
    expect([...ids]).toEqual([ok.id]);

    receiver.handler = (_req, res) => {
      res.statusCode = 500;
      res.end();
    };
    const conv2 = await createConversation(t, alice, agentId);
    expectStatus(await t.http.post(`/v1/conversations/${conv2.id}/messages`).set(auth(alice)).send({ content: 'never lands' }), 201);
    await t.drainQueue();
    const [failed] = await settled(alice, conv2.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 500, last_error: 'HTTP 500' });
    expect((await deliveries(alice, '?status=failed')).data.map((d) => d.id)).toContain(failed.id);
    receiver.handler = (_req, res) => void res.end('ok');
  });

  it('rotates the secret and can pause or remove the webhook', async () => {
    const rotated = expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/v2`, rotate_secret: true }),
      200,
    ).body;
    expect(rotated.secret).toMatch(/^whsec_/);
    const conv = await createConversation(t, alice, agentId);
    expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'new secret' }), 201);
    await t.drainQueue();
    const [d] = await settled(alice, conv.id);
    const req = receiver.requests.find((r) => r.headers['webhook-id'] === d.id)!;
    expect(req.url).toBe('/v2');
    expect(() => new Webhook(rotated.secret).verify(req.body, req.headers as Record<string, string>)).not.toThrow();

    // Paused: events are held (recorded, not sent), and go out in order once it is enabled again.
    const paused = expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/v2`, enabled: false }),
      200,
    ).body;
    expect(paused).toMatchObject({ enabled: false, secret: null });
    const quiet = await createConversation(t, alice, agentId);
    const held: string[] = [];
    for (const content of ['paused 1', 'paused 2']) {
      held.push(expectStatus(await t.http.post(`/v1/conversations/${quiet.id}/messages`).set(auth(alice)).send({ content }), 201).body.message.id);
    }
    await t.drainQueue();
    const waiting = await deliveries(alice, `?conversation_id=${quiet.id}`);
    expect(waiting.data.map((d) => [d.status, d.attempts]).sort()).toEqual([
      ['held', 0],
      ['held', 0],
    ]);
    expect((await deliveries(alice, '?status=held')).total).toBe(2);
    expect(receiver.requests.filter((r) => r.body.includes(quiet.id))).toEqual([]);
    // Re-enabled (at a new URL): the held events are sent there, oldest first, signed with the current secret.
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/v3`, enabled: true }),
      200,
    );
    await t.drainQueue();
    const released = await settled(alice, quiet.id, 2);
    expect(released.map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    const got = receiver.requests.filter((r) => r.body.includes(quiet.id));
    expect(got.map((r) => r.url)).toEqual(['/v3', '/v3']);
    expect(
      got
        .map((r) => (new Webhook(rotated.secret).verify(r.body, r.headers as Record<string, string>) as { data: { message_id: string } }).data.message_id)
        .sort(),
    ).toEqual([...held].sort());

    // Removing a paused webhook drops what it held (failed, with the reason); nothing is sent.
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(alice))
        .send({ url: `${receiver.url}/v3`, enabled: false }),
      200,
    );
    expectStatus(await t.http.post(`/v1/conversations/${quiet.id}/messages`).set(auth(alice)).send({ content: 'paused 3' }), 201);
    await t.drainQueue();
    expect((await deliveries(alice, '?status=held')).total).toBe(1);
    expectStatus(await t.http.delete('/v1/settings/webhook').set(auth(alice)), 200);
    const dropped = (await deliveries(alice, '?status=failed')).data.filter((d) => d.conversation_id === quiet.id);
    expect(dropped).toMatchObject([{ status: 'failed', attempts: 0, last_error: 'The webhook was removed while paused' }]);
    expect(receiver.requests.filter((r) => r.body.includes(quiet.id))).toHaveLength(2);

    expect(expectStatus(await t.http.delete('/v1/settings/webhook').set(auth(alice)), 404).body.error).toBe('not_found');
    expect((await t.http.get('/v1/settings/webhook').set(auth(alice))).body.url).toBeNull();
  });

  it('keeps the secret of a response sent with an Idempotency-Key encrypted, and a replay shows it again', async () => {
    const carol = await t.account('carol');
    const put = () =>
      t.http
        .put('/v1/settings/webhook')
        .set(auth(carol))
        .set('Idempotency-Key', 'wh-1')
        .send({ url: `${receiver.url}/carol` });
    const first = expectStatus(await put(), 200).body;
    expect(first.secret).toMatch(/^whsec_/);
    const rows = (await t.app.get(DataSource).query(`SELECT response_body FROM messaging.idempotency_keys WHERE account_id = $1`, [carol.accountId])) as {
      response_body: unknown;
    }[];
    expect(rows).toEqual([{ response_body: { sealed: expect.stringMatching(/^v1:/) } }]);
    expect(JSON.stringify(rows)).not.toContain(first.secret.slice(6, 20));
    const replay = expectStatus(await put(), 200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first);
  });

  it('a delivery whose attempt finds the webhook paused is held, and sent once it is enabled again; so is one left held by a race', async () => {
    const dave = await t.account('dave');
    const daveAgent = await createAgent(t, dave);
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(dave))
        .send({ url: `${receiver.url}/dave` }),
      200,
    );
    const conv = await createConversation(t, dave, daveAgent.id);
    expectStatus(await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(dave)).send({ content: 'in flight' }), 201);
    await t.drainQueue();
    const [sent] = await settled(dave, conv.id);
    expect(sent.status).toBe('succeeded');
    // As if its job ran just after the webhook was paused: the attempt holds it (no attempt counted, nothing sent).
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE messaging.webhook_deliveries SET status = 'pending', attempts = 0, attempt_log = '[]' WHERE id = $1`, [sent.id]);
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(dave))
        .send({ url: `${receiver.url}/dave`, enabled: false }),
      200,
    );
    receiver.requests.length = 0;
    expect(await t.app.get(WebhooksService).attempt(dave.accountId, sent.id, false)).toBe('succeeded');
    expect((await deliveries(dave)).data[0]).toMatchObject({ id: sent.id, status: 'held', attempts: 0 });
    // Enabled again: sent, although the job that held it is still known to the queue under the delivery's id.
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(dave))
        .send({ url: `${receiver.url}/dave`, enabled: true }),
      200,
    );
    await t.drainQueue();
    const [again] = await settled(dave, conv.id);
    expect(again).toMatchObject({ id: sent.id, status: 'succeeded', attempts: 1 });
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([sent.id]);

    // Stored as held while the webhook was being enabled (after the release ran): the recovery sweep sends it.
    await ds.query(`UPDATE messaging.webhook_deliveries SET status = 'held', attempts = 0, attempt_log = '[]' WHERE id = $1`, [sent.id]);
    receiver.requests.length = 0;
    expect(await t.app.get(RecoveryService).recover()).toMatchObject({ deliveries: 0, held: 1 });
    await t.drainQueue();
    expect((await settled(dave, conv.id))[0]).toMatchObject({ id: sent.id, status: 'succeeded', attempts: 1 });
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([sent.id]);
    expect(await t.app.get(RecoveryService).recover()).toMatchObject({ deliveries: 0, held: 0 });
  });

  it('answers 422 with the failing fields', async () => {
    const missing = expectStatus(await t.http.put('/v1/settings/webhook').set(auth(bob)).send({ enabled: 'yes' }), 422).body;
    expect(missing.details.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(expect.arrayContaining(['body.url', 'body.enabled']));
    const ftp = expectStatus(await t.http.put('/v1/settings/webhook').set(auth(bob)).send({ url: 'ftp://example.com/x' }), 422).body;
    expect(ftp.details[0].loc).toEqual(['body', 'url']);
    const typed = expectStatus(await t.http.put('/v1/settings/webhook').set(auth(bob)).send({ url: 12345, rotate_secret: 'true' }), 422).body;
    expect(typed.details).toEqual([
      { loc: ['body', 'url'], msg: 'url must be a string', type: 'string_type' },
      { loc: ['body', 'rotate_secret'], msg: 'rotate_secret must be a boolean value', type: 'bool_type' },
    ]);
    const blank = expectStatus(await t.http.put('/v1/settings/webhook').set(auth(bob)).send({ url: '   ' }), 422).body;
    expect(blank.details).toEqual([{ loc: ['body', 'url'], msg: 'url must not be empty or blank', type: 'missing' }]);
    expectStatus(await t.http.get('/v1/webhook-deliveries?limit=500').set(auth(bob)), 422);
    expect((await t.http.get('/v1/settings/webhook').set(auth(bob))).body.url).toBeNull();
  });

  it("answers 401 without a key and never shows another account's deliveries", async () => {
    for (const r of [
      await t.http.get('/v1/settings/webhook'),
      await t.http.put('/v1/settings/webhook').send({ url: 'https://example.com' }),
      await t.http.delete('/v1/settings/webhook'),
      await t.http.get('/v1/webhook-deliveries'),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('unauthorized');
    }
    const mine = await deliveries(alice);
    expect(mine.total).toBeGreaterThan(0);
    expect((await deliveries(bob)).total).toBe(0);
    expect((await deliveries(bob, `?conversation_id=${mine.data[0].conversation_id}`)).data).toEqual([]);
    const page = await deliveries(alice, '?limit=1');
    expect(page.data).toHaveLength(1);
    const next = await deliveries(alice, `?limit=1&cursor=${page.next_cursor}`);
    expect(next.data[0].id).not.toBe(page.data[0].id);
  });
  it("deleting an agent removes its conversations' deliveries too", async () => {
    const carol = await t.account('carol');
    expectStatus(
      await t.http
        .put('/v1/settings/webhook')
        .set(auth(carol))
        .send({ url: `${receiver.url}/carol` }),
      200,
    );
    const doomed = await createAgent(t, carol);
    const kept = await createAgent(t, carol);
    const c1 = await createConversation(t, carol, doomed.id);
    const c2 = await createConversation(t, carol, kept.id);
    for (const c of [c1, c2]) expectStatus(await t.http.post(`/v1/conversations/${c.id}/messages`).set(auth(carol)).send({ content: 'hi' }), 201);
    await t.drainQueue();
    await settled(carol, c1.id);
    await settled(carol, c2.id);
    expect((await deliveries(carol)).total).toBe(2);
    expectStatus(await t.http.delete(`/v1/agents/${doomed.id}`).set(auth(carol)), 200);
    const left = await deliveries(carol);
    expect(left.data.map((d) => d.conversation_id)).toEqual([c2.id]);
  });
});

describe('messaging webhook address checks', () => {
  let t: App;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(messagingService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('refuses private, loopback and link-local addresses unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://169.254.169.254/latest',
      'http://10.1.2.3/',
      'http://[::1]:8080/',
      'http://192.168.0.10/',
    ]) {
      const res = expectStatus(await t.http.put('/v1/settings/webhook').set(auth(alice)).send({ url }), 422).body;
      expect(res.details[0]).toMatchObject({ loc: ['body', 'url'], type: 'url_not_allowed' });
    }
    expect((await t.http.get('/v1/settings/webhook').set(auth(alice))).body.url).toBeNull();
  });
});

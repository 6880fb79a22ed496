import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { createHash, createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { messagingService } from '../../service';
import { App, auth, createAgent, FakeServer, fakeServer, json, until } from '../../__tests__/helpers';

const APP_SECRET = 'meta-app-secret';
const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

interface Msg {
  role: string;
  content: string;
  delivery_status: string | null;
  reply_to_id: string | null;
}

describe('messaging channels', () => {
  let t: App;
  let alice: TestAccount;
  let bob: TestAccount;
  let platform: FakeServer;
  let agentId: string;
  let failNextSends = 0;

  beforeAll(async () => {
    platform = await fakeServer((req, res) => {
      if (req.method === 'POST' && failNextSends > 0) {
        failNextSends--;
        return json(res, 500, { error: { message: 'temporary' } });
      }
      if (req.url.startsWith('/tg/')) return json(res, 200, { ok: true, result: { message_id: 1 } });
      return json(res, 200, { messages: [{ id: 'wamid.out' }], message_id: 'm_out', recipient_id: '1' });
    });
    t = await createTestApp(messagingService, {
      env: {
        WHATSAPP_API_BASE_URL: `${platform.url}/wa`,
        TELEGRAM_API_BASE_URL: `${platform.url}/tg`,
        MESSENGER_API_BASE_URL: `${platform.url}/fb`,
        CHANNEL_SEND_BACKOFF_MS: '30',
        CHANNEL_SEND_MAX_ATTEMPTS: '3',
        PUBLIC_BASE_URL: 'https://messaging.example.com',
      },
    });
    alice = await t.account('alice');
    bob = await t.account('bob');
    agentId = (await createAgent(t, alice, { soul_id: 'concise-expert' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await platform?.close();
  });

  const conversationsOf = async (channelId: string) =>
    (
      (await t.http.get('/v1/conversations?limit=200').set(auth(alice))).body.data as {
        id: string;
        channel_id: string;
        channel: string;
        external_id: string;
        metadata: Record<string, unknown>;
      }[]
    ).filter((c) => c.channel_id === channelId);
  const messagesOf = async (conversationId: string) => (await t.http.get(`/v1/conversations/${conversationId}/messages`).set(auth(alice))).body.data as Msg[];
  const replySent = (conversationId: string) =>
    until(
      async () => {
        const list = await messagesOf(conversationId);
        const reply = list.find((m) => m.role === 'assistant');
        return reply && reply.delivery_status !== 'pending' ? list : null;
      },
      15_000,
      'the reply to be sent',
    );

  it('connects, lists, shows and disconnects channels; credentials are encrypted and never shown', async () => {
    const created = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'telegram', name: 'TG', agent_id: agentId, credentials: { bot_token: '123:SECRET-BOT-TOKEN' } }),
      201,
    ).body;
    expect(created).toMatchObject({ kind: 'telegram', name: 'TG', agent_id: agentId, status: 'active', settings: {} });
    expect(created.id).toMatch(/^chn_[0-9a-z]{26}$/);
    expect(created.webhook_url).toBe(`https://messaging.example.com/v1/inbound/telegram/${created.id}`);
    expect(created.secret_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.webhook_registration).toEqual({ ok: true });
    const registered = platform.requests.find((r) => r.url === '/tg/bot123:SECRET-BOT-TOKEN/setWebhook')!;
    expect(JSON.parse(registered.body)).toEqual({
      url: created.webhook_url,
      secret_token: created.secret_token,
      allowed_updates: ['message', 'edited_message'],
    });

    failNextSends = 1;
    const unregistered = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'telegram', agent_id: agentId, credentials: { bot_token: '7:other' } }),
      201,
    ).body;
    expect(unregistered.webhook_registration).toEqual({ ok: false, error: expect.stringContaining('HTTP 500') });
    expectStatus(await t.http.delete(`/v1/channels/${unregistered.id}`).set(auth(alice)), 200);

    const api = expectStatus(await t.http.post('/v1/channels').set(auth(alice)).send({ kind: 'api' }), 201).body;
    expect(api).toMatchObject({ kind: 'api', name: 'api', agent_id: null, webhook_url: null });

    const list = expectStatus(await t.http.get('/v1/channels').set(auth(alice)), 200).body;
    expect(list.total).toBe(2);
    expect(list.data.map((c: { id: string }) => c.id)).toEqual([api.id, created.id]);
    expect(JSON.stringify(list)).not.toContain('SECRET-BOT-TOKEN');
    expect(list.data[1].secret_token).toBeUndefined();
    const one = expectStatus(await t.http.get(`/v1/channels/${created.id}`).set(auth(alice)), 200).body;
    expect(one).toEqual(list.data[1]);

    const [row] = await t.app.get(DataSource).query(`SELECT credentials FROM messaging.channels WHERE id = $1`, [created.id]);
    expect(row.credentials).toMatch(/^v1:/);
    expect(row.credentials).not.toContain('SECRET-BOT-TOKEN');

    expect(expectStatus(await t.http.delete(`/v1/channels/${api.id}`).set(auth(alice)), 200).body).toEqual({ id: api.id, deleted: true });
    expectStatus(await t.http.get(`/v1/channels/${api.id}`).set(auth(alice)), 404);
    expectStatus(await t.http.delete(`/v1/channels/${created.id}`).set(auth(alice)), 200);
  });

  it("keeps Telegram's generated secret_token encrypted when the creation is sent with an Idempotency-Key; a replay shows it again", async () => {
    const dave = await t.account('dave');
    const daveAgent = (await createAgent(t, dave)).id;
    const create = () =>
      t.http
        .post('/v1/channels')
        .set(auth(dave))
        .set('Idempotency-Key', 'tg-1')
        .send({ kind: 'telegram', name: 'TG', agent_id: daveAgent, credentials: { bot_token: '9:IDEMPOTENT' } });
    const first = expectStatus(await create(), 201);
    expect(first.body.secret_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const rows = (await t.app.get(DataSource).query(`SELECT response_body FROM messaging.idempotency_keys WHERE account_id = $1`, [dave.accountId])) as {
      response_body: unknown;
    }[];
    expect(rows).toEqual([{ response_body: { sealed: expect.stringMatching(/^v1:/) } }]);
    expect(JSON.stringify(rows)).not.toContain(first.body.secret_token);
    const replay = expectStatus(await create(), 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await t.http.get('/v1/channels').set(auth(dave))).body.total).toBe(1);
  });

  it('stores a keyed fingerprint of an idempotent request, not the plain SHA-256 of its credentials; replays and mismatches as before, also for rows from before', async () => {
    const erin = await t.account('erin');
    const erinAgent = (await createAgent(t, erin)).id;
    const body = {
      kind: 'whatsapp',
      name: 'WA',
      agent_id: erinAgent,
      credentials: { access_token: 'wa-token-9', app_secret: 'app-secret-9', verify_token: 'guessable-9', phone_number_id: '1555999' },
    };
    const other = { ...body, credentials: { ...body.credentials, verify_token: 'guessable-10' } };
    const create = (key: string, b: object = body) => t.http.post('/v1/channels').set(auth(erin)).set('Idempotency-Key', key).send(b);
    // What the table used to hold: SHA-256 of method, path and the canonical body (sorted keys), which anyone
    // reading the table could recompute for a guessed verify_token.
    const canonical = (v: unknown): string =>
      v && typeof v === 'object'
        ? `{${Object.keys(v)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
            .join(',')}}`
        : JSON.stringify(v);
    const plain = (b: object) =>
      createHash('sha256')
        .update(`POST /v1/channels\n${canonical(b)}`)
        .digest('hex');
    const ds = t.app.get(DataSource);
    const fingerprint = async (key: string) =>
      (
        (await ds.query(`SELECT request_hash FROM messaging.idempotency_keys WHERE account_id = $1 AND key = $2`, [erin.accountId, key])) as {
          request_hash: string;
        }[]
      )[0].request_hash;

    const first = expectStatus(await create('wa-1'), 201);
    const stored = await fingerprint('wa-1');
    expect(stored).toMatch(/^v2:[0-9a-f]{64}$/);
    expect(stored).not.toContain(plain(body));
    // Replays and mismatches behave as before.
    const replay = expectStatus(await create('wa-1'), 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(expectStatus(await create('wa-1', other), 409).body.error).toBe('idempotency_key_reused');
    expect(await fingerprint('wa-1')).toBe(stored);

    // A row written before fingerprints were keyed (a retry in flight across the deploy) still replays, and still refuses another body.
    await ds.query(`UPDATE messaging.idempotency_keys SET request_hash = $3 WHERE account_id = $1 AND key = $2`, [erin.accountId, 'wa-1', plain(body)]);
    const legacy = expectStatus(await create('wa-1'), 201);
    expect(legacy.headers['idempotent-replayed']).toBe('true');
    expect(legacy.body).toEqual(first.body);
    expect(expectStatus(await create('wa-1', other), 409).body.error).toBe('idempotency_key_reused');
  });

  it('answers 422 with the failing fields, 401 without a key and 404 for another account', async () => {
    const wa = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'whatsapp', credentials: { access_token: 'x', extra: 'y', app_secret: 5 } }),
      422,
    ).body;
    const locs = wa.details.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining([
        'body.agent_id',
        'body.credentials.verify_token',
        'body.credentials.phone_number_id',
        'body.credentials.extra',
        'body.credentials.app_secret',
      ]),
    );
    const kind = expectStatus(await t.http.post('/v1/channels').set(auth(alice)).send({ kind: 'sms' }), 422).body;
    expect(kind.details[0].loc).toEqual(['body', 'kind']);
    expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'api', credentials: { a: 'b' } }),
      422,
    );
    // Blank text is refused like empty text (a blank name used to become the kind, a blank agent_id a 404).
    const blank = expectStatus(await t.http.post('/v1/channels').set(auth(alice)).send({ kind: 'telegram', name: '  ', agent_id: ' ' }), 422).body;
    expect(blank.details).toEqual([
      { loc: ['body', 'name'], msg: 'name must not be empty or blank', type: 'missing' },
      { loc: ['body', 'agent_id'], msg: 'agent_id must not be empty or blank', type: 'missing' },
    ]);
    expect((await t.http.get('/v1/channels').set(auth(alice))).body.total).toBe(0);

    for (const r of [await t.http.get('/v1/channels'), await t.http.post('/v1/channels').send({ kind: 'api' }), await t.http.delete('/v1/channels/chn_x')]) {
      expect(r.status).toBe(401);
      expect(r.body.error).toBe('unauthorized');
    }

    const mine = expectStatus(await t.http.post('/v1/channels').set(auth(alice)).send({ kind: 'api' }), 201).body;
    expectStatus(await t.http.get(`/v1/channels/${mine.id}`).set(auth(bob)), 404);
    expect(expectStatus(await t.http.delete(`/v1/channels/${mine.id}`).set(auth(bob)), 404).body).toEqual({
      error: 'not_found',
      message: `Channel ${mine.id} not found`,
      status: 404,
    });
    expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(bob))
        .send({ kind: 'telegram', agent_id: agentId, credentials: { bot_token: 't' } }),
      404,
    );
    expect((await t.http.get('/v1/channels').set(auth(bob))).body).toEqual({ data: [], total: 0 });
    expectStatus(await t.http.delete(`/v1/channels/${mine.id}`).set(auth(alice)), 200);
  });

  it('WhatsApp: handshake, signature check, redelivery stored once, reply sent through the Cloud API', async () => {
    const ch = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({
          kind: 'whatsapp',
          agent_id: agentId,
          credentials: { access_token: 'wa-token', app_secret: APP_SECRET, verify_token: 'vt-1', phone_number_id: '1555000' },
        }),
      201,
    ).body;
    expect(ch.settings).toEqual({ phone_number_id: '1555000' });
    const path = `/v1/inbound/whatsapp/${ch.id}`;

    const ok = await t.http.get(`${path}?hub.mode=subscribe&hub.verify_token=vt-1&hub.challenge=12345`);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('12345');
    expect((await t.http.get(`${path}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`)).status).toBe(403);

    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'WABA',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { phone_number_id: '1555000' },
                contacts: [{ wa_id: '5511999990000', profile: { name: 'Maria' } }],
                messages: [{ from: '5511999990000', id: 'wamid.ABC', timestamp: '1732200000', type: 'text', text: { body: 'Oi, preciso de ajuda' } }],
              },
            },
          ],
        },
      ],
    });
    const bad = await t.http.post(path).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body, 'wrong')).send(body);
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ error: 'invalid_signature', status: 401 });
    expect((await t.http.post(path).set('Content-Type', 'application/json').send(body)).status).toBe(401);
    expect(await conversationsOf(ch.id)).toEqual([]);

    const first = await t.http.post(path).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body)).send(body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: 1, duplicates: 0, edited: 0, refused: 0 });
    const again = await t.http.post(path).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body)).send(body);
    expect(again.body).toEqual({ received: 0, duplicates: 1, edited: 0, refused: 0 });

    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    expect(conv).toMatchObject({ channel: 'whatsapp', external_id: '5511999990000', metadata: { name: 'Maria' } });
    const msgs = await replySent(conv.id);
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toMatchObject({ role: 'user', content: 'Oi, preciso de ajuda' });
    expect(msgs[1]).toMatchObject({ role: 'assistant', delivery_status: 'sent' });
    const sent = platform.requests.filter((r) => r.url === '/wa/1555000/messages');
    expect(sent).toHaveLength(1);
    expect(sent[0].headers.authorization).toBe('Bearer wa-token');
    expect(JSON.parse(sent[0].body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990000',
      type: 'text',
      text: { preview_url: false, body: msgs[1].content },
    });
  });

  it('Telegram: secret token check, redelivery stored once, reply sent through the Bot API', async () => {
    const ch = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'telegram', agent_id: agentId, credentials: { bot_token: '42:tg-token', secret_token: 'tg-secret' } }),
      201,
    ).body;
    expect(ch.secret_token).toBeUndefined();
    const path = `/v1/inbound/telegram/${ch.id}`;
    const update = {
      update_id: 1001,
      message: { message_id: 7, from: { id: 99, first_name: 'Ana' }, chat: { id: 99, type: 'private' }, date: 1732200000, text: 'Hello bot' },
    };

    expect((await t.http.post(path).set('X-Telegram-Bot-Api-Secret-Token', 'nope').send(update)).status).toBe(401);
    expect((await t.http.post(path).send(update)).status).toBe(401);
    expect(await conversationsOf(ch.id)).toEqual([]);

    expect((await t.http.post(path).set('X-Telegram-Bot-Api-Secret-Token', 'tg-secret').send(update)).body).toEqual({
      received: 1,
      duplicates: 0,
      edited: 0,
      refused: 0,
    });
    expect((await t.http.post(path).set('X-Telegram-Bot-Api-Secret-Token', 'tg-secret').send(update)).body).toEqual({
      received: 0,
      duplicates: 1,
      edited: 0,
      refused: 0,
    });
    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    expect(conv).toMatchObject({ channel: 'telegram', external_id: '99', metadata: { name: 'Ana' } });
    const msgs = await replySent(conv.id);
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(msgs[1].delivery_status).toBe('sent');
    const sent = platform.requests.filter((r) => r.url === '/tg/bot42:tg-token/sendMessage');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ chat_id: '99', text: msgs[1].content }]);

    // Handed to a human: the next message is stored but not answered; the operator's message goes out through Telegram.
    expectStatus(await t.http.patch(`/v1/conversations/${conv.id}`).set(auth(alice)).send({ status: 'waiting' }), 200);
    const later = { update_id: 1002, message: { ...update.message, message_id: 8, text: 'A person, please' } };
    expect((await t.http.post(path).set('X-Telegram-Bot-Api-Secret-Token', 'tg-secret').send(later)).body).toEqual({
      received: 1,
      duplicates: 0,
      edited: 0,
      refused: 0,
    });
    const human = expectStatus(
      await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'Hi, Ana here', role: 'assistant' }),
      201,
    ).body;
    expect(human).toMatchObject({ reply: null, reply_status: 'skipped', message: { role: 'assistant', delivery_status: 'pending' } });
    await t.drainQueue();
    const after = await until(
      async () => {
        const list = await messagesOf(conv.id);
        return list.length === 4 && list[3].delivery_status === 'sent' ? list : null;
      },
      15_000,
      "the operator's message to be sent",
    );
    expect(after.map((m) => [m.role, m.content.slice(0, 16)])).toEqual([
      ['user', 'Hello bot'],
      ['assistant', msgs[1].content.slice(0, 16)],
      ['user', 'A person, please'],
      ['assistant', 'Hi, Ana here'],
    ]);
    expect(platform.requests.filter((r) => r.url === '/tg/bot42:tg-token/sendMessage').map((r) => JSON.parse(r.body).text)).toEqual([
      msgs[1].content,
      'Hi, Ana here',
    ]);
  });

  it('Messenger: signature check, redelivery stored once, and a send retried after a platform error', async () => {
    const ch = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({
          kind: 'messenger',
          agent_id: agentId,
          credentials: { page_access_token: 'fb-token', app_secret: APP_SECRET, verify_token: 'vt-fb', page_id: 'PAGE1' },
        }),
      201,
    ).body;
    const path = `/v1/inbound/messenger/${ch.id}`;
    const body = JSON.stringify({
      object: 'page',
      entry: [
        { id: 'PAGE1', time: 1, messaging: [{ sender: { id: 'PSID-1' }, recipient: { id: 'PAGE1' }, timestamp: 1, message: { mid: 'm_1', text: 'Hi page' } }] },
      ],
    });
    expect((await t.http.post(path).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body, 'bad')).send(body)).status).toBe(401);
    expect(await conversationsOf(ch.id)).toEqual([]);

    failNextSends = 1;
    const res = await t.http.post(path).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body)).send(body);
    expect(res.body).toEqual({ received: 1, duplicates: 0, edited: 0, refused: 0 });
    const again = await t.http.post(path).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body)).send(body);
    expect(again.body).toEqual({ received: 0, duplicates: 1, edited: 0, refused: 0 });
    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    const msgs = await replySent(conv.id);
    expect(msgs[1].delivery_status).toBe('sent');
    const sent = platform.requests.filter((r) => r.url === '/fb/me/messages');
    expect(sent).toHaveLength(2);
    expect(sent[1].headers.authorization).toBe('Bearer fb-token');
    expect(JSON.parse(sent[1].body)).toEqual({ recipient: { id: 'PSID-1' }, messaging_type: 'RESPONSE', message: { text: msgs[1].content } });

    // Unknown channels and kinds answer 404 without storing anything.
    expect(
      (await t.http.post(`/v1/inbound/messenger/chn_nope`).set('X-Hub-Signature-256', sign(body)).set('Content-Type', 'application/json').send(body)).status,
    ).toBe(404);
    expect((await t.http.post(`/v1/inbound/sms/${ch.id}`).send({})).status).toBe(404);
  });

  it('a conversation started through the API on a platform goes through the connected channel, to external_id', async () => {
    const tg = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'telegram', agent_id: agentId, credentials: { bot_token: '77:api-token', secret_token: 'api-secret' } }),
      201,
    ).body;
    const start = (a: TestAccount, body: Record<string, unknown>) =>
      t.http
        .post('/v1/conversations')
        .set(auth(a))
        .send({ agent_id: agentId, ...body });

    const conv = expectStatus(await start(alice, { channel: 'telegram', channel_id: tg.id, external_id: '777' }), 201).body;
    expect(conv).toMatchObject({ channel: 'telegram', channel_id: tg.id, external_id: '777', status: 'active' });
    // One open conversation per user and channel.
    const again = await start(alice, { channel: 'telegram', channel_id: tg.id, external_id: '777' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'conversation_exists', status: 409 });

    // An operator's message goes out through the Bot API to that user.
    expectStatus(
      await t.http.post(`/v1/conversations/${conv.id}/messages`).set(auth(alice)).send({ content: 'Your order has shipped', role: 'assistant' }),
      201,
    );
    await t.drainQueue();
    await until(async () => (await messagesOf(conv.id))[0]?.delivery_status === 'sent', 15_000, 'the operator message sent');
    const sent = platform.requests.filter((r) => r.url === '/tg/bot77:api-token/sendMessage');
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([{ chat_id: '777', text: 'Your order has shipped' }]);
    // And the user's answer arrives in the same conversation.
    const update = {
      update_id: 5001,
      message: { message_id: 1, from: { id: 777, first_name: 'Rui' }, chat: { id: 777, type: 'private' }, date: 1732200000, text: 'Great, thanks' },
    };
    expectStatus(await t.http.post(`/v1/inbound/telegram/${tg.id}`).set('X-Telegram-Bot-Api-Secret-Token', 'api-secret').send(update), 200);
    await t.drainQueue();
    expect((await conversationsOf(tg.id)).map((c) => c.id)).toEqual([conv.id]);
    expect((await messagesOf(conv.id)).map((m) => m.content)).toContain('Great, thanks');

    // Validation: the field that is wrong, and nothing stored.
    const before = (await t.http.get('/v1/conversations?limit=200').set(auth(alice))).body.total;
    const problems = async (a: TestAccount, body: Record<string, unknown>) => {
      const res = await start(a, body);
      expect(res.status).toBe(422);
      return res.body.details.map((d: { loc: string[] }) => d.loc.join('.'));
    };
    expect(await problems(alice, { channel: 'api', channel_id: tg.id })).toEqual(['body.channel_id']);
    expect(await problems(alice, { channel: 'whatsapp', channel_id: tg.id, external_id: '1' })).toEqual(['body.channel_id']);
    expect(await problems(alice, { channel: 'telegram', channel_id: tg.id })).toEqual(['body.external_id']);
    expect(await problems(alice, { channel: 'telegram', channel_id: 'chn_nope', external_id: '1' })).toEqual(['body.channel_id']);
    expect((await t.http.get('/v1/conversations?limit=200').set(auth(alice))).body.total).toBe(before);
    // Another account's channel is not there for bob (and bob's agent is his own).
    const bobAgent = (await createAgent(t, bob)).id;
    const foreign = await t.http
      .post('/v1/conversations')
      .set(auth(bob))
      .send({ agent_id: bobAgent, channel: 'telegram', channel_id: tg.id, external_id: '1' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.details[0]).toMatchObject({ loc: ['body', 'channel_id'], type: 'not_found' });

    // Without channel_id: the account's only channel of that kind, when there is exactly one.
    const carol = await t.account('carol');
    const carolAgent = (await createAgent(t, carol)).id;
    const wa = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(carol))
        .send({ kind: 'whatsapp', agent_id: carolAgent, credentials: { access_token: 'wa', phone_number_id: '1', app_secret: 's', verify_token: 'v' } }),
      201,
    ).body;
    const linked = expectStatus(
      await t.http.post('/v1/conversations').set(auth(carol)).send({ agent_id: carolAgent, channel: 'whatsapp', external_id: '5511988887777' }),
      201,
    ).body;
    expect(linked.channel_id).toBe(wa.id);
    const unlinked = expectStatus(await t.http.post('/v1/conversations').set(auth(carol)).send({ agent_id: carolAgent, channel: 'whatsapp' }), 201).body;
    expect(unlinked.channel_id).toBeNull();
  });
});

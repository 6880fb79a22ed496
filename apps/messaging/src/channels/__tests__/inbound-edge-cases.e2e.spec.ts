import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { createHmac } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MessagesService } from '../../messages/messages.service';
import { RecoveryService } from '../../recovery/recovery.service';
import { messagingService } from '../../service';
import { App, auth, createAgent, FakeServer, fakeServer, json, until } from '../../__tests__/helpers';

const APP_SECRET = 'meta-app-secret';
const PUBLIC = 'https://messaging.example.com';
const sign = (body: string) => `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
/** The bytes of the image the fake Graph API serves. */
const IMAGE = Buffer.from('\xff\xd8\xff\xe0fake-jpeg-bytes', 'latin1');

interface Msg {
  id: string;
  role: string;
  content: string;
  attachments: { type: string; url: string | null; media_id: string | null; mime_type: string | null; filename: string | null }[];
  reply_status: string | null;
  reply_to_id: string | null;
  delivery_status: string | null;
  edited_at: string | null;
}

/** A WhatsApp Cloud API webhook body: one change per `[phone_number_id, messages]`. */
function waBody(changes: [string, Record<string, unknown>[]][]) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: changes.map(([phoneNumberId, messages]) => ({
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
            contacts: [{ wa_id: '5511999990000', profile: { name: 'Maria' } }],
            messages,
          },
        })),
      },
    ],
  });
}
const waText = (id: string, body: string, from = '5511999990000') => ({ from, id, timestamp: '1732200000', type: 'text', text: { body } });

/**
 * Platforms (WhatsApp Cloud API, Telegram Bot API) and the LLM provider are one local server speaking
 * their wire formats; the service runs for real against PostgreSQL and Redis.
 */
describe('messaging inbound edge cases', () => {
  let t: App;
  let alice: TestAccount;
  let bob: TestAccount;
  let platform: FakeServer;
  let agentId: string;
  let mediaFails = false;

  beforeAll(async () => {
    platform = await fakeServer((req, res) => {
      if (req.url === '/v1/chat/completions') {
        const body = JSON.parse(req.body) as { messages: { role: string; content: string }[] };
        const last = body.messages[body.messages.length - 1].content;
        return json(res, 200, {
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'test-model',
          choices: [{ index: 0, message: { role: 'assistant', content: `answering: ${last}` }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        });
      }
      // Graph API media: GET /{media-id} gives a download URL, which needs the same token.
      const media = /^\/wa\/(MEDIA-[A-Z0-9]+)$/.exec(req.url);
      if (req.method === 'GET' && media) {
        if (mediaFails) return json(res, 500, { error: { message: 'temporary' } });
        if (media[1] !== 'MEDIA-1') return json(res, 404, { error: { message: 'Unsupported get request', code: 100 } });
        return json(res, 200, { messaging_product: 'whatsapp', url: `${platform.url}/download/MEDIA-1?hash=x`, mime_type: 'image/jpeg', id: 'MEDIA-1' });
      }
      if (req.method === 'GET' && req.url.startsWith('/download/MEDIA-1')) {
        if (req.headers.authorization !== 'Bearer wa-token') return json(res, 401, { error: 'no token' });
        res.statusCode = 200;
        res.setHeader('content-type', 'image/jpeg');
        res.setHeader('content-length', String(IMAGE.length));
        return void res.end(IMAGE);
      }
      if (req.url.startsWith('/tg/')) return json(res, 200, { ok: true, result: { message_id: 1 } });
      return json(res, 200, { messages: [{ id: 'wamid.out' }] });
    });
    t = await createTestApp(messagingService, {
      env: {
        WHATSAPP_API_BASE_URL: `${platform.url}/wa`,
        TELEGRAM_API_BASE_URL: `${platform.url}/tg`,
        MESSENGER_API_BASE_URL: `${platform.url}/fb`,
        CHANNEL_SEND_BACKOFF_MS: '30',
        PUBLIC_BASE_URL: PUBLIC,
        // The tests poll the history while jobs run.
        RATE_LIMIT_PER_MINUTE: '100000',
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: `${platform.url}/v1`,
        LLM_MODEL: 'test-model',
        OPENAI_API_KEY: 'sk-test',
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

  const connectWhatsApp = async (phoneNumberId: string) =>
    expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({
          kind: 'whatsapp',
          agent_id: agentId,
          credentials: { access_token: 'wa-token', app_secret: APP_SECRET, verify_token: 'vt', phone_number_id: phoneNumberId },
        }),
      201,
    ).body as { id: string };
  const deliver = (channelId: string, body: string) =>
    t.http.post(`/v1/inbound/whatsapp/${channelId}`).set('Content-Type', 'application/json').set('X-Hub-Signature-256', sign(body)).send(body);
  const conversationsOf = async (channelId: string) =>
    ((await t.http.get('/v1/conversations?limit=200').set(auth(alice))).body.data as { id: string; channel_id: string }[]).filter(
      (c) => c.channel_id === channelId,
    );
  const messagesOf = async (conversationId: string) =>
    expectStatus(await t.http.get(`/v1/conversations/${conversationId}/messages`).set(auth(alice)), 200).body.data as Msg[];
  const llmCalls = () =>
    platform.requests.filter((r) => r.url === '/v1/chat/completions').map((r) => JSON.parse(r.body) as { messages: { role: string; content: string }[] });
  const sendsTo = (path: string) => platform.requests.filter((r) => r.method === 'POST' && r.url === path).map((r) => JSON.parse(r.body));
  /** Waits until the conversation has `count` messages and its agent replies went out. */
  const settled = (conversationId: string, count: number) =>
    until(
      async () => {
        const list = await messagesOf(conversationId);
        return list.length === count && list.every((m) => m.delivery_status !== 'pending' && m.reply_status !== 'pending') ? list : null;
      },
      15_000,
      `${count} settled messages`,
    );

  it('WhatsApp: three messages in one delivery are stored in order and answered once, from all three', async () => {
    const ch = await connectWhatsApp('1555000');
    const body = waBody([
      ['1555000', [waText('wamid.B1', 'Oi'), waText('wamid.B2', 'Meu pedido é o 4417'), waText('wamid.B3', 'Ainda não chegou, pode ver?')]],
    ]);
    platform.requests.length = 0;
    expect(expectStatus(await deliver(ch.id, body), 200).body).toEqual({ received: 3, duplicates: 0, edited: 0, refused: 0 });
    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    const msgs = await settled(conv.id, 4);
    expect(msgs.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Oi'],
      ['user', 'Meu pedido é o 4417'],
      ['user', 'Ainda não chegou, pode ver?'],
      ['assistant', 'answering: Oi\nMeu pedido é o 4417\nAinda não chegou, pode ver?'],
    ]);
    // One reply, to the last message, and every message of the batch is answered by it.
    expect(msgs[3]).toMatchObject({ reply_to_id: msgs[2].id, delivery_status: 'sent' });
    expect(msgs.slice(0, 3).map((m) => m.reply_status)).toEqual(['completed', 'completed', 'completed']);
    // The provider was asked once, with the three texts in order (and no earlier turn of the batch in the history).
    const calls = llmCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0].messages.filter((m) => m.role !== 'system')).toEqual([{ role: 'user', content: 'Oi\nMeu pedido é o 4417\nAinda não chegou, pode ver?' }]);
    expect(sendsTo('/wa/1555000/messages').map((s) => s.text.body)).toEqual([msgs[3].content]);
    // What the messages stated is remembered, as for messages posted one by one.
    const facts = expectStatus(await t.http.get(`/v1/conversations/${conv.id}/facts`).set(auth(alice)), 200).body.data as { key: string; value: string }[];
    expect(facts).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'order', value: '4417' })]));

    // A redelivery of the same batch stores and answers nothing; a later message is a turn of its own, after the batch.
    expect(expectStatus(await deliver(ch.id, body), 200).body).toEqual({ received: 0, duplicates: 3, edited: 0, refused: 0 });
    expectStatus(await deliver(ch.id, waBody([['1555000', [waText('wamid.B4', 'Obrigada')]]])), 200);
    await t.drainQueue();
    const after = await settled(conv.id, 6);
    expect(after.slice(4).map((m) => [m.role, m.content])).toEqual([
      ['user', 'Obrigada'],
      ['assistant', 'answering: Obrigada'],
    ]);
    expect(llmCalls()).toHaveLength(2);
    expect(
      llmCalls()[1]
        .messages.filter((m) => m.role === 'user')
        .map((m) => m.content),
    ).toEqual(['Oi', 'Meu pedido é o 4417', 'Ainda não chegou, pode ver?', 'Obrigada']);
  });

  it('a lost batch reply is recovered once: the sweep and the reply job take only the last message of the batch', async () => {
    const ch = await connectWhatsApp('1555001');
    expectStatus(await deliver(ch.id, waBody([['1555001', [waText('wamid.R1', 'Hello'), waText('wamid.R2', 'Anyone there?')]]])), 200);
    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    const before = await settled(conv.id, 3);
    // As if the reply was never written (its enqueue failed): the batch is pending again, with no reply.
    const ds = t.app.get(DataSource);
    await ds.query(`DELETE FROM messaging.messages WHERE conversation_id = $1 AND role = 'assistant'`, [conv.id]);
    await ds.query(`UPDATE messaging.messages SET reply_status = 'pending' WHERE conversation_id = $1`, [conv.id]);
    platform.requests.length = 0;
    // One reply to queue, not one per message of the batch.
    expect(await t.app.get(RecoveryService).recover()).toMatchObject({ replies: 1 });
    // (The job that answered the batch before is still known to BullMQ under its id: run the reply the job would run.)
    const messages = t.app.get(MessagesService);
    expect(await messages.retryReply(alice.accountId, before[0].id)).toBe(true);
    expect(llmCalls()).toEqual([]);
    expect(await messages.retryReply(alice.accountId, before[1].id)).toBe(true);
    const msgs = await settled(conv.id, 3);
    expect(msgs[2]).toMatchObject({ role: 'assistant', reply_to_id: before[1].id, content: 'answering: Hello\nAnyone there?' });
    expect(msgs.slice(0, 2).map((m) => m.reply_status)).toEqual(['completed', 'completed']);
    expect(llmCalls()).toHaveLength(1);
  });

  it("WhatsApp: a payload for another phone number id is refused: nothing stored, nothing sent from the channel's number", async () => {
    const ch = await connectWhatsApp('1555002');
    platform.requests.length = 0;
    const foreign = waBody([['9999999', [waText('wamid.F1', 'Hi'), waText('wamid.F2', 'Hello?')]]]);
    expect(expectStatus(await deliver(ch.id, foreign), 200).body).toEqual({ received: 0, duplicates: 0, edited: 0, refused: 2 });
    // Without metadata there is no telling whose it is: refused too.
    const bare = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: 'W', changes: [{ field: 'messages', value: { messages: [waText('wamid.F3', 'Hi')] } }] }],
    });
    expect(expectStatus(await deliver(ch.id, bare), 200).body).toEqual({ received: 0, duplicates: 0, edited: 0, refused: 1 });
    await t.drainQueue();
    expect(await conversationsOf(ch.id)).toEqual([]);
    const [{ n }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM messaging.messages WHERE channel_id = $1`, [ch.id]);
    expect(n).toBe(0);

    // A delivery with a change for this number and one for another: only this number's message is stored and answered.
    const mixed = waBody([
      ['9999999', [waText('wamid.F4', 'Not for you')]],
      ['1555002', [waText('wamid.F5', 'For you')]],
    ]);
    expect(expectStatus(await deliver(ch.id, mixed), 200).body).toEqual({ received: 1, duplicates: 0, edited: 0, refused: 1 });
    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    const msgs = await settled(conv.id, 2);
    expect(msgs.map((m) => m.content)).toEqual(['For you', 'answering: For you']);
    expect(platform.requests.filter((r) => r.method === 'POST' && r.url.startsWith('/wa/')).map((r) => r.url)).toEqual(['/wa/1555002/messages']);
  });

  it('WhatsApp: an image without caption keeps its media as an attachment, served through the channel with the API key', async () => {
    const ch = await connectWhatsApp('1555003');
    platform.requests.length = 0;
    const image = {
      from: '5511999990000',
      id: 'wamid.I1',
      timestamp: '1732200000',
      type: 'image',
      image: { id: 'MEDIA-1', mime_type: 'image/jpeg', sha256: 'abc' },
    };
    const doc = {
      from: '5511999990000',
      id: 'wamid.I2',
      timestamp: '1732200001',
      type: 'document',
      document: { id: 'MEDIA-2', mime_type: 'application/pdf', filename: 'boleto.pdf', caption: 'Segue o boleto' },
    };
    expectStatus(await deliver(ch.id, waBody([['1555003', [image]]])), 200);
    await t.drainQueue();
    const [conv] = await conversationsOf(ch.id);
    await settled(conv.id, 2);
    expectStatus(await deliver(ch.id, waBody([['1555003', [doc]]])), 200);
    await t.drainQueue();
    const msgs = await settled(conv.id, 4);
    const url = `${PUBLIC}/v1/channels/${ch.id}/media/MEDIA-1`;
    expect(msgs[0]).toMatchObject({
      role: 'user',
      content: '',
      attachments: [{ type: 'image', media_id: 'MEDIA-1', mime_type: 'image/jpeg', filename: null, url }],
    });
    expect(msgs[2]).toMatchObject({
      content: 'Segue o boleto',
      attachments: [
        { type: 'document', media_id: 'MEDIA-2', mime_type: 'application/pdf', filename: 'boleto.pdf', url: `${PUBLIC}/v1/channels/${ch.id}/media/MEDIA-2` },
      ],
    });
    // The engine is told what came ("[image]"); the stored text stays empty.
    expect(llmCalls()[0].messages.at(-1)).toEqual({ role: 'user', content: '[image]' });

    // The attachment's URL, on this service: the bytes, through the Graph API with the channel's token.
    const path = new URL(url).pathname;
    const got = await t.http
      .get(path)
      .set(auth(alice))
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(got.body as Buffer, IMAGE)).toBe(0);
    const lookup = platform.requests.find((r) => r.method === 'GET' && r.url === '/wa/MEDIA-1')!;
    expect(lookup.headers.authorization).toBe('Bearer wa-token');

    const noKey = await t.http.get(path);
    expect(noKey.status).toBe(401);
    expect(noKey.body).toMatchObject({ error: 'unauthorized', status: 401 });
    expect(expectStatus(await t.http.get(path).set(auth(bob)), 404).body).toMatchObject({ error: 'not_found', status: 404 });
    expect(expectStatus(await t.http.get(`/v1/channels/${ch.id}/media/MEDIA-GONE`).set(auth(alice)), 404).body.error).toBe('not_found');
    // An id that is not a plain token never reaches the platform's API (it could name another path there).
    const lookups = platform.requests.length;
    for (const id of ['..', '%2e%2e', 'me%2Fmessages', 'a.b']) expectStatus(await t.http.get(`/v1/channels/${ch.id}/media/${id}`).set(auth(alice)), 404);
    expect(platform.requests.length).toBe(lookups);
    mediaFails = true;
    expect(expectStatus(await t.http.get(path).set(auth(alice)), 502).body).toMatchObject({ error: 'platform_error', status: 502 });
    mediaFails = false;
    const api = expectStatus(await t.http.post('/v1/channels').set(auth(alice)).send({ kind: 'api' }), 201).body;
    expectStatus(await t.http.get(`/v1/channels/${api.id}/media/MEDIA-1`).set(auth(alice)), 404);
  });

  it('Telegram: an edited_message updates the stored message, with no new turn and no new reply', async () => {
    const tg = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'telegram', agent_id: agentId, credentials: { bot_token: '42:tg', secret_token: 'tg-secret' } }),
      201,
    ).body;
    const path = `/v1/inbound/telegram/${tg.id}`;
    const post = (update: object) => t.http.post(path).set('X-Telegram-Bot-Api-Secret-Token', 'tg-secret').send(update);
    const original = { message_id: 7, from: { id: 99, first_name: 'Ana' }, chat: { id: 99, type: 'private' }, date: 1732200000, text: 'My order is 1234' };
    expectStatus(await post({ update_id: 1, message: original }), 200);
    await t.drainQueue();
    const [conv] = await conversationsOf(tg.id);
    const before = await settled(conv.id, 2);
    platform.requests.length = 0;

    const edit = (text: string, editDate: number, updateId: number) =>
      post({ update_id: updateId, edited_message: { ...original, text, edit_date: editDate } });
    expect(expectStatus(await edit('My order is 12345', 1732200100, 2), 200).body).toEqual({ received: 0, duplicates: 0, edited: 1, refused: 0 });
    await t.drainQueue();
    // The redelivered edit, and an older edit arriving late, change nothing.
    expect(expectStatus(await edit('My order is 12345', 1732200100, 2), 200).body).toEqual({ received: 0, duplicates: 1, edited: 0, refused: 0 });
    expect(expectStatus(await edit('My order is 123', 1732200050, 3), 200).body).toEqual({ received: 0, duplicates: 1, edited: 0, refused: 0 });
    // An edit of a message never stored (sent before the channel was connected) is ignored.
    expect(expectStatus(await post({ update_id: 4, edited_message: { ...original, message_id: 1, text: 'old', edit_date: 1732200200 } }), 200).body).toEqual({
      received: 0,
      duplicates: 0,
      edited: 0,
      refused: 0,
    });
    await t.drainQueue();
    await new Promise((r) => setTimeout(r, 300));
    const msgs = await messagesOf(conv.id);
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toMatchObject({ id: before[0].id, content: 'My order is 12345', edited_at: '2024-11-21T14:41:40.000Z' });
    expect(msgs[1]).toEqual(before[1]);
    expect(llmCalls()).toEqual([]);
    expect(sendsTo('/tg/bot42:tg/sendMessage')).toEqual([]);
    expect((await conversationsOf(tg.id)).map((c) => c.id)).toEqual([conv.id]);
    // What the message states is read again: the corrected order number.
    const facts = expectStatus(await t.http.get(`/v1/conversations/${conv.id}/facts`).set(auth(alice)), 200).body.data as { key: string; value: string }[];
    expect(facts.filter((f) => f.key === 'order').map((f) => f.value)).toEqual(['12345']);
  });

  it('a platform conversation without channel_id is refused (422) when the account has several channels of that kind', async () => {
    const carol = await t.account('carol');
    const carolAgent = (await createAgent(t, carol)).id;
    const connect = async (phone: string) =>
      expectStatus(
        await t.http
          .post('/v1/channels')
          .set(auth(carol))
          .send({ kind: 'whatsapp', agent_id: carolAgent, credentials: { access_token: 'a', app_secret: 's', verify_token: 'v', phone_number_id: phone } }),
        201,
      ).body as { id: string };
    const first = await connect('1');
    const start = (body: Record<string, unknown>) =>
      t.http
        .post('/v1/conversations')
        .set(auth(carol))
        .send({ agent_id: carolAgent, channel: 'whatsapp', ...body });
    expect(expectStatus(await start({ external_id: '5511900000001' }), 201).body.channel_id).toBe(first.id);
    const second = await connect('2');
    const refused = expectStatus(await start({ external_id: '5511900000002' }), 422).body;
    expect(refused).toMatchObject({ error: 'validation_error', status: 422 });
    expect(refused.details).toEqual([{ loc: ['body', 'channel_id'], msg: expect.stringContaining(second.id), type: 'missing' }]);
    expect((await t.http.get('/v1/conversations').set(auth(carol))).body.total).toBe(1);
    // Naming the channel works; without external_id nothing goes out, so nothing is ambiguous.
    expect(expectStatus(await start({ external_id: '5511900000002', channel_id: second.id }), 201).body.channel_id).toBe(second.id);
    expect(expectStatus(await start({}), 201).body.channel_id).toBeNull();
  });
});

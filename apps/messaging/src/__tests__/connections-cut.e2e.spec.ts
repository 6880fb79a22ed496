import { answersBreakingAvailability, createTestApp, expectStatus, killBackendsWhile, storm, StormOp, tally, TestAccount } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { messagingService } from '../service';
import { App, auth, createAgent, createConversation, FakeServer, fakeServer, json } from './helpers';

// Issue 39 (tools/chaos, pg-immediate): requests answered 500 while PostgreSQL went away. Here PostgreSQL ends the
// app's own connections (pg_terminate_backend on the test app's database) while requests run: API messages with an
// Idempotency-Key (the idempotency interceptor's lease, the message's transaction), Telegram webhooks (the channel
// lookup, the inbound dedup), reads, and the API-key lookup of every request. Every answer must be 2xx or 503
// `database_unavailable` with Retry-After, never a 500.
describe('messaging while its database connections are cut', () => {
  let t: App;
  let alice: TestAccount;
  let ds: DataSource;
  let platform: FakeServer;
  let conversationId: string;
  let channelId: string;
  let updateId = 1;

  beforeAll(async () => {
    platform = await fakeServer((_req, res) => json(res, 200, { ok: true, result: { message_id: 1 } }));
    t = await createTestApp(messagingService, { env: { TELEGRAM_API_BASE_URL: `${platform.url}/tg`, RATE_LIMIT_PER_MINUTE: '100000' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    const agent = await createAgent(t, alice);
    conversationId = (await createConversation(t, alice, agent.id)).id;
    channelId = expectStatus(
      await t.http
        .post('/v1/channels')
        .set(auth(alice))
        .send({ kind: 'telegram', agent_id: agent.id, credentials: { bot_token: '42:tg', secret_token: 'tg-secret' } }),
      201,
    ).body.id;
  });
  afterAll(async () => {
    await t?.close();
    await platform?.close();
  });

  const is503 = (body: unknown) => (body as { error?: string })?.error === 'database_unavailable';

  it('answers every request 2xx or 503 database_unavailable with Retry-After, never 500', async () => {
    const ops: StormOp[] = [
      [
        'message',
        () =>
          fetch(`${t.url}/v1/conversations/${conversationId}/messages`, {
            method: 'POST',
            headers: { ...auth(alice), 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
            body: JSON.stringify({ content: `My order is ${randomUUID().slice(0, 6)}` }),
          }),
      ],
      ['history', () => fetch(`${t.url}/v1/conversations/${conversationId}/messages?limit=5`, { headers: auth(alice) })],
      ['agents', () => fetch(`${t.url}/v1/agents`, { headers: auth(alice) })],
      [
        'telegram',
        () => {
          const id = ++updateId;
          const message = { message_id: id, from: { id: 77, first_name: 'Ana' }, chat: { id: 77, type: 'private' }, date: 1732200000, text: `hello ${id}` };
          return fetch(`${t.url}/v1/inbound/telegram/${channelId}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': 'tg-secret' },
            body: JSON.stringify({ update_id: id, message }),
          });
        },
      ],
    ];
    const killer = await killBackendsWhile(t.config.database.url!, { everyMs: 100 });
    const answers = await storm(ops, 8_000);
    const killed = await killer.stop();
    expect(killed).toBeGreaterThan(20);
    expect(answersBreakingAvailability(answers, is503), JSON.stringify(tally(answers))).toEqual([]);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await ds.query('SELECT 1').catch(() => undefined);
    expect((await fetch(`${t.url}/v1/agents`, { headers: auth(alice) })).status).toBe(200);
  });
});

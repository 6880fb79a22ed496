import { captureLogs, createTestApp, expectStatus, leakedSecrets, LogCapture, TestAccount } from '@platform/testing';
import { Client } from 'pg';
import type { MessagingConfig } from '../config';
import { messagingService } from '../service';
import { App, auth, createAgent, createConversation } from './helpers';

/**
 * No log line carries a token, API key, secret or password, even when a query fails with one of
 * them among its values (PostgreSQL's error detail quotes the failing row) or when a platform puts
 * one in the URL (Meta's `hub.verify_token`).
 */
describe('messaging logs carry no secrets', () => {
  const PASSWORD = 'hunter2-but-longer-9f1c';
  let capture: LogCapture<MessagingConfig>;
  let t: App;
  let alice: TestAccount;

  const sql = async (text: string) => {
    const c = new Client({ connectionString: t.config.database.url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    capture = captureLogs(messagingService);
    t = await createTestApp(capture.def, { env: { LOG_LEVEL: 'trace', WEBHOOK_ALLOW_PRIVATE: 'true' } });
    alice = await t.account('alice');
  });
  afterAll(async () => {
    await t?.close();
    capture?.restore();
  });

  it('through channels, webhooks and a failing message insert', async () => {
    const agent = await createAgent(t, alice);
    const conversation = await createConversation(t, alice, agent.id);
    const webhook = expectStatus(await t.http.put('/v1/settings/webhook').set(auth(alice)).send({ url: 'http://127.0.0.1:9/hooks' }), 200).body;
    expect(webhook.secret).toMatch(/^whsec_/);
    const credentials = {
      access_token: 'EAAG-wa-access-token-5d1e',
      app_secret: 'app-secret-77c2a9',
      verify_token: 'verify-token-0b3f41',
      phone_number_id: '1555000',
    };
    const channel = expectStatus(await t.http.post('/v1/channels').set(auth(alice)).send({ kind: 'whatsapp', agent_id: agent.id, credentials }), 201).body;
    // Meta's handshake puts the verify token in the query string; a wrong one is refused (and logged).
    const path = `/v1/inbound/whatsapp/${channel.id}`;
    expect((await t.http.get(`${path}?hub.mode=subscribe&hub.verify_token=${credentials.verify_token}&hub.challenge=42`)).text).toBe('42');
    expect((await t.http.get(`${path}?hub.mode=subscribe&hub.verify_token=${credentials.verify_token}x&hub.challenge=1`)).status).toBe(403);
    // A client that sends its key in the query string.
    expect((await t.http.get(`/v1/agents?api_key=${alice.key}`)).status).toBe(401);

    // Storing a message now fails, and PostgreSQL's error quotes the row, password included.
    await sql(`CREATE FUNCTION messaging.sabotage() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'sabotaged for the log test' USING DETAIL = row_to_json(NEW)::text; END $$`);
    await sql(`CREATE TRIGGER sabotage BEFORE INSERT ON messaging.messages FOR EACH ROW EXECUTE FUNCTION messaging.sabotage()`);
    const failed = await t.http
      .post(`/v1/conversations/${conversation.id}/messages`)
      .set(auth(alice))
      .send({ content: `my password is ${PASSWORD}` });
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ error: 'internal_error', status: 500 });
    await sql(`DROP TRIGGER sabotage ON messaging.messages`);

    const lines = capture.all();
    expect(
      leakedSecrets(lines, {
        apiKey: alice.key,
        password: PASSWORD,
        webhookSecret: webhook.secret,
        accessToken: credentials.access_token,
        appSecret: credentials.app_secret,
        verifyToken: credentials.verify_token,
      }),
    ).toEqual([]);
    for (const line of lines) expect(line).not.toMatch(/"(parameters|driverError|detail|where)":/);
    // The failure is logged all the same, under the error id the client got.
    const logged = capture.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.errorId && String(failed.body.message).includes(String(l.errorId)));
    expect(logged?.err).toMatchObject({ message: 'sabotaged for the log test', code: 'P0001' });
  });
});

import { captureLogs, createTestApp, expectStatus, LogCapture, refuseWrites, TestAccount } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../config';
import { messagingService } from '../service';
import { App, auth } from './helpers';

// Found by tools/chaos (pg faults): while PostgreSQL restarted, requests answered 500 internal_error. PostgreSQL
// refuses the insert here through a trigger with SQLSTATE 57P03 (cannot_connect_now), as it does while it restarts.
describe('messaging while the database is unavailable', () => {
  let t: App;
  let alice: TestAccount;
  let ds: DataSource;
  let capture: LogCapture<MessagingConfig>;

  beforeAll(async () => {
    capture = captureLogs(messagingService);
    t = await createTestApp(capture.def, { env: { LOG_LEVEL: 'warn' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  let allow: (() => Promise<void>) | undefined;
  afterEach(() => allow?.());
  afterAll(async () => {
    await t?.close();
    capture?.restore();
  });

  it('answers 503 database_unavailable with Retry-After, stores nothing, and works again once the database does', async () => {
    const create = () => t.http.post('/v1/agents').set(auth(alice)).send({ name: 'Refused', soul_id: 'concise-expert' });
    allow = await refuseWrites(ds, 'messaging.agents', 'INSERT', { message: 'the database system is starting up' });
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toEqual({ error: 'database_unavailable', message: expect.stringMatching(/database/), status: 503, retry_after: 2 });
    expect((await ds.query(`SELECT count(*)::int AS n FROM messaging.agents WHERE name = 'Refused'`))[0].n).toBe(0);
    // Operators still see why: a warning with the database's own message, not an error id.
    expect(capture.all().some((line) => /Database unavailable: answered 503/.test(line) && /57P03|starting up/.test(line))).toBe(true);

    await allow?.();
    expectStatus(await create(), 201);
  });
});

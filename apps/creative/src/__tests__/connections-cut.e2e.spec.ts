import { answersBreakingAvailability, createTestApp, killBackendsWhile, refuseWrites, storm, StormOp, tally, TestAccount, TestApp } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { sampleIr } from './helpers';

// Issue 39 (tools/chaos, pg-immediate): a request answered 500 while PostgreSQL went away. Here PostgreSQL ends the
// app's own connections (pg_terminate_backend on the test app's database, every 40 ms) while requests run: reads,
// idempotent writes, node patches with If-Match, previews (a file answer), API-key lookups in the guard. Every answer
// must be 2xx (412 for an If-Match that lost its race) or 503 database_unavailable with Retry-After, never a 500.
describe('creative while its database connections are cut', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  const designs: string[] = [];

  beforeAll(async () => {
    // The storm sends more than a minute's default quota per credential (600): the rate limit is not what is tested here.
    t = await createTestApp(creativeService, { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${t.url}/v1/designs`, { method: 'POST', headers: json(), body: JSON.stringify({ ir: sampleIr() }) });
      designs.push(((await res.json()) as { id: string }).id);
    }
  });
  afterAll(() => t?.close());

  /** The pool may still hold connections ended by the first test: each is dropped on its first use. */
  const settle = async (db: DataSource) => {
    for (let i = 0; i < 10; i++) await db.query('SELECT 1').catch(() => undefined);
  };
  const json = () => ({ 'x-api-key': alice.key, 'content-type': 'application/json' });
  const is503 = (body: unknown) =>
    (body as { code?: string })?.code === 'database_unavailable' || (body as { error?: string })?.error === 'temporarily_unavailable';

  it('answers every request 2xx or 503 database_unavailable with Retry-After, never 500', async () => {
    const ops: StormOp[] = [
      [
        'create',
        () =>
          fetch(`${t.url}/v1/designs`, { method: 'POST', headers: { ...json(), 'Idempotency-Key': randomUUID() }, body: JSON.stringify({ ir: sampleIr() }) }),
      ],
      ['get', () => fetch(`${t.url}/v1/designs/${designs[0]}`, { headers: json() })],
      ['list', () => fetch(`${t.url}/v1/designs?limit=5`, { headers: json() })],
      [
        'patch',
        async () => {
          const got = await fetch(`${t.url}/v1/designs/${designs[1]}`, { headers: json() });
          const text = await got.text();
          if (got.status !== 200) return new Response(text, { status: got.status, headers: got.headers });
          return fetch(`${t.url}/v1/designs/${designs[1]}/nodes/title`, {
            method: 'PATCH',
            headers: { ...json(), 'If-Match': got.headers.get('etag')!, 'Idempotency-Key': randomUUID() },
            body: JSON.stringify({ patch: { text: `t ${randomUUID()}` } }),
          });
        },
      ],
      ['preview', () => fetch(`${t.url}/v1/designs/${designs[0]}/preview?width=120`, { headers: json() })],
      // oidc-provider's adapter (issue 39: a 500 server_error there): a dynamic registration stores a client, a token
      // request looks its client up.
      [
        'oauth register',
        () =>
          fetch(`${t.url}/oauth/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ client_name: 'Storm', redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none' }),
          }),
      ],
      [
        'oauth token',
        () =>
          fetch(`${t.url}/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'unknown', client_id: 'unknown-client' }).toString(),
          }),
      ],
      ['duplicate', () => fetch(`${t.url}/v1/designs/${designs[0]}/duplicate`, { method: 'POST', headers: { ...json(), 'Idempotency-Key': randomUUID() } })],
    ];
    const killer = await killBackendsWhile(t.config.database.url!);
    const answers = await storm(ops, 8_000);
    const killed = await killer.stop();
    expect(killed).toBeGreaterThan(20);
    // 412: an If-Match that lost its race; 401: the token request's unknown client (invalid_client), when it was answered.
    const refusedClient = (a: { what: string; status: number; body: unknown }) =>
      a.what === 'oauth token' && a.status === 401 && (a.body as { error?: string })?.error === 'invalid_client';
    const broken = answersBreakingAvailability(answers, is503, [412]).filter((a) => !refusedClient(a));
    expect(broken, JSON.stringify(tally(answers))).toEqual([]);
    // Some requests went through and some met a cut connection: the test did what it says.
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(0);
    // And the service answers as before once PostgreSQL stops cutting.
    expect((await fetch(`${t.url}/v1/designs/${designs[0]}`, { headers: json() })).status).toBe(200);
  });

  it('a bug of ours stays a 500 internal_error: an SQL error that is not unavailability is not a 503', async () => {
    await settle(ds);
    // A trigger that fails with SQLSTATE XX000 (internal_error), as a statement of ours that PostgreSQL rejects would.
    await ds.query(`CREATE FUNCTION creative.t_broken() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'broken' USING ERRCODE = 'XX000'; END $$`);
    await ds.query(`CREATE TRIGGER t_broken BEFORE INSERT ON creative.designs FOR EACH ROW EXECUTE FUNCTION creative.t_broken()`);
    try {
      const res = await fetch(`${t.url}/v1/designs`, { method: 'POST', headers: json(), body: JSON.stringify({ ir: sampleIr() }) });
      expect(res.status).toBe(500);
      expect(res.headers.get('retry-after')).toBeNull();
      expect(((await res.json()) as { code: string }).code).toBe('internal_error');
    } finally {
      await ds.query(`DROP TRIGGER t_broken ON creative.designs`);
      await ds.query(`DROP FUNCTION creative.t_broken()`);
    }
    // refuseWrites' 57P03 (the database starting up) on the same insert is a 503.
    const allow = await refuseWrites(ds, 'creative.designs', 'INSERT');
    try {
      const res = await fetch(`${t.url}/v1/designs`, { method: 'POST', headers: json(), body: JSON.stringify({ ir: sampleIr() }) });
      expect(res.status).toBe(503);
    } finally {
      await allow();
    }
  });
});

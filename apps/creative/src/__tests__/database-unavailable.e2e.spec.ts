import { createTestApp, refuseWrites, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { as, sampleIr } from './helpers';

// Found by tools/chaos (pg faults): while PostgreSQL restarted, requests answered 500 internal_error. PostgreSQL
// refuses the insert here through a trigger with SQLSTATE 57P03 (cannot_connect_now), as it does while it restarts.
describe('creative while the database is unavailable', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  let allow: (() => Promise<void>) | undefined;
  afterEach(() => allow?.());
  afterAll(() => t?.close());

  it('answers 503 database_unavailable with Retry-After, stores nothing, and works again once the database does', async () => {
    allow = await refuseWrites(ds, 'creative.designs', 'INSERT', { message: 'the database system is starting up' });
    const refused = await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toEqual({ detail: expect.stringMatching(/database/), code: 'database_unavailable', retry_after: 2 });
    expect((await ds.query(`SELECT count(*)::int AS n FROM creative.designs WHERE account_id = $1`, [alice.accountId]))[0].n).toBe(0);

    await allow?.();
    expect((await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice)).status).toBe(200);
  });
});

import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../config';
import { entityService } from '../service';

// Found by tools/chaos (pg faults): while PostgreSQL restarted, requests answered 500 internal_error. PostgreSQL
// refuses the insert here through a trigger with SQLSTATE 57P03 (cannot_connect_now), as it does while it restarts.
describe('entity while the database is unavailable', () => {
  let t: TestApp<EntityConfig>;
  let alice: TestAccount;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(entityService);
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    await ds.query(`
      CREATE OR REPLACE FUNCTION entity.refuse_as_restarting() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the database system is starting up' USING ERRCODE = '57P03'; END $$`);
  });
  afterEach(() => ds.query(`DROP TRIGGER IF EXISTS refuse_as_restarting ON entity.entities`));
  afterAll(() => t?.close());

  it('answers 503 database_unavailable with Retry-After, stores nothing, and works again once the database does', async () => {
    const create = () =>
      t.http
        .post('/api/v1/entities')
        .set({ Authorization: `Bearer ${alice.key}` })
        .send({ name: 'Refused', purpose: 'A study companion' });
    await ds.query(`CREATE TRIGGER refuse_as_restarting BEFORE INSERT ON entity.entities FOR EACH ROW EXECUTE FUNCTION entity.refuse_as_restarting()`);
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toEqual({ ok: false, error: expect.stringMatching(/database/), code: 'database_unavailable', retry_after: 2 });
    expect((await ds.query(`SELECT count(*)::int AS n FROM entity.entities WHERE name = 'Refused'`))[0].n).toBe(0);

    await ds.query(`DROP TRIGGER refuse_as_restarting ON entity.entities`);
    expectStatus(await create(), 201);
  });
});

import { createTestApp, expectStatus, refuseWrites, TestAccount, TestApp } from '@platform/testing';
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
  });
  let allow: (() => Promise<void>) | undefined;
  afterEach(() => allow?.());
  afterAll(() => t?.close());

  it('answers 503 database_unavailable with Retry-After, stores nothing, and works again once the database does', async () => {
    const create = () =>
      t.http
        .post('/api/v1/entities')
        .set({ Authorization: `Bearer ${alice.key}` })
        .send({ name: 'Refused', purpose: 'A study companion' });
    allow = await refuseWrites(ds, 'entity.entities', 'INSERT', { message: 'the database system is starting up' });
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.body).toEqual({ ok: false, error: expect.stringMatching(/database/), code: 'database_unavailable', retry_after: 2 });
    expect((await ds.query(`SELECT count(*)::int AS n FROM entity.entities WHERE name = 'Refused'`))[0].n).toBe(0);

    await allow?.();
    expectStatus(await create(), 201);
  });
});

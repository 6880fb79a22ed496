import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { deadOwnerKeys } from '../../__tests__/dead-owner';

// Issue 39 (rolling-restart): a keyed DELETE /v1/designs/{id} whose replica was killed between its commit and its
// answer left the key in progress with no EffectLookup: every retry answered 409 idempotency_in_progress for 24 h (and,
// once the key expired, 404: the client never learned its delete had happened). The deletion now records its key's
// claim in its transaction (creative.design_deletions: the design row is gone, and the lookup gets no path): a retry
// after the lease lapsed answers the delete, or deletes when the deletion did not commit.
describe('creative: a design DELETE whose process died holding its Idempotency-Key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const create = async () => expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body as { id: string };
  const del = (id: string, key: string) => as(t.http.delete(`/v1/designs/${id}`).set('Idempotency-Key', key), alice);
  const exists = async (id: string) => (await ds.query(`SELECT 1 FROM creative.designs WHERE id = $1`, [id])).length === 1;
  /** The row a process killed with -9 before its deletion committed leaves behind. */
  const leftBehind = (id: string, key: string) => dead.leftBehind(key, 'DELETE', `/v1/designs/${id}`, undefined);
  const { diedAfterCommit } = dead;
  const keyRow = (key: string) => dead.keyRow(key);

  it('answers 204 when the dead process deleted the design', async () => {
    const { id } = await create();
    expectStatus(await del(id, 'delete-committed-1'), 204);
    await diedAfterCommit('delete-committed-1');
    const retry = expectStatus(await del(id, 'delete-committed-1'), 204);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await keyRow('delete-committed-1')).toEqual({ state: 'completed', response_status: 204 });
    // Completed: later retries replay the 204.
    expectStatus(await del(id, 'delete-committed-1'), 204);
  });

  it('deletes the design when the dead process had not', async () => {
    const { id } = await create();
    await leftBehind(id, 'delete-nothing-1');
    expectStatus(await del(id, 'delete-nothing-1'), 204);
    expect(await exists(id)).toBe(false);
    expect(await keyRow('delete-nothing-1')).toEqual({ state: 'completed', response_status: 204 });
  });

  it('records nothing for an unkeyed delete, and a new key on a deleted design still answers 404', async () => {
    const { id } = await create();
    expectStatus(await as(t.http.delete(`/v1/designs/${id}`), alice), 204);
    expect(await ds.query(`SELECT 1 FROM creative.design_deletions WHERE design_id = $1`, [id])).toEqual([]);
    expectStatus(await del(id, 'delete-after-1'), 404);
  });
});

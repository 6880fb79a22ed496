import { IdempotencyService } from '@platform/http';
import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';

// Issue 39 (retention): idempotency_keys rows were deleted only when the same key was used again after 24 h, so every
// fresh key left its row (and stored answer) forever; creative.design_deletions the same. A periodic sweep deletes both
// once expired, in bounded batches, and never a key still running under a live lease.
describe('creative: expired Idempotency-Key rows are swept', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  let idem: IdempotencyService;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    idem = t.app.get(IdempotencyService);
  });
  afterAll(() => t?.close());

  const key = (k: string, state: string, created: string, lease: string | null) =>
    ds.query(
      `INSERT INTO creative.idempotency_keys (account_id, key, request_hash, state, owner, lease_until, created_at)
       VALUES ($1, $2, 'v2:x', $3, 'some-host', ${lease ?? 'NULL'}, ${created})`,
      [alice.accountId, k, state],
    );
  const keys = async (prefix: string) =>
    (
      (await ds.query(`SELECT key FROM creative.idempotency_keys WHERE account_id = $1 AND key LIKE $2 ORDER BY key`, [alice.accountId, `${prefix}%`])) as {
        key: string;
      }[]
    ).map((r) => r.key);
  const OLD = `now() - interval '25 hours'`;

  it('finds what it sweeps by an index', async () => {
    const rows = (await ds.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'creative' AND indexname IN ($1, $2) ORDER BY 1`, [
      'design_deletions_deleted_at',
      'idempotency_keys_created_at',
    ])) as { indexname: string }[];
    expect(rows.map((r) => r.indexname)).toEqual(['design_deletions_deleted_at', 'idempotency_keys_created_at']);
  });

  it('deletes at most limit × maxBatches keys per run', async () => {
    for (let i = 0; i < 5; i++) await key(`batch-${i}`, 'completed', OLD, null);
    expect(await idem.sweepExpired(2, 2)).toBe(4);
    expect(await keys('batch-')).toHaveLength(1);
    expect(await idem.sweepExpired(2, 2)).toBe(1);
    expect(await keys('batch-')).toEqual([]);
  });

  it('deletes expired keys and design deletions, keeps fresh ones and a key running under a live lease', async () => {
    await key('expired-completed', 'completed', OLD, null);
    await key('expired-lapsed', 'in_progress', OLD, `now() - interval '1 second'`);
    await key('expired-legacy', 'in_progress', OLD, null);
    await key('fresh-completed', 'completed', 'now()', null);
    await key('old-but-live', 'in_progress', OLD, `now() + interval '30 seconds'`);
    await ds.query(
      `INSERT INTO creative.design_deletions (account_id, idempotency_ref, design_id, deleted_at)
       VALUES ($1, 'old-ref', 'd1', now() - interval '25 hours'), ($1, 'fresh-ref', 'd2', now())`,
      [alice.accountId],
    );
    expect(await idem.sweepExpired()).toBe(3);
    expect([...(await keys('expired-')), ...(await keys('fresh-')), ...(await keys('old-'))]).toEqual(['fresh-completed', 'old-but-live']);
    const refs = (await ds.query(`SELECT idempotency_ref FROM creative.design_deletions WHERE account_id = $1`, [alice.accountId])) as {
      idempotency_ref: string;
    }[];
    expect(refs.map((r) => r.idempotency_ref)).toEqual(['fresh-ref']);
  });
});

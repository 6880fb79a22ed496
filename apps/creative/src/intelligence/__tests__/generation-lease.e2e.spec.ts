import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import { deadOwnerKeys } from '../../__tests__/dead-owner';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

// Issue 39: a keyed POST /v1/generations whose process was killed (-9, OOM) left its key in progress with no
// EffectLookup: every retry answered 409 idempotency_in_progress for 24 h. The generation now records the key's claim
// on its row, written first, and on its asset (the artifact names the asset): a retry after the lease lapsed answers
// the generation the dead process completed, or completes what it stored (its picture not drawn again), or runs:
// one generation, one asset, one artifact and one charge per key.
describe('creative: a generation whose process died holding its Idempotency-Key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const body = (prompt: string) => ({ prompt, width: 128, height: 96, provider: 'builtin' });
  const post = (key: string, prompt: string) => as(t.http.post('/v1/generations').set('Idempotency-Key', key).send(body(prompt)), alice);
  const keyRow = (key: string) => dead.keyRow(key);
  const refOf = async (key: string) => {
    const [row] = await ds.query(`SELECT created_at FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]);
    return `${new Date(row.created_at).getTime()}:${key}`;
  };
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  /** Everything stored for a prompt: generations (with their links), their assets and artifacts, the reservations of a claim. */
  const storedFor = async (prompt: string, ref: string) => ({
    generations: (await ds.query(`SELECT id, asset_id, artifact_id, idempotency_ref FROM creative.generations WHERE account_id = $1 AND prompt = $2`, [
      alice.accountId,
      prompt,
    ])) as { id: string; asset_id: string | null; artifact_id: string | null; idempotency_ref: string | null }[],
    assets: ((await ds.query(`SELECT id FROM creative.assets WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as { id: string }[]).map(
      (r) => r.id,
    ),
    artifacts: (
      (await ds.query(
        `SELECT a.id FROM creative.artifacts a JOIN creative.assets s ON s.id = a.asset_id WHERE a.account_id = $1 AND s.idempotency_ref = $2 AND a.kind = 'generation'`,
        [alice.accountId, ref],
      )) as { id: string }[]
    ).map((r) => r.id),
    reservations: (
      (await ds.query(`SELECT state FROM creative.billing_reservations WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as {
        state: string;
      }[]
    ).map((r) => r.state),
  });

  it('generates once, charged once, when the dead process stored nothing', async () => {
    const ref = await dead.leftBehind('gen-dead-1', 'POST', '/v1/generations', body('a red fox in the snow'));
    const before = await balance();
    const res = expectStatus(await post('gen-dead-1', 'a red fox in the snow'), 200).body;
    expect(await storedFor('a red fox in the snow', ref)).toEqual({
      generations: [{ id: res.id, asset_id: res.asset.id, artifact_id: res.artifact.id, idempotency_ref: ref }],
      assets: [res.asset.id],
      artifacts: [res.artifact.id],
      reservations: ['captured'],
    });
    expect(await balance()).toBe(before - 1);
    expect(await keyRow('gen-dead-1')).toEqual({ state: 'completed', response_status: 200 });
  });

  it('answers the generation the dead process completed (same ids), without a second or a second charge', async () => {
    const first = expectStatus(await post('gen-committed-1', 'a blue whale at dawn'), 200).body;
    await dead.diedAfterCommit('gen-committed-1');
    const before = await balance();
    const retry = expectStatus(await post('gen-committed-1', 'a blue whale at dawn'), 200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const { signed_url: _a, ...rest } = retry.body;
    const { signed_url: _b, ...expected } = first;
    expect(rest).toEqual(expected);
    expect(retry.body.signed_url.url).toContain(first.artifact.id);
    const ref = await refOf('gen-committed-1');
    expect(await storedFor('a blue whale at dawn', ref)).toEqual({
      generations: [{ id: first.id, asset_id: first.asset.id, artifact_id: first.artifact.id, idempotency_ref: ref }],
      assets: [first.asset.id],
      artifacts: [first.artifact.id],
      reservations: ['captured'],
    });
    expect(await balance()).toBe(before);
    expect(await keyRow('gen-committed-1')).toEqual({ state: 'completed', response_status: 200 });
  });

  it('completes a generation the dead process left with its picture stored but no artifact: the same generation and asset', async () => {
    const first = expectStatus(await post('gen-partial-1', 'a green parrot'), 200).body;
    // Killed after it stored the asset, before the artifact (and before linking the row).
    await ds.query(`DELETE FROM creative.artifacts WHERE id = $1`, [first.artifact.id]);
    await ds.query(`UPDATE creative.generations SET asset_id = NULL, artifact_id = NULL WHERE id = $1`, [first.id]);
    await dead.diedAfterCommit('gen-partial-1');
    const before = await balance();
    const retry = expectStatus(await post('gen-partial-1', 'a green parrot'), 200).body;
    expect(retry).toMatchObject({ id: first.id, seed: first.seed, asset: { id: first.asset.id, sha256: first.asset.sha256 }, subject: first.subject });
    const ref = await refOf('gen-partial-1');
    expect(await storedFor('a green parrot', ref)).toEqual({
      generations: [{ id: first.id, asset_id: first.asset.id, artifact_id: retry.artifact.id, idempotency_ref: ref }],
      assets: [first.asset.id],
      artifacts: [retry.artifact.id],
      reservations: ['captured'],
    });
    expect(await balance()).toBe(before);
  });

  it('completes a generation the dead process left with only its row: one generation, one asset', async () => {
    const first = expectStatus(await post('gen-row-only-1', 'a yellow kite'), 200).body;
    // Killed after it wrote the row, before the picture was stored.
    await ds.query(`DELETE FROM creative.artifacts WHERE id = $1`, [first.artifact.id]);
    await ds.query(`DELETE FROM creative.assets WHERE id = $1`, [first.asset.id]);
    await ds.query(`UPDATE creative.generations SET asset_id = NULL, artifact_id = NULL WHERE id = $1`, [first.id]);
    await dead.diedAfterCommit('gen-row-only-1');
    const retry = expectStatus(await post('gen-row-only-1', 'a yellow kite'), 200).body;
    expect(retry).toMatchObject({ id: first.id, seed: first.seed, asset: { sha256: first.asset.sha256 } });
    const ref = await refOf('gen-row-only-1');
    expect(await storedFor('a yellow kite', ref)).toEqual({
      generations: [{ id: first.id, asset_id: retry.asset.id, artifact_id: retry.artifact.id, idempotency_ref: ref }],
      assets: [retry.asset.id],
      artifacts: [retry.artifact.id],
      reservations: ['captured'],
    });
  });

  it('an unkeyed generation records no claim', async () => {
    const res = expectStatus(await as(t.http.post('/v1/generations').send(body('an unkeyed moon')), alice), 200).body;
    const [row] = await ds.query(`SELECT asset_id, artifact_id, idempotency_ref FROM creative.generations WHERE id = $1`, [res.id]);
    expect(row).toEqual({ asset_id: res.asset.id, artifact_id: res.artifact.id, idempotency_ref: null });
  });
});

import { IdempotencyService } from '@platform/http';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { deadOwnerKeys } from './dead-owner';
import { as, sampleIr } from './helpers';

// Issue 39: a keyed DELETE /v1/assets/{id} or /v1/artifacts/{id} whose process was killed between its commit and its
// answer left the key in progress with no EffectLookup: every retry answered 409 idempotency_in_progress for 24 h (and,
// once the key expired, 404: the client never learned its delete had happened). Each deletion now records its key's
// claim in its transaction (creative.asset_deletions, creative.artifact_deletions, as design_deletions for designs): a
// retry after the lease lapsed answers the delete (200, as the route answers), or deletes when the deletion had not
// committed.
describe('creative: an asset or artifact DELETE whose process died holding its Idempotency-Key', () => {
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

  const newAsset = async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    return expectStatus(await as(t.http.post('/v1/assets').attach('file', png, { filename: 'dot.png', contentType: 'image/png' }), alice), 200).body
      .id as string;
  };
  const newArtifact = async () => {
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    return expectStatus(await as(t.http.post(`/v1/designs/${design.id}/render`).send({ format: 'png', width: 64 }), alice), 200).body.artifact.id as string;
  };

  describe.each([
    ['assets', 'asset', newAsset],
    ['artifacts', 'artifact', newArtifact],
  ])('DELETE /v1/%s/{id}', (collection, kind, make) => {
    const del = (id: string, key?: string) => {
      const req = t.http.delete(`/v1/${collection}/${id}`);
      if (key) req.set('Idempotency-Key', key);
      return as(req, alice);
    };
    const exists = async (id: string) => (await ds.query(`SELECT 1 FROM creative.${collection} WHERE id = $1`, [id])).length === 1;
    const recorded = async (id: string) =>
      ((await ds.query(`SELECT idempotency_ref FROM creative.${kind}_deletions WHERE ${kind}_id = $1`, [id])) as { idempotency_ref: string }[]).map(
        (r) => r.idempotency_ref,
      );

    it('answers the delete when the dead process deleted it', async () => {
      const id = await make();
      expect(expectStatus(await del(id, `${kind}-delete-committed-1`), 200).body).toEqual({ id, deleted: true });
      await dead.diedAfterCommit(`${kind}-delete-committed-1`);
      const retry = expectStatus(await del(id, `${kind}-delete-committed-1`), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual({ id, deleted: true });
      expect(await dead.keyRow(`${kind}-delete-committed-1`)).toEqual({ state: 'completed', response_status: 200 });
      // Completed: later retries replay it.
      expect(expectStatus(await del(id, `${kind}-delete-committed-1`), 200).body).toEqual({ id, deleted: true });
    });

    it('deletes it when the dead process had not', async () => {
      const id = await make();
      const ref = await dead.leftBehind(`${kind}-delete-nothing-1`, 'DELETE', `/v1/${collection}/${id}`, undefined);
      expect(expectStatus(await del(id, `${kind}-delete-nothing-1`), 200).body).toEqual({ id, deleted: true });
      expect(await exists(id)).toBe(false);
      expect(await recorded(id)).toEqual([ref]);
      expect(await dead.keyRow(`${kind}-delete-nothing-1`)).toEqual({ state: 'completed', response_status: 200 });
    });

    it('records nothing for an unkeyed delete, and a new key on a deleted one still answers 404', async () => {
      const id = await make();
      expectStatus(await del(id), 200);
      expect(await recorded(id)).toEqual([]);
      expect(expectStatus(await del(id, `${kind}-delete-after-1`), 404).body.code).toBe('not_found');
    });

    it('forgets a recorded deletion with its key (the sweep of expired keys)', async () => {
      await ds.query(
        `INSERT INTO creative.${kind}_deletions (account_id, idempotency_ref, ${kind}_id, deleted_at)
         VALUES ($1, 'old-ref', 'x_old', now() - interval '25 hours'), ($1, 'fresh-ref', 'x_fresh', now())`,
        [alice.accountId],
      );
      await t.app.get(IdempotencyService).sweepExpired();
      const refs = (await ds.query(`SELECT idempotency_ref FROM creative.${kind}_deletions WHERE account_id = $1 AND ${kind}_id LIKE 'x_%'`, [
        alice.accountId,
      ])) as { idempotency_ref: string }[];
      expect(refs.map((r) => r.idempotency_ref)).toEqual(['fresh-ref']);
    });
  });

  it('records no deletion when the delete is refused (an asset the brand kit uses: 409 asset_in_use)', async () => {
    const id = await newAsset();
    expectStatus(await as(t.http.put('/v1/brand-kit').send({ name: 'Acme', logo_asset_id: id }), alice), 200);
    const res = expectStatus(await as(t.http.delete(`/v1/assets/${id}`).set('Idempotency-Key', 'asset-in-use-1'), alice), 409);
    expect(res.body.code).toBe('asset_in_use');
    expect(await ds.query(`SELECT 1 FROM creative.asset_deletions WHERE asset_id = $1`, [id])).toEqual([]);
  });
});

import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import { deadOwnerKeys } from '../../__tests__/dead-owner';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { CampaignsService } from '../campaigns.service';

// Issue 39: a keyed POST /v1/campaigns (or /v1/campaigns/full) whose process was killed (-9, OOM) left its key in
// progress with no EffectLookup: every retry answered 409 idempotency_in_progress for 24 h. The campaign (and each
// piece's design, under a claim derived from the key's) now records the key's claim, and the full campaign's job
// records it too: a retry after the lease lapsed answers what the dead process stored, or makes it, once, reusing
// the pieces the dead process had stored before it died (no second set of designs, one charge per key).
describe('creative: a campaign whose process died holding its Idempotency-Key', () => {
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

  const body = (title: string) => ({
    brief: { title, cta: 'Shop now' },
    formats: [
      { width: 320, height: 240 },
      { width: 240, height: 320, template: 'story' },
    ],
  });
  const post = (path: string, key: string, b: object) => as(t.http.post(path).set('Idempotency-Key', key).send(b), alice);
  const keyRow = (key: string) => dead.keyRow(key);
  const refOf = async (key: string) => {
    const [row] = await ds.query(`SELECT created_at FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]);
    return `${new Date(row.created_at).getTime()}:${key}`;
  };
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  const campaignsTitled = async (title: string) =>
    ((await ds.query(`SELECT id FROM creative.campaigns WHERE account_id = $1 AND brief->>'title' = $2`, [alice.accountId, title])) as { id: string }[]).map(
      (r) => r.id,
    );
  const designsTitled = async (title: string) =>
    ((await ds.query(`SELECT id FROM creative.designs WHERE account_id = $1 AND title = $2 ORDER BY id`, [alice.accountId, title])) as { id: string }[]).map(
      (r) => r.id,
    );
  const artifactsOf = async (designIds: string[]) =>
    ((await ds.query(`SELECT id FROM creative.artifacts WHERE design_id = ANY($1) ORDER BY id`, [designIds])) as { id: string }[]).map((r) => r.id);
  const reservationsUnder = async (ref: string) =>
    (await ds.query(`SELECT id, state FROM creative.billing_reservations WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as {
      id: string;
      state: string;
    }[];
  type Piece = { design_id: string; artifact: { id: string } };

  describe('POST /v1/campaigns', () => {
    it('makes the campaign once, charged once, when the dead process stored nothing', async () => {
      const ref = await dead.leftBehind('campaign-dead-1', 'POST', '/v1/campaigns', body('Dead before storing'));
      const before = await balance();
      const res = expectStatus(await post('/v1/campaigns', 'campaign-dead-1', body('Dead before storing')), 200);
      expect(await campaignsTitled('Dead before storing')).toEqual([res.body.id]);
      expect(await designsTitled('Dead before storing')).toHaveLength(2);
      expect(await reservationsUnder(ref)).toEqual([{ id: expect.any(String), state: 'captured' }]);
      expect(await balance()).toBeLessThan(before);
      expect(await keyRow('campaign-dead-1')).toEqual({ state: 'completed', response_status: 200 });
    });

    it('answers the campaign the dead process stored (same ids), without a second campaign or charge', async () => {
      const first = expectStatus(await post('/v1/campaigns', 'campaign-committed-1', body('Stored, then killed')), 200).body;
      await dead.diedAfterCommit('campaign-committed-1');
      const before = await balance();
      const retry = expectStatus(await post('/v1/campaigns', 'campaign-committed-1', body('Stored, then killed')), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toMatchObject({ id: first.id, seed: first.seed });
      expect(retry.body.pieces.map((p: Piece) => [p.design_id, p.artifact.id])).toEqual(first.pieces.map((p: Piece) => [p.design_id, p.artifact.id]));
      expect(await campaignsTitled('Stored, then killed')).toEqual([first.id]);
      expect(await designsTitled('Stored, then killed')).toHaveLength(2);
      expect(await reservationsUnder(await refOf('campaign-committed-1'))).toHaveLength(1);
      expect(await balance()).toBe(before);
      expect(await keyRow('campaign-committed-1')).toEqual({ state: 'completed', response_status: 200 });
    });

    it('reuses the pieces the dead process stored before the campaign (no second set of designs or artifacts)', async () => {
      const first = expectStatus(await post('/v1/campaigns', 'campaign-partial-1', body('Pieces, then killed')), 200).body;
      const designs = first.pieces.map((p: Piece) => p.design_id);
      const artifacts = await artifactsOf(designs);
      // Killed after its pieces' designs and renders were stored, before the campaign's transaction: no campaign row,
      // its reservation still held.
      await ds.query(`DELETE FROM creative.campaign_pieces WHERE campaign_id = $1`, [first.id]);
      await ds.query(`DELETE FROM creative.campaigns WHERE id = $1`, [first.id]);
      const ref = await refOf('campaign-partial-1');
      const [reservation] = await reservationsUnder(ref);
      await ds.query(`UPDATE creative.billing_reservations SET state = 'held' WHERE id = $1`, [reservation.id]);
      await ds.query(`DELETE FROM creative.billing_ledger WHERE reservation_id = $1 AND type = 'capture'`, [reservation.id]);
      await dead.diedAfterCommit('campaign-partial-1');
      const retry = expectStatus(await post('/v1/campaigns', 'campaign-partial-1', body('Pieces, then killed')), 200).body;
      expect(retry.id).not.toBe(first.id);
      expect(retry.seed).toBe(first.seed);
      expect(retry.pieces.map((p: Piece) => p.design_id)).toEqual(designs);
      expect(await designsTitled('Pieces, then killed')).toEqual([...designs].sort());
      expect(await artifactsOf(designs)).toEqual(artifacts);
      expect(await campaignsTitled('Pieces, then killed')).toEqual([retry.id]);
      // The reservation the dead process held is the one captured: one charge.
      expect(await reservationsUnder(ref)).toEqual([{ id: reservation.id, state: 'captured' }]);
    });

    it('refuses a second campaign under one claim and answers the first (a stalled owner that resumes after the takeover)', async () => {
      const first = expectStatus(await post('/v1/campaigns', 'campaign-fence-1', body('Fenced')), 200).body;
      const ref = await refOf('campaign-fence-1');
      const again = await t.app.get(CampaignsService).create(alice.accountId, body('Fenced'), ref);
      expect(again.id).toBe(first.id);
      expect(await campaignsTitled('Fenced')).toEqual([first.id]);
      expect(await designsTitled('Fenced')).toHaveLength(2);
    });
  });

  describe('POST /v1/campaigns/full', () => {
    const full = (title: string) => ({
      ...body(title),
      video: { duration: 1, fps: 6, motion: 'none', transition: 'none', width: 240, height: 240 },
    });
    const jobsUnder = async (ref: string) =>
      ((await ds.query(`SELECT id FROM creative.jobs WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as { id: string }[]).map(
        (r) => r.id,
      );
    const cancel = async (id: string) => as(t.http.post(`/v1/jobs/${id}/cancel`), alice);

    it('answers the job the dead process recorded without creating a second', async () => {
      const first = expectStatus(await post('/v1/campaigns/full', 'full-committed-1', full('Full stored')), 202).body;
      await cancel(first.id);
      await dead.diedAfterCommit('full-committed-1');
      const retry = expectStatus(await post('/v1/campaigns/full', 'full-committed-1', full('Full stored')), 202);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body.id).toBe(first.id);
      expect(await jobsUnder(await refOf('full-committed-1'))).toEqual([first.id]);
      expect(await keyRow('full-committed-1')).toEqual({ state: 'completed', response_status: 202 });
    });

    it('creates the job once when the dead process recorded none', async () => {
      const ref = await dead.leftBehind('full-dead-1', 'POST', '/v1/campaigns/full', full('Full dead'));
      const res = expectStatus(await post('/v1/campaigns/full', 'full-dead-1', full('Full dead')), 202);
      await cancel(res.body.id);
      expect(await jobsUnder(ref)).toEqual([res.body.id]);
      expect(await keyRow('full-dead-1')).toEqual({ state: 'completed', response_status: 202 });
    });
  });
});

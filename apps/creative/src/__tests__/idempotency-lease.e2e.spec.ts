import { IdempotencyService } from '@platform/http';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { BillingService } from '../billing/billing.service';
import type { CreativeConfig } from '../config';
import { DesignsService } from '../designs/designs.service';
import { creativeService } from '../service';
import { as, sampleIr } from './helpers';
import { deadOwnerKeys } from './dead-owner';

// Found by tools/chaos (kill-render-api): design creations in flight on a replica killed with -9 left their
// Idempotency-Keys in progress, and creative had no EffectLookup, so every retry answered 409 idempotency_in_progress
// until the key expired (24 h). Each keyed creation the traffic makes (designs, duplicates, renders, animate and video
// jobs) now records its key's claim on its effect: once the dead owner's lease lapsed a retry answers what was
// committed, once, or runs it when nothing was. The rows are written as a killed process leaves them.
describe('creative: Idempotency-Keys left in progress by a killed process', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  let designId: string;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    designId = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body.id;
  });
  afterAll(() => t?.close());

  const post = (path: string, key: string, body: unknown) =>
    as(
      t.http
        .post(path)
        .set('Idempotency-Key', key)
        .send(body as object),
      alice,
    );
  /** The row a process killed with -9 leaves behind: in progress, its owner gone, its lease lapsed; answers its claim's `ref`. */
  const leftBehind = (key: string, path: string, body: unknown): Promise<string> => dead.leftBehind(key, 'POST', path, body);
  const { diedAfterCommit } = dead;
  const keyRow = (key: string) => dead.keyRow(key, 'state, owner, response_status');
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  const designsTitled = async (title: string) => (await ds.query(`SELECT id FROM creative.designs WHERE title = $1`, [title])) as { id: string }[];
  const rendersOf = async (id: string) =>
    (await ds.query(`SELECT id, state, idempotency_ref FROM creative.billing_reservations WHERE design_id = $1 AND operation = 'render' ORDER BY created_at`, [
      id,
    ])) as { id: string; state: string; idempotency_ref: string | null }[];
  const ledgerOf = async (reservationId: string) =>
    (
      (await ds.query(`SELECT type FROM creative.billing_ledger WHERE reservation_id = $1 ORDER BY created_at, type DESC`, [reservationId])) as {
        type: string;
      }[]
    ).map((r) => r.type);

  describe('POST /v1/designs', () => {
    const body = (title: string) => ({ template: 'square-post', brief: { title, cta: 'Go' } });

    it('creates the design once when the dead process stored none', async () => {
      const ref = await leftBehind('design-dead-1', '/v1/designs', body('Dead before storing'));
      const res = expectStatus(await post('/v1/designs', 'design-dead-1', body('Dead before storing')), 200);
      expect(await designsTitled('Dead before storing')).toEqual([{ id: res.body.id }]);
      const [{ idempotency_ref }] = await ds.query(`SELECT idempotency_ref FROM creative.designs WHERE id = $1`, [res.body.id]);
      expect(idempotency_ref).toBe(ref);
      expect(await keyRow('design-dead-1')).toEqual({ state: 'completed', owner: t.app.get(IdempotencyService).instanceId, response_status: 200 });
    });

    it('answers the design the dead process stored, rebuilt from it, without storing a second', async () => {
      const first = expectStatus(await post('/v1/designs', 'design-committed-1', body('Stored, then killed')), 200).body;
      await diedAfterCommit('design-committed-1');
      const retry = expectStatus(await post('/v1/designs', 'design-committed-1', body('Stored, then killed')), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toMatchObject({ id: first.id, revision: 1, title: 'Stored, then killed', template: 'square-post', ir: first.ir, render: null });
      expect(await designsTitled('Stored, then killed')).toEqual([{ id: first.id }]);
      expect((await keyRow('design-committed-1')).state).toBe('completed');
      const again = expectStatus(await post('/v1/designs', 'design-committed-1', body('Stored, then killed')), 200);
      expect(again.body.id).toBe(first.id);
    });

    it('answers the render asked with a design the dead process stored and rendered, charged once', async () => {
      const withRender = { ...body('Stored and rendered, then killed'), render: { format: 'png', width: 200 } };
      const first = expectStatus(await post('/v1/designs', 'design-render-committed-1', withRender), 200).body;
      expect(first.render).toMatchObject({ width: 200, cached: false });
      await diedAfterCommit('design-render-committed-1');
      const before = await balance();
      const retry = expectStatus(await post('/v1/designs', 'design-render-committed-1', withRender), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toMatchObject({ id: first.id, render: { width: 200, artifact: { id: first.render.artifact.id } } });
      expect(await balance()).toBe(before);
      const [only, ...others] = await rendersOf(first.id);
      expect(others).toEqual([]);
      expect(await ledgerOf(only.id)).toEqual(['reserve', 'capture']);
    });

    it('renders (and charges) the render asked with a design the dead process stored before rendering it', async () => {
      const withRender = { ...body('Stored, killed before the render'), render: { format: 'png', width: 200 } };
      const ref = await leftBehind('design-render-dead-1', '/v1/designs', withRender);
      const stored = await t.app
        .get(DesignsService)
        .create(alice.accountId, { template: 'square-post', brief: withRender.brief, requireFields: true, idempotencyRef: ref });
      const before = await balance();
      const retry = expectStatus(await post('/v1/designs', 'design-render-dead-1', withRender), 200);
      expect(retry.body).toMatchObject({ id: stored.design.id, render: { width: 200 } });
      expect(await designsTitled('Stored, killed before the render')).toEqual([{ id: stored.design.id }]);
      const [only, ...others] = await rendersOf(stored.design.id);
      expect(others).toEqual([]);
      expect(only).toMatchObject({ state: 'captured', idempotency_ref: ref });
      expect(await balance()).toBeLessThan(before);
    });

    it('refuses a second design under one claim (a stalled owner that resumes after the takeover)', async () => {
      const first = expectStatus(await post('/v1/designs', 'design-fence-1', body('One claim')), 200).body;
      const [{ idempotency_ref: ref }] = await ds.query(`SELECT idempotency_ref FROM creative.designs WHERE id = $1`, [first.id]);
      expect(ref).toMatch(/^\d+:design-fence-1$/);
      await expect(
        ds.query(
          `INSERT INTO creative.designs (id, account_id, title, revision, width, height, source, idempotency_ref) VALUES ('des_second', $1, 'x', 1, 10, 10, 'ir', $2)`,
          [alice.accountId, ref],
        ),
      ).rejects.toMatchObject({ code: '23505' });
    });

    it('answers the duplicate the dead process stored', async () => {
      const path = `/v1/designs/${designId}/duplicate`;
      const first = expectStatus(await post(path, 'duplicate-committed-1', { title: 'Duplicated, then killed' }), 200).body;
      await diedAfterCommit('duplicate-committed-1');
      const retry = expectStatus(await post(path, 'duplicate-committed-1', { title: 'Duplicated, then killed' }), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toMatchObject({ id: first.id, source: 'duplicate' });
      expect(await designsTitled('Duplicated, then killed')).toEqual([{ id: first.id }]);
    });
  });

  describe('POST /v1/designs/{id}/render', () => {
    const render = { format: 'png', width: 240 };

    it('renders and charges once when the dead process reserved nothing', async () => {
      const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
      const path = `/v1/designs/${d.id}/render`;
      const ref = await leftBehind('render-dead-1', path, render);
      const res = expectStatus(await post(path, 'render-dead-1', render), 200);
      expect(res.body).toMatchObject({ design_id: d.id, width: 240 });
      const [only, ...others] = await rendersOf(d.id);
      expect(others).toEqual([]);
      expect(only).toMatchObject({ state: 'captured', idempotency_ref: ref });
    });

    it('does not charge again for a render the dead process drew and was charged for', async () => {
      const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
      const path = `/v1/designs/${d.id}/render`;
      const first = expectStatus(await post(path, 'render-committed-1', render), 200).body;
      await diedAfterCommit('render-committed-1');
      const before = await balance();
      const retry = expectStatus(await post(path, 'render-committed-1', render), 200);
      expect(retry.body).toMatchObject({ design_id: d.id, revision: first.revision, width: 240, artifact: { id: first.artifact.id } });
      const [only, ...others] = await rendersOf(d.id);
      expect(others).toEqual([]);
      expect(await ledgerOf(only.id)).toEqual(['reserve', 'capture']);
      expect(await balance()).toBe(before);
      expect((await keyRow('render-committed-1')).state).toBe('completed');
    });

    it('settles the reservation the dead process held instead of reserving a second', async () => {
      const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
      const path = `/v1/designs/${d.id}/render`;
      const ref = await leftBehind('render-held-1', path, render);
      // Killed while drawing: its reservation held, recorded with its key's claim.
      const held = await t.app
        .get(BillingService)
        .reserveAtOnce(
          { accountId: alice.accountId, designId: d.id, idempotencyRef: ref },
          { operation: 'render', params: { width: 240, height: 240, format: 'png' } },
          { operation: 'render', credits: 1, breakdown: [] },
        );
      expect(held).not.toBeNull();
      expectStatus(await post(path, 'render-held-1', render), 200);
      expect(await rendersOf(d.id)).toEqual([{ id: held!.id, state: 'captured', idempotency_ref: ref }]);
      expect(await ledgerOf(held!.id)).toEqual(['reserve', 'capture']);
    });
  });

  describe('animate and video jobs', () => {
    const animate = { duration: 1, motion: 'zoom_in', width: 64, height: 64, fps: 4 };
    const jobCount = async () => (await ds.query(`SELECT count(*)::int AS n FROM creative.jobs WHERE account_id = $1`, [alice.accountId]))[0].n as number;

    it('answers the job the dead process recorded without creating a second', async () => {
      const path = `/v1/designs/${designId}/animate`;
      const first = expectStatus(await post(path, 'animate-committed-1', animate), 202).body;
      await diedAfterCommit('animate-committed-1');
      const before = await jobCount();
      const retry = expectStatus(await post(path, 'animate-committed-1', animate), 202);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toMatchObject({ id: first.id, kind: 'animate' });
      expect(await jobCount()).toBe(before);
      expect((await keyRow('animate-committed-1')).state).toBe('completed');
    });

    it('creates the job once when the dead process recorded none', async () => {
      const body = { scenes: [{ procedural: { style: 'mesh', seed: 3 }, duration: 1 }], width: 64, height: 64, fps: 4 };
      const ref = await leftBehind('video-dead-1', '/v1/videos', body);
      const before = await jobCount();
      const res = expectStatus(await post('/v1/videos', 'video-dead-1', body), 202);
      expect(await jobCount()).toBe(before + 1);
      const rows = await ds.query(`SELECT id FROM creative.jobs WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref]);
      expect(rows).toEqual([{ id: res.body.id }]);
    });
  });
});

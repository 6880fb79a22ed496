import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import { BillingService } from '../../billing/billing.service';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { AssetsService } from '../assets.service';
import { AssetsUseCases } from '../assets.use-cases';
import { deadOwnerKeys } from '../../__tests__/dead-owner';

// Found by tools/chaos (rolling-restart): a transform whose api replica was killed while it worked left its
// Idempotency-Key in progress, and transforms had no EffectLookup, so every retry answered 409 idempotency_in_progress
// until the key expired (24 h) and the client never learned its asset. The transform now records its key's claim on
// the asset it makes and on its reservation: once the dead owner's lease lapsed a retry answers the asset that process
// stored (its charge settled, once) or runs the transform when none was stored. The rows are written as a killed
// process leaves them.
describe('creative: a transform whose process died holding its Idempotency-Key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  let source: string;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );
  /** One operation: 1 credit (TRANSFORM_CREDITS_PER_OPERATION). */
  const body = (width: number) => ({ operations: [{ type: 'resize', width }] });
  const path = () => `/v1/assets/${source}/transform`;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    source = expectStatus(await as(t.http.post('/v1/assets').attach('file', png, 'scene.png'), alice), 200).body.id;
  });
  afterAll(() => t?.close());

  const post = (key: string, b: unknown) =>
    as(
      t.http
        .post(path())
        .set('Idempotency-Key', key)
        .send(b as object),
      alice,
    );
  /** The row a process killed with -9 leaves behind: in progress, its owner gone, its lease lapsed; answers its claim's `ref`. */
  const leftBehind = (key: string, b: unknown): Promise<string> => dead.leftBehind(key, 'POST', path(), b);
  const { diedAfterCommit } = dead;
  const keyRow = (key: string) => dead.keyRow(key);
  /** The stored asset of a claim, made by the dead process (its transform ran, its row committed). */
  const storedBy = (ref: string, width: number) =>
    t.app.get(AssetsService).transform(alice.accountId, source, {
      operations: body(width).operations as never,
      outputFormat: 'png',
      quality: 92,
      background: '#FFFFFF',
      filename: null,
      idempotencyRef: ref,
    });
  /** The reservation the dead process held for its transform. */
  const heldBy = async (ref: string) =>
    (await t.app
      .get(BillingService)
      .reserveAtOnce(
        { accountId: alice.accountId, assetId: source, idempotencyRef: ref },
        { operation: 'transform', params: { operations: 1 } },
        { operation: 'transform', credits: 1, breakdown: [] },
      ))!;
  const assetsUnder = async (ref: string) =>
    ((await ds.query(`SELECT id FROM creative.assets WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as { id: string }[]).map(
      (r) => r.id,
    );
  const reservationsUnder = async (ref: string) =>
    (await ds.query(`SELECT id, state FROM creative.billing_reservations WHERE account_id = $1 AND idempotency_ref = $2 ORDER BY created_at`, [
      alice.accountId,
      ref,
    ])) as { id: string; state: string }[];
  const ledgerOf = async (reservationId: string) =>
    (
      (await ds.query(`SELECT type FROM creative.billing_ledger WHERE reservation_id = $1 ORDER BY created_at, type DESC`, [reservationId])) as {
        type: string;
      }[]
    ).map((r) => r.type);
  const refOfKey = async (key: string) =>
    `${new Date((await ds.query(`SELECT created_at FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]))[0].created_at).getTime()}:${key}`;
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  /** The account's books: its balance is the sum of its ledger, and nothing is left held. */
  const booksBalance = async () => {
    const [{ sum }] = await ds.query(`SELECT sum(amount)::int AS sum FROM creative.billing_ledger WHERE account_id = $1`, [alice.accountId]);
    expect(await balance()).toBe(sum);
    const held = await ds.query(`SELECT id FROM creative.billing_reservations WHERE account_id = $1 AND state = 'held'`, [alice.accountId]);
    expect(held).toEqual([]);
  };

  it('runs the transform and charges it once when the dead process stored nothing and reserved nothing', async () => {
    const ref = await leftBehind('transform-dead-1', body(32));
    const before = await balance();
    const res = expectStatus(await post('transform-dead-1', body(32)), 200);
    expect(res.body).toMatchObject({ source_asset_id: source, width: 32 });
    expect(await assetsUnder(ref)).toEqual([res.body.id]);
    const [only, ...others] = await reservationsUnder(ref);
    expect(others).toEqual([]);
    expect(only.state).toBe('captured');
    expect(await ledgerOf(only.id)).toEqual(['reserve', 'capture']);
    expect(await balance()).toBe(before - 1);
    expect(await keyRow('transform-dead-1')).toEqual({ state: 'completed', response_status: 200 });
    await booksBalance();
  });

  it('runs the transform on the reservation the dead process held (killed while transforming), charged once', async () => {
    const ref = await leftBehind('transform-held-1', body(30));
    const held = await heldBy(ref);
    const before = await balance();
    const res = expectStatus(await post('transform-held-1', body(30)), 200);
    expect(await assetsUnder(ref)).toEqual([res.body.id]);
    expect(await reservationsUnder(ref)).toEqual([{ id: held.id, state: 'captured' }]);
    expect(await ledgerOf(held.id)).toEqual(['reserve', 'capture']);
    expect(await balance()).toBe(before);
    await booksBalance();
  });

  it('answers the asset the dead process stored and captures the reservation it held (killed before the capture)', async () => {
    const ref = await leftBehind('transform-stored-held-1', body(28));
    const held = await heldBy(ref);
    const stored = await storedBy(ref, 28);
    const before = await balance();
    const retry = expectStatus(await post('transform-stored-held-1', body(28)), 200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toMatchObject({ id: stored.id, source_asset_id: source, width: 28, operations: body(28).operations });
    expect(await assetsUnder(ref)).toEqual([stored.id]);
    expect(await reservationsUnder(ref)).toEqual([{ id: held.id, state: 'captured' }]);
    expect(await ledgerOf(held.id)).toEqual(['reserve', 'capture']);
    expect(await balance()).toBe(before);
    expect(await keyRow('transform-stored-held-1')).toEqual({ state: 'completed', response_status: 200 });
    // Completed: later retries replay the same asset.
    expect(expectStatus(await post('transform-stored-held-1', body(28)), 200).body.id).toBe(stored.id);
    await booksBalance();
  });

  it('charges once the asset the dead process stored when the sweep had released its reservation', async () => {
    const ref = await leftBehind('transform-stored-released-1', body(26));
    const held = await heldBy(ref);
    const stored = await storedBy(ref, 26);
    // The retry came after the hold expired: the sweep released it (the credit back, uncharged).
    await t.app.get(BillingService).settle(held.id, 'failed', { reason: 'expired' });
    const before = await balance();
    const retry = expectStatus(await post('transform-stored-released-1', body(26)), 200);
    expect(retry.body.id).toBe(stored.id);
    expect(await assetsUnder(ref)).toEqual([stored.id]);
    const rows = await reservationsUnder(ref);
    expect(rows.map((r) => r.state)).toEqual(['released', 'captured']);
    expect(await ledgerOf(rows[1].id)).toEqual(['reserve', 'capture']);
    expect(await balance()).toBe(before - 1);
    await booksBalance();
  });

  it('answers the asset the dead process stored and was charged for, without a second asset or charge', async () => {
    const first = expectStatus(await post('transform-committed-1', body(24)), 200).body;
    await diedAfterCommit('transform-committed-1');
    const ref = await refOfKey('transform-committed-1');
    const before = await balance();
    const retry = expectStatus(await post('transform-committed-1', body(24)), 200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first);
    expect(await assetsUnder(ref)).toEqual([first.id]);
    const [only, ...others] = await reservationsUnder(ref);
    expect(others).toEqual([]);
    expect(await ledgerOf(only.id)).toEqual(['reserve', 'capture']);
    expect(await balance()).toBe(before);
    await booksBalance();
  });

  it('answers the asset another run of the claim stored first, capturing the one reservation (a stalled owner that resumed)', async () => {
    const ref = `${Date.now()}:transform-race-1`;
    const held = await heldBy(ref);
    // The stalled owner stores its asset while the run that took its key over is transforming.
    const stored = await storedBy(ref, 22);
    const auth = { accountId: alice.accountId, credentialId: null } as never;
    const answer = await t.app.get(AssetsUseCases).transform(auth, source, body(22) as never, ref);
    expect(answer.id).toBe(stored.id);
    expect(await assetsUnder(ref)).toEqual([stored.id]);
    expect(await reservationsUnder(ref)).toEqual([{ id: held.id, state: 'captured' }]);
    await booksBalance();
  });

  it('refuses a second asset under one claim', async () => {
    const first = expectStatus(await post('transform-fence-1', body(20)), 200).body;
    const ref = await refOfKey('transform-fence-1');
    expect(await assetsUnder(ref)).toEqual([first.id]);
    await expect(storedBy(ref, 20)).rejects.toMatchObject({ driverError: { code: '23505', constraint: 'assets_idempotency_ref' } });
  });

  describe('through MCP (transform_asset)', () => {
    let client: Client;
    type Result = CallToolResult & { structuredContent?: Record<string, unknown> };

    beforeAll(async () => {
      client = new Client({ name: 'transform-lease-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
    });
    afterAll(() => client?.close());

    const call = async (key: string, width: number) =>
      (await client.callTool({ name: 'transform_asset', arguments: { asset_id: source, ...body(width), idempotency_key: key } })) as Result;

    it('answers the asset the dead process stored, as the REST endpoint does', async () => {
      const first = await call('mcp-transform-committed-1', 18);
      expect(first.isError, JSON.stringify(first.content).slice(0, 400)).toBeFalsy();
      await diedAfterCommit('mcp-transform-committed-1');
      const ref = await refOfKey('mcp-transform-committed-1');
      const before = await balance();
      const retry = await call('mcp-transform-committed-1', 18);
      expect(retry.isError, JSON.stringify(retry.content).slice(0, 400)).toBeFalsy();
      expect(retry.structuredContent?.id).toBe(first.structuredContent?.id);
      expect(await assetsUnder(ref)).toEqual([first.structuredContent?.id]);
      expect(await balance()).toBe(before);
      expect((await keyRow('mcp-transform-committed-1')).state).toBe('completed');
      await booksBalance();
    });
  });
});

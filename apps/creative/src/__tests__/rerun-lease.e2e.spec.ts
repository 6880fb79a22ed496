import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { BillingService } from '../billing/billing.service';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { deadOwnerKeys } from './dead-owner';
import { as, sampleIr } from './helpers';

// Issue 39: the keyed POSTs that store nothing (a brief's analysis, a layout, an estimate, a brief from an image, a
// plan) had no EffectLookup, so a key whose process was killed (-9, OOM) answered 409 idempotency_in_progress to every
// retry for 24 h: a client that retried after a 502 was stuck for a day. They now name RERUN_EFFECT: once the dead
// owner's lease lapsed the retry takes the key over and runs the request again. The two that charge (vision,
// planning) record the key's claim on their reservation, as transforms do: one charge per key.
describe('creative: keyed requests that store nothing, whose process died holding the key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  let assetId: string;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    const png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#fca311' } })
      .png()
      .toBuffer();
    assetId = expectStatus(await as(t.http.post('/v1/assets').attach('file', png, { filename: 'band.png', contentType: 'image/png' }), alice), 200).body.id;
  });
  afterAll(() => t?.close());

  const post = (path: string, key: string | null, body: object) => {
    const req = t.http.post(path);
    if (key) req.set('Idempotency-Key', key);
    return as(req.send(body), alice);
  };
  const keyRow = (key: string) => dead.keyRow(key);
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  const reservationsUnder = async (ref: string) =>
    (await ds.query(`SELECT id, operation, state FROM creative.billing_reservations WHERE account_id = $1 AND idempotency_ref = $2 ORDER BY created_at`, [
      alice.accountId,
      ref,
    ])) as { id: string; operation: string; state: string }[];
  const refOf = async (key: string) => {
    const [row] = await ds.query(`SELECT created_at FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]);
    return `${new Date(row.created_at).getTime()}:${key}`;
  };

  describe.each([
    ['/v1/briefs/analyze', { title: 'Summer sale', cta: 'Shop now' }],
    ['/v1/layouts/materialize', { ir: sampleIr() }],
    ['/v1/billing/estimate', { operation: 'render', params: { width: 1080, height: 1080, format: 'png' } }],
  ])('POST %s (free)', (path, body) => {
    const key = `rerun-${path.split('/').pop()}`;

    it('runs again once the dead owner lease lapsed, and the key then replays that answer', async () => {
      await dead.leftBehind(key, 'POST', path, body);
      const unkeyed = expectStatus(await post(path, null, body), 200).body;
      const retry = expectStatus(await post(path, key, body), 200);
      expect(retry.body).toEqual(unkeyed);
      expect(await keyRow(key)).toEqual({ state: 'completed', response_status: 200 });
      const again = expectStatus(await post(path, key, body), 200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(unkeyed);
    });

    it('still refuses another request under that key (409 idempotency_key_reused), changing nothing', async () => {
      await dead.leftBehind(`${key}-other`, 'POST', path, body);
      const res = expectStatus(await post(path, `${key}-other`, { ...body, extra: 1 }), 409);
      expect(res.body.code).toBe('idempotency_key_reused');
      expect(await keyRow(`${key}-other`)).toEqual({ state: 'in_progress', response_status: null });
    });
  });

  describe.each([
    ['/v1/planning/brief', 'planning', () => ({ goal: 'Launch the orange night collection', language: 'en' })],
    ['/v1/briefs/from-image', 'vision', () => ({ asset_id: assetId, goal: 'Night collection' })],
  ])('POST %s (charged as %s)', (path, operation, body) => {
    const key = (what: string) => `rerun-${operation}-${what}`;

    it('runs and charges once when the dead process reserved nothing', async () => {
      const ref = await dead.leftBehind(key('dead'), 'POST', path, body());
      const before = await balance();
      expectStatus(await post(path, key('dead'), body()), 200);
      expect(await reservationsUnder(ref)).toEqual([{ id: expect.any(String), operation, state: 'captured' }]);
      expect(await balance()).toBe(before - 1);
      expect(await keyRow(key('dead'))).toEqual({ state: 'completed', response_status: 200 });
    });

    it('does not charge again when the dead process was charged before it died', async () => {
      const first = expectStatus(await post(path, key('committed'), body()), 200).body;
      const ref = await refOf(key('committed'));
      expect(await reservationsUnder(ref)).toEqual([{ id: expect.any(String), operation, state: 'captured' }]);
      await dead.diedAfterCommit(key('committed'));
      const before = await balance();
      const retry = expectStatus(await post(path, key('committed'), body()), 200);
      expect(retry.body.brief).toEqual(first.brief);
      expect(await reservationsUnder(ref)).toHaveLength(1);
      expect(await balance()).toBe(before);
      expect(await keyRow(key('committed'))).toEqual({ state: 'completed', response_status: 200 });
    });

    it('settles the reservation the dead process held instead of reserving a second', async () => {
      const ref = await dead.leftBehind(key('held'), 'POST', path, body());
      const held = await t.app
        .get(BillingService)
        .reserveAtOnce(
          { accountId: alice.accountId, idempotencyRef: ref },
          { operation: operation as 'planning', params: { provider: 'builtin' } },
          { operation: operation as 'planning', credits: 1, breakdown: [] },
        );
      expect(held).not.toBeNull();
      expectStatus(await post(path, key('held'), body()), 200);
      expect(await reservationsUnder(ref)).toEqual([{ id: held!.id, operation, state: 'captured' }]);
    });
  });
  // Writes whose rerun is the same effect as running once: replacing or patching the brand kit with the same body,
  // deleting it, and opening a checkout or a portal session (the URL the client never got cannot be used by anyone).
  describe('brand kit writes, checkout and portal', () => {
    const send = (method: 'put' | 'patch' | 'delete' | 'post', path: string, key: string, body?: object) => {
      const req = t.http[method](path).set('Idempotency-Key', key);
      return as(body ? req.send(body) : req, alice);
    };
    const kit = { name: 'Orange night', colors: ['#123456', '#FCA311'], tone: 'calm' };

    it.each([
      ['PUT', 'put', kit],
      ['PATCH', 'patch', { colors: ['#ABCDEF'] }],
    ] as const)('%s /v1/brand-kit runs again once the dead owner lease lapsed, and the kit ends as one run leaves it', async (method, verb, body) => {
      const key = `rerun-kit-${verb}`;
      await dead.leftBehind(key, method, '/v1/brand-kit', body);
      const retry = expectStatus(await send(verb, '/v1/brand-kit', key, body), 200);
      expect(await keyRow(key)).toEqual({ state: 'completed', response_status: 200 });
      const stored = expectStatus(await as(t.http.get('/v1/brand-kit'), alice), 200).body;
      expect(stored.colors).toEqual(body.colors);
      expect(retry.body.colors).toEqual(body.colors);
      // Once more: the stored answer, not a third run.
      const again = expectStatus(await send(verb, '/v1/brand-kit', key, body), 200);
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('DELETE /v1/brand-kit runs again: deleted: false when the dead process had deleted it, and the kit is gone', async () => {
      expectStatus(await as(t.http.put('/v1/brand-kit').send(kit), alice), 200);
      // The dead process deleted the kit and died before answering.
      expectStatus(await as(t.http.delete('/v1/brand-kit'), alice), 200);
      await dead.leftBehind('rerun-kit-delete', 'DELETE', '/v1/brand-kit', undefined);
      const retry = expectStatus(await send('delete', '/v1/brand-kit', 'rerun-kit-delete'), 200);
      expect(retry.body).toMatchObject({ deleted: false });
      expect(expectStatus(await as(t.http.get('/v1/brand-kit'), alice), 200).body.updated_at).toBeNull();
      expect(await keyRow('rerun-kit-delete')).toEqual({ state: 'completed', response_status: 200 });
    });

    it.each([
      ['/v1/billing/checkout', { plan_id: 'pro' }],
      ['/v1/billing/portal', {}],
    ])('POST %s opens a new session once the dead owner lease lapsed', async (path, body) => {
      const key = `rerun-${path.split('/').pop()}`;
      await dead.leftBehind(key, 'POST', path, body);
      const retry = expectStatus(await send('post', path, key, body), 200);
      expect(retry.body.url).toEqual(expect.any(String));
      expect(await keyRow(key)).toEqual({ state: 'completed', response_status: 200 });
    });

    it('still refuses another request under a lapsed key (409 idempotency_key_reused), changing nothing', async () => {
      await dead.leftBehind('rerun-kit-other', 'PUT', '/v1/brand-kit', kit);
      const res = expectStatus(await send('put', '/v1/brand-kit', 'rerun-kit-other', { ...kit, tone: 'loud' }), 409);
      expect(res.body.code).toBe('idempotency_key_reused');
      expect(await keyRow('rerun-kit-other')).toEqual({ state: 'in_progress', response_status: null });
    });
  });

  describe('through MCP (plan_brief)', () => {
    let client: Client;
    type Result = CallToolResult & { structuredContent?: Record<string, unknown> };

    beforeAll(async () => {
      client = new Client({ name: 'rerun-lease-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
    });
    afterAll(() => client?.close());

    it('runs the plan again once, charged once, as the REST endpoint does', async () => {
      const args = { goal: 'A plan through MCP', language: 'en' };
      const ref = await dead.leftBehind('mcp-plan-dead-1', 'POST', '/v1/planning/brief', { ...args, idempotency_key: 'mcp-plan-dead-1' });
      const before = await balance();
      const res = (await client.callTool({ name: 'plan_brief', arguments: { ...args, idempotency_key: 'mcp-plan-dead-1' } })) as Result;
      expect(res.isError, JSON.stringify(res.content).slice(0, 400)).toBeFalsy();
      expect(await reservationsUnder(ref)).toEqual([{ id: expect.any(String), operation: 'planning', state: 'captured' }]);
      expect(await balance()).toBe(before - 1);
      expect(await keyRow('mcp-plan-dead-1')).toEqual({ state: 'completed', response_status: 200 });
    });
  });
});

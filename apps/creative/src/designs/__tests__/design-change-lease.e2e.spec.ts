import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import type { Test } from 'supertest';
import { DataSource } from 'typeorm';
import { as, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { DesignsService } from '../designs.service';
import { deadOwnerKeys } from '../../__tests__/dead-owner';

// Found by tools/chaos (rolling-restart): a node patch (PATCH /v1/designs/{id}/nodes/{node}, with If-Match) whose api
// replica died while it ran left its Idempotency-Key in progress, and design changes had no EffectLookup: every retry
// answered 409 idempotency_in_progress for 24 h, and a retry under a new key met the changed ETag (412), so the client
// could never learn that its change was stored. Every change that makes a revision (PATCH, restore, node add, patch,
// delete) now records its key's claim on the revision: once the dead owner's lease lapsed a retry answers the design at
// that revision (with its ETag, before If-Match is looked at) or makes the change when none was stored.
describe('creative: a design change whose process died holding its Idempotency-Key', () => {
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

  const newDesign = async () =>
    expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body as { id: string; revision: number };
  const keyed = (req: Test, key: string, ifMatch?: string) => {
    const r = as(req.set('Idempotency-Key', key), alice);
    return ifMatch ? r.set('If-Match', ifMatch) : r;
  };
  const patchTitle = (id: string, key: string, text: string, ifMatch: string, extra: object = {}) =>
    keyed(t.http.patch(`/v1/designs/${id}/nodes/title`).send({ patch: { text }, ...extra }), key, ifMatch);
  /** The row a process killed with -9 leaves behind: in progress, its owner gone, its lease lapsed; answers its claim's `ref`. */
  const leftBehind = (key: string, method: string, path: string, body: unknown): Promise<string> => dead.leftBehind(key, method, path, body);
  const { diedAfterCommit } = dead;
  const keyState = async (key: string) => (await dead.keyRow(key, 'state'))?.state;
  const revisions = async (id: string) =>
    (await ds.query(`SELECT revision, operation, idempotency_ref FROM creative.design_revisions WHERE design_id = $1 ORDER BY revision`, [id])) as {
      revision: number;
      operation: string;
      idempotency_ref: string | null;
    }[];
  const rendersOf = async (id: string) =>
    (await ds.query(`SELECT id, state FROM creative.billing_reservations WHERE design_id = $1 AND operation = 'render' ORDER BY created_at`, [id])) as {
      id: string;
      state: string;
    }[];
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;

  describe('PATCH /v1/designs/{id}/nodes/{node_id}', () => {
    it('answers the revision the dead process stored, with its ETag, though the design moved on and If-Match no longer holds', async () => {
      const d = await newDesign();
      const first = expectStatus(await patchTitle(d.id, 'node-committed-1', 'Stored, then killed', '"rev-1"'), 200);
      expect(first.body.revision).toBe(2);
      await diedAfterCommit('node-committed-1');
      // Another change meanwhile: the design is at revision 3, and "rev-1" names an old revision.
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Later' } }), alice), 200);
      const retry = expectStatus(await patchTitle(d.id, 'node-committed-1', 'Stored, then killed', '"rev-1"'), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.headers.etag).toBe('"rev-2"');
      expect(retry.body).toMatchObject({ id: d.id, revision: 2, ir: first.body.ir, render: null });
      expect((await revisions(d.id)).map((r) => r.revision)).toEqual([1, 2, 3]);
      expect(await keyState('node-committed-1')).toBe('completed');
      // Completed from the effect: later retries replay it, with the same ETag.
      const again = expectStatus(await patchTitle(d.id, 'node-committed-1', 'Stored, then killed', '"rev-1"'), 200);
      expect([again.body.revision, again.headers.etag]).toEqual([2, '"rev-2"']);
    });

    it('makes the change once when the dead process stored none (If-Match checked as usual)', async () => {
      const d = await newDesign();
      const path = `/v1/designs/${d.id}/nodes/title`;
      const body = { patch: { text: 'Killed before storing' } };
      const ref = await leftBehind('node-dead-1', 'PATCH', path, body);
      const res = expectStatus(await keyed(t.http.patch(path).send(body), 'node-dead-1', '"rev-1"'), 200);
      expect([res.body.revision, res.headers.etag]).toEqual([2, '"rev-2"']);
      expect(await revisions(d.id)).toEqual([
        { revision: 1, operation: 'create', idempotency_ref: null },
        { revision: 2, operation: 'node_patch', idempotency_ref: ref },
      ]);
      // A stale If-Match on a key whose owner stored nothing is a 412, as for any change.
      const path2 = `/v1/designs/${d.id}/nodes/bar`;
      const body2 = { patch: { width: 120 } };
      await leftBehind('node-dead-2', 'PATCH', path2, body2);
      expectStatus(await keyed(t.http.patch(path2).send(body2), 'node-dead-2', '"rev-1"'), 412);
      expect((await revisions(d.id)).length).toBe(2);
    });

    it('answers the render the dead process drew and charged with the revision, without charging again', async () => {
      const d = await newDesign();
      const render = { render: { format: 'png', width: 200 } };
      const first = expectStatus(await patchTitle(d.id, 'node-render-1', 'Rendered, then killed', '"rev-1"', render), 200).body;
      expect(first.render).toMatchObject({ width: 200, cached: false });
      await diedAfterCommit('node-render-1');
      const before = await balance();
      const retry = expectStatus(await patchTitle(d.id, 'node-render-1', 'Rendered, then killed', '"rev-1"', render), 200);
      expect(retry.body).toMatchObject({ revision: 2, render: { width: 200, artifact: { id: first.render.artifact.id } } });
      expect(await balance()).toBe(before);
      expect((await rendersOf(d.id)).map((r) => r.state)).toEqual(['captured']);
    });

    it('refuses a second revision under one claim (a stalled owner that resumes after the takeover)', async () => {
      const d = await newDesign();
      expectStatus(await patchTitle(d.id, 'node-fence-1', 'One claim', '"rev-1"'), 200);
      const [, { idempotency_ref: ref }] = await revisions(d.id);
      expect(ref).toMatch(/^\d+:node-fence-1$/);
      await expect(t.app.get(DesignsService).patchNode(alice.accountId, d.id, undefined, 'title', { text: 'Again' }, null, ref)).rejects.toMatchObject({
        driverError: { code: '23505', constraint: 'design_revisions_idempotency_ref' },
      });
      expect((await revisions(d.id)).length).toBe(2);
    });
  });

  describe('the other changes that make a revision', () => {
    const cases: [string, (id: string, key: string) => Test, number, string][] = [
      ['PATCH /v1/designs/{id}', (id, key) => keyed(t.http.patch(`/v1/designs/${id}`).send({ title: 'Renamed, then killed' }), key, '"rev-1"'), 2, 'patch'],
      [
        'POST /v1/designs/{id}/nodes',
        (id, key) => keyed(t.http.post(`/v1/designs/${id}/nodes`).send({ node: { type: 'rect', id: 'added', width: 10, height: 10 } }), key, '"rev-1"'),
        2,
        'node_add',
      ],
      ['DELETE /v1/designs/{id}/nodes/{node_id}', (id, key) => keyed(t.http.delete(`/v1/designs/${id}/nodes/bar`), key, '"rev-1"'), 2, 'node_delete'],
    ];

    it.each(cases)('%s: answers the revision the dead process stored', async (_name, send, revision, operation) => {
      const d = await newDesign();
      const key = `change-${operation}-1`;
      const first = expectStatus(await send(d.id, key), 200).body;
      await diedAfterCommit(key);
      const retry = expectStatus(await send(d.id, key), 200);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.headers.etag).toBe(`"rev-${revision}"`);
      expect(retry.body).toMatchObject({ id: d.id, revision, ir: first.ir });
      expect((await revisions(d.id)).map((r) => r.operation)).toEqual(['create', operation]);
    });

    it('POST …/revisions/{n}/restore: answers the revision the dead process stored, its render not charged again', async () => {
      const d = await newDesign();
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Changed' } }), alice), 200);
      const restore = () => keyed(t.http.post(`/v1/designs/${d.id}/revisions/1/restore`), 'restore-committed-1', '"rev-2"');
      const first = expectStatus(await restore(), 200).body;
      expect(first.revision).toBe(3);
      await diedAfterCommit('restore-committed-1');
      const before = await balance();
      const retry = expectStatus(await restore(), 200);
      expect(retry.headers.etag).toBe('"rev-3"');
      expect(retry.body).toMatchObject({ revision: 3, ir: first.ir, render: null });
      expect((await revisions(d.id)).map((r) => r.operation)).toEqual(['create', 'node_patch', 'restore']);
      expect(await balance()).toBe(before);
      expect((await rendersOf(d.id)).map((r) => r.state)).toEqual(['captured']);
    });
  });

  it('a replayed design answer carries its ETag (a key completed as usual)', async () => {
    const d = await newDesign();
    const first = expectStatus(await patchTitle(d.id, 'node-replay-etag-1', 'Replayed', '"rev-1"'), 200);
    const again = expectStatus(await patchTitle(d.id, 'node-replay-etag-1', 'Replayed', '"rev-1"'), 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect([first.headers.etag, again.headers.etag]).toEqual(['"rev-2"', '"rev-2"']);
  });

  it("records no claim on what the steps of a keyed workflow run make (the run's key is not theirs)", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3366' } })
      .png()
      .toBuffer();
    const source = expectStatus(await as(t.http.post('/v1/assets').attach('file', png, 'wf.png'), alice), 200).body.id;
    const resize = (width: number) => ({ asset_id: source, operations: [{ type: 'resize', width }] });
    const body = {
      steps: [
        { id: 'a', operation: 'design.create', params: { ir: sampleIr(), title: 'Workflow A' } },
        { id: 'b', operation: 'design.create', params: { ir: sampleIr(), title: 'Workflow B' } },
        { id: 'add', operation: 'node.add', params: { design_id: '$steps.a.design_id', node: { type: 'rect', id: 'badge', width: 8, height: 8 } } },
        { id: 'recolor', operation: 'node.patch', params: { design_id: '$steps.a.design_id', node_id: 'badge', patch: { width: 9 } } },
        { id: 'small', operation: 'asset.transform', params: resize(20) },
        { id: 'smaller', operation: 'asset.transform', params: resize(10) },
      ],
      idempotency_key: 'wf-claims-1',
    };
    const r = expectStatus(await as(t.http.post('/v1/workflows/run').send(body), alice), 200).body;
    expect(r.status, JSON.stringify(r.failed_step)).toBe('succeeded');
    const by = Object.fromEntries(r.steps.map((s: { id: string; result: Record<string, unknown> }) => [s.id, s.result]));
    expect(by.a.design_id).not.toBe(by.b.design_id);
    expect(by.recolor.revision).toBe(3);
    expect(by.small.asset_id).not.toBe(by.smaller.asset_id);
    expect(await revisions(by.a.design_id as string)).toEqual([
      { revision: 1, operation: 'create', idempotency_ref: null },
      { revision: 2, operation: 'node_add', idempotency_ref: null },
      { revision: 3, operation: 'node_patch', idempotency_ref: null },
    ]);
  });

  describe('through MCP (patch_node)', () => {
    let client: Client;
    type Result = CallToolResult & { structuredContent?: Record<string, unknown> };

    beforeAll(async () => {
      client = new Client({ name: 'design-change-lease-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
    });
    afterAll(() => client?.close());

    it('answers the revision the dead process stored, as the REST endpoint does', async () => {
      const d = await newDesign();
      const args = { design_id: d.id, node_id: 'title', patch: { text: 'Via MCP, then killed' }, if_match: '1', idempotency_key: 'mcp-node-committed-1' };
      const first = (await client.callTool({ name: 'patch_node', arguments: args })) as Result;
      expect(first.isError, JSON.stringify(first.content).slice(0, 400)).toBeFalsy();
      await diedAfterCommit('mcp-node-committed-1');
      const retry = (await client.callTool({ name: 'patch_node', arguments: args })) as Result;
      expect(retry.isError, JSON.stringify(retry.content).slice(0, 400)).toBeFalsy();
      expect(retry.structuredContent).toMatchObject({ id: d.id, revision: 2 });
      expect((await revisions(d.id)).length).toBe(2);
      expect(await keyState('mcp-node-committed-1')).toBe('completed');
    });
  });
});

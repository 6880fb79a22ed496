import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { TempFiles } from '../../storage/temp-files.service';
import { tone } from '../../videos/__tests__/video-fixtures';
import { AssetsService } from '../assets.service';
import { AssetsUseCases } from '../assets.use-cases';
import { deadOwnerKeys } from '../../__tests__/dead-owner';

// Issue 39 (rolling-restart), as transforms in transform-lease.e2e.spec.ts: an upload whose api replica was killed
// between storing its asset and completing its Idempotency-Key left the key in progress, and uploads had no
// EffectLookup, so every retry answered 409 idempotency_in_progress for 24 h and the client never learned its asset's id.
// Uploads now record their key's claim on the asset: once the dead owner's lease lapsed a retry answers the stored asset
// (the same id) or stores the file when none was stored. The key rows are written as a killed process leaves them.
describe('creative: an upload whose process died holding its Idempotency-Key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );
  const png = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const upload = async (key: string, bytes: Buffer, path = '/v1/assets', name = 'scene.png') =>
    as(t.http.post(path).set('Idempotency-Key', key).attach('file', bytes, name), alice);
  const { diedAfterCommit } = dead;
  const keyRow = (key: string) => dead.keyRow(key);
  const refOfKey = async (key: string) =>
    `${new Date((await ds.query(`SELECT created_at FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]))[0].created_at).getTime()}:${key}`;
  const assetsUnder = async (ref: string) =>
    ((await ds.query(`SELECT id FROM creative.assets WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as { id: string }[]).map(
      (r) => r.id,
    );
  const count = async () => Number((await ds.query(`SELECT count(*) AS n FROM creative.assets WHERE account_id = $1`, [alice.accountId]))[0].n);

  it('answers the asset the dead process stored (the same id), storing no second one', async () => {
    const bytes = await png(40);
    const first = expectStatus(await upload('upload-committed-1', bytes), 200).body;
    await diedAfterCommit('upload-committed-1');
    const ref = await refOfKey('upload-committed-1');
    const before = await count();
    const retry = expectStatus(await upload('upload-committed-1', bytes), 200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first);
    expect(await assetsUnder(ref)).toEqual([first.id]);
    expect(await count()).toBe(before);
    expect(await keyRow('upload-committed-1')).toEqual({ state: 'completed', response_status: 200 });
    // Completed: later retries replay the same asset.
    expect(expectStatus(await upload('upload-committed-1', bytes), 200).body.id).toBe(first.id);
  });

  it('stores the file when the dead process stored nothing', async () => {
    const bytes = await png(38);
    const first = expectStatus(await upload('upload-nothing-1', bytes), 200).body;
    // As if the process died before its row committed: no asset under the claim, the key left in progress.
    await ds.query(`DELETE FROM creative.assets WHERE id = $1`, [first.id]);
    await diedAfterCommit('upload-nothing-1');
    const ref = await refOfKey('upload-nothing-1');
    const retry = expectStatus(await upload('upload-nothing-1', bytes), 200);
    expect(retry.body.id).not.toBe(first.id);
    expect(retry.body).toMatchObject({ kind: 'image', width: 38, height: 38 });
    expect(await assetsUnder(ref)).toEqual([retry.body.id]);
    expect(await keyRow('upload-nothing-1')).toEqual({ state: 'completed', response_status: 200 });
  });

  it('answers the audio asset the dead process stored (POST /v1/assets/audio)', async () => {
    const wav = tone(1);
    const first = expectStatus(await upload('upload-audio-1', wav, '/v1/assets/audio', 'tone.wav'), 200).body;
    await diedAfterCommit('upload-audio-1');
    const ref = await refOfKey('upload-audio-1');
    const retry = expectStatus(await upload('upload-audio-1', wav, '/v1/assets/audio', 'tone.wav'), 200);
    expect(retry.body).toEqual(first);
    expect(await assetsUnder(ref)).toEqual([first.id]);
  });

  it('answers the asset another run of the claim stored first (a stalled owner that resumed), keeping one', async () => {
    const ref = `${Date.now()}:upload-race-1`;
    const bytes = await png(36);
    const received = async () => {
      const path = await t.app.get(TempFiles).create();
      await fs.writeFile(path, bytes);
      return { path, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), filename: 'scene.png' };
    };
    const stored = await t.app.get(AssetsService).createFromUpload(alice.accountId, await received(), ['image'], ref);
    const auth = { accountId: alice.accountId, credentialId: null } as never;
    const answer = await t.app.get(AssetsUseCases).upload(auth, await received(), ref);
    expect(answer.id).toBe(stored.id);
    expect(await assetsUnder(ref)).toEqual([stored.id]);
  });

  describe('through MCP (upload_asset)', () => {
    let client: Client;
    type Result = CallToolResult & { structuredContent?: Record<string, unknown> };

    beforeAll(async () => {
      client = new Client({ name: 'upload-lease-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
    });
    afterAll(() => client?.close());

    it('answers the asset the dead process stored, as the REST endpoint does', async () => {
      const b64 = (await png(32)).toString('base64');
      const call = async () =>
        (await client.callTool({
          name: 'upload_asset',
          arguments: { content_base64: b64, filename: 'mcp.png', idempotency_key: 'mcp-upload-committed-1' },
        })) as Result;
      const first = await call();
      expect(first.isError, JSON.stringify(first.content).slice(0, 400)).toBeFalsy();
      await diedAfterCommit('mcp-upload-committed-1');
      const ref = await refOfKey('mcp-upload-committed-1');
      const retry = await call();
      expect(retry.isError, JSON.stringify(retry.content).slice(0, 400)).toBeFalsy();
      expect(retry.structuredContent?.id).toBe(first.structuredContent?.id);
      expect(await assetsUnder(ref)).toEqual([first.structuredContent?.id]);
      expect((await keyRow('mcp-upload-committed-1')).state).toBe('completed');
    });
  });
});

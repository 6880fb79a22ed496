import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { as, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { withTestHandler } from '../../jobs/__tests__/test-handler';
import { JobsService } from '../../jobs/jobs.service';
import { creativeService } from '../../service';
import { S3_TEST_CREDENTIALS, S3TestServer, startS3TestServer } from './s3-test-server';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Found by tools/chaos (s3-down, 30 s): requests that write blobs answered 500 internal_error while S3 was away, and
// media jobs failed with internal_error on the first refused connection (or a `socket hang up` under load), though the
// store was back seconds later. Now requests answer 503 storage_unavailable (Retry-After) and change nothing, and a
// job's blob operations keep trying while the store is away.
describe('creative while its S3 store is away', () => {
  let s3: S3TestServer;
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  let client: S3Client;
  let dataDir: string;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'creative-s3-away-'));
    s3 = await startS3TestServer();
    t = await createTestApp(withTestHandler(creativeService), { env: { ...s3.env, DATA_DIR: dataDir, BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
  });
  afterEach(() => s3.up());
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const blobKeys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort();
  const count = async (sql: string) => ((await ds.query(sql, [alice.accountId])) as { n: number }[])[0].n;
  const state = async () => ({
    assets: await count(`SELECT count(*)::int AS n FROM creative.assets WHERE account_id = $1`),
    artifacts: await count(`SELECT count(*)::int AS n FROM creative.artifacts WHERE account_id = $1`),
    held: await count(`SELECT count(*)::int AS n FROM creative.billing_reservations WHERE account_id = $1 AND state = 'held'`),
    captured: await count(`SELECT count(*)::int AS n FROM creative.billing_reservations WHERE account_id = $1 AND state = 'captured'`),
    balance: expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number,
    blobs: await blobKeys(),
  });
  const expectUnavailable = (res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }) => {
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'storage_unavailable', retry_after: 5, detail: expect.stringContaining('blob store') });
    expect(res.headers['retry-after']).toBe('5');
  };

  it('answers uploads, transforms and renders 503 storage_unavailable, and stores or charges nothing', async () => {
    const source = expectStatus(await as(t.http.post('/v1/assets').attach('file', png, 'blue.png'), alice), 200).body;
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    const before = await state();

    s3.down();
    expectUnavailable(await as(t.http.post('/v1/assets').attach('file', png, 'again.png'), alice));
    expectUnavailable(await as(t.http.post(`/v1/assets/${source.id}/transform`).send({ operations: [{ type: 'resize', width: 32 }] }), alice));
    expectUnavailable(await as(t.http.post(`/v1/designs/${design.id}/render`).send({ format: 'png', width: 200 }), alice));
    s3.up();

    expect(await state()).toEqual(before);
    // Back: the same requests work.
    expectStatus(await as(t.http.post(`/v1/assets/${source.id}/transform`).send({ operations: [{ type: 'resize', width: 32 }] }), alice), 200);
    expectStatus(await as(t.http.post(`/v1/designs/${design.id}/render`).send({ format: 'png', width: 200 }), alice), 200);
  });

  it('a job whose blob store goes away while it runs waits for it and succeeds', async () => {
    const jobs = t.app.get(JobsService);
    s3.down();
    const created = await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 1 } });
    // The clip takes about a second to encode; its upload then meets the store away for a few seconds more.
    await sleep(4000);
    expect(expectStatus(await as(t.http.get(`/v1/jobs/${created.id}`), alice), 200).body.state).toBe('running');
    s3.up();
    let job: { state: string; error: unknown; artifacts: unknown[] };
    const end = Date.now() + 30_000;
    do {
      await sleep(200);
      job = expectStatus(await as(t.http.get(`/v1/jobs/${created.id}`), alice), 200).body;
    } while (!['succeeded', 'failed', 'cancelled'].includes(job.state) && Date.now() < end);
    expect(job).toMatchObject({ state: 'succeeded', error: null });
    expect(job.artifacts).toHaveLength(1);
  });
});

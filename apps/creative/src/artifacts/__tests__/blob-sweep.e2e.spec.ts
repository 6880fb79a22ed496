import { expectStatus, TestAccount } from '@platform/testing';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BlobStore } from '../../storage/blob-store';
import { BACKENDS, binary, CreativeOnBackend, startCreative } from '../../storage/__tests__/creative-backends';
import { ArtifactsService } from '../artifacts.service';
import { BlobSweep } from '../blob-sweep.service';

const DAY = 86_400_000;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(BACKENDS)('the blob sweep on %s storage', (backend) => {
  let c: CreativeOnBackend;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    // The timer is off: the test runs passes itself.
    c = await startCreative(backend, { BLOB_SWEEP_INTERVAL_MS: '0' });
    alice = await c.t.account('alice');
    bob = await c.t.account('bob');
  });
  afterAll(() => c?.close());

  it('removes old blobs no asset or artifact refers to, and nothing else', async () => {
    const blobs = c.t.app.get(BlobStore);
    const sweep = c.t.app.get(BlobSweep);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#224466' } })
      .png()
      .toBuffer();
    const asset = expectStatus(await c.t.http.post('/v1/assets').set('x-api-key', alice.key).attach('file', png, { filename: 'a.png' }), 200).body as {
      id: string;
    };
    const artifact = await c.t.app.get(ArtifactsService).store(bob.accountId, { data: png, kind: 'render', mime: 'image/png' });
    const kept = await c.blobKeys();

    // What a crash between upload and insert leaves: an artifact blob and an asset blob without rows, in both accounts.
    const lost = Buffer.from('bytes whose row was never inserted');
    const orphans = [
      `accounts/${alice.accountId}/artifacts/sha256/${sha(lost)}`,
      `accounts/${bob.accountId}/assets/ast_neverinserted1`,
      // Another account's artifact with the same bytes as bob's: not bob's row, so not kept by it.
      `accounts/${alice.accountId}/artifacts/sha256/${sha(png)}`,
    ];
    for (const key of orphans) await blobs.put(key, key.includes(sha(png)) ? png : lost, { contentType: 'application/octet-stream' });
    // A key of a shape this service does not write: left alone.
    await blobs.put(`accounts/${alice.accountId}/notes/readme`, Buffer.from('x'), { contentType: 'text/plain' });

    // Younger than BLOB_SWEEP_MIN_AGE_MS (a day by default): nothing goes.
    expect((await sweep.sweep()).removed).toEqual([]);
    // Two days later: the orphans go, the rest stays.
    const pass = await sweep.sweep(Date.now() + 2 * DAY);
    expect(pass.removed.sort()).toEqual([...orphans].sort());
    expect(pass.checked).toBe(orphans.length + 2);
    const left = await c.blobKeys();
    for (const key of orphans) expect(left.some((k) => k.endsWith(key))).toBe(false);
    expect(left.filter((k) => !k.includes('/notes/')).sort()).toEqual([...kept].sort());

    // The rows' bytes are all there.
    const assetBytes = expectStatus(await c.t.http.get(`/v1/assets/${asset.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200)
      .body as Buffer;
    expect(assetBytes.equals(png)).toBe(true);
    const artifactBytes = expectStatus(await c.t.http.get(`/v1/artifacts/${artifact.id}/content`).set('x-api-key', bob.key).buffer(true).parse(binary), 200)
      .body as Buffer;
    expect(artifactBytes.equals(png)).toBe(true);
    // A second pass finds nothing more.
    expect((await sweep.sweep(Date.now() + 2 * DAY)).removed).toEqual([]);
  });

  it('does not take an artifact blob from a store of the same bytes that inserts its row meanwhile', async () => {
    const blobs = c.t.app.get(BlobStore);
    const sweep = c.t.app.get(BlobSweep);
    const artifacts = c.t.app.get(ArtifactsService);
    for (let i = 0; i < 6; i++) {
      const bytes = Buffer.from(JSON.stringify({ stored: 'while the sweep runs', i }));
      const key = `accounts/${alice.accountId}/artifacts/sha256/${sha(bytes)}`;
      await blobs.put(key, bytes, { contentType: 'application/json' });
      // Both at once: whichever takes the blob's lock first, the stored artifact ends up with its bytes.
      const [stored] = await Promise.all([
        artifacts.store(alice.accountId, { data: bytes, kind: 'render', mime: 'application/json' }),
        sweep.sweep(Date.now() + 2 * DAY),
      ]);
      const content = expectStatus(await c.t.http.get(`/v1/artifacts/${stored.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200)
        .body as Buffer;
      expect(content.equals(bytes)).toBe(true);
    }
  });
});

import { expectStatus, TestAccount } from '@platform/testing';
import { createHash, createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { BACKENDS, binary, CreativeOnBackend, startCreative } from '../../storage/__tests__/creative-backends';
import { ArtifactsService } from '../artifacts.service';

const SECRET = 'test-url-signing-secret-of-32-characters-or-more';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

describe.each(BACKENDS)('artifacts on %s storage', (backend) => {
  let c: CreativeOnBackend;
  let artifacts: ArtifactsService;
  let alice: TestAccount;
  let bob: TestAccount;
  let png: Buffer;

  beforeAll(async () => {
    c = await startCreative(backend, { URL_SIGNING_SECRET: SECRET, SIGNED_URL_TTL_MIN: '1' });
    artifacts = c.t.app.get(ArtifactsService);
    alice = await c.t.account('alice');
    bob = await c.t.account('bob');
    png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#0B1F3A' } })
      .png()
      .toBuffer();
  });
  afterAll(() => c?.close());

  it('stores an output through the internal API and answers its record and bytes', async () => {
    const stored = await artifacts.store(alice.accountId, {
      data: png,
      kind: 'render',
      mime: 'image/png',
      filename: 'post.png',
      width: 320,
      height: 200,
      source: { designId: 'dsg_1', revision: 3, jobId: 'job_9', assetId: null },
    });
    const res = expectStatus(await c.t.http.get(`/v1/artifacts/${stored.id}`).set('x-api-key', alice.key), 200);
    expect(res.body).toEqual({
      id: stored.id,
      kind: 'render',
      mime: 'image/png',
      bytes: png.length,
      sha256: sha(png),
      filename: 'post.png',
      width: 320,
      height: 200,
      duration: null,
      source: { design_id: 'dsg_1', revision: 3, job_id: 'job_9', asset_id: null },
      content_url: `${c.t.config.publicBaseUrl}/v1/artifacts/${stored.id}/content`,
      created_at: expect.any(String),
    });
    const content = expectStatus(
      await c.t.http.get(`/v1/artifacts/${stored.id}/content`).set('Authorization', `Bearer ${alice.key}`).buffer(true).parse(binary),
      200,
    );
    expect(Buffer.compare(content.body, png)).toBe(0);
    expect(content.headers).toMatchObject({
      'content-type': 'image/png',
      etag: `"${sha(png)}"`,
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    const range = expectStatus(
      await c.t.http.get(`/v1/artifacts/${stored.id}/content`).set('x-api-key', alice.key).set('Range', 'bytes=8-15').buffer(true).parse(binary),
      206,
    );
    expect(Buffer.compare(range.body, png.subarray(8, 16))).toBe(0);
    expect(range.headers['content-range']).toBe(`bytes 8-15/${png.length}`);
  });

  it('stores streams, shares one blob between identical outputs of an account, and removes it with the last one', async () => {
    const video = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const key = (await c.blobKeys()).length;
    const a = await artifacts.store(alice.accountId, {
      data: Readable.from([video.subarray(0, 1000), video.subarray(1000)]),
      kind: 'video',
      mime: 'video/mp4',
      duration: 4.5,
    });
    const b = await artifacts.store(alice.accountId, { data: video, kind: 'video', mime: 'video/mp4', duration: 4.5 });
    const other = await artifacts.store(bob.accountId, { data: video, kind: 'video', mime: 'video/mp4' });
    expect(a.sha256).toBe(sha(video));
    expect(b.blobKey).toBe(a.blobKey);
    expect(other.blobKey).not.toBe(a.blobKey);
    expect((await c.blobKeys()).length).toBe(key + 2);
    expect(await c.settledTempFiles()).toEqual([]);

    expect(expectStatus(await c.t.http.delete(`/v1/artifacts/${a.id}`).set('x-api-key', alice.key), 200).body).toEqual({ id: a.id, deleted: true });
    expect((await c.blobKeys()).length).toBe(key + 2);
    const still = expectStatus(await c.t.http.get(`/v1/artifacts/${b.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200);
    expect(still.body.length).toBe(video.length);
    expectStatus(await c.t.http.delete(`/v1/artifacts/${b.id}`).set('x-api-key', alice.key), 200);
    expect((await c.blobKeys()).length).toBe(key + 1);
    expect(expectStatus(await c.t.http.get(`/v1/artifacts/${b.id}`).set('x-api-key', alice.key), 404).body).toEqual({
      detail: 'Artifact not found',
      code: 'not_found',
    });
    // Storing the same bytes again after they were removed uploads them again.
    const again = await artifacts.store(alice.accountId, { data: video, kind: 'video', mime: 'video/mp4' });
    expect(expectStatus(await c.t.http.get(`/v1/artifacts/${again.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200).body.length).toBe(
      video.length,
    );
  });

  it('never loses a shared blob when one artifact is removed while another with the same bytes is stored', async () => {
    // The remove drops the blob when no row holds it; the store uploads, then inserts its row: the blob's lock
    // keeps the two apart, so the stored artifact always has its bytes.
    for (let i = 0; i < 15; i++) {
      const bytes = Buffer.from(`race ${i} ${'x'.repeat(5000)}`);
      const first = await artifacts.store(alice.accountId, { data: bytes, kind: 'render', mime: 'image/png' });
      const [, second] = await Promise.all([
        artifacts.remove(alice.accountId, first.id),
        artifacts.store(alice.accountId, { data: bytes, kind: 'render', mime: 'image/png' }),
      ]);
      const read = expectStatus(await c.t.http.get(`/v1/artifacts/${second.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200);
      expect(read.body.equals(bytes), `round ${i}`).toBe(true);
    }
  });

  it('refuses an output the service should not store (unknown kind or type, bad numbers)', async () => {
    await expect(artifacts.store(alice.accountId, { data: png, kind: 'weird' as never, mime: 'text/x-shellscript', width: -1 })).rejects.toMatchObject({
      code: 'validation_error',
      details: [expect.objectContaining({ loc: ['kind'] }), expect.objectContaining({ loc: ['mime'] }), expect.objectContaining({ loc: ['width'] })],
    });
  });

  it('hands out signed URLs that work without credentials until they expire', async () => {
    const art = await artifacts.store(alice.accountId, { data: png, kind: 'export', mime: 'image/png', filename: 'café.png' });
    const res = expectStatus(await c.t.http.get(`/v1/artifacts/${art.id}/signed-url`).set('x-api-key', alice.key), 200);
    expect(res.body).toEqual({ url: expect.any(String), expires_at: expect.any(String), ttl: 3600 });
    expect(Math.abs(Date.parse(res.body.expires_at) - (Date.now() + 3600_000))).toBeLessThan(5000);
    if (backend === 's3') expect(res.body.url).toContain(`${c.s3!.endpoint}/${c.s3!.bucket}/`);
    else expect(res.body.url).toMatch(new RegExp(`^${c.t.config.publicBaseUrl}/v1/artifacts/${art.id}/signed-content\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const url = backend === 'local' ? res.body.url.replace(c.t.config.publicBaseUrl, c.t.url) : res.body.url;
    const got = await fetchBytes(url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body, png)).toBe(0);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe(`inline; filename="caf_.png"; filename*=UTF-8''caf%C3%A9.png`);
    const ranged = await fetchBytes(url, { Range: 'bytes=0-7' });
    expect(ranged.status).toBe(206);
    expect(Buffer.compare(ranged.body, png.subarray(0, 8))).toBe(0);
    if (backend === 'local') {
      expect(got.headers.get('etag')).toBe(`"${sha(png)}"`);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    }

    // Tampered: another artifact id, a later expiry, a changed signature. Foreign: signed with another key.
    const u = new URL(url);
    const tampered = [
      // another object: the id (local) or the key (S3: content-addressed, the hash in the path)
      backend === 'local'
        ? url.replace(art.id, art.id.slice(0, -1) + (art.id.endsWith('a') ? 'b' : 'a'))
        : url.replace(`sha256/${art.sha256}`, `sha256/${art.sha256.slice(0, -1)}${art.sha256.endsWith('a') ? 'b' : 'a'}`),
      backend === 'local'
        ? url.replace(/expires=(\d+)/, (_m: string, e: string) => `expires=${Number(e) + 1000}`)
        : url.replace(/X-Amz-Expires=\d+/, 'X-Amz-Expires=604800'),
      url.replace(/([?&](?:signature|X-Amz-Signature)=)([0-9a-f])/, (_m: string, p: string, ch: string) => p + (ch === '0' ? '1' : '0')),
      backend === 'local'
        ? `${u.origin}${u.pathname}?expires=${u.searchParams.get('expires')}&signature=${createHmac('sha256', 'another-secret-of-thirty-two-characters!!')
            .update(`${art.id}\n${u.searchParams.get('expires')}`)
            .digest('hex')}`
        : url.replace(/X-Amz-Credential=S3RVER/, 'X-Amz-Credential=OTHERKEY'),
      backend === 'local'
        ? url.replace(/signature=[0-9a-f]+/, 'signature=abc')
        : url.replace(/response-content-disposition=[^&]+/, 'response-content-disposition=inline'),
    ];
    for (const bad of tampered) {
      expect(bad).not.toBe(url);
      const r = await fetchBytes(bad);
      expect(r.status, bad).toBe(403);
      if (backend === 'local') expect(JSON.parse(r.body.toString())).toEqual({ detail: 'The signature of this URL is not valid', code: 'signature_invalid' });
    }

    // Expired: a URL of 1 s, read after it.
    const short = expectStatus(await c.t.http.get(`/v1/artifacts/${art.id}/signed-url?ttl=1`).set('x-api-key', alice.key), 200).body;
    const shortUrl = backend === 'local' ? short.url.replace(c.t.config.publicBaseUrl, c.t.url) : short.url;
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetchBytes(shortUrl);
    expect(expired.status).toBe(403);
    if (backend === 'local')
      expect(JSON.parse(expired.body.toString())).toEqual({ detail: 'This URL has expired; ask for a new one', code: 'signature_expired' });
    else expect(expired.body.toString()).toContain('AccessDenied');
  });

  it('refuses a ttl outside the configured bounds with 422 at query.ttl', async () => {
    const art = await artifacts.store(alice.accountId, { data: png, kind: 'preview', mime: 'image/png' });
    for (const ttl of ['0', '604801', 'abc', '1.5']) {
      const res = expectStatus(await c.t.http.get(`/v1/artifacts/${art.id}/signed-url?ttl=${ttl}`).set('x-api-key', alice.key), 422);
      expect(res.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual([['query', 'ttl']]);
    }
  });

  it("keeps each account's artifacts to itself, and answers 401 without credentials", async () => {
    const art = await artifacts.store(alice.accountId, { data: png, kind: 'render', mime: 'image/png' });
    for (const path of [`/v1/artifacts/${art.id}`, `/v1/artifacts/${art.id}/content`, `/v1/artifacts/${art.id}/signed-url`]) {
      expect(expectStatus(await c.t.http.get(path).set('x-api-key', bob.key), 404).body).toEqual({ detail: 'Artifact not found', code: 'not_found' });
      expect(expectStatus(await c.t.http.get(path), 401).body.code).toBe('unauthorized');
      expect(expectStatus(await c.t.http.get(path).set('Authorization', 'Bearer cr_live_nope'), 401).body.code).toBe('unauthorized');
      expect(expectStatus(await c.t.http.get(path).set('x-api-key', 'cr_live_nope'), 401).body.code).toBe('unauthorized');
    }
    expect(expectStatus(await c.t.http.delete(`/v1/artifacts/${art.id}`).set('x-api-key', bob.key), 404).body.code).toBe('not_found');
    expect(expectStatus(await c.t.http.delete(`/v1/artifacts/${art.id}`), 401).body.code).toBe('unauthorized');
    expect(expectStatus(await c.t.http.get(`/v1/artifacts/${art.id}`).set('x-api-key', alice.key), 200).body.id).toBe(art.id);
    // The signed-content route needs its query, and answers 403 for a signature it did not make.
    expect(expectStatus(await c.t.http.get(`/v1/artifacts/${art.id}/signed-content`), 422).body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(
      expect.arrayContaining(['query.expires', 'query.signature']),
    );
    expect(expectStatus(await c.t.http.get(`/v1/artifacts/${art.id}/signed-content?expires=99999999999&signature=${'0'.repeat(64)}`), 403).body.code).toBe(
      'signature_invalid',
    );
  });
});

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { BlobNotFoundError, BlobStore } from '../blob-store';
import { LocalBlobStore } from '../local-blob-store';
import { S3BlobStore } from '../s3-blob-store';
import { S3_TEST_CREDENTIALS, S3TestServer, startS3TestServer } from './s3-test-server';

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['local', 's3'] as const)('the %s blob store', (driver) => {
  let store: BlobStore;
  let s3: S3TestServer | undefined;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blobs-'));
    if (driver === 's3') {
      s3 = await startS3TestServer();
      store = new S3BlobStore({
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: true,
        keyPrefix: 'pfx/',
        credentials: S3_TEST_CREDENTIALS,
      });
    } else {
      const local = new LocalBlobStore(dir);
      await local.init();
      store = local;
    }
  });
  afterAll(() => s3?.close());

  it('puts buffers and streams (multipart above 8 MiB), reads them whole or by range, and deletes them', async () => {
    const small = Buffer.from('hello, blob');
    await store.put('a/b/small', small, { contentType: 'text/plain' });
    expect(await read(await store.open('a/b/small'))).toEqual(small);
    expect(await read(await store.open('a/b/small', { start: 7, end: 10 }))).toEqual(Buffer.from('blob'));
    expect(await store.size('a/b/small')).toBe(small.length);

    const big = Buffer.alloc(17 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await store.put(
      'a/big',
      Readable.from(
        (function* () {
          for (let i = 0; i < big.length; i += 1 << 20) yield big.subarray(i, i + (1 << 20));
        })(),
      ),
      { contentType: 'application/octet-stream' },
    );
    expect(await store.size('a/big')).toBe(big.length);
    const tail = await read(await store.open('a/big', { start: big.length - 5000, end: big.length - 1 }));
    expect(tail).toEqual(big.subarray(big.length - 5000));

    await store.delete('a/b/small');
    await store.delete('a/b/small');
    expect(await store.size('a/b/small')).toBeNull();
    await expect(store.open('a/b/small')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists the blobs under a prefix with their size and time of writing', async () => {
    const before = Date.now() - 5000;
    await store.put('list/a/one', Buffer.from('1'), { contentType: 'text/plain' });
    await store.put('list/a/two', Buffer.from('22'), { contentType: 'text/plain' });
    await store.put('list/b', Buffer.from('333'), { contentType: 'text/plain' });
    await store.put('listed-not/x', Buffer.from('4444'), { contentType: 'text/plain' });
    const found = [];
    for await (const b of store.list('list/')) found.push(b);
    expect(found.map((b) => [b.key, b.size]).sort()).toEqual([
      ['list/a/one', 1],
      ['list/a/two', 2],
      ['list/b', 3],
    ]);
    for (const b of found) expect(b.modified.getTime()).toBeGreaterThan(before);
    const none = [];
    for await (const b of store.list('nothing-here/')) none.push(b);
    expect(none).toEqual([]);
  });

  it('leaves no blob behind when a stream fails midway', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('source broke'));
      },
    });
    await expect(store.put('broken', failing, { contentType: 'application/octet-stream' })).rejects.toThrow();
    expect(await store.size('broken')).toBeNull();
    if (driver === 'local') expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  (driver === 'local' ? it : it.skip)("creates folders that went missing while it runs (its temporary folder, a key's folder)", async () => {
    rmSync(join(dir, '.tmp'), { recursive: true, force: true });
    await store.put('gone/one', Buffer.from('one'), { contentType: 'text/plain' });
    rmSync(join(dir, '.tmp'), { recursive: true, force: true });
    await store.put('gone/two', Readable.from([Buffer.from('two')]), { contentType: 'text/plain' });
    expect((await read(await store.open('gone/one'))).toString()).toBe('one');
    expect((await read(await store.open('gone/two'))).toString()).toBe('two');
    const file = join(dir, 'outside-file');
    writeFileSync(file, 'moved');
    await store.putFile('new/folder/moved', file, { contentType: 'text/plain' });
    expect((await read(await store.open('new/folder/moved'))).toString()).toBe('moved');
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
  });

  it('refuses keys that could escape the store', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', 'a//b', ''])
      await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Invalid blob key/);
  });

  (driver === 's3' ? it : it.skip)('signs presigned URLs for S3_PUBLIC_ENDPOINT when the service reaches the store elsewhere', async () => {
    const publicEndpoint = s3!.endpoint.replace('127.0.0.1', 'localhost');
    const split = new S3BlobStore({
      bucket: s3!.bucket,
      region: s3!.region,
      endpoint: s3!.endpoint,
      publicEndpoint,
      forcePathStyle: true,
      keyPrefix: 'pfx/',
      credentials: S3_TEST_CREDENTIALS,
    });
    await split.put('shared/x', Buffer.from('public bytes'), { contentType: 'text/plain' });
    const url = await split.presignGet('shared/x', { expiresIn: 60, contentType: 'text/plain', contentDisposition: 'attachment' });
    expect(url.startsWith(`${publicEndpoint}/${s3!.bucket}/pfx/shared/x?`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public bytes');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    // Signed for the public host: presented under another host name it is refused.
    expect((await fetch(url.replace(publicEndpoint, s3!.endpoint))).status).toBe(403);
  });
});

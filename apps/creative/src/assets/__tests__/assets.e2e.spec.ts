import { expectStatus, TestAccount } from '@platform/testing';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { BACKENDS, binary, CreativeOnBackend, startCreative } from '../../storage/__tests__/creative-backends';
import { AssetsService } from '../assets.service';
import { Fixtures, makeFixtures, pngBomb } from './fixtures';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
type Loc = { loc: (string | number)[]; type: string; msg: string };
const locs = (body: { detail: Loc[] }) => body.detail.map((d) => d.loc.join('.'));

let fx: Fixtures;
beforeAll(async () => {
  fx = await makeFixtures();
}, 60_000);

describe.each(BACKENDS)('assets on %s storage', (backend) => {
  let c: CreativeOnBackend;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    c = await startCreative(backend, { ASSET_UPLOAD_LIMIT: '2mb', AUDIO_MAX_SECONDS: '2' });
    alice = await c.t.account('alice');
    bob = await c.t.account('bob');
  });
  afterAll(() => c?.close());

  const upload = (key: string, file: Buffer, name: string, path = '/v1/assets', contentType = 'application/octet-stream') =>
    c.t.http.post(path).set('x-api-key', key).attach('file', file, { filename: name, contentType });

  it('stores every image format with its dimensions, and serves the same bytes back', async () => {
    const cases: [keyof Fixtures, string, string, number, number][] = [
      ['png', 'scene.png', 'image/png', 1200, 800],
      ['jpeg', 'scene.jpg', 'image/jpeg', 1200, 800],
      ['webp', 'scene.webp', 'image/webp', 1200, 800],
      ['avif', 'scene.avif', 'image/avif', 300, 200],
      ['gif', 'scene.gif', 'image/gif', 300, 200],
      ['tiff', 'scene.tiff', 'image/tiff', 300, 200],
      ['svg', 'scene.svg', 'image/svg+xml', 600, 400],
    ];
    for (const [key, name, mime, width, height] of cases) {
      const res = expectStatus(await upload(alice.key, fx[key], name), 200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^ast_[0-9a-z]{26}$/),
        kind: 'image',
        mime,
        format: key,
        bytes: fx[key].length,
        sha256: sha(fx[key]),
        filename: name,
        width,
        height,
        duration: null,
        channels: null,
        sample_rate: null,
        family: null,
        weight: null,
        style: null,
        source_asset_id: null,
        operations: null,
        content_url: `${c.t.config.publicBaseUrl}/v1/assets/${res.body.id}/content`,
        created_at: expect.any(String),
      });
      expect(expectStatus(await c.t.http.get(`/v1/assets/${res.body.id}`).set('Authorization', `Bearer ${alice.key}`), 200).body).toEqual(res.body);
      const content = expectStatus(await c.t.http.get(`/v1/assets/${res.body.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200);
      expect(Buffer.compare(content.body, fx[key])).toBe(0);
      expect(content.headers['content-type']).toBe(mime);
      expect(content.headers['content-length']).toBe(String(fx[key].length));
      expect(content.headers.etag).toBe(`"${sha(fx[key])}"`);
      expect(content.headers['accept-ranges']).toBe('bytes');
      expect(content.headers['x-content-type-options']).toBe('nosniff');
      expect(content.headers['content-security-policy']).toMatch(/^sandbox;/);
      expect(content.headers['content-disposition']).toBe(`${key === 'svg' ? 'attachment' : 'inline'}; filename="${name}"; filename*=UTF-8''${name}`);
    }
  });

  it('stores fonts with family, weight and style read from the font', async () => {
    const cases: [keyof Fixtures, string, string, string, number][] = [
      ['ttf', 'Inter-Bold.ttf', 'font/ttf', 'Inter', 700],
      ['otf', 'NotoSans.otf', 'font/otf', 'Noto Sans', 400],
      ['woff', 'Inter.woff', 'font/woff', 'Inter', 700],
      ['woff2', 'Inter.woff2', 'font/woff2', 'Inter', 700],
    ];
    for (const [key, name, mime, family, weight] of cases) {
      const res = expectStatus(await upload(alice.key, fx[key], name, '/v1/assets', 'image/png'), 200);
      expect(res.body).toMatchObject({ kind: 'font', format: key, mime, family, weight, style: 'normal', width: null, duration: null });
      const content = await c.t.http.get(`/v1/assets/${res.body.id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary);
      expect(content.headers['content-disposition']).toMatch(/^attachment;/);
      expect(Buffer.compare(content.body, fx[key])).toBe(0);
    }
  });

  it('stores audio with duration, channels and sample rate from ffprobe', async () => {
    const cases: [keyof Fixtures, string, string][] = [
      ['mp3', 'a.mp3', 'audio/mpeg'],
      ['wav', 'a.wav', 'audio/wav'],
      ['ogg', 'a.ogg', 'audio/ogg'],
      ['m4a', 'a.m4a', 'audio/mp4'],
      ['aac', 'a.aac', 'audio/aac'],
      ['flac', 'a.flac', 'audio/flac'],
    ];
    for (const [key, name, mime] of cases) {
      const res = expectStatus(await upload(alice.key, fx[key], name, '/v1/assets/audio'), 200);
      expect(res.body).toMatchObject({ kind: 'audio', format: key, mime, width: null, family: null });
      expect(res.body.duration).toBeGreaterThan(0.9);
      expect(res.body.duration).toBeLessThan(1.2);
      expect(res.body.channels).toBe(key === 'wav' ? 2 : 1);
      expect(res.body.sample_rate).toBe(key === 'wav' ? 22050 : key === 'ogg' ? 48000 : 44100);
    }
  });

  it('serves ranges, conditional requests and HEAD', async () => {
    const { body: asset } = expectStatus(await upload(alice.key, fx.wav, 'tone.wav', '/v1/assets/audio'), 200);
    const url = `/v1/assets/${asset.id}/content`;
    const size = fx.wav.length;
    const get = (headers: Record<string, string>) => {
      const r = c.t.http.get(url).set('x-api-key', alice.key);
      for (const [k, v] of Object.entries(headers)) r.set(k, v);
      return r.buffer(true).parse(binary);
    };
    const first = expectStatus(await get({ Range: 'bytes=0-99' }), 206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    expect(Buffer.compare(first.body, fx.wav.subarray(0, 100))).toBe(0);
    const open = expectStatus(await get({ Range: `bytes=${size - 10}-` }), 206);
    expect(Buffer.compare(open.body, fx.wav.subarray(size - 10))).toBe(0);
    const suffix = expectStatus(await get({ Range: 'bytes=-7' }), 206);
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 7}-${size - 1}/${size}`);
    expect(Buffer.compare(suffix.body, fx.wav.subarray(size - 7))).toBe(0);
    const past = expectStatus(await get({ Range: `bytes=${size}-` }), 416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect(JSON.parse(past.body.toString())).toEqual({ detail: expect.any(String), code: 'range_not_satisfiable' });
    expect(expectStatus(await get({ Range: 'bytes=0-1,5-6' }), 200).body.length).toBe(size);
    expect(expectStatus(await get({ Range: 'bytes=0-9', 'If-Range': '"other"' }), 200).body.length).toBe(size);
    expect(expectStatus(await get({ Range: 'bytes=0-9', 'If-Range': `"${asset.sha256}"` }), 206).body.length).toBe(10);
    const notModified = expectStatus(await get({ 'If-None-Match': `"${asset.sha256}"` }), 304);
    expect(notModified.headers.etag).toBe(`"${asset.sha256}"`);
    const head = expectStatus(await c.t.http.head(url).set('x-api-key', alice.key), 200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.headers['content-type']).toBe('audio/wav');
  });

  it('refuses bytes that lie about their type with 422 at body.file, and stores nothing', async () => {
    const before = await c.blobKeys();
    const lies: [Buffer, string, string, RegExp][] = [
      [Buffer.concat([fx.png.subarray(0, 16), Buffer.alloc(500, 7)]), 'fake.png', '/v1/assets', /starts like PNG/],
      [Buffer.from('just some text, not an image at all'), 'notes.png', '/v1/assets', /not an image/],
      [Buffer.from('%PDF-1.7\n...'), 'doc.pdf', '/v1/assets', /not an image/],
      [Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(200, 1)]), 'font.woff2', '/v1/assets', /not a readable font/],
      [fx.wav, 'tone.wav', '/v1/assets', /POST \/v1\/assets\/audio/],
      [fx.png, 'scene.mp3', '/v1/assets/audio', /upload images and fonts to POST \/v1\/assets/],
      [Buffer.concat([Buffer.from('ID3'), Buffer.alloc(2000, 9)]), 'fake.mp3', '/v1/assets/audio', /starts like MP3/],
      [fx.mp4Video, 'clip.m4a', '/v1/assets/audio', /video/],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.svg', '/v1/assets', /not an image/],
      [
        Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
        'laughs.svg',
        '/v1/assets',
        /not an image/,
      ],
      [Buffer.alloc(0), 'empty.png', '/v1/assets', /empty/],
    ];
    for (const [bytes, name, path, msg] of lies) {
      const res = expectStatus(await upload(alice.key, bytes, name, path, 'image/png'), 422);
      expect(res.body.detail).toEqual([{ loc: ['body', 'file'], msg: expect.stringMatching(msg), type: 'unsupported_file' }]);
    }
    expect(await c.blobKeys()).toEqual(before);
    expect(await c.settledTempFiles()).toEqual([]);
  });

  it('refuses decompression bombs from their header, before decoding', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const t0 = Date.now();
    const res = expectStatus(await upload(alice.key, bomb, 'bomb.png'), 422);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(res.body.detail).toEqual([{ loc: ['body', 'file'], msg: expect.stringContaining('20000 x 20000'), type: 'image_too_large' }]);
    const svgBomb = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="10" height="10"/></svg>');
    expect(expectStatus(await upload(alice.key, svgBomb, 'huge.svg'), 422).body.detail[0].type).toBe('image_too_large');
  });

  it('refuses audio over AUDIO_MAX_SECONDS', async () => {
    const res = expectStatus(await upload(alice.key, fx.wavLong, 'long.wav', '/v1/assets/audio'), 422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'file'], msg: expect.stringMatching(/3\.0 s; the limit is 2 s/), type: 'audio_too_long' }]);
  });

  it('answers 413 in the envelope for a file over ASSET_UPLOAD_LIMIT, leaving no blob, row or temporary file', async () => {
    const before = await c.blobKeys();
    const big = Buffer.concat([fx.png, Buffer.alloc(2 * 1024 * 1024 + 1)]);
    const res = expectStatus(await upload(alice.key, big, 'big.png'), 413);
    expect(res.body).toEqual({ detail: `The file is larger than the limit of ${2 * 1024 * 1024} bytes`, code: 'payload_too_large' });
    expect(await c.blobKeys()).toEqual(before);
    expect(await c.settledTempFiles()).toEqual([]);

    // A declared length far over the limit is refused before a byte of the body is read.
    const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${c.t.url}/v1/assets`, {
        method: 'POST',
        headers: { 'x-api-key': alice.key, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
      });
      req.on('response', (r) => {
        let body = '';
        r.on('data', (d) => (body += d));
        r.on('end', () => resolve({ status: r.statusCode!, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(early.status).toBe(413);
    expect(JSON.parse(early.body).code).toBe('payload_too_large');
  });

  it('leaves no blob, row or temporary file when the client drops the connection midway', async () => {
    const before = await c.blobKeys();
    const { body: listBefore } = await c.t.http.get('/v1/assets').set('x-api-key', alice.key);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${c.t.url}/v1/assets`, {
        method: 'POST',
        headers: { 'x-api-key': alice.key, 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(1_000_000) },
      });
      req.on('error', () => resolve());
      req.write(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="half.png"\r\nContent-Type: image/png\r\n\r\n`);
      req.write(fx.png.subarray(0, 20_000));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await c.blobKeys()).toEqual(before);
    expect(await c.settledTempFiles()).toEqual([]);
    expect((await c.t.http.get('/v1/assets').set('x-api-key', alice.key)).body.data.length).toBe(listBefore.data.length);
  });

  it('answers 422 at body.file for bodies that are not one file part', async () => {
    const noMultipart = expectStatus(await c.t.http.post('/v1/assets').set('x-api-key', alice.key).send({ file: 'x' }), 422);
    // A JSON body is an import by URL (POST /v1/assets {"url"}): without one, the answer names both ways in.
    expect(noMultipart.body.detail).toEqual([{ loc: ['body', 'url'], msg: expect.stringContaining('multipart/form-data'), type: 'missing' }]);
    const noFile = expectStatus(await c.t.http.post('/v1/assets').set('x-api-key', alice.key).field('other', 'x'), 422);
    expect(locs(noFile.body)).toEqual(['body.other']);
    const empty = expectStatus(
      await c.t.http.post('/v1/assets').set('x-api-key', alice.key).type('multipart/form-data; boundary=abc').send('--abc--\r\n'),
      422,
    );
    expect(empty.body.detail).toEqual([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
    const two = expectStatus(await upload(alice.key, fx.png, 'a.png').attach('file', fx.png, 'b.png'), 422);
    expect(two.body.detail).toEqual([{ loc: ['body', 'file'], msg: 'Send one file per request', type: 'too_long' }]);
    const extra = expectStatus(await upload(alice.key, fx.png, 'a.png').field('title', 'x'), 422);
    expect(extra.body.detail).toEqual([{ loc: ['body', 'title'], msg: expect.any(String), type: 'extra_forbidden' }]);
    const asText = expectStatus(await c.t.http.post('/v1/assets/audio').set('x-api-key', alice.key).field('file', 'not a file'), 422);
    expect(locs(asText.body)).toEqual(['body.file']);
    const broken = expectStatus(await c.t.http.post('/v1/assets').set('x-api-key', alice.key).set('content-type', 'multipart/form-data').send('x'), 422);
    expect(locs(broken.body)).toEqual(['body.file']);
    expect(await c.settledTempFiles()).toEqual([]);
  });

  it('lists newest first with limit, cursor and kind', async () => {
    const carol = await c.t.account('carol');
    const ids: string[] = [];
    for (const [file, name, path] of [
      [fx.png, '1.png', '/v1/assets'],
      [fx.ttf, '2.ttf', '/v1/assets'],
      [fx.mp3, '3.mp3', '/v1/assets/audio'],
      [fx.gif, '4.gif', '/v1/assets'],
    ] as const) {
      ids.push(expectStatus(await upload(carol.key, file, name, path), 200).body.id);
    }
    const all = expectStatus(await c.t.http.get('/v1/assets').set('x-api-key', carol.key), 200).body;
    expect(all.data.map((a: { id: string }) => a.id)).toEqual([...ids].reverse());
    expect(all.next_cursor).toBeNull();
    const page1 = expectStatus(await c.t.http.get('/v1/assets?limit=3').set('x-api-key', carol.key), 200).body;
    expect(page1.data.map((a: { id: string }) => a.id)).toEqual([ids[3], ids[2], ids[1]]);
    const page2 = expectStatus(await c.t.http.get(`/v1/assets?limit=3&cursor=${page1.next_cursor}`).set('x-api-key', carol.key), 200).body;
    expect(page2).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    const images = expectStatus(await c.t.http.get('/v1/assets?kind=image').set('x-api-key', carol.key), 200).body;
    expect(images.data.map((a: { id: string }) => a.id)).toEqual([ids[3], ids[0]]);
    const bad = expectStatus(await c.t.http.get('/v1/assets?limit=101&cursor=%%%&kind=video').set('x-api-key', carol.key), 422);
    expect(locs(bad.body).sort()).toEqual(['query.cursor', 'query.kind', 'query.limit']);
    expect(locs(expectStatus(await c.t.http.get('/v1/assets?cursor=bm9wZQ').set('x-api-key', carol.key), 422).body)).toEqual(['query.cursor']);
  });

  it('deletes an asset with its blob', async () => {
    const { body: asset } = expectStatus(await upload(alice.key, fx.webp, 'gone.webp'), 200);
    const keys = await c.blobKeys();
    expect(keys.some((k) => k.endsWith(asset.id))).toBe(true);
    expect(expectStatus(await c.t.http.delete(`/v1/assets/${asset.id}`).set('x-api-key', alice.key), 200).body).toEqual({ id: asset.id, deleted: true });
    expect((await c.blobKeys()).some((k) => k.endsWith(asset.id))).toBe(false);
    expect(expectStatus(await c.t.http.get(`/v1/assets/${asset.id}`).set('x-api-key', alice.key), 404).body).toEqual({
      detail: 'Asset not found',
      code: 'not_found',
    });
    expect(expectStatus(await c.t.http.delete(`/v1/assets/${asset.id}`).set('x-api-key', alice.key), 404).body.code).toBe('not_found');
  });

  it("keeps each account's assets to itself: another account's id is a 404", async () => {
    const { body: asset } = expectStatus(await upload(alice.key, fx.png, 'private.png'), 200);
    for (const req of [
      c.t.http.get(`/v1/assets/${asset.id}`),
      c.t.http.get(`/v1/assets/${asset.id}/content`),
      c.t.http.delete(`/v1/assets/${asset.id}`),
      c.t.http.post(`/v1/assets/${asset.id}/transform`).send({ operations: [{ type: 'flip' }] }),
    ]) {
      const res = expectStatus(await req.set('x-api-key', bob.key), 404);
      expect(res.body).toEqual({ detail: 'Asset not found', code: 'not_found' });
    }
    const bobs = expectStatus(await c.t.http.get('/v1/assets').set('x-api-key', bob.key), 200).body;
    expect(bobs.data.map((a: { id: string }) => a.id)).not.toContain(asset.id);
    // Bob cannot use Alice's asset as an overlay either.
    const { body: own } = expectStatus(await upload(bob.key, fx.png, 'bob.png'), 200);
    const overlay = expectStatus(
      await c.t.http
        .post(`/v1/assets/${own.id}/transform`)
        .set('x-api-key', bob.key)
        .send({ operations: [{ type: 'overlay', asset_id: asset.id }] }),
      422,
    );
    expect(locs(overlay.body)).toEqual(['body.operations.0.asset_id']);
    expect(expectStatus(await c.t.http.get(`/v1/assets/${asset.id}`).set('x-api-key', alice.key), 200).body.id).toBe(asset.id);
  });

  it('answers 401 without a credential or with a wrong one, with either scheme, on every route', async () => {
    const id = 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph';
    const routes = [
      () => c.t.http.post('/v1/assets').attach('file', fx.png, 'a.png'),
      () => c.t.http.post('/v1/assets/audio').attach('file', fx.mp3, 'a.mp3'),
      () => c.t.http.get('/v1/assets'),
      () => c.t.http.get(`/v1/assets/${id}`),
      () => c.t.http.get(`/v1/assets/${id}/content`),
      () => c.t.http.post(`/v1/assets/${id}/transform`).send({ operations: [{ type: 'flip' }] }),
      () => c.t.http.delete(`/v1/assets/${id}`),
    ];
    const before = await c.blobKeys();
    for (const route of routes) {
      expect(expectStatus(await route(), 401).body).toEqual({ detail: expect.stringContaining('x-api-key'), code: 'unauthorized' });
      expect(expectStatus(await route().set('x-api-key', 'cr_live_wrong'), 401).body.code).toBe('unauthorized');
      expect(expectStatus(await route().set('Authorization', 'Bearer cr_live_wrong'), 401).body.code).toBe('unauthorized');
    }
    expect(await c.blobKeys()).toEqual(before);
    expect(await c.settledTempFiles()).toEqual([]);
  });

  it('replays an upload with the same Idempotency-Key and file, and refuses another file under it', async () => {
    const key = `upload-${backend}`;
    const first = expectStatus(await upload(alice.key, fx.jpeg, 'once.jpg').set('Idempotency-Key', key), 200);
    const again = expectStatus(await upload(alice.key, fx.jpeg, 'once.jpg').set('Idempotency-Key', key), 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = expectStatus(await upload(alice.key, fx.png, 'once.jpg').set('Idempotency-Key', key), 409);
    expect(other.body.code).toBe('idempotency_key_reused');
    const list = (await c.t.http.get('/v1/assets?limit=100').set('x-api-key', alice.key)).body.data;
    expect(list.filter((a: { filename: string }) => a.filename === 'once.jpg')).toHaveLength(1);
    expect(await c.settledTempFiles()).toEqual([]);
  });

  it('offers the internal API later features use: create from bytes, read bytes and ranges by id for an account', async () => {
    const assets = c.t.app.get(AssetsService);
    const made = await assets.createFromBytes(alice.accountId, fx.webp, { filename: 'generated.webp' });
    expect(made).toMatchObject({ kind: 'image', format: 'webp', width: 1200, height: 800, filename: 'generated.webp', sha256: sha(fx.webp) });
    expect(expectStatus(await c.t.http.get(`/v1/assets/${made.id}`).set('x-api-key', alice.key), 200).body.id).toBe(made.id);
    expect(Buffer.compare((await assets.readBytes(alice.accountId, made.id, 'image'))!, fx.webp)).toBe(0);
    expect(await assets.readBytes(alice.accountId, made.id, 'font')).toBeNull();
    expect(await assets.readBytes(bob.accountId, made.id)).toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of await assets.open(made, { start: 0, end: 11 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(fx.webp.subarray(0, 12));
    await expect(assets.createFromBytes(alice.accountId, Buffer.from('not an image'), { accept: ['image'] })).rejects.toMatchObject({
      code: 'unsupported_file',
    });
    expect(await c.settledTempFiles()).toEqual([]);
  });
});

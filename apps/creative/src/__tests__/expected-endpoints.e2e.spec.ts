import { publicOnlyLookup } from '@platform/outbound';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { AssetsService } from '../assets/assets.service';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { BlobStore } from '../storage/blob-store';
import { as, locs, sampleIr } from './helpers';

/**
 * Issue 34's expected endpoints: DELETE /v1/designs/{id}, GET /v1/artifacts, design search (`q`, `template`) and
 * POST /v1/assets `{"url"}` (an import through the platform's SSRF-guarded fetch) and PATCH /v1/brand-kit (the full
 * merge-patch cases are in brand-kit.e2e.spec.ts), each over real HTTP: success,
 * validation, authentication and another account's ids.
 */
describe('creative: the endpoints issue 34 expected', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { ASSET_UPLOAD_LIMIT: '256kb', ASSET_IMPORT_TIMEOUT_MS: '1000' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());
  const ds = () => t.app.get(DataSource);

  const create = async (body: Record<string, unknown>, who = alice) => expectStatus(await as(t.http.post('/v1/designs').send(body), who), 200).body;
  const artifactsOf = async (designId: string, who = alice) =>
    expectStatus(await as(t.http.get(`/v1/artifacts?design_id=${designId}`), who), 200).body.data as { id: string; kind: string }[];

  describe('DELETE /v1/designs/{id}', () => {
    it('deletes the design, its revisions and its artifacts (and their bytes): 204, then 404', async () => {
      const d = await create({ ir: sampleIr(), title: 'To delete', render: { format: 'png' } });
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ title: 'Renamed', render: { format: 'jpeg' } }), alice), 200);
      expectStatus(await as(t.http.get(`/v1/designs/${d.id}/preview`), alice), 200);
      const made = await artifactsOf(d.id);
      expect(made.length).toBeGreaterThanOrEqual(2);
      const keys = (await ds().query(`SELECT blob_key FROM creative.artifacts WHERE design_id = $1`, [d.id])).map((r: { blob_key: string }) => r.blob_key);

      const res = await as(t.http.delete(`/v1/designs/${d.id}`), alice);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 404);
      expectStatus(await as(t.http.get(`/v1/designs/${d.id}/revisions/1`), alice), 404);
      for (const a of made) expectStatus(await as(t.http.get(`/v1/artifacts/${a.id}`), alice), 404);
      expect(await artifactsOf(d.id)).toEqual([]);
      expect(await ds().query(`SELECT 1 FROM creative.design_revisions WHERE design_id = $1`, [d.id])).toEqual([]);
      const blobs = t.app.get(BlobStore);
      for (const key of keys) expect(await blobs.size(key)).toBeNull();
      // Idempotent in effect: the second delete finds nothing.
      expect(expectStatus(await as(t.http.delete(`/v1/designs/${d.id}`), alice), 404).body.code).toBe('not_found');
    });

    it('honours If-Match: another revision answers 412 and deletes nothing', async () => {
      const d = await create({ ir: sampleIr(), title: 'Guarded' });
      expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ title: 'v2' }), alice), 200);
      const stale = await as(t.http.delete(`/v1/designs/${d.id}`).set('If-Match', '"rev-1"'), alice);
      expect(expectStatus(stale, 412).body).toMatchObject({ code: 'precondition_failed', current_revision: 2 });
      expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200);
      expect((await as(t.http.delete(`/v1/designs/${d.id}`).set('If-Match', '"rev-2"'), alice)).status).toBe(204);
    });

    it("answers 401 without a credential and 404 for another account's design, which stays", async () => {
      const d = await create({ ir: sampleIr(), title: 'Alice keeps it', render: { format: 'png' } });
      expectStatus(await t.http.delete(`/v1/designs/${d.id}`), 401);
      expect(expectStatus(await as(t.http.delete(`/v1/designs/${d.id}`), bob), 404).body.code).toBe('not_found');
      expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200);
      expect(await artifactsOf(d.id)).toHaveLength(1);
      // A path that is no id at all is a 404 too, not a 5xx.
      expectStatus(await as(t.http.delete('/v1/designs/%20'), alice), 404);
    });

    it('keeps the bytes another artifact of the account shares', async () => {
      const a = await create({ ir: sampleIr(), title: 'Twin A', render: { format: 'png' } });
      const b = await create({ ir: sampleIr(), title: 'Twin B', render: { format: 'png' } });
      const [artB] = await artifactsOf(b.id);
      expect((await as(t.http.delete(`/v1/designs/${a.id}`), alice)).status).toBe(204);
      expectStatus(await as(t.http.get(`/v1/artifacts/${artB.id}/content`), alice), 200);
    });
  });

  describe('GET /v1/artifacts', () => {
    let d1: { id: string };
    let d2: { id: string };
    beforeAll(async () => {
      d1 = await create({ ir: sampleIr(), title: 'List one', render: { format: 'png' } });
      await as(t.http.post(`/v1/designs/${d1.id}/render`).send({ format: 'jpeg' }), alice);
      d2 = await create({ ir: sampleIr({ background: '#000000' }), title: 'List two', render: { format: 'webp' } });
    });

    it('lists newest first with a cursor, and filters by design, kind, mime and creation time', async () => {
      const all: { id: string; created_at: string }[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { data: { id: string; created_at: string }[]; next_cursor: string | null } } = expectStatus(
          await as(t.http.get(`/v1/artifacts?limit=2${cursor ? `&cursor=${cursor}` : ''}`), alice),
          200,
        );
        expect(page.body.data.length).toBeLessThanOrEqual(2);
        all.push(...page.body.data);
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
      const times = all.map((a) => a.created_at);
      expect([...times].sort().reverse()).toEqual(times);

      const of1 = await artifactsOf(d1.id);
      expect(of1.map((a) => a.kind)).toEqual(['render', 'render']);
      const jpeg = expectStatus(await as(t.http.get(`/v1/artifacts?design_id=${d1.id}&mime=image/jpeg`), alice), 200).body.data;
      expect(jpeg).toHaveLength(1);
      expect(jpeg[0]).toMatchObject({ mime: 'image/jpeg', source: { design_id: d1.id } });
      const webp = expectStatus(await as(t.http.get('/v1/artifacts?kind=render&mime=image/webp'), alice), 200).body.data;
      expect(webp.map((a: { source: { design_id: string } }) => a.source.design_id)).toContain(d2.id);
      const newest = all[0].created_at;
      const since = expectStatus(await as(t.http.get(`/v1/artifacts?created_after=${encodeURIComponent(newest)}`), alice), 200).body.data;
      expect(since.map((a: { id: string }) => a.id)).toEqual(all.filter((a) => a.created_at >= newest).map((a) => a.id));
      const before = expectStatus(await as(t.http.get(`/v1/artifacts?created_before=${encodeURIComponent(newest)}`), alice), 200).body.data;
      expect(before.map((a: { id: string }) => a.id)).not.toContain(all[0].id);
    });

    it('refuses bad and unknown filters with 422 at their query parameter', async () => {
      expect(locs(await as(t.http.get('/v1/artifacts?kind=poster&mime=text/plain&limit=0&created_after=yesterday'), alice)).sort()).toEqual([
        'query.created_after',
        'query.kind',
        'query.limit',
        'query.mime',
      ]);
      const unknown = await as(t.http.get('/v1/artifacts?type=render'), alice);
      expect(locs(unknown)).toEqual(['query.type']);
      expect(unknown.body.detail[0].type).toBe('extra_forbidden');
      expect(locs(await as(t.http.get('/v1/artifacts?created_after=2026-02-01T00:00:00Z&created_before=2026-01-01T00:00:00Z'), alice))).toEqual([
        'query.created_before',
      ]);
      expect(locs(await as(t.http.get('/v1/artifacts?cursor=bm9wZQ'), alice))).toEqual(['query.cursor']);
    });

    it("needs a credential and never shows another account's artifacts", async () => {
      expectStatus(await t.http.get('/v1/artifacts'), 401);
      expect(await artifactsOf(d1.id, bob)).toEqual([]);
      const bobs = expectStatus(await as(t.http.get('/v1/artifacts?limit=100'), bob), 200).body.data;
      expect(bobs).toEqual([]);
    });
  });

  describe('GET /v1/designs?q=…&template=…', () => {
    beforeAll(async () => {
      await create({ brief: { title: 'Promoção de Verão' }, template: 'announcement' });
      await create({ brief: { title: 'VERÃO em dobro' }, template: 'square-post' });
      await create({ ir: sampleIr(), title: 'Winter sale' });
      await create({ ir: sampleIr(), title: '100% off_now' });
      await create({ ir: sampleIr(), title: 'Verao for Bob' }, bob);
    });
    const titles = async (query: string, who = alice) =>
      (expectStatus(await as(t.http.get(`/v1/designs?${query}`), who), 200).body.data as { title: string }[]).map((d) => d.title);

    it('finds designs by title, ignoring case and accents, and filters by template', async () => {
      expect((await titles('q=verao')).sort()).toEqual(['Promoção de Verão', 'VERÃO em dobro']);
      expect(await titles(`q=${encodeURIComponent('PROMOÇÃO')}`)).toEqual(['Promoção de Verão']);
      expect(await titles('q=verao&template=square-post')).toEqual(['VERÃO em dobro']);
      expect(await titles('template=announcement&limit=100')).toEqual(expect.arrayContaining(['Promoção de Verão']));
      expect((await titles('template=announcement&limit=100')).every((x) => x !== 'VERÃO em dobro')).toBe(true);
      // The template's name is searched too; LIKE's wildcards are plain text.
      expect(await titles('q=announce')).toContain('Promoção de Verão');
      expect(await titles(`q=${encodeURIComponent('100%')}`)).toEqual(['100% off_now']);
      expect(await titles(`q=${encodeURIComponent('0%_')}`)).toEqual([]);
    });

    it('pages search results with the cursor', async () => {
      const first = expectStatus(await as(t.http.get('/v1/designs?q=verao&limit=1'), alice), 200).body;
      expect(first.data).toHaveLength(1);
      const second = expectStatus(await as(t.http.get(`/v1/designs?q=verao&limit=1&cursor=${first.next_cursor}`), alice), 200).body;
      expect(second.data).toHaveLength(1);
      expect(second.data[0].id).not.toBe(first.data[0].id);
      expect(second.next_cursor).toBeNull();
    });

    it('refuses blank, too long, unknown-template and unknown parameters with 422', async () => {
      expect(locs(await as(t.http.get('/v1/designs?q=%20%20'), alice))).toEqual(['query.q']);
      expect(locs(await as(t.http.get(`/v1/designs?q=${'x'.repeat(201)}`), alice))).toEqual(['query.q']);
      expect(locs(await as(t.http.get('/v1/designs?template=nope'), alice))).toEqual(['query.template']);
      expect(locs(await as(t.http.get('/v1/designs?title=verao'), alice))).toEqual(['query.title']);
    });

    it("needs a credential and searches only the caller's designs", async () => {
      expectStatus(await t.http.get('/v1/designs?q=verao'), 401);
      expect(await titles('q=verao', bob)).toEqual(['Verao for Bob']);
    });
  });

  describe('PATCH /v1/brand-kit', () => {
    it("changes the given fields only, 422 changes nothing, 401 without a key, another account's kit untouched", async () => {
      const kit = (who: TestAccount) => as(t.http.get('/v1/brand-kit'), who);
      expectStatus(await as(t.http.put('/v1/brand-kit').send({ name: 'Alice', colors: ['#101010'], tone: 'calm' }), alice), 200);
      expectStatus(await as(t.http.put('/v1/brand-kit').send({ name: 'Bob', colors: ['#202020'] }), bob), 200);
      const bobs = expectStatus(await kit(bob), 200).body;
      const patched = expectStatus(await as(t.http.patch('/v1/brand-kit').send({ tone: 'bold' }), alice), 200).body;
      expect(patched).toMatchObject({ name: 'Alice', colors: ['#101010'], tone: 'bold', warnings: [] });
      expect(locs(await as(t.http.patch('/v1/brand-kit').send({ tone: 'x', logo_size: 1 }), alice))).toEqual(['body.logo_size']);
      expect(expectStatus(await kit(alice), 200).body.tone).toBe('bold');
      expectStatus(await t.http.patch('/v1/brand-kit').send({ tone: 'x' }), 401);
      expect(expectStatus(await kit(bob), 200).body).toEqual(bobs);
    });
  });

  describe('POST /v1/assets {"url"}', () => {
    let source: Server;
    let base: string;
    let png: Buffer;
    let assets: AssetsService;
    const routes: Record<string, (res: ServerResponse) => void> = {};

    beforeAll(async () => {
      png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0B1F3A' } })
        .png()
        .toBuffer();
      const big = Buffer.alloc(300 * 1024, 1);
      Object.assign(routes, {
        '/photo.png': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
        '/moved': (res: ServerResponse) => res.writeHead(302, { location: '/photo.png' }).end(),
        '/to-internal': (res: ServerResponse) => res.writeHead(302, { location: `http://internal.test:${port()}/photo.png` }).end(),
        '/to-loopback': (res: ServerResponse) => res.writeHead(302, { location: `http://127.0.0.1:${port()}/photo.png` }).end(),
        '/big': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end(big),
        '/big-chunked': (res: ServerResponse) => {
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write(big.subarray(0, 200 * 1024));
          res.end(big.subarray(200 * 1024));
        },
        '/page.html': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>'),
        '/slow': () => undefined,
        '/gone': (res: ServerResponse) => res.writeHead(404).end(),
      });
      source = createServer((req, res) => (routes[req.url ?? '/'] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res));
      await new Promise<void>((r) => source.listen(0, '127.0.0.1', () => r()));
      base = `http://public.test:${port()}`;
      // DNS played for the test: public.test is a "public" host that reaches the local source; internal.test resolves
      // to 10.0.0.7 and everything else goes through the platform's real guard (loopback, localhost: refused).
      assets = t.app.get(AssetsService);
      const guard: LookupFunction = (host, options, cb) => {
        if (host === 'public.test')
          return (options as { all?: boolean }).all
            ? (cb as unknown as (e: null, a: unknown[]) => void)(null, [{ address: '127.0.0.1', family: 4 }])
            : cb(null, '127.0.0.1', 4);
        if (host === 'internal.test') return publicOnlyLookup('10.0.0.7', options, cb);
        return publicOnlyLookup(host, options, cb);
      };
      assets.importLookup = guard;
    });
    afterAll(async () => {
      source.closeAllConnections();
      await new Promise((r) => source.close(r));
    });
    const port = () => (source.address() as AddressInfo).port;
    const importUrl = (body: unknown, who = alice) => as(t.http.post('/v1/assets').send(body as object), who);
    const countAssets = async (who = alice) =>
      Number((await ds().query('SELECT count(*) FROM creative.assets WHERE account_id = $1', [who.accountId]))[0].count);

    it('imports an image from a URL (redirects followed) as an upload would store it', async () => {
      const res = expectStatus(await importUrl({ url: `${base}/moved` }), 200);
      expect(res.body).toMatchObject({ kind: 'image', format: 'png', mime: 'image/png', width: 40, height: 30, bytes: png.length, filename: 'photo.png' });
      const content = expectStatus(await as(t.http.get(`/v1/assets/${res.body.id}/content`), alice).buffer(true), 200);
      expect(Buffer.compare(content.body as Buffer, png)).toBe(0);
      const named = expectStatus(await importUrl({ url: `${base}/photo.png`, filename: 'hero.png' }), 200);
      expect(named.body.filename).toBe('hero.png');
    });

    it('refuses private addresses, given or reached by a redirect, and stores nothing', async () => {
      const before = await countAssets();
      for (const url of [
        `http://127.0.0.1:${port()}/photo.png`,
        `http://localhost:${port()}/photo.png`,
        `http://[::ffff:127.0.0.1]:${port()}/photo.png`,
        'http://169.254.169.254/latest/meta-data/',
        `http://internal.test:${port()}/photo.png`,
        `${base}/to-internal`,
        `${base}/to-loopback`,
      ]) {
        const res = await importUrl({ url });
        expect(locs(res)).toEqual(['body.url']);
        expect(res.body.detail[0].type).toBe('url_not_fetched');
        expect(res.body.detail[0].msg).toMatch(/private, loopback or link-local/);
      }
      expect(await countAssets()).toBe(before);
    });

    it('checks size and type exactly like an upload (413 payload_too_large, 422 unsupported_file at body.url)', async () => {
      const before = await countAssets();
      for (const path of ['/big', '/big-chunked']) {
        const res = expectStatus(await importUrl({ url: `${base}${path}` }), 413);
        expect(res.body.code).toBe('payload_too_large');
      }
      const wrong = await importUrl({ url: `${base}/page.html` });
      expect(locs(wrong)).toEqual(['body.url']);
      expect(wrong.body.detail[0].type).toBe('unsupported_file');
      expect(await countAssets()).toBe(before);
    });

    it('answers 422 url_not_fetched for timeouts, error statuses and non-http URLs', async () => {
      const slow = await importUrl({ url: `${base}/slow` });
      expect(locs(slow)).toEqual(['body.url']);
      expect(slow.body.detail[0].msg).toMatch(/within 1000 ms/);
      const gone = await importUrl({ url: `${base}/gone` });
      expect(gone.body.detail[0]).toMatchObject({ type: 'url_not_fetched', msg: expect.stringContaining('404') });
      expect(locs(await importUrl({ url: 'file:///etc/passwd' }))).toEqual(['body.url']);
      expect(locs(await importUrl({ url: `http://user:pw@public.test:${port()}/photo.png` }))).toEqual(['body.url']);
    });

    it('validates the body: url missing, blank or not a string', async () => {
      expect(locs(await importUrl({}))).toEqual(['body.url']);
      expect(locs(await importUrl({ url: '   ' }))).toEqual(['body.url']);
      expect(locs(await importUrl({ url: 42, filename: 7 })).sort()).toEqual(['body.filename', 'body.url']);
    });

    it('needs a credential, and an import belongs to the caller only', async () => {
      expectStatus(await t.http.post('/v1/assets').send({ url: `${base}/photo.png` }), 401);
      const mine = expectStatus(await importUrl({ url: `${base}/photo.png` }, bob), 200).body;
      expect(expectStatus(await as(t.http.get(`/v1/assets/${mine.id}`), alice), 404).body.code).toBe('not_found');
    });

    it('replays an import under the same Idempotency-Key and refuses the key with another URL', async () => {
      const first = expectStatus(await importUrl({ url: `${base}/photo.png` }).set('Idempotency-Key', 'imp-1'), 200).body;
      const again = expectStatus(await importUrl({ url: `${base}/photo.png` }).set('Idempotency-Key', 'imp-1'), 200).body;
      expect(again.id).toBe(first.id);
      expectStatus(await importUrl({ url: `${base}/moved` }).set('Idempotency-Key', 'imp-1'), 409);
    });
  });
});

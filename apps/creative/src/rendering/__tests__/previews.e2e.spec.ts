import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, binary, locs, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/** Render tasks the service ran, from its Prometheus metrics. */
async function renderCount(t: TestApp<CreativeConfig>): Promise<number> {
  const text = expectStatus(await t.http.get('/metrics'), 200).text;
  const m = /creative_render_tasks_total\{kind="render",outcome="ok"\} (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

describe('creative design previews and HTML export', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  const get = (path: string) => as(t.http.get(path), alice).buffer(true).parse(binary);

  it('answers the image bytes with a strong ETag, cache headers and 304, from the cache the second time', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ brief: { title: 'Preview me', cta: 'Go' }, template: 'square-post' }), alice), 200).body;
    const first = expectStatus(await get(`/v1/designs/${d.id}/preview`), 200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, max-age=0');
    const meta = await sharp(first.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 480, 480]);

    const rendered = await renderCount(t);
    const second = expectStatus(await get(`/v1/designs/${d.id}/preview`), 200);
    expect((second.body as Buffer).equals(first.body as Buffer)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(await renderCount(t)).toBe(rendered);
    const notModified = await as(t.http.get(`/v1/designs/${d.id}/preview`).set('If-None-Match', first.headers.etag), alice);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(first.headers.etag);

    // Ten requests for a preview nobody has asked for yet: rendered once.
    const before = await renderCount(t);
    const many = await Promise.all(Array.from({ length: 10 }, () => get(`/v1/designs/${d.id}/preview?width=300`)));
    expect(new Set(many.map((r) => r.status))).toEqual(new Set([200]));
    expect(await renderCount(t)).toBe(before + 1);

    // Other sizes and formats.
    const small = expectStatus(await get(`/v1/designs/${d.id}/preview?width=200&format=webp`), 200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(200);
    expect(small.headers.etag).not.toBe(first.headers.etag);
    expect(expectStatus(await get(`/v1/designs/${d.id}/preview?format=jpeg`), 200).headers['content-type']).toBe('image/jpeg');

    // A new revision: a new ETag and other bytes; the old revision stays reachable and immutable.
    expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Changed title' } }), alice), 200);
    const changed = expectStatus(await get(`/v1/designs/${d.id}/preview`), 200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect((changed.body as Buffer).equals(first.body as Buffer)).toBe(false);
    expect((await as(t.http.get(`/v1/designs/${d.id}/preview`).set('If-None-Match', first.headers.etag), alice)).status).toBe(200);
    const pinned = expectStatus(await get(`/v1/designs/${d.id}/preview?revision=1`), 200);
    expect((pinned.body as Buffer).equals(first.body as Buffer)).toBe(true);
    expect(pinned.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(expectStatus(await as(t.http.get(`/v1/designs/${d.id}/preview?revision=3`), alice), 404).body.code).toBe('not_found');
  });

  it('checks the query', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    expect(locs(await as(t.http.get(`/v1/designs/${d.id}/preview?width=5000&format=gif`), alice))).toEqual(['query.width', 'query.format']);
    expect(locs(await as(t.http.get(`/v1/designs/${d.id}/preview?width=abc&revision=0`), alice))).toEqual(['query.width', 'query.revision']);
    expectStatus(await as(t.http.get('/v1/designs/des_missing/preview'), alice), 404);
  });

  it('exports the standalone HTML page of the library', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr(), title: 'Html <export>' }), alice), 200).body;
    const res = expectStatus(await as(t.http.get(`/v1/designs/${d.id}/export/html`), alice), 200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${d.id}.html"`);
    expect(res.text).toMatch(/^<!doctype html>/i);
    expect(res.text).toContain('<title>Html &lt;export&gt;</title>');
    expect(res.text).toContain('Hello');
    expect(res.text).toContain('@font-face{font-family:"Inter"');
    expectStatus(await as(t.http.get(`/v1/designs/${d.id}/export/html`).set('If-None-Match', res.headers.etag), alice), 304);
  });
});

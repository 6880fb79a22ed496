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

describe('creative design renders into artifacts', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  const design = async (who = alice) => expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), who), 200).body;
  const render = (id: string, body: Record<string, unknown>, who = alice) => as(t.http.post(`/v1/designs/${id}/render`).send(body), who);
  /** The bytes behind a signed URL, fetched without credentials. */
  const signed = async (url: string) => {
    const u = new URL(url);
    return expectStatus(await t.http.get(`${u.pathname}${u.search}`).buffer(true).parse(binary), 200);
  };

  it('renders the current revision into an artifact with a content URL and a signed URL, then serves it from the stored artifact', async () => {
    const d = await design();
    const before = await renderCount(t);
    const first = expectStatus(await render(d.id, {}), 200).body;
    expect(first).toMatchObject({ design_id: d.id, revision: 1, format: 'png', width: 400, height: 300, cached: false, warnings: [] });
    expect(first.artifact).toMatchObject({ kind: 'render', mime: 'image/png', width: 400, height: 300, source: { design_id: d.id, revision: 1 } });
    expect(first.artifact.content_url).toMatch(new RegExp(`/v1/artifacts/${first.artifact.id}/content$`));
    expect(first.signed_url.ttl).toBe(3600);
    const viaSigned = (await signed(first.signed_url.url)).body as Buffer;
    const viaContent = expectStatus(
      await as(t.http.get(`/v1/artifacts/${first.artifact.id}/content`), alice)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;
    expect(viaSigned.equals(viaContent)).toBe(true);
    expect(await sharp(viaSigned).metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });
    expect(await renderCount(t)).toBe(before + 1);

    const again = expectStatus(await render(d.id, { format: 'png' }), 200).body;
    expect(again).toMatchObject({ cached: true, artifact: { id: first.artifact.id } });
    expect(await renderCount(t)).toBe(before + 1);

    // A new revision is drawn anew; the old render stays where it was.
    expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/title`).send({ patch: { text: 'Changed' } }), alice), 200);
    const next = expectStatus(await render(d.id, {}), 200).body;
    expect(next).toMatchObject({ revision: 2, cached: false });
    expect(next.artifact.id).not.toBe(first.artifact.id);
    expect(next.artifact.sha256).not.toBe(first.artifact.sha256);
    expect(await renderCount(t)).toBe(before + 2);

    // Deleting the stored artifact drops it from the cache.
    expectStatus(await as(t.http.delete(`/v1/artifacts/${next.artifact.id}`), alice), 200);
    const redrawn = expectStatus(await render(d.id, {}), 200).body;
    expect(redrawn.cached).toBe(false);
    expect(redrawn.artifact.sha256).toBe(next.artifact.sha256);
  });

  it('renders every format and scales raster output with width or height', async () => {
    const d = await design();
    const cases: [Record<string, unknown>, string, number, number, (b: Buffer) => boolean][] = [
      [{ width: 200 }, 'image/png', 200, 150, (b) => b.subarray(1, 4).toString() === 'PNG'],
      [{ height: 600 }, 'image/png', 800, 600, (b) => b.subarray(1, 4).toString() === 'PNG'],
      [{ format: 'jpeg', width: 200, height: 150, quality: 70 }, 'image/jpeg', 200, 150, (b) => b[0] === 0xff && b[1] === 0xd8],
      [{ format: 'webp' }, 'image/webp', 400, 300, (b) => b.subarray(8, 12).toString() === 'WEBP'],
      [{ format: 'avif', quality: 40 }, 'image/avif', 400, 300, (b) => b.subarray(4, 12).toString().startsWith('ftypavi')],
      [{ format: 'svg' }, 'image/svg+xml', 400, 300, (b) => b.toString().includes('<svg')],
      [{ format: 'pdf' }, 'application/pdf', 400, 300, (b) => b.subarray(0, 5).toString() === '%PDF-'],
    ];
    for (const [body, mime, w, h, magic] of cases) {
      const r = expectStatus(await render(d.id, body), 200).body;
      expect(r, JSON.stringify(body)).toMatchObject({ width: w, height: h, artifact: { mime } });
      const bytes = (await signed(r.signed_url.url)).body as Buffer;
      expect(magic(bytes), JSON.stringify(body)).toBe(true);
      if (mime.startsWith('image/') && mime !== 'image/svg+xml') expect(await sharp(bytes).metadata()).toMatchObject({ width: w, height: h });
    }
    // Another quality is another render.
    const q70 = expectStatus(await render(d.id, { format: 'jpeg', width: 200, quality: 70 }), 200).body;
    const q30 = expectStatus(await render(d.id, { format: 'jpeg', width: 200, quality: 30 }), 200).body;
    expect(q70.cached).toBe(true);
    expect(q30.cached).toBe(false);
  });

  it('answers 422 for bad options, 404 for another account, 401 without a key, and replays an idempotent request', async () => {
    const d = await design();
    expect(locs(await render(d.id, { format: 'gif', width: 0, quality: 101 }))).toEqual(['body.format', 'body.width', 'body.quality']);
    expect(locs(await render(d.id, { width: 200, height: 999 }))).toEqual(['body.height']);
    expect(locs(await render(d.id, { format: 'svg', width: 100 }))).toEqual(['body.width']);
    expect(locs(await render(d.id, { format: 'png', quality: 50 }))).toEqual(['body.quality']);
    expect(locs(await render(d.id, { width: 16000 }))).toEqual(['body.width']);
    expect(expectStatus(await render(d.id, {}, bob), 404).body.code).toBe('not_found');
    expect((await t.http.post(`/v1/designs/${d.id}/render`).send({})).status).toBe(401);
    const a = expectStatus(await render(d.id, { format: 'webp', width: 100, idempotency_key: 'r-1' }), 200);
    const b = expectStatus(await render(d.id, { format: 'webp', width: 100, idempotency_key: 'r-1' }), 200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.artifact.id).toBe(a.body.artifact.id);
  });

  it('renders the result of a change when asked: create, PATCH, nodes, restore and duplicate', async () => {
    const created = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr(), render: { format: 'jpeg', width: 200 } }), alice), 200).body;
    expect(created.render).toMatchObject({
      design_id: created.id,
      revision: 1,
      format: 'jpeg',
      width: 200,
      height: 150,
      cached: false,
      artifact: { mime: 'image/jpeg' },
    });
    const plain = expectStatus(await as(t.http.patch(`/v1/designs/${created.id}`).send({ title: 'No render' }), alice), 200).body;
    expect(plain.render).toBeNull();

    const patched = expectStatus(await as(t.http.patch(`/v1/designs/${created.id}/nodes/bar`).send({ patch: { width: 300 }, render: {} }), alice), 200).body;
    expect(patched.render).toMatchObject({ revision: 3, format: 'png', width: 400 });
    const added = expectStatus(
      await as(t.http.post(`/v1/designs/${created.id}/nodes`).send({ node: { type: 'rect', id: 'dot', width: 8, height: 8 }, render: { width: 100 } }), alice),
      200,
    ).body;
    expect(added.render).toMatchObject({ revision: 4, width: 100, height: 75 });
    const deletedPlain = expectStatus(await as(t.http.delete(`/v1/designs/${created.id}/nodes/dot`), alice), 200).body;
    expect(deletedPlain.render).toBeNull();
    const restored = expectStatus(await as(t.http.post(`/v1/designs/${created.id}/revisions/3/restore`), alice), 200).body;
    expect(restored.render).toMatchObject({ revision: 6, format: 'png', cached: false });
    // Revision 6 equals revision 3: the same bytes as revision 3's render.
    expect(restored.render.artifact.sha256).toBe(patched.render.artifact.sha256);
    const deleted = expectStatus(await as(t.http.delete(`/v1/designs/${created.id}/nodes/bar?format=webp`), alice), 200).body;
    expect(deleted.render).toMatchObject({ revision: 7, format: 'webp' });
    const copy = expectStatus(await as(t.http.post(`/v1/designs/${created.id}/duplicate`).send({ render: { format: 'pdf' } }), alice), 200).body;
    expect(copy.render).toMatchObject({ design_id: copy.id, revision: 1, format: 'pdf' });

    // Render options that do not fit the result are refused before anything is stored.
    expect(
      locs(await as(t.http.patch(`/v1/designs/${created.id}/nodes/title`).send({ patch: { text: 'x' }, render: { width: 100, height: 100 } }), alice)),
    ).toEqual(['body.render.height']);
    expect(locs(await as(t.http.patch(`/v1/designs/${created.id}`).send({ title: 'y', render: { format: 'svg', quality: 3 } }), alice))).toEqual([
      'body.render.quality',
    ]);
    expect((await as(t.http.get(`/v1/designs/${created.id}`), alice)).body.revision).toBe(7);
  });
});

import { createTestApp, deepJson, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative /v1/brand-kit', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'creative-')) } });
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  const kit = {
    name: 'Acme',
    colors: ['#0B1F3A', '#F2A900', '#fff'],
    fonts: { heading: 'Inter', body: 'Source Serif' },
    logo_position: 'top_left',
    logo_size: 96,
    logo_margin: 40,
    tone: 'confident',
    palette: 'ocean',
    metadata: { team: 'growth' },
    unknown_field: 'ignored',
  };

  it('shows defaults, stores, replaces and deletes the kit', async () => {
    const empty = expectStatus(await t.http.get('/v1/brand-kit').set('x-api-key', alice.key), 200).body;
    expect(empty).toMatchObject({ name: null, colors: null, logo_position: 'bottom_right', updated_at: null });

    const stored = expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send(kit), 200).body;
    expect(stored).toMatchObject({ name: 'Acme', colors: kit.colors, fonts: kit.fonts, logo_position: 'top_left', logo_size: 96 });
    expect(stored).not.toHaveProperty('unknown_field');
    // Accepted (the spec lets bodies carry more fields) but named, so a typo is not silently dropped.
    expect(stored.warnings).toEqual([
      { code: 'unknown_field', field: 'unknown_field', message: expect.stringContaining('"unknown_field" is not a brand kit field') },
    ]);
    const { warnings: _w, ...shown } = stored;
    expect(expectStatus(await t.http.get('/v1/brand-kit').set('Authorization', `Bearer ${alice.key}`), 200).body).toEqual(shown);

    const replaced = expectStatus(
      await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ name: 'Acme 2', idempotency_key: 'kit-put-1' }),
      200,
    ).body;
    expect(replaced).toMatchObject({ name: 'Acme 2', colors: null, logo_position: 'bottom_right', warnings: [] });
    // Issue 34: a typo'd PUT still replaces the kit (PUT semantics), but says which field it ignored, and what was meant.
    const typo = expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ nme: 'typo' }), 200).body;
    expect(typo).toMatchObject({ name: null });
    expect(typo.warnings).toEqual([{ code: 'unknown_field', field: 'nme', message: '"nme" is not a brand kit field and was ignored (did you mean "name"?)' }]);

    expect(expectStatus(await t.http.delete('/v1/brand-kit').set('x-api-key', alice.key), 200).body).toEqual({ deleted: true });
    expect(expectStatus(await t.http.delete('/v1/brand-kit').set('x-api-key', alice.key), 200).body).toEqual({ deleted: false });
    expect((await t.http.get('/v1/brand-kit').set('x-api-key', alice.key)).body.updated_at).toBeNull();
  });

  it('answers 422 with loc items and changes nothing', async () => {
    await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ name: 'Keep' });
    const res = expectStatus(
      await t.http
        .put('/v1/brand-kit')
        .set('x-api-key', alice.key)
        .send({ colors: ['red'], logo_position: 'middle', logo_size: 'big', fonts: 'Inter', metadata: { big: 'x'.repeat(20000) } }),
      422,
    );
    const locs = res.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.colors', 'body.logo_position', 'body.logo_size', 'body.fonts', 'body.metadata']));
    for (const item of res.body.detail) expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
    expect((await t.http.get('/v1/brand-kit').set('x-api-key', alice.key)).body.name).toBe('Keep');

    const malformed = await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).set('Content-Type', 'application/json').send('{oops');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ detail: 'The request body is not valid JSON', code: 'invalid_json' });
  });

  it('refuses a body nested deeper than 128 levels with 422 and keeps the kit; 128 levels are stored', async () => {
    await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ name: 'Keep' });
    const put = (levels: number) =>
      t.http
        .put('/v1/brand-kit')
        .set('x-api-key', alice.key)
        .set('Content-Type', 'application/json')
        .send(`{"name":"Deep","metadata":${deepJson(levels - 1, '"bottom"')}}`);
    for (const levels of [129, 5000]) {
      expect(expectStatus(await put(levels), 422).body).toEqual({
        detail: [{ loc: ['body'], msg: 'JSON nested deeper than 128 levels', type: 'json_too_deep' }],
      });
    }
    expect((await t.http.get('/v1/brand-kit').set('x-api-key', alice.key)).body.name).toBe('Keep');
    const stored = expectStatus(await put(128), 200).body;
    expect(JSON.stringify(stored.metadata)).toBe(deepJson(127, '"bottom"'));
  });

  it('takes JSON in UTF-8 only (415 for other charsets)', async () => {
    const utf16 = await t.http
      .put('/v1/brand-kit')
      .set('x-api-key', alice.key)
      .set('Content-Type', 'application/json; charset=utf-16le')
      .send(Buffer.from(JSON.stringify({ name: 'Wide' }), 'utf16le'));
    expect(expectStatus(utf16, 415).body).toEqual({ detail: 'JSON bodies must be UTF-8, not utf-16le', code: 'unsupported_media_type' });
    expectStatus(
      await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).set('Content-Type', 'application/json; charset=UTF-8').send('{"name":"Narrow"}'),
      200,
    );
  });

  it('answers 401 in the creative envelope', async () => {
    const res = expectStatus(await t.http.get('/v1/brand-kit'), 401);
    expect(res.body).toEqual({ detail: expect.stringContaining('x-api-key'), code: 'unauthorized' });
    const wrong = expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', 'cr_live_wrong').send({ name: 'x' }), 401);
    expect(wrong.body.code).toBe('unauthorized');
    const unknownRoute = expectStatus(await t.http.get('/v1/brand-kits').set('x-api-key', alice.key), 404);
    expect(unknownRoute.body).toEqual({ detail: 'No route for GET /v1/brand-kits', code: 'not_found' });
    const longRoute = expectStatus(await t.http.get(`/v1/brand-kit/${'k'.repeat(5000)}`).set('x-api-key', alice.key), 404);
    expect(longRoute.body).toEqual({ detail: `No route for GET /v1/brand-kit/${'k'.repeat(50)}…`, code: 'not_found' });
  });

  it("keeps each account's kit to itself", async () => {
    await t.http
      .put('/v1/brand-kit')
      .set('x-api-key', alice.key)
      .send({ name: 'Alice brand', colors: ['#123456'] });
    const bobs = expectStatus(await t.http.get('/v1/brand-kit').set('x-api-key', bob.key), 200).body;
    expect(bobs.name).toBeNull();
    expect(expectStatus(await t.http.delete('/v1/brand-kit').set('x-api-key', bob.key), 200).body.deleted).toBe(false);
    expect((await t.http.get('/v1/brand-kit').set('x-api-key', alice.key)).body.name).toBe('Alice brand');
  });

  it("takes only one of the caller's image assets as logo_asset_id, and keeps that asset from being deleted while it is the logo", async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#F2A900' } })
      .png()
      .toBuffer();
    const logo = expectStatus(await t.http.post('/v1/assets').set('x-api-key', alice.key).attach('file', png, 'logo.png'), 200).body;
    const bobsLogo = expectStatus(await t.http.post('/v1/assets').set('x-api-key', bob.key).attach('file', png, 'logo.png'), 200).body;
    for (const bad of ['ast_missing', bobsLogo.id]) {
      const res = expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ name: 'Acme', logo_asset_id: bad }), 422);
      expect(res.body.detail).toEqual([{ loc: ['body', 'logo_asset_id'], msg: expect.any(String), type: 'value_error' }]);
    }
    const kit = expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ name: 'Acme', logo_asset_id: logo.id }), 200).body;
    expect(kit.logo_asset_id).toBe(logo.id);
    const inUse = expectStatus(await t.http.delete(`/v1/assets/${logo.id}`).set('x-api-key', alice.key), 409);
    expect(inUse.body).toEqual({ detail: expect.stringContaining('logo'), code: 'asset_in_use' });
    expectStatus(await t.http.get(`/v1/assets/${logo.id}`).set('x-api-key', alice.key), 200);
    // Once the kit no longer uses it, it can go.
    expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send({ name: 'Acme' }), 200);
    expectStatus(await t.http.delete(`/v1/assets/${logo.id}`).set('x-api-key', alice.key), 200);
  });

  describe('PATCH /v1/brand-kit (issue 34: change some fields without resetting the rest)', () => {
    const patch = (body: unknown, who = alice) =>
      t.http
        .patch('/v1/brand-kit')
        .set('x-api-key', who.key)
        .send(body as object);
    const get = async (who = alice) => expectStatus(await t.http.get('/v1/brand-kit').set('x-api-key', who.key), 200).body;

    it('changes only the given fields, null clears one, fonts and metadata merge key by key', async () => {
      expectStatus(await t.http.delete('/v1/brand-kit').set('x-api-key', alice.key), 200);
      // No kit yet: created from the defaults.
      const made = expectStatus(await patch({ colors: ['#112233'] }), 200).body;
      expect(made).toMatchObject({ name: null, colors: ['#112233'], logo_position: 'bottom_right', warnings: [] });
      expect(made.updated_at).not.toBeNull();
      expectStatus(await t.http.put('/v1/brand-kit').set('x-api-key', alice.key).send(kit), 200);

      const renamed = expectStatus(await patch({ name: 'Acme 3' }), 200).body;
      const { warnings: _w, ...full } = renamed;
      const { unknown_field: _u, ...fields } = kit;
      expect(full).toMatchObject({ ...fields, name: 'Acme 3' });
      expect(await get()).toEqual(full);

      const merged = expectStatus(
        await patch({ tone: null, logo_position: null, colors: ['#000000'], fonts: { body: null, caption: 'Inter' }, metadata: { region: 'br' } }),
        200,
      ).body;
      expect(merged).toMatchObject({
        name: 'Acme 3',
        tone: null,
        logo_position: 'bottom_right',
        colors: ['#000000'],
        fonts: { heading: 'Inter', caption: 'Inter' },
        metadata: { team: 'growth', region: 'br' },
        logo_size: 96,
        palette: 'ocean',
      });
      expect(merged.fonts).not.toHaveProperty('body');
      expect(merged.updated_at > renamed.updated_at).toBe(true);
      // null for the whole object clears it.
      expect(expectStatus(await patch({ metadata: null }), 200).body).toMatchObject({ metadata: null, name: 'Acme 3' });
      // The same body as application/merge-patch+json (RFC 7396's media type) is read as JSON: it changes the kit.
      const asMergePatch = await t.http
        .patch('/v1/brand-kit')
        .set('x-api-key', alice.key)
        .set('content-type', 'application/merge-patch+json')
        .send(JSON.stringify({ name: 'Acme 4' }));
      expect(expectStatus(asMergePatch, 200).body).toMatchObject({ name: 'Acme 4', colors: ['#000000'] });
      expect(expectStatus(await patch({ name: 'Acme 3' }), 200).body.name).toBe('Acme 3');

      // An unknown field is ignored (nothing changes) and named.
      const typo = expectStatus(await patch({ nme: 'typo', idempotency_key: 'kit-patch-typo' }), 200).body;
      expect(typo).toMatchObject({ name: 'Acme 3', colors: ['#000000'] });
      expect(typo.warnings).toEqual([
        { code: 'unknown_field', field: 'nme', message: '"nme" is not a brand kit field and was ignored (did you mean "name"?)' },
      ]);
    });

    it('answers 422 with loc items and changes nothing', async () => {
      const before = expectStatus(
        await t.http
          .put('/v1/brand-kit')
          .set('x-api-key', alice.key)
          .send({ name: 'Keep', metadata: { a: 'x'.repeat(10000) } }),
        200,
      ).body;
      const res = expectStatus(await patch({ name: 'Changed', colors: ['red'], logo_position: 'middle', logo_size: 'big' }), 422);
      expect(res.body.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(
        expect.arrayContaining(['body.colors', 'body.logo_position', 'body.logo_size']),
      );
      for (const item of res.body.detail) expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
      // Each part within its limit, merged over it: 422 at the field.
      const big = expectStatus(await patch({ name: 'Changed', metadata: { b: 'y'.repeat(10000) } }), 422);
      expect(big.body.detail).toEqual([{ loc: ['body', 'metadata'], msg: expect.stringContaining('at most 16384 bytes'), type: 'value_error' }]);
      const notMine = expectStatus(await patch({ name: 'Changed', logo_asset_id: 'ast_missing' }), 422);
      expect(notMine.body.detail).toEqual([{ loc: ['body', 'logo_asset_id'], msg: expect.any(String), type: 'value_error' }]);
      expect(
        expectStatus(await t.http.patch('/v1/brand-kit').set('x-api-key', alice.key).set('Content-Type', 'application/json').send('[1]'), 422).body.detail[0]
          .loc,
      ).toEqual(['body']);
      const { warnings: _w, ...kept } = before;
      expect(await get()).toEqual(kept);
    });

    it("answers 401 without a valid key, and changes only the caller's kit", async () => {
      expect(expectStatus(await t.http.patch('/v1/brand-kit').send({ name: 'x' }), 401).body.code).toBe('unauthorized');
      expect(expectStatus(await t.http.patch('/v1/brand-kit').set('x-api-key', 'cr_live_wrong').send({ name: 'x' }), 401).body.code).toBe('unauthorized');
      expectStatus(
        await t.http
          .put('/v1/brand-kit')
          .set('x-api-key', alice.key)
          .send({ name: 'Alice brand', colors: ['#123456'] }),
        200,
      );
      const alices = await get();
      expectStatus(await t.http.delete('/v1/brand-kit').set('x-api-key', bob.key), 200);
      expect(expectStatus(await patch({ name: 'Bob brand' }, bob), 200).body).toMatchObject({ name: 'Bob brand', colors: null });
      expect(await get()).toEqual(alices);
      expect(await get(bob)).toMatchObject({ name: 'Bob brand' });
    });

    it('applies two PATCHes at once each to the other’s result', async () => {
      expectStatus(await t.http.delete('/v1/brand-kit').set('x-api-key', alice.key), 200);
      const all = await Promise.all(Array.from({ length: 6 }, (_, i) => patch({ metadata: { [`k${i}`]: i } })));
      for (const r of all) expectStatus(r, 200);
      expect((await get()).metadata).toEqual({ k0: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5 });
    });
  });
});

import { bundledFontFile } from '@platform/creative-ir';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { readFileSync } from 'node:fs';
import { as, locs, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative stateless tools: brief analysis and layout', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  it("analyses a brief for a format and a template, with the caller's brand kit palette", async () => {
    const brief = { title: 'A headline that goes on and on well past what a wide banner can carry in one line', body: 'Short body.', format: 'leaderboard' };
    const a = expectStatus(await as(t.http.post('/v1/briefs/analyze?template=quote').send(brief), alice), 200).body;
    expect(a).toMatchObject({ template: 'quote', format: { width: 728, height: 90, name: 'wide' }, missing: expect.arrayContaining(['author']) });
    expect(a.fields.find((f: { field: string }) => f.field === 'title')).toMatchObject({ status: 'long', limit: 40 });
    expect(a.suggestions.join(' ')).toMatch(/Shorten title/);
    expect(a.readability).toMatchObject({ language: expect.any(String), words: expect.any(Number) });
    expect(a.palette.source).toBe('default');

    expectStatus(await as(t.http.put('/v1/brand-kit').send({ colors: ['#fde68a', '#fef3c7'] }), bob), 200);
    const withKit = expectStatus(await as(t.http.post('/v1/briefs/analyze').send({ title: 'Hi' }), bob), 200).body;
    expect(withKit.palette).toMatchObject({ source: 'brand kit colors', colors: ['#fde68a', '#fef3c7'], ok: false });
    expect(withKit.palette.low_contrast_pairs.length).toBeGreaterThan(0);
    expect(withKit.score).toBeLessThan(100);
    // Alice's analysis does not see Bob's kit.
    expect(expectStatus(await as(t.http.post('/v1/briefs/analyze').send({ title: 'Hi' }), alice), 200).body.palette.source).toBe('default');
  });

  it('refuses a bad brief or template with 422', async () => {
    expect(locs(await as(t.http.post('/v1/briefs/analyze?template=nope').send({ title: 'x' }), alice))).toEqual(['query.template']);
    expect(locs(await as(t.http.post('/v1/briefs/analyze').send({ title: 1, seed: 'x', format: 'gigantic' }), alice))).toEqual(
      expect.arrayContaining(['body.title', 'body.seed']),
    );
    expect(locs(await as(t.http.post('/v1/briefs/analyze').send({ format: 'gigantic' }), alice))).toEqual(['body.format']);
    expect(locs(await as(t.http.post('/v1/briefs/analyze').set('Content-Type', 'application/json').send('[1]'), alice))).toEqual(['body']);
    expect((await t.http.post('/v1/briefs/analyze').send({})).status).toBe(401);
  });

  it('materializes boxes and text lines without rendering', async () => {
    const m = expectStatus(await as(t.http.post('/v1/layouts/materialize').send({ ir: sampleIr() }), alice), 200).body;
    expect(m).toMatchObject({ width: 400, height: 300, warnings: [] });
    expect(m.root).toMatchObject({ id: 'root', type: 'frame', x: 0, y: 0, width: 400, height: 300, text: null });
    const [title, bar, ellipse] = m.root.children;
    expect(title).toMatchObject({
      id: 'title',
      type: 'text',
      x: 24,
      y: 24,
      text: { family: 'Inter', weight: 700, font_size: 40, lines: [{ text: 'Hello', width: expect.any(Number) }], overflow: false },
    });
    expect(bar).toMatchObject({ id: 'bar', x: 24, y: 24 + title.height + 12, width: 200, height: 24 });
    expect(ellipse.id).toBe('root.2');
    expect(ellipse.y).toBeCloseTo(bar.y + 24 + 12, 3);

    expect(locs(await as(t.http.post('/v1/layouts/materialize').send({ ir: { ...sampleIr(), width: 0 } }), alice))).toEqual(['body.ir.width']);
    expect(locs(await as(t.http.post('/v1/layouts/materialize').send({}), alice))).toEqual(['body.ir']);
    expect((await t.http.post('/v1/layouts/materialize').send({ ir: sampleIr() })).status).toBe(401);
  });

  it("names a document's own font as the document gave it, never by its internal registered name", async () => {
    // Issue 34: the family came back as "DejaVu Serif 307fef94090f9ef5" (the per-document alias the faces are registered under).
    const face = readFileSync(bundledFontFile('Playfair Display')!.path).toString('base64');
    const ir = {
      version: 1,
      width: 600,
      height: 200,
      fonts: [{ family: 'DejaVu Serif', src: `data:font/ttf;base64,${face}` }],
      root: {
        type: 'frame',
        id: 'root',
        children: [
          { type: 'text', id: 'own', text: 'Brand serif', fontFamily: 'DejaVu Serif', fontSize: 40, x: 10, y: 10 },
          { type: 'text', id: 'listed', text: 'With fallbacks', fontFamily: 'dejavu serif, serif', fontSize: 20, x: 10, y: 80 },
          { type: 'text', id: 'bundled', text: 'Bundled', fontFamily: 'Inter', fontSize: 20, x: 10, y: 140 },
        ],
      },
    };
    const m = expectStatus(await as(t.http.post('/v1/layouts/materialize').send({ ir }), alice), 200).body;
    expect(m.warnings).toEqual([]);
    const family = (id: string) => m.root.children.find((c: { id: string }) => c.id === id).text.family;
    expect(family('own')).toBe('DejaVu Serif');
    expect(family('listed')).toBe('DejaVu Serif');
    expect(family('bundled')).toBe('Inter');
    expect(JSON.stringify(m)).not.toMatch(/[0-9a-f]{16}/);
  });
});

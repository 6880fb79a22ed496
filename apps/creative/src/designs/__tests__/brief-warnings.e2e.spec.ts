import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

type Warning = { id: string; message: string; code: string; field?: string };

/** Every text of an IR, lowercased, for "is it shown" checks independent of the warnings. */
function irTexts(node: { type?: string; text?: string; children?: unknown[] }): string[] {
  const own = node.type === 'text' && typeof node.text === 'string' ? [node.text.toLowerCase()] : [];
  return [...own, ...((node.children ?? []) as (typeof node)[]).flatMap(irTexts)];
}

/** Words that do not repeat, so no field's text is a part of another's. */
const words = (n: number, salt: string) => Array.from({ length: n }, (_, i) => `${salt}${i.toString(36)}`).join(' ');

describe('what a design drops or cuts: warnings on create, render and materialize; brief analysis; required fields', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  const create = (body: Record<string, unknown>, who = alice) => as(t.http.post('/v1/designs').send(body), who);
  const unused = (ws: Warning[]) => ws.filter((w) => w.code === 'field_unused').map((w) => w.field);

  it('names the brief field a template does not use: product drops subtitle, on create and on render', async () => {
    const brief = { title: 'Trail runner', body: 'Light, grippy, made for mud.', subtitle: 'Our lightest shoe yet' };
    const d = expectStatus(await create({ template: 'product', brief }), 200).body;
    expect(irTexts(d.ir.root).some((s) => s.includes('our lightest shoe yet'))).toBe(false);
    expect(irTexts(d.ir.root).some((s) => s.includes('trail runner'))).toBe(true);
    expect(d.warnings).toContainEqual({
      id: 'brief.subtitle',
      code: 'field_unused',
      field: 'subtitle',
      message: expect.stringMatching(/subtitle is not shown: the product template has no place for it/),
    });
    // Fields it shows are not named.
    expect(unused(d.warnings)).toEqual(['subtitle']);

    const r = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png', width: 300 }), alice), 200).body;
    expect(r.cached).toBe(false);
    expect(unused(r.warnings)).toEqual(['subtitle']);
    // A stored render answers the same warnings.
    const again = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png', width: 300 }), alice), 200).body;
    expect(again).toMatchObject({ cached: true });
    expect(unused(again.warnings)).toEqual(['subtitle']);

    // Another account's design is not found; no credentials is 401.
    expect((await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png' }), bob)).status).toBe(404);
    expect((await t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png' })).status).toBe(401);
    expect((await t.http.post('/v1/designs').send({ template: 'product', brief })).status).toBe(401);
  });

  it('announcement never renders body: the warning names body, and a design from an IR has no field warnings', async () => {
    const d = expectStatus(await create({ template: 'announcement', brief: { title: 'We moved', body: 'Find us at the new address downtown' } }), 200).body;
    expect(irTexts(d.ir.root).some((s) => s.includes('new address downtown'))).toBe(false);
    expect(unused(d.warnings)).toEqual(['body']);
    // The render of the same revision names it too, with the option asked on create.
    const withRender = expectStatus(
      await create({
        template: 'announcement',
        brief: { title: 'We moved', body: 'Find us at the new address downtown' },
        render: { format: 'png', width: 200 },
      }),
      200,
    ).body;
    expect(unused(withRender.render.warnings)).toEqual(['body']);
    // A brief whose every field is shown gets no field warning.
    const full = expectStatus(await create({ template: 'announcement', brief: { title: 'We moved', subtitle: 'New address', cta: 'Visit' } }), 200).body;
    expect(unused(full.warnings)).toEqual([]);
  });

  it('names text the template had to cut (text_truncated), and text an IR cuts or shrinks on render and materialize', async () => {
    const d = expectStatus(await create({ template: 'square-post', brief: { title: words(120, 't') } }), 200).body;
    expect(d.warnings.filter((w: Warning) => w.code === 'text_truncated').map((w: Warning) => w.id)).toContain('title');
    // A 300x250 banner: the call to action's label is held at its style's minimum size.
    const small = expectStatus(
      await create({ template: 'announcement', brief: { title: 'Spring sale', cta: 'Shop now', format: 'medium_rectangle' } }),
      200,
    ).body;
    expect(small.warnings).toContainEqual({
      id: 'cta-text',
      code: 'text_shrunk',
      message: expect.stringMatching(/^text shrunk to its style's minimum size \([\d.]+ px\) to fit$/),
    });

    const ir = {
      version: 1,
      width: 400,
      height: 300,
      root: {
        type: 'frame',
        id: 'root',
        width: 400,
        height: 300,
        children: [
          { type: 'text', id: 'cut', x: 10, y: 10, width: 200, text: words(60, 'c'), fontSize: 20, maxLines: 2 },
          { type: 'text', id: 'fits', x: 10, y: 100, width: 300, text: 'Short', fontSize: 20, maxLines: 2 },
          { type: 'text', id: 'small', x: 10, y: 150, width: 120, height: 40, text: words(12, 's'), fontSize: 40, fit: 'shrink', minFontSize: 8 },
        ],
      },
    };
    const m = expectStatus(await as(t.http.post('/v1/layouts/materialize').send({ ir }), alice), 200).body;
    expect(m.warnings).toContainEqual({
      id: 'cut',
      code: 'text_truncated',
      message: expect.stringMatching(/^text cut to 2 of \d+ lines \(maxLines 2\) with an ellipsis$/),
    });
    expect(m.warnings).toContainEqual({ id: 'small', code: 'text_shrunk', message: expect.stringMatching(/^text shrunk from 40 px to [\d.]+ px/) });
    expect(m.warnings.map((w: Warning) => w.id)).not.toContain('fits');

    const raw = expectStatus(await create({ ir }), 200).body;
    expect(raw.warnings).toEqual([]);
    const r = expectStatus(await as(t.http.post(`/v1/designs/${raw.id}/render`).send({ format: 'svg' }), alice), 200).body;
    expect(r.warnings.map((w: Warning) => `${w.id}:${w.code}`)).toEqual(expect.arrayContaining(['cut:text_truncated', 'small:text_shrunk']));
    expect(unused(r.warnings)).toEqual([]);
    expect((await t.http.post('/v1/layouts/materialize').send({ ir })).status).toBe(401);
    expect(locs(await as(t.http.post('/v1/layouts/materialize').send({ ir: { width: 0 } }), alice))).toEqual(expect.arrayContaining(['body.ir.width']));
  });

  it('enforces the required fields of a template the caller names (422 missing at brief.<field>, nothing stored)', async () => {
    const before = expectStatus(await as(t.http.get('/v1/designs?limit=100'), alice), 200).body.data.length;
    const res = await create({ template: 'quote', brief: { body: 'Simple things done well.' } });
    expect(locs(res)).toEqual(['body.brief.author']);
    expect(res.body.detail[0]).toMatchObject({ type: 'missing', msg: expect.stringMatching(/quote template needs body and author/) });
    expect(locs(await create({ template: 'quote', brief: {} }))).toEqual(['body.brief.body', 'body.brief.author']);
    expect(expectStatus(await as(t.http.get('/v1/designs?limit=100'), alice), 200).body.data.length).toBe(before);

    // The same on an update that names the template; the design is unchanged.
    const d = expectStatus(await create({ template: 'square-post', brief: { title: 'Hello there' } }), 200).body;
    expect(locs(await as(t.http.patch(`/v1/designs/${d.id}`).send({ template: 'quote', brief: { body: 'Quoted' } }), alice))).toEqual(['body.brief.author']);
    expect(expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200).body).toMatchObject({ revision: 1, template: 'square-post' });
    expect((await as(t.http.patch(`/v1/designs/${d.id}`).send({ template: 'quote', brief: { body: 'Q', author: 'A' } }), bob)).status).toBe(404);

    const ok = expectStatus(await create({ template: 'quote', brief: { body: 'Simple things done well.', author: 'Ana' } }), 200).body;
    expect(ok.warnings.filter((w: Warning) => w.code === 'field_required_missing')).toEqual([]);
  });

  it('chooses, when no template is named, one whose required fields the brief has', async () => {
    const quote = expectStatus(await create({ brief: { body: 'Simple things done well.', author: 'Ana' } }), 200).body;
    expect(quote.template).toBe('quote');
    expect(irTexts(quote.ir.root).some((s) => s.includes('ana'))).toBe(true);
    expect(expectStatus(await create({ brief: { title: 'Hello there', body: 'x' } }), 200).body.template).toBe('square-post');
    // Nothing fits: the default, and what it lacks is reported.
    const empty = expectStatus(await create({ brief: {} }), 200).body;
    expect(empty.template).toBe('square-post');
    expect(empty.warnings).toContainEqual(expect.objectContaining({ id: 'brief.title', code: 'field_required_missing', field: 'title' }));
  });

  it('scores a brief by what the template will show: {} low, a one-letter title below 100, unused fields listed', async () => {
    const analyze = async (brief: unknown, query = '') =>
      expectStatus(await as(t.http.post(`/v1/briefs/analyze${query}`).send(brief as object), alice), 200).body;
    const full = await analyze({
      eyebrow: 'New',
      title: 'Plan your week in minutes',
      subtitle: 'Smart boards for busy teams.',
      body: 'Drag, drop, done.',
      cta: 'Try it free',
    });
    const empty = await analyze({});
    const x = await analyze({ title: 'x' });
    expect(empty.score).toBeLessThanOrEqual(15);
    expect(empty.score).toBeLessThan(full.score);
    expect(empty).toMatchObject({ grade: 'poor', template: 'square-post', template_chosen: true, missing: ['title'], shown: [] });
    expect(x.score).toBeLessThan(100);
    expect(x.score).toBeLessThan(full.score);
    expect(full.score).toBeGreaterThanOrEqual(90);

    const product = await analyze({ title: 'Trail runner', body: 'Light and grippy.', subtitle: 'Our lightest shoe' }, '?template=product');
    expect(product).toMatchObject({ template: 'product', template_chosen: false, unused: ['subtitle'], shown: ['title', 'body'] });
    expect(product.suggestions.join(' ')).toMatch(/does not show subtitle/);
    const quote = await analyze({ body: 'Simple things done well.' }, '?template=quote');
    expect(quote.missing).toEqual(['author']);

    // The named format is reported as asked; its orientation class is right for its size.
    const ig = await analyze({ title: 'Hello there', format: 'instagram_post' });
    expect(ig.format).toEqual({ width: 1080, height: 1080, name: 'square', preset: 'instagram_post' });
    const story = await analyze({ title: 'Hello there', format: 'Instagram Story' });
    expect(story.format).toEqual({ width: 1080, height: 1920, name: 'story', preset: 'instagram_story' });
    expect((await analyze({ title: 'Hello there', format: '1200x628' })).format).toEqual({ width: 1200, height: 628, name: 'landscape', preset: null });
  });
});

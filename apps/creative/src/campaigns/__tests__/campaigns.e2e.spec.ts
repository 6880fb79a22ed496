import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { as, binary, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

// Timing-based (CPU time, render budgets): on a loaded 2-core machine a run can miss its bound; a real regression fails all three tries.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

const brief = { title: 'Spring launch', subtitle: 'Everything new this season', cta: 'Shop now', eyebrow: 'New' };

describe('creative campaigns', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
  });
  afterAll(() => t?.close());

  const bytes = async (url: string) => {
    const u = new URL(url);
    return expectStatus(await t.http.get(`${u.pathname}${u.search}`).buffer(true).parse(binary), 200).body as Buffer;
  };

  it('renders one brief into the default formats, every piece a design with the same seed and its PNG', async () => {
    const c = expectStatus(await as(t.http.post('/v1/campaigns').send({ brief }), alice), 200).body;
    expect(c.id).toMatch(/^cmp_/);
    expect(c.template).toBeNull();
    expect(c.brief).toMatchObject({ ...brief, seed: c.seed });
    expect(c.pieces.map((p: { format: string; width: number; height: number; template: string }) => [p.format, p.width, p.height, p.template])).toEqual([
      ['instagram_post', 1080, 1080, 'square-post'],
      ['instagram_story', 1080, 1920, 'story'],
      ['facebook_post', 1200, 630, 'landscape-banner'],
      ['linkedin_post', 1200, 627, 'landscape-banner'],
      ['x_post', 1600, 900, 'landscape-banner'],
    ]);
    for (const p of c.pieces) {
      expect(p.artifact).toMatchObject({
        kind: 'campaign',
        mime: 'image/png',
        width: p.width,
        height: p.height,
        source: { design_id: p.design_id, revision: 1 },
      });
      expect(await sharp(await bytes(p.signed_url.url)).metadata()).toMatchObject({ format: 'png', width: p.width, height: p.height });
      const d = expectStatus(await as(t.http.get(`/v1/designs/${p.design_id}`), alice), 200).body;
      expect(d).toMatchObject({ template: p.template, width: p.width, height: p.height, brief: { seed: c.seed, title: 'Spring launch' } });
    }
    const again = expectStatus(await as(t.http.get(`/v1/campaigns/${c.id}`), alice, 'bearer'), 200).body;
    expect(again.pieces.map((p: { artifact: { id: string } }) => p.artifact.id)).toEqual(c.pieces.map((p: { artifact: { id: string } }) => p.artifact.id));
    expect({ ...again, pieces: undefined }).toEqual({ ...c, pieces: undefined });
    expect(expectStatus(await as(t.http.get(`/v1/campaigns/${c.id}`), bob), 404).body.code).toBe('not_found');
  });

  it("takes named formats, sizes and templates, and the brief's own seed", async () => {
    const c = expectStatus(
      await as(
        t.http.post('/v1/campaigns').send({
          brief: { ...brief, seed: 42, format: 'leaderboard' },
          template: 'announcement',
          formats: ['youtube_thumbnail', { name: 'Instagram-Story' }, { width: 300, height: 250, template: 'minimal-type' }],
        }),
        alice,
      ),
      200,
    ).body;
    expect(c.seed).toBe(42);
    expect(c.template).toBe('announcement');
    expect(c.pieces.map((p: { format: string | null; width: number; height: number; template: string }) => [p.format, p.width, p.height, p.template])).toEqual([
      ['youtube_thumbnail', 1280, 720, 'announcement'],
      ['instagram_story', 1080, 1920, 'announcement'],
      [null, 300, 250, 'minimal-type'],
    ]);
    // The same brief and seed make the same pieces: a campaign is reproducible.
    const twin = expectStatus(
      await as(t.http.post('/v1/campaigns').send({ brief: { ...brief, seed: 42 }, template: 'announcement', formats: ['youtube_thumbnail'] }), alice),
      200,
    ).body;
    expect(twin.pieces[0].artifact.sha256).toBe(c.pieces[0].artifact.sha256);
  });

  it('answers 422 for every bad field and stores nothing', async () => {
    const before = (await as(t.http.get('/v1/designs?limit=100'), bob)).body.data.length;
    const bad = await as(
      t.http
        .post('/v1/campaigns')
        .send({ brief: { title: 1 }, template: 'nope', formats: ['tiktok_mega', { width: 0, height: 10 }, { name: 'x_post', template: 'x' }, 5, {}] }),
      bob,
    );
    expect(locs(bad)).toEqual(['body.brief.title']);
    const formats = await as(
      t.http
        .post('/v1/campaigns')
        .send({ brief, template: 'nope', formats: ['tiktok_mega', { width: 0, height: 10 }, { name: 'x_post', template: 'x' }, 5, {}] }),
      bob,
    );
    expect(locs(formats)).toEqual(['body.template', 'body.formats.0', 'body.formats.1.width', 'body.formats.2.template', 'body.formats.3', 'body.formats.4']);
    expect(locs(await as(t.http.post('/v1/campaigns').send({ formats: ['x_post'] }), bob))).toEqual(['body.brief']);
    expect(locs(await as(t.http.post('/v1/campaigns').send({ brief, formats: Array.from({ length: 13 }, () => 'x_post') }), bob))).toEqual(['body.formats']);
    expect(locs(await as(t.http.post('/v1/campaigns').send({ brief, formats: [] }), bob))).toEqual(['body.formats']);
    expect((await t.http.post('/v1/campaigns').send({ brief })).status).toBe(401);
    expect((await as(t.http.get('/v1/designs?limit=100'), bob)).body.data.length).toBe(before);
  });

  it('replays an idempotent campaign', async () => {
    const body = { brief, formats: ['instagram_post'], idempotency_key: 'camp-1' };
    const a = expectStatus(await as(t.http.post('/v1/campaigns').send(body), alice), 200);
    const b = expectStatus(await as(t.http.post('/v1/campaigns').send(body), alice), 200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.id).toBe(a.body.id);
  });
});

describe('creative campaigns: a piece that fails', () => {
  const nothingStored = async (t: TestApp<CreativeConfig>, account: TestAccount) => {
    expect((await as(t.http.get('/v1/designs'), account)).body.data).toEqual([]);
    const ds = t.app.get(DataSource);
    const [{ count: artifacts }] = await ds.query('SELECT count(*)::int AS count FROM creative.artifacts WHERE account_id = $1', [account.accountId]);
    const [{ count: campaigns }] = await ds.query('SELECT count(*)::int AS count FROM creative.campaigns WHERE account_id = $1', [account.accountId]);
    expect([artifacts, campaigns]).toEqual([0, 0]);
  };

  it('undoes the pieces already made and stores no campaign (a piece past its time budget)', async () => {
    // An 8192x8192 story takes well over a second to draw on any machine (about 1.6 s on this one when idle),
    // an Instagram post well under 600 ms when the machine is calm; under load both may time out, and the
    // answer is the same (504, nothing stored). At 1500 ms an idle machine finished the big piece in time.
    // RENDER_COST_LIMIT_MS=0: the render is tried and times out (the cost check would refuse it before drawing).
    const t = await createTestApp(creativeService, { env: { RENDER_TIMEOUT_MS: '600', RENDER_COST_LIMIT_MS: '0', RENDER_WORKERS: '2' } });
    try {
      const carol = await t.account('carol');
      const res = await as(t.http.post('/v1/campaigns').send({ brief, formats: ['instagram_post', { width: 8192, height: 8192, template: 'story' }] }), carol);
      expect(res.status).toBe(504);
      expect(res.body.code).toBe('render_timeout');
      await nothingStored(t, carol);
    } finally {
      await t.close();
    }
  }, 60_000);

  // Refused from the piece's pixels before any design is made: an 8192² page alone is estimated past the limit (600 ms).
  // It used to be refused by the render's estimate, which came after the piece's design was laid out in the render pool
  // within RENDER_TIMEOUT_MS: on a loaded machine that layout ran out of time first (504). Nothing timed precedes it now.
  it('stores nothing when a piece is refused by the cost estimate, before anything is made or timed', async () => {
    const t = await createTestApp(creativeService, { env: { RENDER_TIMEOUT_MS: '600', RENDER_WORKERS: '2' } });
    try {
      const dave = await t.account('dave');
      const res = await as(t.http.post('/v1/campaigns').send({ brief, formats: ['instagram_post', { width: 8192, height: 8192, template: 'story' }] }), dave);
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'formats', 1],
          type: 'render_too_costly',
          msg: expect.stringMatching(/a 8192 x 8192 px raster \(its canvas alone\) is estimated at [\d,]+ ms of one core, and the limit is 600 ms/),
        },
      ]);
      await nothingStored(t, dave);
    } finally {
      await t.close();
    }
  }, 60_000);
});

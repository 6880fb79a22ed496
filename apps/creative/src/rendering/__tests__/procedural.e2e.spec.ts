import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, binary, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

describe('creative POST /v1/procedural/render', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  const post = (body: unknown) => as(t.http.post('/v1/procedural/render').send(body as object), alice);
  const bytes = async (url: string) => {
    const u = new URL(url);
    return expectStatus(await t.http.get(`${u.pathname}${u.search}`).buffer(true).parse(binary), 200).body as Buffer;
  };

  it('renders with the documented defaults, the same picture every time', async () => {
    const a = expectStatus(await post({}), 200).body;
    expect(a).toMatchObject({ style: 'mesh', seed: 7, density: 1, phase: 0, width: 1080, height: 1080, format: 'png', warnings: [] });
    expect(a.palette.length).toBeGreaterThan(1);
    expect(a).toMatchObject({ tone: 'vivid', drawn_palette: a.palette, title: null, eyebrow: null });
    expect(a.artifact).toMatchObject({ kind: 'procedural', mime: 'image/png', width: 1080, height: 1080 });
    expect(await sharp(await bytes(a.signed_url.url)).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
    const b = expectStatus(await post({ style: 'mesh', seed: 7 }), 200).body;
    expect(b.artifact.sha256).toBe(a.artifact.sha256);
    const other = expectStatus(await post({ seed: 8 }), 200).body;
    expect(other.artifact.sha256).not.toBe(a.artifact.sha256);
  });

  it('takes a style, size, palette, tone, title and format', async () => {
    const r = expectStatus(
      await post({
        style: 'aurora',
        seed: 3,
        width: 640,
        height: 360,
        density: 2,
        phase: 0.25,
        palette: '#0b1f3a, #f2a900 #ffffff',
        title: 'Northern lights',
        eyebrow: 'Live',
        format: 'webp',
      }),
      200,
    ).body;
    expect(r).toMatchObject({ style: 'aurora', seed: 3, density: 2, phase: 0.25, width: 640, height: 360, format: 'webp' });
    // The request echoed as given (issue 34: a palette of 3 came back as 4, a given tone as null); the colors the
    // style mixes in to have 4 are apart, in `drawn_palette`.
    expect(r).toMatchObject({ palette: ['#0b1f3a', '#f2a900', '#ffffff'], tone: null, title: 'Northern lights', eyebrow: 'Live' });
    expect(r.drawn_palette.slice(0, 3)).toEqual(['#0b1f3a', '#f2a900', '#ffffff']);
    expect(r.drawn_palette).toHaveLength(4);
    const both = expectStatus(await post({ palette: '#0B1F3A,#F2A900,#FFFFFF', tone: 'dark', width: 64, height: 64 }), 200).body;
    expect(both).toMatchObject({ palette: ['#0B1F3A', '#F2A900', '#FFFFFF'], tone: 'dark', title: null, eyebrow: null });
    const dark = expectStatus(await post({ style: 'mesh', tone: 'dark', width: 64, height: 64 }), 200).body;
    expect(dark.tone).toBe('dark');
    expect(dark.palette).toEqual(dark.drawn_palette);
    // Without palette and tone: the tone used, the style's own.
    expect(expectStatus(await post({ style: 'aurora', width: 64, height: 64 }), 200).body.tone).toBe('dark');
    expect(await sharp(await bytes(r.signed_url.url)).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    const toned = expectStatus(await post({ style: 'grid', tone: 'light', format: 'svg', width: 300, height: 300 }), 200).body;
    expect(toned.artifact.mime).toBe('image/svg+xml');
    expect((await bytes(toned.signed_url.url)).toString()).toContain('<svg');
  });

  it('answers 422 for each bad field, 401 without a key, and replays an idempotent request', async () => {
    expect(locs(await post({ style: 'plasma', seed: -1, density: 9, phase: 'x', tone: 'neon', width: 0, height: 9000, format: 'gif', title: 5 }))).toEqual([
      'body.style',
      'body.seed',
      'body.width',
      'body.height',
      'body.density',
      'body.phase',
      'body.tone',
      'body.title',
      'body.format',
    ]);
    const palette = await post({ palette: 'red, #zzz' });
    expect(locs(palette)).toEqual(['body.palette']);
    expect(palette.body.detail[0].msg).toContain('not colors: red, #zzz');
    expect(locs(await post({ palette: Array.from({ length: 9 }, () => '#000').join(',') }))).toEqual(['body.palette']);
    expect((await t.http.post('/v1/procedural/render').send({})).status).toBe(401);
    const one = expectStatus(await post({ seed: 11, idempotency_key: 'proc-1' }), 200);
    const two = expectStatus(await post({ seed: 11, idempotency_key: 'proc-1' }), 200);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.body.artifact.id).toBe(one.body.artifact.id);
  });
});

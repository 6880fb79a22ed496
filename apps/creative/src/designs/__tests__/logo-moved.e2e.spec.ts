import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

type Node = { id: string; type: string; x?: number; y?: number; width?: number; height?: number; children?: Node[] };
type Warning = { id: string; code: string; message: string; asked?: string; used?: string };

const find = (n: Node, id: string): Node | undefined => (n.id === id ? n : (n.children ?? []).map((c) => find(c, id)).find(Boolean));

/**
 * The template engine moves the brand kit's logo to another corner when the template draws over the corner asked (the
 * product template's photo spotlight takes the top of a square post): the design's answer says so with `logo_moved`,
 * naming the corner asked and the corner used, and says nothing when the logo stays where the kit asks.
 */
describe('logo_moved: the logo drawn in another corner than the brand kit asks', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let photo: string;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    const upload = async (bytes: Buffer, name: string) =>
      expectStatus(await as(t.http.post('/v1/assets').attach('file', bytes, { filename: name }), alice), 200).body.id as string;
    // A teal wordmark-like block on a transparent ground, and an ordinary photo.
    const mark = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120"><rect x="10" y="20" width="340" height="80" rx="16" fill="#0F5257"/></svg>',
    );
    const logo = await upload(
      await sharp({ create: { width: 360, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: mark }])
        .png()
        .toBuffer(),
      'logo.png',
    );
    photo = await upload(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a3c' } })
        .jpeg()
        .toBuffer(),
      'photo.jpg',
    );
    expectStatus(await as(t.http.put('/v1/brand-kit').send({ logo_asset_id: logo, logo_position: 'top_right' }), alice), 200);
  }, 60_000);
  afterAll(() => t?.close());

  const product = async () =>
    expectStatus(
      await as(
        t.http.post('/v1/designs').send({
          template: 'product',
          brief: { title: 'Trail runner', body: 'Light, grippy, made for mud.', image: `asset:${photo}`, format: { width: 1080, height: 1080 } },
        }),
        alice,
      ),
      200,
    ).body as { ir: { root: Node }; warnings: Warning[] };

  it('names the corner asked and the corner used when the layout moves the logo', async () => {
    const d = await product();
    const moved = d.warnings.filter((w) => w.code === 'logo_moved');
    expect(moved).toEqual([{ id: 'logo', code: 'logo_moved', asked: 'top_right', used: 'bottom_right', message: expect.stringContaining('top right') }]);
    // The IR agrees: the logo is in the bottom right quarter of the page.
    const logo = find(d.ir.root, 'logo')!;
    expect(logo.x! + logo.width! / 2).toBeGreaterThan(540);
    expect(logo.y! + logo.height! / 2).toBeGreaterThan(540);
  });

  it('draws a kit logo at the middle of a side (center_left) there, with nothing over it', async () => {
    expectStatus(await as(t.http.patch('/v1/brand-kit').send({ logo_position: 'center_left' }), alice), 200);
    try {
      const d = expectStatus(
        await as(
          t.http.post('/v1/designs').send({
            template: 'story',
            brief: { title: 'Trail runner', body: 'Light, grippy, made for mud.', format: { width: 1080, height: 1920 } },
          }),
          alice,
        ),
        200,
      ).body as { ir: { root: Node }; warnings: Warning[] };
      expect(d.warnings.filter((w) => w.code === 'logo_moved')).toEqual([]);
      const logo = find(d.ir.root, 'logo')!;
      expect(Math.abs(logo.y! + logo.height! / 2 - 960)).toBeLessThanOrEqual(1);
      expect(logo.x! + logo.width! / 2).toBeLessThan(540);
    } finally {
      expectStatus(await as(t.http.patch('/v1/brand-kit').send({ logo_position: 'top_right' }), alice), 200);
    }
  });

  it('says nothing when the logo stays in the corner asked', async () => {
    expectStatus(await as(t.http.patch('/v1/brand-kit').send({ logo_position: 'bottom_right' }), alice), 200);
    try {
      const d = await product();
      expect(d.warnings.filter((w) => w.code === 'logo_moved')).toEqual([]);
      const logo = find(d.ir.root, 'logo')!;
      expect(logo.x! + logo.width! / 2).toBeGreaterThan(540);
      expect(logo.y! + logo.height! / 2).toBeGreaterThan(540);
    } finally {
      expectStatus(await as(t.http.patch('/v1/brand-kit').send({ logo_position: 'top_right' }), alice), 200);
    }
  });
});

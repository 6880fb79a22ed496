import { bundledFontFile } from '@platform/creative-ir';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { as, binary, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/** A design with an uploaded photo and text in an uploaded font named "Brand". */
function assetIr(photo: string, font: string, family = 'Brand') {
  return {
    version: 1,
    width: 400,
    height: 300,
    background: '#ffffff',
    fonts: [{ family: 'Brand', weight: 700, src: `asset:${font}` }],
    root: {
      type: 'frame',
      id: 'root',
      width: 400,
      height: 300,
      children: [
        { type: 'image', id: 'photo', src: `asset:${photo}`, x: 0, y: 0, width: 400, height: 200, fit: 'cover' },
        {
          type: 'text',
          id: 'caption',
          text: 'Brand fonts 0123',
          fontFamily: family,
          fontWeight: 700,
          fontSize: 36,
          color: '#111111',
          x: 20,
          y: 220,
          width: 360,
        },
      ],
    },
  };
}

describe("creative designs with the account's assets", () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let photo: string;
  let font: string;
  let logo: string;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    const upload = async (bytes: Buffer, name: string) =>
      expectStatus(await as(t.http.post('/v1/assets').attach('file', bytes, { filename: name }), alice), 200).body;
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#2563eb' } })
      .composite([
        {
          input: await sharp({ create: { width: 120, height: 120, channels: 3, background: '#facc15' } })
            .png()
            .toBuffer(),
          left: 140,
          top: 40,
        },
      ])
      .png()
      .toBuffer();
    photo = (await upload(png, 'photo.png')).id;
    font = (await upload(readFileSync(bundledFontFile('JetBrains Mono', 700)!.path), 'brand.ttf')).id;
    logo = (
      await upload(
        await sharp({ create: { width: 200, height: 80, channels: 4, background: '#ff00ff' } })
          .png()
          .toBuffer(),
        'logo.png',
      )
    ).id;
  });
  afterAll(() => t?.close());

  const preview = async (id: string, who: TestAccount) =>
    expectStatus(
      await as(t.http.get(`/v1/designs/${id}/preview?width=400`), who)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;

  it('draws asset:<id> images and fonts of the caller', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: assetIr(photo, font) }), alice), 200).body;
    const png = await preview(d.id, alice);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(at(10, 10)).toEqual([0x25, 0x63, 0xeb]);
    expect(at(200, 100)).toEqual([0xfa, 0xcc, 0x15]);
    // The caption is drawn with the uploaded face: not the same pixels as with the default family.
    const fallback = expectStatus(await as(t.http.post('/v1/designs').send({ ir: assetIr(photo, font, 'Inter') }), alice), 200).body;
    expect(png.equals(await preview(fallback.id, alice))).toBe(false);
    const rendered = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({}), alice), 200).body;
    expect(rendered.warnings).toEqual([]);
  });

  it("refuses references to another account's assets, unknown ids and the wrong kind", async () => {
    const theirs = await as(t.http.post('/v1/designs').send({ ir: assetIr(photo, font) }), bob);
    expect(locs(theirs)).toEqual(['body.ir.root.children.0.src', 'body.ir.fonts.0.src']);
    expect(theirs.body.detail[0].msg).toBe(`no asset ${photo} in this account`);
    const swapped = await as(t.http.post('/v1/designs').send({ ir: assetIr(font, photo) }), alice);
    expect(locs(swapped)).toEqual(['body.ir.root.children.0.src', 'body.ir.fonts.0.src']);
    expect(swapped.body.detail.map((x: { msg: string }) => x.msg)).toEqual([`asset ${font} is a font, not an image`, `asset ${photo} is an image, not a font`]);

    const mine = expectStatus(
      await as(t.http.post('/v1/designs').send({ ir: { version: 1, width: 100, height: 100, root: { type: 'frame', id: 'root' } } }), bob),
      200,
    ).body;
    expect(
      locs(await as(t.http.post(`/v1/designs/${mine.id}/nodes`).send({ node: { type: 'image', src: `asset:${photo}`, width: 10, height: 10 } }), bob)),
    ).toEqual(['body.node.src']);
    expect(locs(await as(t.http.patch(`/v1/designs/${mine.id}`).send({ ir: assetIr(photo, font) }), bob))).toEqual([
      'body.ir.root.children.0.src',
      'body.ir.fonts.0.src',
    ]);
    expect((await as(t.http.get(`/v1/designs/${mine.id}`), bob)).body.revision).toBe(1);
  });

  it('bundles the design with its assets inlined, and another account reproduces the same pixels', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: assetIr(photo, font), title: 'With assets' }), alice), 200).body;
    const bundle = expectStatus(await as(t.http.get(`/v1/designs/${d.id}/bundle`), alice), 200).body;
    expect(bundle.ir.root.children[0].src).toMatch(/^data:image\/png;base64,/);
    expect(bundle.ir.fonts[0].src).toMatch(/^data:font\/ttf;base64,/);
    expect(JSON.stringify(bundle)).not.toContain('asset:');
    const copy = expectStatus(await as(t.http.post('/v1/designs').send({ bundle }), bob), 200).body;
    expect(copy).toMatchObject({ source: 'bundle', title: 'With assets' });
    const mine = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({}), alice), 200).body;
    const theirs = expectStatus(await as(t.http.post(`/v1/designs/${copy.id}/render`).send({}), bob), 200).body;
    expect(theirs.artifact.sha256).toBe(mine.artifact.sha256);
    expect((await preview(copy.id, bob)).equals(await preview(d.id, alice))).toBe(true);
  });

  it("places the brand kit's logo asset, referenced from the IR", async () => {
    expectStatus(
      await as(
        t.http.put('/v1/brand-kit').send({ logo_asset_id: logo, logo_position: 'top_left', logo_size: 100, logo_margin: 40, colors: ['#0f172a', '#38bdf8'] }),
        alice,
      ),
      200,
    );
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ brief: { title: 'With a logo' }, template: 'square-post' }), alice), 200).body;
    const logoNode = d.ir.root.children.find((n: { id: string }) => n.id === 'logo');
    expect(logoNode).toMatchObject({ type: 'image', src: `asset:${logo}`, x: 40, y: 40, height: 100 });
    const png = expectStatus(
      await as(t.http.get(`/v1/designs/${d.id}/preview?width=1080`), alice)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    expect(px(60, 60)).toEqual([255, 0, 255]);
    expect(px(1000, 1000)).not.toEqual([255, 0, 255]);
    expectStatus(await as(t.http.delete('/v1/brand-kit'), alice), 200);
  });

  it("lists the account's fonts beside the bundled ones", async () => {
    const fonts = expectStatus(await as(t.http.get('/v1/fonts'), alice), 200).body.data;
    const mine = fonts.filter((f: { source: string }) => f.source === 'account');
    expect(mine).toEqual([
      {
        family: 'JetBrains Mono',
        source: 'account',
        category: null,
        description: null,
        aliases: [],
        weights: [700],
        styles: ['normal'],
        faces: [{ weight: 700, style: 'normal', asset_id: font }],
      },
    ]);
    expect(fonts.find((f: { family: string; source: string }) => f.family === 'Inter').faces[0]).toEqual({ weight: 400, style: 'normal', asset_id: null });
    const bobs = expectStatus(await as(t.http.get('/v1/fonts'), bob), 200).body.data;
    expect(bobs.filter((f: { source: string }) => f.source === 'account')).toEqual([]);
    const caps = expectStatus(await as(t.http.get('/v1/capabilities'), alice), 200).body;
    expect(caps.fonts).toContainEqual({ family: 'JetBrains Mono', source: 'account', weights: [700], styles: ['normal'] });
  });

  it('renders without an asset deleted after it was placed, and says so', async () => {
    const extra = expectStatus(
      await as(
        t.http.post('/v1/assets').attach(
          'file',
          await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00ff00' } })
            .png()
            .toBuffer(),
          { filename: 'x.png' },
        ),
        alice,
      ),
      200,
    ).body;
    const d = expectStatus(
      await as(
        t.http.post('/v1/designs').send({
          ir: {
            version: 1,
            width: 100,
            height: 100,
            root: { type: 'frame', id: 'root', children: [{ type: 'image', id: 'gone', src: `asset:${extra.id}`, width: 50, height: 50 }] },
          },
        }),
        alice,
      ),
      200,
    ).body;
    expectStatus(await as(t.http.delete(`/v1/assets/${extra.id}`), alice), 200);
    const r = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({}), alice), 200).body;
    expect(r.warnings.map((w: { id: string }) => w.id)).toContain('gone');
    // Other edits are not blocked by it.
    expectStatus(await as(t.http.post(`/v1/designs/${d.id}/nodes`).send({ node: { type: 'rect', width: 5, height: 5 } }), alice), 200);
  });

  it("builds a photo-led design from a brief's image, and refuses images that are not the caller's", async () => {
    // The story template draws the photo full-bleed (cover, focal point kept); the top of the page shows it unscrimmed.
    const brief = { title: 'Photo-led story', format: '1080x1080', image: { src: `asset:${photo}`, focal_point: { x: 0.5, y: 0.5 } } };
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ brief, template: 'story' }), alice), 200).body;
    const hero = d.ir.root.children.find((n: { id: string }) => n.id === 'hero');
    expect(hero).toMatchObject({ type: 'image', src: `asset:${photo}`, fit: 'cover', focalPoint: { x: 0.5, y: 0.5 }, width: 1080, height: 1080 });
    const png = expectStatus(
      await as(t.http.get(`/v1/designs/${d.id}/preview?width=1080`), alice)
        .buffer(true)
        .parse(binary),
      200,
    ).body as Buffer;
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    // The 400x200 photo covers the square (scaled 5.4x, centered): its blue at the top left, its yellow square from
    // (216, 216) to (864, 864), just above the scrim that darkens the foot of the page for the words.
    expect(px(20, 20)).toEqual([0x25, 0x63, 0xeb]);
    const [r, g, b] = px(540, 222);
    expect(r > 200 && g > 160 && b < 60, `yellow at (540, 222): ${[r, g, b]}`).toBe(true);
    const rendered = expectStatus(await as(t.http.post(`/v1/designs/${d.id}/render`).send({}), alice), 200).body;
    expect(rendered.warnings).toEqual([]);

    // Another account's photo, an unknown id, a font and a data URL are refused, naming the field; nothing is stored.
    const before = expectStatus(await as(t.http.get('/v1/designs'), bob), 200).body.data.length;
    const theirs = await as(t.http.post('/v1/designs').send({ brief: { title: 'x', image: `asset:${photo}` }, template: 'story' }), bob);
    expect(locs(theirs)).toEqual(['body.brief.image']);
    expect(theirs.body.detail[0]).toMatchObject({ msg: `no asset ${photo} in this account`, type: 'not_found' });
    const mixed = await as(
      t.http.post('/v1/designs').send({ brief: { title: 'x', image: { src: `asset:${font}` }, images: ['asset:nope123'] }, template: 'square-post' }),
      alice,
    );
    expect(locs(mixed)).toEqual(['body.brief.image.src', 'body.brief.images.0']);
    expect(
      locs(await as(t.http.post('/v1/designs').send({ brief: { title: 'x', image: 'data:image/png;base64,iVBORw0KGgo=' }, template: 'story' }), alice)),
    ).toEqual(['body.brief.image']);
    expect(
      locs(
        await as(
          t.http.post('/v1/designs').send({ brief: { title: 'x', image: { src: `asset:${photo}`, focal_point: { x: 2, y: 0 } } }, template: 'story' }),
          alice,
        ),
      ),
    ).toEqual(['body.brief.image.focal_point.x']);
    expect(expectStatus(await as(t.http.get('/v1/designs'), bob), 200).body.data.length).toBe(before);
    // Rebuilding Alice's design from a patched brief checks the new image too.
    expect(locs(await as(t.http.patch(`/v1/designs/${d.id}`).send({ brief: { image: 'asset:nope123' } }), alice))).toEqual(['body.brief.image']);
  });
});

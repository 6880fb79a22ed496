import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { DesignAssetsService } from '../../rendering/design-assets.service';
import { creativeService } from '../../service';

type Node = { id: string; type: string; src?: string; fit?: string; cornerRadius?: number; children?: Node[] };

function nodes(root: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  const walk = (n: Node) => {
    out.set(n.id, n);
    (n.children ?? []).forEach(walk);
  };
  walk(root);
  return out;
}

/**
 * The product template lays out a cut-out (an uploaded PNG on a transparent ground) contained on the spotlight with a
 * shadow, an ordinary photo cropped round with a rim: the service must hand the brief's `asset:` images' bytes to the
 * template build (the caller's only) for the engine to tell them apart.
 */
describe("product designs from a brief's uploaded cut-out or photo", () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let cutout: string;
  let photo: string;
  let cutoutBytes: Buffer;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    const upload = async (bytes: Buffer, name: string) =>
      expectStatus(await as(t.http.post('/v1/assets').attach('file', bytes, { filename: name }), alice), 200).body.id as string;
    // A product shape (a rounded orange block) on a fully transparent ground.
    const shape = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect x="100" y="60" width="200" height="280" rx="40" fill="#f97316"/></svg>',
    );
    cutoutBytes = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: shape }])
      .png()
      .toBuffer();
    cutout = await upload(cutoutBytes, 'shoe.png');
    photo = await upload(
      await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2563eb' } })
        .jpeg()
        .toBuffer(),
      'photo.jpg',
    );
  });
  afterAll(() => t?.close());

  const product = async (image: string, who = alice) =>
    as(
      t.http.post('/v1/designs').send({ brief: { title: 'Trail runner', body: 'Light, grippy, made for mud.', image: `asset:${image}` }, template: 'product' }),
      who,
    );

  it('keeps a transparent PNG contained with its shadow and crops an opaque JPEG round with a rim', async () => {
    const cut = nodes(expectStatus(await product(cutout), 200).body.ir.root);
    expect(cut.get('product')).toMatchObject({ type: 'image', src: `asset:${cutout}`, fit: 'contain' });
    expect(cut.get('product')?.cornerRadius ?? 0).toBe(0);
    expect(cut.has('product-rim')).toBe(false);
    expect(cut.has('floor')).toBe(true);

    const round = nodes(expectStatus(await product(photo), 200).body.ir.root);
    expect(round.get('product')).toMatchObject({ type: 'image', src: `asset:${photo}`, fit: 'cover' });
    expect(round.get('product')?.cornerRadius).toBeGreaterThan(0);
    expect(round.has('product-rim')).toBe(true);
    expect(round.has('floor')).toBe(false);
  });

  it('lays out the cut-out when a PATCH rebuilds the design from a brief naming it', async () => {
    const d = expectStatus(await product(photo), 200).body;
    const patched = expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ brief: { image: `asset:${cutout}` } }), alice), 200).body;
    const cut = nodes(patched.ir.root);
    expect(cut.get('product')).toMatchObject({ src: `asset:${cutout}`, fit: 'contain' });
    expect(cut.has('product-rim')).toBe(false);
  });

  it('passes no bytes for an image over the upload limits (it is then laid out as a photo)', async () => {
    const limits = t.config.assets;
    const maxPixels = limits.maxPixels;
    limits.maxPixels = 400 * 400 - 1;
    try {
      expect(await t.app.get(DesignAssetsService).briefBytes(alice.accountId, { image: `asset:${cutout}` })).toEqual({});
      expect(nodes(expectStatus(await product(cutout), 200).body.ir.root).get('product')).toMatchObject({ fit: 'cover' });
    } finally {
      limits.maxPixels = maxPixels;
    }
  });

  it("answers another account's asset id as an unknown one, with no design stored and no bytes read", async () => {
    const before = expectStatus(await as(t.http.get('/v1/designs'), bob), 200).body.data.length;
    const theirs = await product(cutout, bob);
    const unknown = await product('nope123', bob);
    expect(theirs.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(locs(theirs)).toEqual(['body.brief.image']);
    expect(locs(unknown)).toEqual(['body.brief.image']);
    expect(theirs.body.detail.map((d: { type: string }) => d.type)).toEqual(unknown.body.detail.map((d: { type: string }) => d.type));
    expect(theirs.body.detail[0].msg).toBe(`no asset ${cutout} in this account`);
    expect(JSON.stringify(theirs.body)).not.toContain(cutoutBytes.toString('base64').slice(0, 40));
    expect(expectStatus(await as(t.http.get('/v1/designs'), bob), 200).body.data.length).toBe(before);

    // The bytes the template build gets are the caller's images only (and only those the brief names).
    const assets = t.app.get(DesignAssetsService);
    expect(await assets.briefBytes(bob.accountId, { image: `asset:${cutout}`, images: [`asset:${photo}`] })).toEqual({});
    const mine = await assets.briefBytes(alice.accountId, { image: `asset:${cutout}` });
    expect(Object.keys(mine)).toEqual([cutout]);
    expect(Buffer.from(mine[cutout]).equals(cutoutBytes)).toBe(true);
  });
});

import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { pngBomb } from '../../assets/__tests__/fixtures';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

const INTER_BOLD = join(process.cwd(), 'node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf');
const dataBytes = (src: string) => Buffer.from(src.slice(src.indexOf(',') + 1), 'base64');

/** A photo-like JPEG (noise through libjpeg at quality 95): a real file of about a megabyte. */
async function photoJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1400, height: 1000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(0.6)
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A design with a photo and a caption in the uploaded font "Brand". */
const photoIr = (photo: string, font: string) => ({
  version: 1,
  width: 550,
  height: 400,
  background: '#ffffff',
  fonts: [{ family: 'Brand', weight: 700, src: font }],
  root: {
    type: 'frame',
    id: 'root',
    width: 550,
    height: 400,
    children: [
      { type: 'image', id: 'photo', src: photo, x: 0, y: 0, width: 550, height: 300, fit: 'cover' },
      {
        type: 'text',
        id: 'caption',
        text: 'Spring sale: 30% off',
        fontFamily: 'Brand',
        fontWeight: 700,
        fontSize: 40,
        color: '#111111',
        x: 20,
        y: 320,
        width: 510,
      },
    ],
  },
});

describe('design bundles and inline images (issue 34)', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let jpeg: Buffer;
  let ttf: Buffer;
  let photo: string;
  let font: string;
  const bomb = `data:image/png;base64,${pngBomb(20_000).toString('base64')}`;

  beforeAll(async () => {
    // A smaller DESIGN_BODY_LIMIT than the default (32mb), so that "above it" is cheap to send.
    t = await createTestApp(creativeService, { env: { DESIGN_BODY_LIMIT: '4mb' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
    jpeg = await photoJpeg();
    ttf = readFileSync(INTER_BOLD);
    const upload = async (who: TestAccount, bytes: Buffer, name: string) =>
      expectStatus(await as(t.http.post('/v1/assets').attach('file', bytes, { filename: name }), who), 200).body.id as string;
    photo = await upload(alice, jpeg, 'photo.jpg');
    font = await upload(alice, ttf, 'Inter_700Bold.ttf');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const render = async (id: string, who: TestAccount) => expectStatus(await as(t.http.post(`/v1/designs/${id}/render`).send({}), who), 200).body;
  const count = async (who: TestAccount) => expectStatus(await as(t.http.get('/v1/designs?limit=100'), who), 200).body.data.length as number;

  it('exports a real photo with its bytes and the font cut to the characters used, and another account imports it to the same pixels', async () => {
    expect(jpeg.length).toBeGreaterThan(800_000);
    expect(ttf.length).toBeGreaterThan(250_000);
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: photoIr(`asset:${photo}`, `asset:${font}`), title: 'Photo' }), alice), 200).body;
    const bundle = expectStatus(await as(t.http.get(`/v1/designs/${d.id}/bundle`), alice), 200).body;
    // Images keep their bytes.
    expect(bundle.ir.root.children[0].src).toMatch(/^data:image\/jpeg;base64,/);
    expect(dataBytes(bundle.ir.root.children[0].src).equals(jpeg)).toBe(true);
    // The font is a TrueType cut to what the page draws: a small part of the file.
    expect(bundle.ir.fonts[0].src).toMatch(/^data:font\/ttf;base64,/);
    const cut = dataBytes(bundle.ir.fonts[0].src);
    expect(cut.readUInt32BE(0)).toBe(0x00010000);
    expect(cut.length).toBeLessThan(ttf.length / 5);
    // Larger than BODY_LIMIT (1 MB): the import has its own limit.
    const body = JSON.stringify({ bundle });
    expect(body.length).toBeGreaterThan(1024 * 1024);

    const copy = expectStatus(await as(t.http.post('/v1/designs').set('content-type', 'application/json').send(body), bob), 200).body;
    expect(copy).toMatchObject({ source: 'bundle', title: 'Photo' });
    expect((await render(copy.id, bob)).artifact.sha256).toBe((await render(d.id, alice)).artifact.sha256);

    // The importer may name its own uploaded photo instead of carrying it inline.
    const bobPhoto = expectStatus(await as(t.http.post('/v1/assets').attach('file', jpeg, { filename: 'p.jpg' }), bob), 200).body.id;
    const light = structuredClone(bundle);
    light.ir.root.children[0].src = `asset:${bobPhoto}`;
    const lighter = expectStatus(await as(t.http.post('/v1/designs').send({ bundle: light }), bob), 200).body;
    expect((await render(lighter.id, bob)).artifact.sha256).toBe((await render(d.id, alice)).artifact.sha256);
  }, 120_000);

  it('refuses a body above DESIGN_BODY_LIMIT with 413, and reads no body before the credential check', async () => {
    const before = await count(bob);
    const huge = {
      ir: photoIr(`data:image/jpeg;base64,${Buffer.alloc(4 * 1024 * 1024, 7).toString('base64')}`, `data:font/ttf;base64,${ttf.toString('base64')}`),
    };
    const res = expectStatus(await as(t.http.post('/v1/designs').send(huge), bob), 413);
    expect(res.body.code).toBe('payload_too_large');
    expect(expectStatus(await t.http.post('/v1/designs').send(huge), 401).body.code).toBeDefined();
    // Other routes keep BODY_LIMIT (1 MB).
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: photoIr(`asset:${photo}`, `asset:${font}`) }), alice), 200).body;
    const patch = { ir: photoIr(`data:image/jpeg;base64,${jpeg.toString('base64')}`, `asset:${font}`) };
    expect(expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send(patch), alice), 413).body.code).toBe('payload_too_large');
    expect(await count(bob)).toBe(before);
  }, 60_000);

  it('refuses a data: image that declares 20000x20000 wherever an IR is accepted, as an upload is refused', async () => {
    const upload = expectStatus(await as(t.http.post('/v1/assets').attach('file', pngBomb(20_000), { filename: 'bomb.png' }), alice), 422).body.detail[0];
    expect(upload.type).toBe('image_too_large');
    const before = await count(alice);
    const withBomb = photoIr(bomb, `asset:${font}`);
    const tooLarge = (res: { body: { detail: { loc: unknown[]; type: string; msg: string }[] } }, loc: unknown[]) =>
      expect(res.body.detail).toEqual([{ loc, type: 'image_too_large', msg: expect.stringContaining('20000 x 20000') }]);

    tooLarge(expectStatus(await as(t.http.post('/v1/designs').send({ ir: withBomb }), alice), 422), ['body', 'ir', 'root', 'children', 0, 'src']);
    const bundle = { format: 'creative-design-bundle', version: 1, design: { title: 'bomb' }, ir: withBomb };
    tooLarge(expectStatus(await as(t.http.post('/v1/designs').send({ bundle }), alice), 422), ['body', 'bundle', 'ir', 'root', 'children', 0, 'src']);
    tooLarge(expectStatus(await as(t.http.post('/v1/layouts/materialize').send({ ir: withBomb }), alice), 422), ['body', 'ir', 'root', 'children', 0, 'src']);
    expect(await count(alice)).toBe(before);

    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: photoIr(`asset:${photo}`, `asset:${font}`) }), alice), 200).body;
    tooLarge(expectStatus(await as(t.http.patch(`/v1/designs/${d.id}`).send({ ir: withBomb }), alice), 422), ['body', 'ir', 'root', 'children', 0, 'src']);
    tooLarge(expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/photo`).send({ patch: { src: bomb } }), alice), 422), ['body', 'patch', 'src']);
    tooLarge(expectStatus(await as(t.http.post(`/v1/designs/${d.id}/nodes`).send({ node: { type: 'image', src: bomb, width: 10, height: 10 } }), alice), 422), [
      'body',
      'node',
      'src',
    ]);
    expect(expectStatus(await as(t.http.get(`/v1/designs/${d.id}`), alice), 200).body.revision).toBe(1);
    // A small inline image is fine.
    const small = `data:image/png;base64,${(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer()
    ).toString('base64')}`;
    expectStatus(await as(t.http.patch(`/v1/designs/${d.id}/nodes/photo`).send({ patch: { src: small } }), alice), 200);
  }, 60_000);
});

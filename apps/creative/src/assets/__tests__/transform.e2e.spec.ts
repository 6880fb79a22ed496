import { expectStatus, TestAccount } from '@platform/testing';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { BACKENDS, binary, CreativeOnBackend, startCreative } from '../../storage/__tests__/creative-backends';
import { Fixtures, makeFixtures } from './fixtures';

type Loc = { loc: (string | number)[]; type: string; msg: string };
const locs = (body: { detail: Loc[] }) => body.detail.map((d) => d.loc.join('.'));

/** Mean RGB(A) of a region of an image. */
async function meanOf(img: Buffer, region?: { left: number; top: number; width: number; height: number }) {
  // stats() reads its input, not the pipeline's output: extract into a buffer first.
  const part = region ? await sharp(img).extract(region).png().toBuffer() : img;
  const { channels } = await sharp(part).stats();
  return channels.map((c) => Math.round(c.mean));
}

let fx: Fixtures;
beforeAll(async () => {
  fx = await makeFixtures();
}, 60_000);

describe.each(BACKENDS)('asset transforms on %s storage', (backend) => {
  let c: CreativeOnBackend;
  let alice: TestAccount;
  let scene: { id: string; filename: string };
  let logo: { id: string };
  let font: { id: string };
  let audio: { id: string };

  const upload = async (file: Buffer, name: string, path = '/v1/assets') =>
    expectStatus(await c.t.http.post(path).set('x-api-key', alice.key).attach('file', file, name), 200).body;
  const transform = (body: object, id = scene.id) => c.t.http.post(`/v1/assets/${id}/transform`).set('x-api-key', alice.key).send(body);
  const content = async (id: string) =>
    expectStatus(await c.t.http.get(`/v1/assets/${id}/content`).set('x-api-key', alice.key).buffer(true).parse(binary), 200).body as Buffer;
  /** Transforms and returns the new asset and its decoded bytes. */
  const run = async (body: object) => {
    const asset = expectStatus(await transform(body), 200).body;
    return { asset, bytes: await content(asset.id) };
  };

  beforeAll(async () => {
    c = await startCreative(backend);
    alice = await c.t.account('alice');
    scene = await upload(fx.jpeg, 'scene.jpg');
    logo = await upload(fx.logo, 'logo.png');
    font = await upload(fx.otf, 'brand.otf');
    audio = await upload(fx.mp3, 'a.mp3', '/v1/assets/audio');
  });
  afterAll(() => c?.close());

  it('applies operations in order into a new asset that records its source and operations', async () => {
    const operations = [
      { type: 'resize', width: 600 },
      { type: 'crop', left: 0, top: 0, width: 300, height: 200 },
      { type: 'rotate', angle: 90 },
    ];
    const { asset, bytes } = await run({ operations, output_format: 'webp', quality: 80, filename: 'corner.webp' });
    expect(asset).toMatchObject({
      kind: 'image',
      format: 'webp',
      mime: 'image/webp',
      width: 200,
      height: 300,
      source_asset_id: scene.id,
      operations,
      filename: 'corner.webp',
    });
    expect(asset.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 200, height: 300 });
    // The same operations in another order give another image: crop first keeps more of the top-left.
    const other = await run({ operations: [operations[1], operations[0], operations[2]] });
    expect(other.asset).toMatchObject({ width: 400, height: 600, format: 'png', filename: 'scene.png' });
    const listed = (await c.t.http.get(`/v1/assets/${asset.id}`).set('x-api-key', alice.key)).body;
    expect(listed.operations).toEqual(operations);
  });

  it('writes every output format', async () => {
    for (const [format, sharpName] of [
      ['png', 'png'],
      ['jpeg', 'jpeg'],
      ['webp', 'webp'],
      ['avif', 'heif'],
      ['gif', 'gif'],
      ['tiff', 'tiff'],
    ]) {
      const { asset, bytes } = await run({ operations: [{ type: 'resize', width: 120 }], output_format: format });
      expect(asset.format).toBe(format);
      expect((await sharp(bytes).metadata()).format).toBe(sharpName);
    }
  });

  it('does what each operation says', async () => {
    const px = async (ops: object[], extra: object = {}) => (await run({ operations: ops, ...extra })).bytes;
    const size = async (b: Buffer) => {
      const m = await sharp(b).metadata();
      return [m.width, m.height];
    };
    // resize: fit and position; contain letterboxes with background
    expect(await size(await px([{ type: 'resize', width: 300, height: 300, fit: 'inside' }]))).toEqual([300, 200]);
    expect(await size(await px([{ type: 'resize', width: 300, height: 300, fit: 'cover', position: 'attention' }]))).toEqual([300, 300]);
    expect(await size(await px([{ type: 'resize', height: 100 }]))).toEqual([150, 100]);
    const contain = await px([{ type: 'resize', width: 300, height: 300, fit: 'contain' }], { background: '#FF00FF' });
    expect(await meanOf(contain, { left: 0, top: 0, width: 300, height: 40 })).toEqual([255, 0, 255]);
    expect(await size(await px([{ type: 'resize', width: 5000, without_enlargement: true }]))).toEqual([1200, 800]);
    // smart crop: entropy keeps the busiest region, the red subject right of center; attention picks its own window
    const smart = await px([{ type: 'smart_crop', aspect_ratio: '1:1', strategy: 'entropy' }]);
    expect(await size(smart)).toEqual([800, 800]);
    const raw = await sharp(smart).raw().toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let p = 0; p < raw.data.length; p += raw.info.channels) if (raw.data[p] > 180 && raw.data[p + 1] < 80 && raw.data[p + 2] < 80) red++;
    expect(red).toBeGreaterThan(0.85 * Math.PI * 120 * 120 - 2 * Math.PI * 18 * 18); // the whole disk, less its eyes
    const centered = await px([{ type: 'resize', width: 800, height: 800, fit: 'cover', position: 'center' }]);
    const attention = await px([{ type: 'smart_crop', aspect_ratio: '1:1' }]);
    expect(await size(attention)).toEqual([800, 800]);
    expect(Buffer.compare(attention, centered)).not.toBe(0);
    expect(await size(await px([{ type: 'smart_crop', aspect_ratio: '16:9', width: 320 }]))).toEqual([320, 180]);
    // rotate by other angles enlarges, with background; flip and flop mirror
    expect(
      await size(
        await px([
          { type: 'resize', width: 100, height: 100 },
          { type: 'rotate', angle: 45 },
        ]),
      ),
    ).toEqual([141, 141]);
    const flipped = await px([{ type: 'flip' }]);
    expect((await meanOf(flipped, { left: 0, top: 0, width: 1200, height: 100 }))[1]).toBeGreaterThan(80); // green hills now on top
    const flopped = await px([{ type: 'flop' }]);
    expect((await meanOf(flopped, { left: 280, top: 380, width: 100, height: 100 }))[0]).toBeGreaterThan(180); // red subject now left
    // blur, sharpen, grayscale, tint, modulate, gamma, negate, normalize, threshold
    const base = await meanOf(await px([{ type: 'resize', width: 200 }]));
    const gray = await meanOf(await px([{ type: 'resize', width: 200 }, { type: 'grayscale' }]));
    expect(gray[0]).toBe(gray[1]);
    expect(gray[1]).toBe(gray[2]);
    const negated = await meanOf(await px([{ type: 'resize', width: 200 }, { type: 'negate' }]));
    negated.slice(0, 3).forEach((v, i) => expect(Math.abs(v - (255 - base[i]))).toBeLessThanOrEqual(2));
    const brighter = await meanOf(
      await px([
        { type: 'resize', width: 200 },
        { type: 'modulate', brightness: 1.5 },
      ]),
    );
    expect(brighter[2]).toBeGreaterThan(base[2]);
    const hueTurned = await meanOf(
      await px([
        { type: 'resize', width: 200 },
        { type: 'modulate', hue: 180 },
      ]),
    );
    expect(hueTurned[0]).not.toBe(base[0]);
    const tinted = await meanOf(
      await px([
        { type: 'resize', width: 200 },
        { type: 'tint', color: '#FF0000' },
      ]),
    );
    expect(tinted[0]).toBeGreaterThan(tinted[2]);
    const threshold = await sharp(
      await px([
        { type: 'resize', width: 200 },
        { type: 'threshold', value: 128 },
      ]),
    )
      .raw()
      .toBuffer();
    expect(new Set(threshold)).toEqual(new Set([0, 255]));
    for (const op of [
      { type: 'blur', sigma: 3 },
      { type: 'sharpen' },
      { type: 'sharpen', sigma: 2, flat: 1, jagged: 3 },
      { type: 'gamma', gamma: 2.2 },
      { type: 'normalize', lower: 2, upper: 98 },
    ])
      expect(await size(await px([{ type: 'resize', width: 200 }, op]))).toEqual([200, 133]);
    // trim removes a uniform frame; extend pads; border frames
    expect(
      await size(
        await px([
          { type: 'resize', width: 200 },
          { type: 'extend', top: 10, bottom: 10, left: 10, right: 10, background: '#00FF00' },
          { type: 'trim', threshold: 20 },
        ]),
      ),
    ).toEqual([200, 133]);
    const padded = await px(
      [
        { type: 'resize', width: 200 },
        { type: 'extend', left: 50, mode: 'background' },
      ],
      { background: '#00FF00' },
    );
    expect(await size(padded)).toEqual([250, 133]);
    expect(await meanOf(padded, { left: 0, top: 0, width: 50, height: 133 })).toEqual([0, 255, 0]);
    const bordered = await px([
      { type: 'resize', width: 200 },
      { type: 'border', width: 8, color: '#0000FF' },
    ]);
    expect(await size(bordered)).toEqual([216, 149]);
    expect(await meanOf(bordered, { left: 0, top: 0, width: 216, height: 8 })).toEqual([0, 0, 255]);
    // round corners: transparent corners in PNG, background under them in JPEG
    const rounded = await px([
      { type: 'resize', width: 200 },
      { type: 'round_corners', radius: 40 },
    ]);
    const corner = await sharp(rounded).extract({ left: 0, top: 0, width: 4, height: 4 }).raw().toBuffer();
    expect(corner[3]).toBe(0);
    const roundedJpeg = await px(
      [
        { type: 'resize', width: 200 },
        { type: 'round_corners', radius: 40 },
      ],
      { output_format: 'jpeg', background: '#FFFFFF' },
    );
    expect((await meanOf(roundedJpeg, { left: 0, top: 0, width: 4, height: 4 }))[0]).toBeGreaterThan(245);
    // flatten removes transparency
    const flat = await px([
      { type: 'resize', width: 200 },
      { type: 'round_corners', radius: 40 },
      { type: 'flatten', background: '#FF0000' },
    ]);
    expect((await sharp(flat).metadata()).hasAlpha).toBe(false);
    expect(await meanOf(flat, { left: 0, top: 0, width: 3, height: 3 })).toEqual([255, 0, 0]);
  });

  it('overlays another image asset with position and opacity, and draws text watermarks', async () => {
    const px = async (body: object) => (await run(body)).bytes;
    // Logo (200 x 80, dark with orange text) at the top left, full opacity, then at half opacity.
    const full = await px({
      operations: [
        { type: 'resize', width: 600, height: 400, fit: 'fill' },
        { type: 'overlay', asset_id: logo.id, position: 'top_left', margin: 20 },
      ],
    });
    const half = await px({
      operations: [
        { type: 'resize', width: 600, height: 400, fit: 'fill' },
        { type: 'overlay', asset_id: logo.id, position: 'top_left', margin: 20, opacity: 0.5 },
      ],
    });
    const plain = await px({ operations: [{ type: 'resize', width: 600, height: 400, fit: 'fill' }] });
    const region = { left: 30, top: 30, width: 20, height: 20 }; // the logo's dark plate
    const [fullR] = await meanOf(full, region);
    const [halfR] = await meanOf(half, region);
    const [plainR] = await meanOf(plain, region);
    expect(fullR).toBeLessThan(40);
    expect(halfR).toBeGreaterThan(fullR + 5);
    expect(halfR).toBeLessThan(plainR);
    // scale: the overlay's width as a share of the image; it never exceeds the image.
    const scaled = await run({
      operations: [
        { type: 'resize', width: 100 },
        { type: 'overlay', asset_id: logo.id, width: 5000 },
      ],
    });
    expect(scaled.asset.width).toBe(100);
    // Text watermark: something is drawn where it goes, nothing elsewhere changes.
    const text = await px({
      operations: [
        { type: 'resize', width: 600, height: 400, fit: 'fill' },
        { type: 'text', text: '© Acme', position: 'bottom_right', font_size: 40, color: '#FFFFFF', opacity: 1 },
      ],
    });
    const br = { left: 420, top: 300, width: 160, height: 80 };
    expect((await meanOf(text, br))[2]).toBeGreaterThan((await meanOf(plain, br))[2] + 10);
    expect((await meanOf(text, { left: 0, top: 0, width: 300, height: 200 })).slice(0, 3)).toEqual(
      (await meanOf(plain, { left: 0, top: 0, width: 300, height: 200 })).slice(0, 3),
    );
    // With a font asset of the account.
    const branded = await run({
      operations: [
        { type: 'resize', width: 600 },
        { type: 'text', text: 'Hello', font_asset_id: font.id, position: 'center' },
      ],
    });
    expect(branded.asset.width).toBe(600);
  });

  it('answers 422 at operations[i].field for each bad operation, and stores nothing', async () => {
    const before = await c.blobKeys();
    const cases: [object, string[]][] = [
      [{ type: 'resize' }, ['body.operations.0.width']],
      [
        { type: 'resize', width: 0, height: 99999, fit: 'squash', position: 'middle', without_enlargement: 'yes' },
        ['body.operations.0.width', 'body.operations.0.height', 'body.operations.0.fit', 'body.operations.0.position', 'body.operations.0.without_enlargement'],
      ],
      [{ type: 'resize', width: 10, fit: 'contain', position: 'attention' }, ['body.operations.0.position']],
      [
        { type: 'crop', left: -1, top: 'a', width: 0 },
        ['body.operations.0.left', 'body.operations.0.top', 'body.operations.0.width', 'body.operations.0.height'],
      ],
      [
        { type: 'smart_crop', aspect_ratio: 'wide', strategy: 'faces', width: 0 },
        ['body.operations.0.aspect_ratio', 'body.operations.0.strategy', 'body.operations.0.width'],
      ],
      [{ type: 'smart_crop', aspect_ratio: '1:1000' }, ['body.operations.0.aspect_ratio']],
      [{ type: 'rotate', angle: 400, background: 'red' }, ['body.operations.0.angle', 'body.operations.0.background']],
      [{ type: 'rotate' }, ['body.operations.0.angle']],
      [{ type: 'blur', sigma: 0.1 }, ['body.operations.0.sigma']],
      [{ type: 'blur' }, ['body.operations.0.sigma']],
      [{ type: 'sharpen', sigma: 11, flat: -1, jagged: 'x' }, ['body.operations.0.sigma', 'body.operations.0.flat', 'body.operations.0.jagged']],
      [{ type: 'tint' }, ['body.operations.0.color']],
      [{ type: 'tint', color: '#12' }, ['body.operations.0.color']],
      [{ type: 'modulate' }, ['body.operations.0.brightness']],
      [
        { type: 'modulate', brightness: -1, saturation: 11, hue: 1.5, lightness: 101 },
        ['body.operations.0.brightness', 'body.operations.0.saturation', 'body.operations.0.hue', 'body.operations.0.lightness'],
      ],
      [{ type: 'gamma', gamma: 0.5, gamma_out: 4 }, ['body.operations.0.gamma', 'body.operations.0.gamma_out']],
      [{ type: 'negate', alpha: 1 }, ['body.operations.0.alpha']],
      [{ type: 'normalize', lower: 50, upper: 40 }, ['body.operations.0.upper']],
      [{ type: 'normalize', lower: 100 }, ['body.operations.0.lower']],
      [{ type: 'threshold', value: 300, grayscale: 'no' }, ['body.operations.0.value', 'body.operations.0.grayscale']],
      [{ type: 'trim', threshold: -5, background: 'nope' }, ['body.operations.0.threshold', 'body.operations.0.background']],
      [{ type: 'extend' }, ['body.operations.0.top']],
      [{ type: 'extend', top: 5000, mode: 'stretch' }, ['body.operations.0.top', 'body.operations.0.mode']],
      [{ type: 'flatten', background: '#GGGGGG' }, ['body.operations.0.background']],
      [{ type: 'round_corners' }, ['body.operations.0.radius']],
      [{ type: 'round_corners', radius: 0 }, ['body.operations.0.radius']],
      [{ type: 'border', width: 0, color: 'blue' }, ['body.operations.0.width', 'body.operations.0.color']],
      [{ type: 'overlay' }, ['body.operations.0.asset_id']],
      [
        { type: 'overlay', asset_id: 'ast_nope', position: 'middle', opacity: 2, margin: -1 },
        ['body.operations.0.position', 'body.operations.0.margin', 'body.operations.0.opacity'],
      ],
      [{ type: 'overlay', asset_id: 'ast_nope', width: 10, scale: 0.5 }, ['body.operations.0.scale']],
      [{ type: 'text' }, ['body.operations.0.text']],
      [
        { type: 'text', text: 'x', font_family: 'Comic Sans', font_weight: 950, font_size: 1, opacity: -1, color: 'white', position: 'up' },
        ['body.operations.0.font_weight', 'body.operations.0.font_size', 'body.operations.0.color', 'body.operations.0.opacity', 'body.operations.0.position'],
      ],
      [{ type: 'text', text: 'x', font_family: 'Comic Sans' }, ['body.operations.0.font_family']],
      [{ type: 'explode' }, ['body.operations.0.type']],
      [{}, ['body.operations.0.type']],
    ];
    for (const [op, expected] of cases) {
      const res = expectStatus(await transform({ operations: [{ type: 'flip' }, op].slice(1) }), 422);
      expect([...new Set(locs(res.body))].sort(), JSON.stringify(op)).toEqual(expected.sort());
      for (const item of res.body.detail) expect(Object.keys(item).sort()).toEqual(['loc', 'msg', 'type']);
    }
    // The index is the operation's.
    const second = expectStatus(await transform({ operations: [{ type: 'flip' }, { type: 'blur', sigma: 0 }] }), 422);
    expect(locs(second.body)).toEqual(['body.operations.1.sigma']);
    // Depending on the image: a crop outside it, an overlay or font that is not an asset of the right kind.
    expect(locs(expectStatus(await transform({ operations: [{ type: 'crop', left: 1100, top: 0, width: 200, height: 900 }] }), 422).body)).toEqual([
      'body.operations.0.width',
      'body.operations.0.height',
    ]);
    expect(locs(expectStatus(await transform({ operations: [{ type: 'flop' }, { type: 'overlay', asset_id: font.id }] }), 422).body)).toEqual([
      'body.operations.1.asset_id',
    ]);
    expect(locs(expectStatus(await transform({ operations: [{ type: 'text', text: 'x', font_asset_id: logo.id }] }), 422).body)).toEqual([
      'body.operations.0.font_asset_id',
    ]);
    // Request fields.
    const bad = expectStatus(await transform({ operations: [], output_format: 'bmp', quality: 0, background: 'white', filename: 5 }), 422);
    expect([...new Set(locs(bad.body))].sort()).toEqual(['body.background', 'body.filename', 'body.operations', 'body.output_format', 'body.quality']);
    expect(locs(expectStatus(await transform({ operations: Array.from({ length: 25 }, () => ({ type: 'flip' })) }), 422).body)).toEqual(['body.operations']);
    expect(expectStatus(await transform({}), 422).body.detail).toEqual([{ loc: ['body', 'operations'], msg: 'Field required', type: 'missing' }]);
    expect(locs(expectStatus(await transform({ operations: 'flip' }), 422).body)).toContain('body.operations');
    const items = expectStatus(await transform({ operations: [1, 'x', null, [], { type: 'flip' }, { type: ['flip'] }] }), 422);
    expect([...new Set(locs(items.body))]).toEqual([0, 1, 2, 3, 5].map((i) => `body.operations.${i}.type`));
    // Only images transform.
    expect(locs(expectStatus(await transform({ operations: [{ type: 'flip' }] }, audio.id), 422).body)).toEqual(['path.asset_id']);
    expect(await c.blobKeys()).toEqual(before);
  });

  it('refuses an operation that would make an image over the pixel limit, before making it', async () => {
    const res = expectStatus(await transform({ operations: [{ type: 'resize', width: 16000, height: 16000, fit: 'fill' }] }), 422);
    expect(res.body.detail).toEqual([{ loc: ['body', 'operations', 0], msg: expect.stringContaining('16000 x 16000'), type: 'image_too_large' }]);
    const grown = expectStatus(
      await transform({
        operations: [
          { type: 'resize', width: 8000 },
          { type: 'extend', top: 4096, bottom: 4096 },
        ],
      }),
      422,
    );
    expect(grown.body.detail[0]).toMatchObject({ loc: ['body', 'operations', 1], type: 'image_too_large' });
  });

  it('replays a transform with the same idempotency_key', async () => {
    const body = { operations: [{ type: 'grayscale' }], idempotency_key: `gray-${backend}` };
    const first = expectStatus(await transform(body), 200);
    const again = expectStatus(await transform(body), 200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(expectStatus(await transform({ ...body, operations: [{ type: 'negate' }] }), 409).body.code).toBe('idempotency_key_reused');
  });

  it('rasterizes SVG sources without reading files beside them', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100"><rect width="200" height="100" fill="#ffffff"/><image href="secret.png" xlink:href="secret.png" width="200" height="100"/></svg>',
    );
    const asset = await upload(svg, 'ref.svg');
    if (backend === 'local') {
      // A file where librsvg would look for "secret.png" if it read the SVG from its blob path.
      const red = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer();
      writeFileSync(join(c.t.config.storage.localDir, 'accounts', alice.accountId, 'assets', 'secret.png'), red);
    }
    const res = expectStatus(await transform({ operations: [{ type: 'resize', width: 100 }] }, asset.id), 200);
    expect(res.body).toMatchObject({ width: 100, height: 50, format: 'png', source_asset_id: asset.id });
    const [r, g, b] = await meanOf(await content(res.body.id));
    expect([r, g, b]).toEqual([255, 255, 255]);
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { publicOnlyLookup } from '@platform/outbound';
import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { sampleIr } from '../../__tests__/helpers';
import { AssetsService } from '../../assets/assets.service';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { UrlSigner } from '../../storage/url-signer.service';
import { THUMBNAIL_MAX_BYTES } from '../tool-results';

/* eslint-disable @typescript-eslint/no-explicit-any -- tool results are untyped JSON */
type Json = any;
type Result = CallToolResult & { structuredContent?: Record<string, Json> };

/**
 * The agent sees its assets (issue 38 item 5): upload_asset takes a `url` fetched through the platform's SSRF-guarded
 * GET, and every visual result (assets, transforms, artifacts, signed URLs) carries a small image and a signed link
 * that works without the API key. URLs are served by a local server that the test's DNS calls `public.test`; every
 * other name goes through the platform's real guard, so loopback and private addresses stay refused.
 */
describe('creative MCP: assets an agent can see', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let client: Client;
  let bobClient: Client;
  let source: Server;
  let base: string;
  let photo: Buffer;
  let noisy: Buffer;
  const routes: Record<string, (res: ServerResponse) => void> = {};

  const connect = async (key: string) => {
    const c = new Client({ name: 'creative-mcp-assets-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': key } } }));
    return c;
  };
  const call = async (name: string, args: Record<string, unknown>, c = client) => (await c.callTool({ name, arguments: args })) as Result;
  const ok = async (name: string, args: Record<string, unknown>, c = client) => {
    const res = await call(name, args, c);
    expect(res.isError, `${name}: ${JSON.stringify(res.content).slice(0, 600)}`).toBeFalsy();
    return res;
  };
  const fails = async (name: string, args: Record<string, unknown>, c = client) => {
    const res = await call(name, args, c);
    expect(res.isError, `${name}: ${JSON.stringify(res.content).slice(0, 600)}`).toBe(true);
    return res;
  };
  const images = (r: Result) => r.content.filter((c) => c.type === 'image') as { data: string; mimeType: string }[];
  const links = (r: Result) => r.content.filter((c) => c.type === 'resource_link') as { uri: string; mimeType?: string; name: string }[];
  /** A signed URL on this test server (PUBLIC_BASE_URL is not the test port). */
  const local = (url: string) => {
    const u = new URL(url);
    return `${t.url}${u.pathname}${u.search}`;
  };
  const port = () => (source.address() as AddressInfo).port;
  const countAssets = async (who: TestAccount) =>
    Number((await t.app.get(DataSource).query('SELECT count(*) FROM creative.assets WHERE account_id = $1', [who.accountId]))[0].count);
  /** Checks the picture of a result: PNG or JPEG, longest side at most 512 px, small. */
  const checkPicture = async (image: { data: string; mimeType: string }) => {
    expect(['image/png', 'image/jpeg']).toContain(image.mimeType);
    const bytes = Buffer.from(image.data, 'base64');
    expect(bytes.length).toBeLessThanOrEqual(THUMBNAIL_MAX_BYTES);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe(image.mimeType === 'image/png' ? 'png' : 'jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    return meta;
  };

  beforeAll(async () => {
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0B1F3A' } })
      .png()
      .toBuffer();
    // Noise does not compress: a 512 px PNG of it is far over 200 KB, so the picture must be a JPEG.
    noisy = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const big = Buffer.alloc(5 * 1024 * 1024, 1);
    Object.assign(routes, {
      '/photo.png': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end(photo),
      '/noisy.jpg': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(noisy),
      '/to-loopback': (res: ServerResponse) => res.writeHead(302, { location: `http://127.0.0.1:${port()}/photo.png` }).end(),
      '/big': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'image/png' }).end(big),
      '/page.html': (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>'),
    });
    source = createServer((req, res) => (routes[req.url ?? '/'] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res));
    await new Promise<void>((r) => source.listen(0, '127.0.0.1', () => r()));
    base = `http://public.test:${port()}`;

    t = await createTestApp(creativeService, { env: { ASSET_UPLOAD_LIMIT: '4mb', ASSET_IMPORT_TIMEOUT_MS: '5000' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
    // DNS played for the test: public.test reaches the local source; any other name meets the platform's real guard.
    const guard: LookupFunction = (host, options, cb) => {
      if (host === 'public.test')
        return (options as { all?: boolean }).all
          ? (cb as unknown as (e: null, a: unknown[]) => void)(null, [{ address: '127.0.0.1', family: 4 }])
          : cb(null, '127.0.0.1', 4);
      return publicOnlyLookup(host, options, cb);
    };
    t.app.get(AssetsService).importLookup = guard;
    client = await connect(alice.key);
    bobClient = await connect(bob.key);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await bobClient?.close();
    await t?.close();
    source?.closeAllConnections();
    await new Promise((r) => source?.close(r));
  });

  it('uploads from a URL: the asset, a picture of it and a signed link that reads it without the key', async () => {
    const res = await ok('upload_asset', { url: `${base}/photo.png` });
    expect(res.structuredContent).toMatchObject({ kind: 'image', width: 40, height: 30, bytes: photo.length, filename: 'photo.png' });
    const [image] = images(res);
    const meta = await checkPicture(image);
    expect([meta.width, meta.height]).toEqual([40, 30]);
    const [link] = links(res);
    expect(link).toMatchObject({ mimeType: 'image/png', uri: expect.stringContaining(`/v1/assets/${res.structuredContent!.id}/signed-content?`) });
    const full = await fetch(local(link.uri));
    expect(full.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await full.arrayBuffer()), photo)).toBe(0);
  });

  it('refuses private addresses (given or reached by a redirect), non-http URLs, oversized bodies and non-images, storing nothing', async () => {
    const before = await countAssets(alice);
    for (const url of [`http://127.0.0.1:${port()}/photo.png`, `http://localhost:${port()}/photo.png`, `${base}/to-loopback`, 'http://169.254.169.254/']) {
      const res = await fails('upload_asset', { url });
      expect(res.structuredContent).toMatchObject({ status: 422 });
      expect(res.structuredContent!.detail[0]).toMatchObject({ type: 'url_not_fetched', loc: expect.arrayContaining(['url']) });
      expect(res.structuredContent!.detail[0].msg).toMatch(/private, loopback or link-local/);
    }
    expect((await fails('upload_asset', { url: 'file:///etc/passwd' })).structuredContent!.detail[0].loc).toContain('url');
    expect((await fails('upload_asset', { url: `${base}/big` })).structuredContent).toMatchObject({ status: 413, code: 'payload_too_large' });
    expect((await fails('upload_asset', { url: `${base}/page.html` })).structuredContent!.detail[0]).toMatchObject({ type: 'unsupported_file' });
    expect(await countAssets(alice)).toBe(before);
  });

  it('shows a large photo as a JPEG of at most 512 px and 200 KB, and shows audio as a link only', async () => {
    const res = await ok('upload_asset', { url: `${base}/noisy.jpg` });
    expect(res.structuredContent).toMatchObject({ width: 1600, height: 1200 });
    const again = await ok('get_asset', { asset_id: res.structuredContent!.id });
    for (const r of [res, again]) {
      expect(images(r)).toHaveLength(1);
      expect(images(r)[0].mimeType).toBe('image/jpeg');
      const meta = await checkPicture(images(r)[0]);
      expect([meta.width, meta.height]).toEqual([512, 384]);
    }
    const { tone } = await import('../../videos/__tests__/video-fixtures');
    const audio = await ok('upload_audio', { content_base64: tone(1).toString('base64'), filename: 'tone.wav' });
    expect(images(audio)).toHaveLength(0);
    expect(links(audio)).toHaveLength(1);
    expect((await fetch(local(links(audio)[0].uri))).status).toBe(200);
  });

  it('gives a picture and a signed link with transforms, asset lists, artifacts and signed URLs', async () => {
    const asset = (await ok('upload_asset', { content_base64: photo.toString('base64'), filename: 'navy.png' })).structuredContent!;
    const transformed = await ok('transform_asset', { asset_id: asset.id, operations: [{ type: 'resize', width: 20 }] });
    expect(images(transformed)).toHaveLength(1);
    expect((await checkPicture(images(transformed)[0])).width).toBe(20);
    expect(links(transformed)[0].uri).toContain(`/v1/assets/${transformed.structuredContent!.id}/signed-content?`);

    const listed = await ok('list_assets', { kind: 'image' });
    expect(images(listed).length).toBeGreaterThanOrEqual(1);
    expect(images(listed).length).toBeLessThanOrEqual(4);
    expect(links(listed).map((l) => l.uri)).toEqual(expect.arrayContaining([expect.stringContaining(asset.id)]));

    const design = (await ok('create_design', { ir: sampleIr(), title: 'Seen', render: { format: 'png' } })).structuredContent!;
    const rendered = (await ok('render_design', { design_id: design.id, format: 'jpeg' })).structuredContent!;
    const artifact = await ok('get_artifact', { artifact_id: rendered.artifact.id });
    expect(images(artifact)).toHaveLength(1);
    await checkPicture(images(artifact)[0]);
    const link = links(artifact)[0];
    expect(link.uri).toContain(`/v1/artifacts/${rendered.artifact.id}/signed-content?`);
    expect((await fetch(local(link.uri))).headers.get('content-type')).toContain('image/jpeg');
    const signed = await ok('get_artifact_signed_url', { artifact_id: rendered.artifact.id, ttl: 120 });
    expect(images(signed)).toHaveLength(1);
    expect(links(signed)[0].uri).toBe(signed.structuredContent!.url);
    const artifacts = await ok('list_artifacts', { design_id: design.id });
    expect(images(artifacts).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses a signed asset link that is changed, names another asset, is an artifact signature, or has expired', async () => {
    const a = await ok('upload_asset', { content_base64: photo.toString('base64'), filename: 'a.png' });
    const b = (await ok('upload_asset', { url: `${base}/noisy.jpg` })).structuredContent!;
    const url = new URL(local(links(a)[0].uri));
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const at = (id: string, exp: string, sig: string) => fetch(`${t.url}/v1/assets/${id}/signed-content?expires=${exp}&signature=${sig}`);
    const code = async (res: Response) => [res.status, ((await res.json()) as Json).code];
    expect((await at(a.structuredContent!.id, expires, signature)).status).toBe(200);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(await code(await at(a.structuredContent!.id, expires, flipped))).toEqual([403, 'signature_invalid']);
    expect(await code(await at(a.structuredContent!.id, String(Number(expires) + 60), signature))).toEqual([403, 'signature_invalid']);
    expect(await code(await at(b.id, expires, signature))).toEqual([403, 'signature_invalid']);
    const signer = t.app.get(UrlSigner);
    // An artifact's signature (the bare id) does not open the asset of that id.
    const bare = await signer.sign(a.structuredContent!.id, Number(expires));
    expect(await code(await at(a.structuredContent!.id, expires, bare))).toEqual([403, 'signature_invalid']);
    const past = Math.floor(Date.now() / 1000) - 5;
    const expired = await signer.sign(`asset:${a.structuredContent!.id}`, past);
    expect(await code(await at(a.structuredContent!.id, String(past), expired))).toEqual([403, 'signature_expired']);
    // No key needed, but the key-protected route still wants one.
    expect((await fetch(`${t.url}/v1/assets/${a.structuredContent!.id}/content`)).status).toBe(401);
  });

  it('answers a brief image given as a web address with a 422 that says to import it as an asset first, and takes the asset', async () => {
    const brief = { title: 'Lake cabin', image: `${base}/photo.png` };
    const refused = await fails('create_design', { brief, template: 'story' });
    expect(refused.structuredContent).toMatchObject({ status: 422 });
    const [detail] = refused.structuredContent!.detail;
    expect(detail.loc.slice(-2)).toEqual(['brief', 'image']);
    expect(detail.msg).toMatch(/web address is not fetched here.*upload_asset with `url`.*asset:<id>/);
    const node = await fails('create_design', {
      ir: { ...sampleIr(), root: { type: 'frame', id: 'root', children: [{ type: 'image', src: 'https://example.com/a.png', width: 10, height: 10 }] } },
    });
    expect(node.structuredContent!.detail[0].msg).toMatch(/import it first as an asset/);
    // What the message says works.
    const asset = (await ok('upload_asset', { url: brief.image })).structuredContent!;
    const design = await ok('create_design', { brief: { ...brief, image: `asset:${asset.id}` }, template: 'story' });
    expect(JSON.stringify(design.structuredContent!.ir)).toContain(`asset:${asset.id}`);
  });

  it("refuses another account's asset: not found, with no picture and no link", async () => {
    const mine = (await ok('upload_asset', { content_base64: photo.toString('base64'), filename: 'private.png' })).structuredContent!;
    for (const [tool, args] of [
      ['get_asset', { asset_id: mine.id }],
      ['transform_asset', { asset_id: mine.id, operations: [{ type: 'resize', width: 10 }] }],
    ] as const) {
      const res = await fails(tool, args, bobClient);
      expect(res.structuredContent).toMatchObject({ status: 404, code: 'not_found' });
      expect(images(res)).toHaveLength(0);
      expect(links(res)).toHaveLength(0);
    }
    const theirs = await ok('list_assets', {}, bobClient);
    expect(JSON.stringify(theirs.content)).not.toContain(mine.id);
  });
});

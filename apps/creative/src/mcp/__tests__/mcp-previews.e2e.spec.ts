import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { PreviewLinks } from '../../previews/preview-links.service';
import { PreviewSweep } from '../../previews/preview-sweep.service';
import { creativeService } from '../../service';
import { BlobStore } from '../../storage/blob-store';
import { UrlSigner } from '../../storage/url-signer.service';

/* eslint-disable @typescript-eslint/no-explicit-any -- tool results are untyped JSON */
type Json = any;
type Result = CallToolResult & { structuredContent?: Record<string, Json> };

/** Links of this app live LIFETIME seconds (SIGNED_URL_TTL_MAX bounds the hour MCP links get). */
const LIFETIME = 6;

/**
 * Previews an agent can open (issue 38 item 5): preview_design and get_template_preview answer a picture and a signed
 * link to the full preview, stored for the link's lifetime, refused when changed, expired or signed for another kind,
 * removed by the sweep once expired and by the per-account cap; no API key reads a preview.
 */
describe('creative MCP: preview links', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let client: Client;

  const connect = async (key: string) => {
    const c = new Client({ name: 'creative-mcp-previews-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': key } } }));
    return c;
  };
  const ok = async (name: string, args: Record<string, unknown>) => {
    const res = (await client.callTool({ name, arguments: args })) as Result;
    expect(res.isError, `${name}: ${JSON.stringify(res.content).slice(0, 600)}`).toBeFalsy();
    return res;
  };
  const images = (r: Result) => r.content.filter((c) => c.type === 'image') as { data: string; mimeType: string }[];
  const links = (r: Result) => r.content.filter((c) => c.type === 'resource_link') as { uri: string; mimeType?: string; name: string; size?: number }[];
  /** A signed URL on this test server (PUBLIC_BASE_URL is not the test port). */
  const local = (url: string) => {
    const u = new URL(url);
    return `${t.url}${u.pathname}${u.search}`;
  };
  const parts = (url: string) => {
    const u = new URL(url);
    return { id: u.pathname.split('/')[3], expires: u.searchParams.get('expires')!, signature: u.searchParams.get('signature')! };
  };
  const at = (id: string, expires: string | number, signature: string, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/v1/previews/${id}/signed-content?expires=${expires}&signature=${signature}`, { headers });
  const code = async (res: Response) => [res.status, ((await res.json()) as Json).code];
  const stored = async () => {
    const keys: string[] = [];
    for await (const b of t.app.get(BlobStore).list('previews/')) keys.push(b.key);
    return keys;
  };
  const preview = () => ok('get_template_preview', { template_id: 'square-post', width: 64 });

  beforeAll(async () => {
    t = await createTestApp(creativeService, {
      env: { SIGNED_URL_TTL_MIN: '1', SIGNED_URL_TTL_MAX: String(LIFETIME), PREVIEW_LINKS_PER_ACCOUNT: '3', PREVIEW_SWEEP_INTERVAL_MS: '0' },
    });
    alice = await t.account('alice');
    bob = await t.account('bob');
    client = await connect(alice.key);
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('answers preview_design and get_template_preview with a picture and a link that reads the full PNG without a key', async () => {
    const design = (await ok('create_design', { ir: sampleIr(), title: 'Previewed' })).structuredContent!;
    const look = await ok('preview_design', { design_id: design.id, width: 640 });
    const template = await ok('get_template_preview', { template_id: 'square-post', width: 300 });
    for (const [res, width] of [
      [look, 640],
      [template, 300],
    ] as const) {
      expect(images(res)).toHaveLength(1);
      expect((await sharp(Buffer.from(images(res)[0].data, 'base64')).metadata()).width).toBe(Math.min(width, 512));
      const [link] = links(res);
      expect(link).toMatchObject({
        mimeType: 'image/png',
        uri: expect.stringMatching(/\/v1\/previews\/prv_[0-9a-f_]+\/signed-content\?expires=\d+&signature=[0-9a-f]{64}$/),
      });
      expect(res.structuredContent).toMatchObject({ mime: 'image/png', url: link.uri, bytes: link.size });
      const full = await fetch(local(link.uri));
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await full.arrayBuffer());
      expect(bytes.length).toBe(link.size);
      expect((await sharp(bytes).metadata()).width).toBe(width);
    }
  });

  it('refuses a changed link, an expired one and a signature made for an artifact or an asset', async () => {
    const { id, expires, signature } = parts(links(await preview())[0].uri);
    expect((await at(id, expires, signature)).status).toBe(200);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(await code(await at(id, expires, flipped))).toEqual([403, 'signature_invalid']);
    expect(await code(await at(id, Number(expires) + 60, signature))).toEqual([403, 'signature_invalid']);
    const signer = t.app.get(UrlSigner);
    const past = Math.floor(Date.now() / 1000) - 10;
    expect(await code(await at(id, past, await signer.sign(`preview:${id}`, past)))).toEqual([403, 'signature_expired']);
    // The same id and expiry signed as an artifact (its bare id) or an asset (`asset:<id>`): not a preview's signature.
    for (const subject of [id, `asset:${id}`])
      expect(await code(await at(id, expires, await signer.sign(subject, Number(expires))))).toEqual([403, 'signature_invalid']);
    // …and a preview's signature does not open an artifact or an asset of that name.
    for (const kind of ['artifacts', 'assets'])
      expect((await fetch(`${t.url}/v1/${kind}/${id}/signed-content?expires=${expires}&signature=${signature}`)).status).toBe(403);
  });

  it('reads a preview through its link only: no API key (its owner’s or another account’s) opens it by id', async () => {
    const { id, expires } = parts(links(await preview())[0].uri);
    for (const key of [bob.key, alice.key]) {
      const headers = { 'x-api-key': key };
      expect((await fetch(`${t.url}/v1/previews/${id}`, { headers })).status).toBe(404);
      expect((await fetch(`${t.url}/v1/previews/${id}/signed-content`, { headers })).status).toBe(422);
      expect(await code(await at(id, expires, '0'.repeat(64), headers))).toEqual([403, 'signature_invalid']);
    }
  });

  it('keeps PREVIEW_LINKS_PER_ACCOUNT previews per account: a newer one removes the oldest', async () => {
    const mine = async () => (await stored()).filter((k) => k.startsWith(`previews/${parts(first).id.split('_')[1]}/`));
    const first = links(await preview())[0].uri;
    const rest = [];
    for (let i = 0; i < 3; i++) rest.push(links(await preview())[0].uri);
    expect(await mine()).toHaveLength(3);
    expect(await code(await fetch(local(first)))).toEqual([404, 'not_found']);
    for (const uri of rest) expect((await fetch(local(uri))).status).toBe(200);
  });

  it("shows and links the brand kit's logo (an asset the kit names by id only)", async () => {
    const logo = await sharp({ create: { width: 48, height: 48, channels: 4, background: '#ff6600' } })
      .png()
      .toBuffer();
    const asset = (await ok('upload_asset', { content_base64: logo.toString('base64'), filename: 'logo.png' })).structuredContent!;
    for (const res of [await ok('put_brand_kit', { name: 'Acme', logo_asset_id: asset.id }), await ok('get_brand_kit', {})]) {
      expect(res.structuredContent).toMatchObject({ logo_asset_id: asset.id });
      expect(images(res)).toHaveLength(1);
      const [link] = links(res);
      expect(link).toMatchObject({ mimeType: 'image/png', name: 'logo.png', uri: expect.stringContaining(`/v1/assets/${asset.id}/signed-content?`) });
      const full = await fetch(local(link.uri));
      expect(full.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await full.arrayBuffer()), logo)).toBe(0);
    }
    expect(links(await ok('update_brand_kit', { clear: ['logo_asset_id'] }))).toEqual([]);
  });

  it('removes a preview once its link has expired, in a sweep that may run twice (as replicas would)', async () => {
    const sweep = t.app.get(PreviewSweep);
    const uri = links(await preview())[0].uri;
    const key = (() => {
      const { id } = parts(uri);
      const [, shard, expires, random] = id.split('_');
      return `previews/${shard}/${expires}-${random}`;
    })();
    expect((await sweep.sweep()).removed).not.toContain(key);
    expect(await stored()).toContain(key);
    await new Promise((r) => setTimeout(r, (LIFETIME + 1.2) * 1000));
    expect(await code(await fetch(local(uri)))).toEqual([403, 'signature_expired']);
    expect(await stored()).toContain(key);
    // Two replicas sweeping at once: both succeed, the file goes once.
    const [a, b] = await Promise.all([sweep.sweep(), t.app.get(PreviewLinks).sweep()]);
    expect([...a.removed, ...b.removed]).toContain(key);
    expect(await stored()).not.toContain(key);
    expect((await sweep.sweep()).removed).toEqual([]);
  }, 30_000);
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, binary, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

interface Signed {
  url: string;
  expires_at: string;
  ttl: number;
}

/**
 * Issue 34: an idempotent replay handed back the stored answer's signed URL, which expires (an hour for renders)
 * long before the replay window (24 hours) ends. A replay now signs the same artifact again, from now.
 */
describe('creative idempotent replays re-sign their signed URLs', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let mcp: Client;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    mcp = new Client({ name: 'replay-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
  }, 60_000);
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  /** Signatures are per second of expiry: a replay a second later must carry a later one. */
  const aSecond = () => new Promise((r) => setTimeout(r, 1100));

  const bytes = async (url: string) => {
    const u = new URL(url);
    return expectStatus(await t.http.get(`${u.pathname}${u.search}`).buffer(true).parse(binary), 200).body as Buffer;
  };

  /** The replay reads the same artifact through a new URL that expires later, with the same ttl; both URLs read the same bytes. */
  async function expectResigned(first: { artifact: { id: string }; signed_url: Signed }, replay: { artifact: { id: string }; signed_url: Signed }) {
    expect(replay.artifact.id).toBe(first.artifact.id);
    expect(replay.signed_url.ttl).toBe(first.signed_url.ttl);
    expect(replay.signed_url.url).not.toBe(first.signed_url.url);
    expect(Date.parse(replay.signed_url.expires_at)).toBeGreaterThan(Date.parse(first.signed_url.expires_at));
    expect(new URL(replay.signed_url.url).searchParams.get('expires')).toBe(String(Date.parse(replay.signed_url.expires_at) / 1000));
    expect((await bytes(replay.signed_url.url)).equals(await bytes(first.signed_url.url))).toBe(true);
  }

  it('a design render (Idempotency-Key header)', async () => {
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    const render = () => as(t.http.post(`/v1/designs/${design.id}/render`).set('Idempotency-Key', 'replay-render-1').send({ format: 'png' }), alice);
    const first = expectStatus(await render(), 200);
    await aSecond();
    const again = expectStatus(await render(), 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await expectResigned(first.body, again.body);
    // Everything else is the stored answer.
    const { signed_url: _a, ...rest } = again.body;
    const { signed_url: _b, ...stored } = first.body;
    expect(rest).toEqual(stored);
  });

  it('a design created with `render` (the render nested in the answer)', async () => {
    const body = { ir: sampleIr(), render: { format: 'jpeg', width: 100 }, idempotency_key: 'replay-create-1' };
    const first = expectStatus(await as(t.http.post('/v1/designs').send(body), alice), 200).body;
    await aSecond();
    const again = expectStatus(await as(t.http.post('/v1/designs').send(body), alice), 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.id);
    await expectResigned(first.render, again.body.render);
  });

  it('a procedural render and a generation (idempotency_key in the body)', async () => {
    const proc = { style: 'grain', width: 64, height: 64, idempotency_key: 'replay-proc-1' };
    const first = expectStatus(await as(t.http.post('/v1/procedural/render').send(proc), alice), 200).body;
    const gen = { prompt: 'a quiet lake', width: 64, height: 64, idempotency_key: 'replay-gen-1' };
    const generated = expectStatus(await as(t.http.post('/v1/generations').send(gen), alice), 200).body;
    await aSecond();
    const again = expectStatus(await as(t.http.post('/v1/procedural/render').send(proc), alice), 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    await expectResigned(first, again.body);
    const regenerated = expectStatus(await as(t.http.post('/v1/generations').send(gen), alice), 200);
    expect(regenerated.headers['idempotent-replayed']).toBe('true');
    expect(regenerated.body.id).toBe(generated.id);
    await expectResigned(generated, regenerated.body);
  });

  it('keeps the stored answer when the artifact was deleted since', async () => {
    const proc = { style: 'noise', width: 32, height: 32, idempotency_key: 'replay-deleted-1' };
    const first = expectStatus(await as(t.http.post('/v1/procedural/render').send(proc), alice), 200).body;
    expectStatus(await as(t.http.delete(`/v1/artifacts/${first.artifact.id}`), alice), 200);
    const again = expectStatus(await as(t.http.post('/v1/procedural/render').send(proc), alice), 200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first);
  });

  it('an MCP tool call replayed with its idempotency_key', async () => {
    const call = async () =>
      (
        (await mcp.callTool({
          name: 'render_procedural',
          arguments: { style: 'mesh', width: 48, height: 48, idempotency_key: 'replay-mcp-1' },
        })) as CallToolResult & {
          structuredContent: { artifact: { id: string }; signed_url: Signed };
        }
      ).structuredContent;
    const first = await call();
    await aSecond();
    await expectResigned(first, await call());
  });
});

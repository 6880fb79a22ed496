import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/* eslint-disable @typescript-eslint/no-explicit-any -- tool results and JSON-RPC bodies are untyped JSON */
type Json = any;
type Result = CallToolResult & { structuredContent?: Record<string, Json> };

describe('creative MCP endpoint', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let client: Client;
  let bobClient: Client;
  const called = new Set<string>();

  const connect = async (headers: Record<string, string>) => {
    const c = new Client({ name: 'creative-mcp-test', version: '1.0.0' });
    // Every toolset (the default is a smaller catalogue: see mcp-tools.e2e.spec.ts).
    await c.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers } }));
    return c;
  };
  /** Calls a tool and expects success; records that the tool's success path ran. */
  const ok = async (name: string, args: Record<string, unknown> = {}, c = client): Promise<Result> => {
    const res = (await c.callTool({ name, arguments: args })) as Result;
    expect(res.isError, `${name}: ${JSON.stringify(res.content).slice(0, 600)}`).toBeFalsy();
    called.add(name);
    return res;
  };
  const fails = async (name: string, args: Record<string, unknown>, c = client): Promise<Result> => {
    const res = (await c.callTool({ name, arguments: args })) as Result;
    expect(res.isError, JSON.stringify(res.content).slice(0, 600)).toBe(true);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    client = await connect({ 'x-api-key': alice.key });
    bobClient = await connect({ Authorization: `Bearer ${bob.key}` });
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await bobClient?.close();
    await t?.close();
  });

  it('lists every tool with a description and an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThanOrEqual(40);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.annotations, tool.name).toBeDefined();
    }
    const create = tools.find((x) => x.name === 'create_design')!;
    expect(Object.keys(create.inputSchema.properties!)).toEqual(expect.arrayContaining(['brief', 'ir', 'template', 'render', 'title', 'idempotency_key']));
    const patch = tools.find((x) => x.name === 'patch_node')!;
    expect(patch.inputSchema.required).toEqual(expect.arrayContaining(['design_id', 'node_id', 'patch']));
    expect(tools.find((x) => x.name === 'get_design')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((x) => x.name === 'delete_node')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  const brief = { title: 'Autumn blend', subtitle: 'Roasted for slow mornings', cta: 'Order now', eyebrow: 'New' };
  const png = (w: number, h: number, color: string) =>
    sharp({ create: { width: w, height: h, channels: 3, background: color } })
      .png()
      .toBuffer();
  const text = (r: Result) => (r.content.find((c) => c.type === 'text') as { text: string }).text;
  const images = (r: Result) => r.content.filter((c) => c.type === 'image') as { data: string; mimeType: string }[];
  const links = (r: Result) => r.content.filter((c) => c.type === 'resource_link') as { uri: string; mimeType?: string; name: string }[];
  const rest = (method: string, path: string, account: TestAccount, body?: unknown) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** A signed URL on this test server (PUBLIC_BASE_URL is not the test port). */
  const local = (url: string) => {
    const u = new URL(url);
    return `${t.url}${u.pathname}${u.search}`;
  };
  /** Polls get_job through MCP until the job has ended. */
  const finished = async (jobId: string, c = client) => {
    for (const end = Date.now() + 90_000; Date.now() < end;) {
      const job = (await ok('get_job', { job_id: jobId }, c)).structuredContent!;
      if (['succeeded', 'failed', 'cancelled'].includes(job.state))
        return { job, result: (await c.callTool({ name: 'get_job', arguments: { job_id: jobId } })) as Result };
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`job ${jobId} did not finish`);
  };

  it('answers 401 before any MCP processing: no credential, a wrong one, and the SDK client with a wrong key', async () => {
    const garbage = await fetch(`${t.url}/v1/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"not":"json-rpc"}' });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toMatchObject({ code: 'unauthorized' });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const wrong = await fetch(`${t.url}/v1/mcp`, { method: 'POST', headers: { ...headers, 'x-api-key': 'cr_wrong_key' }, body: JSON.stringify(init) });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('invalid_token');
    await expect(connect({ Authorization: 'Bearer cr_not_a_key' })).rejects.toThrow(/Invalid or revoked credential/);
    const right = await fetch(`${t.url}/v1/mcp`, { method: 'POST', headers: { ...headers, 'x-api-key': alice.key }, body: JSON.stringify(init) });
    expect(right.status).toBe(200);
    expect(right.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect(right.headers.get('mcp-session-id')).toBeNull();
    expect(((await right.json()) as Json).result.serverInfo.name).toBe('creative');
  });

  it('answers 405 to GET and DELETE (stateless), and 403 to a Host it does not serve', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${t.url}/v1/mcp`, { method, headers: { 'x-api-key': alice.key, accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
      expect(((await res.json()) as Json).error.code).toBe(-32000);
      expect((await fetch(`${t.url}/v1/mcp`, { method })).status).toBe(401);
    }
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${t.url}/v1/mcp`,
        {
          method: 'POST',
          headers: { host: 'evil.example:80', 'x-api-key': alice.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
  });

  it('returns validation errors as tool results with the REST message and loc, not as protocol errors', async () => {
    const bad = { ir: { ...sampleIr(), root: { ...sampleIr().root, children: [{ type: 'text', id: 't', text: 'x', color: 'not-a-color' }] } } };
    const viaRest = await rest('POST', '/v1/designs', alice, bad);
    expect(viaRest.status).toBe(422);
    const viaMcp = await fails('create_design', bad);
    expect(viaMcp.structuredContent).toMatchObject({ status: 422, code: 'validation_error' });
    expect(viaMcp.structuredContent!.detail).toEqual(((await viaRest.json()) as Json).detail);
    expect(viaMcp.structuredContent!.detail[0].loc.slice(0, 2)).toEqual(['body', 'ir']);
    expect(text(viaMcp)).toMatch(/^422 validation_error: body\.ir\./);

    const limit = await fails('list_designs', { limit: 0 });
    expect(limit.structuredContent!.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(['query.limit']);
    const missing = await fails('patch_node', { design_id: 'des_x', node_id: 'title' });
    expect(missing.structuredContent!.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toContain('body.patch');
    const unknownTool = await fails('no_such_tool', {});
    expect(unknownTool.structuredContent).toMatchObject({ status: 404, code: 'not_found' });
    // Nothing was stored by the failed calls.
    expect((await ok('list_designs', {})).structuredContent!.data.filter((d: { title: string }) => d.title === 'never')).toEqual([]);
  });

  it('takes If-Match as `if_match` on the tools that change a design: a stale revision is refused (412) and changes nothing', async () => {
    const { tools } = await client.listTools();
    for (const name of ['update_design', 'add_node', 'patch_node', 'delete_node', 'restore_revision']) {
      const schema = tools.find((x) => x.name === name)!.inputSchema as Json;
      expect(schema.properties.if_match?.anyOf, name).toEqual(expect.arrayContaining([{ type: 'string' }, { type: 'null' }]));
      expect(schema.properties.if_match.description, name).toMatch(/revision/);
    }
    expect((tools.find((x) => x.name === 'get_design')!.inputSchema as Json).properties.if_match).toBeUndefined();
    const design = (await ok('create_design', { ir: sampleIr(), title: 'guarded' })).structuredContent!;
    const moved = (await ok('update_design', { design_id: design.id, title: 'guarded 2', if_match: '"rev-1"' })).structuredContent!;
    expect(moved.revision).toBe(2);
    for (const [name, args] of [
      ['update_design', { title: 'lost update' }],
      ['patch_node', { node_id: 'title', patch: { text: 'lost update' } }],
      ['restore_revision', { revision: 1 }],
    ] as const) {
      const stale = await fails(name, { design_id: design.id, ...args, if_match: '"rev-1"' });
      expect(stale.structuredContent, name).toMatchObject({ status: 412, code: 'precondition_failed' });
    }
    const bad = await fails('update_design', { design_id: design.id, title: 'x', if_match: 'banana' });
    expect(bad.structuredContent!.detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual(['header.if_match']);
    const now = (await ok('get_design', { design_id: design.id })).structuredContent!;
    expect(now).toMatchObject({ revision: 2, title: 'guarded 2' });
    expect(
      (await ok('patch_node', { design_id: design.id, node_id: 'title', patch: { text: 'Fresh' }, if_match: '"rev-2"' })).structuredContent!.revision,
    ).toBe(3);
  });

  it("keeps tenants apart: another account's design is not found and stays unchanged", async () => {
    const design = (await ok('create_design', { ir: sampleIr(), title: 'alice only' })).structuredContent!;
    for (const [name, args] of [
      ['get_design', { design_id: design.id }],
      ['patch_node', { design_id: design.id, node_id: 'title', patch: { text: 'Bob was here' } }],
      ['render_design', { design_id: design.id }],
      ['animate_design', { design_id: design.id }],
    ] as const) {
      const res = await fails(name, args, bobClient);
      expect(res.structuredContent, name).toMatchObject({ status: 404, code: 'not_found' });
    }
    const mine = (await ok('get_design', { design_id: design.id })).structuredContent!;
    expect(mine.revision).toBe(1);
    expect((await ok('list_designs', {}, bobClient)).structuredContent!.data).toEqual([]);
  });

  it('runs an agent-like session: brief → design → node patch → render (image) → animate → poll the job → signed URL', async () => {
    const analysis = await ok('analyze_brief', { ...brief, template: 'square-post' });
    expect(analysis.structuredContent!.score).toEqual(expect.any(Number));
    const design = (await ok('create_design', { brief, template: 'square-post', title: 'Autumn' })).structuredContent!;
    const titleNode = JSON.stringify(design.ir).includes('"id":"title"') ? 'title' : (design.ir.root.children[0].id as string);
    const patched = await ok('patch_node', { design_id: design.id, node_id: titleNode, patch: { text: 'Autumn blend, now roasting' } });
    expect(patched.structuredContent!.revision).toBe(2);
    expect(JSON.stringify(patched.structuredContent!.ir)).toContain('Autumn blend, now roasting');

    const render = await ok('render_design', { design_id: design.id, format: 'png' });
    expect(render.structuredContent).toMatchObject({ design_id: design.id, revision: 2, format: 'png' });
    const [image] = images(render);
    expect(image.mimeType).toBe('image/png');
    const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    const [link] = links(render);
    expect(link.uri).toBe(render.structuredContent!.signed_url.url);
    const full = await fetch(local(link.uri));
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toContain('image/png');
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(render.structuredContent!.width);

    const queued = (await ok('animate_design', { design_id: design.id, duration: 1, fps: 6, width: 160, height: 160 })).structuredContent!;
    expect(queued).toMatchObject({ kind: 'animate', state: 'queued' });
    const { job, result } = await finished(queued.id);
    expect(job.state).toBe('succeeded');
    expect((await fails('get_job', { job_id: queued.id }, bobClient)).structuredContent).toMatchObject({ status: 404, code: 'not_found' });
    const video = links(result).find((l) => l.mimeType === 'video/mp4')!;
    expect(video.uri).toMatch(/signed-content/);
    const mp4 = await fetch(local(video.uri));
    expect(mp4.status).toBe(200);
    expect(
      Buffer.from(await mp4.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
  }, 120_000);

  it('replays a creating call with the same idempotency_key, like REST', async () => {
    const first = (await ok('create_design', { ir: sampleIr(), title: 'once', idempotency_key: 'mcp-once-1' })).structuredContent!;
    const again = (await ok('create_design', { ir: sampleIr(), title: 'once', idempotency_key: 'mcp-once-1' })).structuredContent!;
    expect(again.id).toBe(first.id);
    const reused = await fails('create_design', { ir: sampleIr(), title: 'other', idempotency_key: 'mcp-once-1' });
    expect(reused.structuredContent).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
  });

  it('shares idempotency keys with REST: a key used there replays here with the same body, and refuses another', async () => {
    const body = { ir: sampleIr(), title: 'both ways' };
    const rest = await fetch(`${t.url}/v1/designs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': alice.key, 'idempotency-key': 'mcp-shared-1' },
      body: JSON.stringify(body),
    });
    expect(rest.status).toBe(200);
    const viaRest = (await rest.json()) as Json;
    const viaMcp = (await ok('create_design', { ...body, idempotency_key: 'mcp-shared-1' })).structuredContent!;
    expect(viaMcp.id).toBe(viaRest.id);
    const other = await fails('create_design', { ...body, title: 'another', idempotency_key: 'mcp-shared-1' });
    expect(other.structuredContent).toMatchObject({ status: 409, code: 'idempotency_key_reused' });
  });

  it('uploads by base64 with the REST checks', async () => {
    const bad = await fails('upload_asset', { content_base64: '***' });
    expect(bad.structuredContent!.detail[0].loc).toEqual(['body', 'content_base64']);
    const notImage = await fails('upload_asset', { content_base64: Buffer.from('hello, not an image').toString('base64'), filename: 'x.png' });
    expect(notImage.structuredContent).toMatchObject({ status: 422, code: 'unsupported_file' });
    expect(notImage.structuredContent!.detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'unsupported_file' });
  });

  it('takes an upload larger than BODY_LIMIT (read after the credential check, up to the upload limit as base64), and answers 413 past that', async () => {
    // Noise does not compress: about 1.9 MB of PNG, 2.5 MB as base64, over the 1 MB BODY_LIMIT of every other route.
    const big = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'upload_asset', arguments: { content_base64: big.toString('base64'), filename: 'noise.png' } },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    // Without a credential the body is not read: 401, not 413.
    expect((await fetch(`${t.url}/v1/mcp`, { method: 'POST', headers, body })).status).toBe(401);
    // (POST /v1/designs has its own, larger DESIGN_BODY_LIMIT for bundles; any other JSON route keeps BODY_LIMIT.)
    const viaRest = await fetch(`${t.url}/v1/campaigns`, { method: 'POST', headers: { ...headers, 'x-api-key': alice.key }, body });
    expect(viaRest.status).toBe(413);
    const res = await fetch(`${t.url}/v1/mcp?tools=assets`, { method: 'POST', headers: { ...headers, 'x-api-key': alice.key }, body });
    expect(res.status).toBe(200);
    const result = ((await res.json()) as Json).result;
    expect(result.isError, JSON.stringify(result).slice(0, 400)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ kind: 'image', width: 800, height: 800, bytes: big.length });

    // MCP reads bodies up to the larger of the upload limit (as base64) and DESIGN_BODY_LIMIT: both small here.
    const small = await createTestApp(creativeService, { env: { ASSET_UPLOAD_LIMIT: '100kb', DESIGN_BODY_LIMIT: '100kb' } });
    try {
      const carol = await small.account('carol');
      const over = await fetch(`${small.url}/v1/mcp?tools=assets`, { method: 'POST', headers: { ...headers, 'x-api-key': carol.key }, body });
      expect(over.status).toBe(413);
      expect(await over.json()).toMatchObject({ code: 'payload_too_large' });
    } finally {
      await small.close();
    }
  }, 60_000);

  it('offers the goal-to-campaign prompt and the template and IR schema resources', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['goal_to_campaign']);
    const prompt = await client.getPrompt({
      name: 'goal_to_campaign',
      arguments: { goal: 'Launch the autumn blend', formats: 'instagram_post, instagram_story' },
    });
    const words = (prompt.messages[0].content as { text: string }).text;
    expect(words).toContain('Launch the autumn blend');
    expect(words).toContain('create_campaign');
    await expect(client.getPrompt({ name: 'goal_to_campaign', arguments: {} })).rejects.toThrow();
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['creative://catalogue/templates', 'creative://schemas/ir']));
    const templates = JSON.parse(((await client.readResource({ uri: 'creative://catalogue/templates' })).contents[0] as { text: string }).text);
    expect(templates.data.map((x: { id: string }) => x.id)).toContain('square-post');
    const ir = JSON.parse(((await client.readResource({ uri: 'creative://schemas/ir' })).contents[0] as { text: string }).text);
    expect(ir.definitions.CreativeIr).toBeDefined();
  });

  it("runs every tool's success path", async () => {
    // Catalogues
    expect((await ok('get_account')).structuredContent).toMatchObject({ account: { id: alice.accountId } });
    await ok('list_templates');
    const preview = await ok('get_template_preview', { template_id: 'square-post', width: 200 });
    expect(images(preview)).toHaveLength(1);
    await ok('list_fonts');
    await ok('list_procedural_styles');
    await ok('get_capabilities');
    await ok('list_image_providers');
    await ok('list_llm_providers');
    // Layout and procedural
    expect((await ok('materialize_layout', { ir: sampleIr() })).structuredContent).toBeDefined();
    const procedural = await ok('render_procedural', { style: 'mesh', width: 200, height: 200 });
    expect(images(procedural)).toHaveLength(1);
    expect(links(procedural)[0].uri).toBe(procedural.structuredContent!.signed_url.url);
    // Designs
    const design = (await ok('create_design', { ir: sampleIr(), title: 'Tour', render: { format: 'png' } })).structuredContent!;
    await ok('list_designs', { limit: 5 });
    await ok('update_design', { design_id: design.id, title: 'Tour 2' });
    await ok('add_node', { design_id: design.id, node: { type: 'text', id: 'note', text: 'Note', fontSize: 20, color: '#111111' } });
    await ok('patch_node', { design_id: design.id, node_id: 'note', patch: { text: 'Changed' } });
    await ok('delete_node', { design_id: design.id, node_id: 'note' });
    expect((await ok('list_revisions', { design_id: design.id })).structuredContent!.data).toHaveLength(5);
    expect((await ok('get_revision', { design_id: design.id, revision: 1 })).structuredContent!.revision).toBe(1);
    const diff = (await ok('diff_revisions', { design_id: design.id, from_revision: 3, to_revision: 4 })).structuredContent!;
    expect(JSON.stringify(diff.summary)).toContain('note');
    expect((await ok('restore_revision', { design_id: design.id, revision: 1 })).structuredContent!.revision).toBe(6);
    expect((await ok('duplicate_design', { design_id: design.id, title: 'Copy' })).structuredContent!.id).not.toBe(design.id);
    await ok('get_design_bundle', { design_id: design.id });
    const look = await ok('preview_design', { design_id: design.id, width: 240 });
    expect((await sharp(Buffer.from(images(look)[0].data, 'base64')).metadata()).width).toBe(240);
    const html = await ok('export_design_html', { design_id: design.id });
    expect(JSON.stringify(html.content)).toContain('<html');
    // Campaigns
    const campaign = await ok('create_campaign', {
      brief,
      formats: [
        { width: 200, height: 200 },
        { width: 200, height: 120 },
      ],
    });
    expect(images(campaign)).toHaveLength(2);
    await ok('get_campaign', { campaign_id: campaign.structuredContent!.id });
    // Assets, artifacts, brand kit
    const uploaded = (await ok('upload_asset', { content_base64: (await png(64, 48, '#f59e0b')).toString('base64'), filename: 'amber.png' }))
      .structuredContent!;
    expect(uploaded).toMatchObject({ kind: 'image', width: 64, height: 48, filename: 'amber.png' });
    const { tone } = await import('../../videos/__tests__/video-fixtures');
    expect((await ok('upload_audio', { content_base64: tone(1).toString('base64'), filename: 'tone.wav' })).structuredContent!.kind).toBe('audio');
    await ok('list_assets');
    await ok('get_asset', { asset_id: uploaded.id });
    expect((await ok('transform_asset', { asset_id: uploaded.id, operations: [{ type: 'resize', width: 32 }] })).structuredContent!.width).toBe(32);
    const artifactId = procedural.structuredContent!.artifact.id;
    await ok('get_artifact', { artifact_id: artifactId });
    expect((await ok('list_artifacts', { kind: 'procedural' })).structuredContent!.data.map((a: { id: string }) => a.id)).toContain(artifactId);
    expect((await ok('get_artifact_signed_url', { artifact_id: artifactId, ttl: 120 })).structuredContent!.ttl).toBe(120);
    // Generation, vision, planning, workflows
    const generated = await ok('generate_image', { prompt: 'a calm teal mountain lake at dawn', width: 256, height: 256, seed: 3 });
    expect(generated.structuredContent!.asset.kind).toBe('image');
    expect(images(generated)).toHaveLength(1);
    const fromImage = (await ok('brief_from_image', { asset_id: generated.structuredContent!.asset.id, goal: 'Promote the lake cabin', language: 'en' }))
      .structuredContent!;
    expect(fromImage.brief.title).toBeTruthy();
    const plan = (await ok('plan_brief', { goal: 'Launch the autumn blend with 20% off', language: 'en' })).structuredContent!;
    expect(plan.workflow.steps.length).toBeGreaterThan(0);
    const flow = (
      await ok('run_workflow', {
        steps: [
          { id: 'd', operation: 'design.create', params: { ir: sampleIr(), title: 'flow' } },
          { id: 'r', operation: 'design.render', params: { design_id: '$steps.d.design_id' } },
        ],
        outputs: ['r.artifact'],
      })
    ).structuredContent!;
    expect(flow).toMatchObject({ status: 'succeeded' });
    expect(flow.outputs['r.artifact'].mime).toBe('image/png');
    // Billing and usage: the estimate is what a render of that size is charged, and the summary counts what was done.
    const book = (await ok('get_price_book')).structuredContent!;
    expect(book.operations.map((o: { operation: string }) => o.operation)).toContain('render');
    const estimate = (await ok('estimate_cost', { operation: 'render', params: { width: 400, height: 300, format: 'png' } })).structuredContent!;
    expect(estimate).toMatchObject({ operation: 'render', credits: 1 });
    expect((await fails('estimate_cost', { operation: 'render', params: { width: 0 } })).structuredContent!.detail[0].loc).toEqual(['body', 'params', 'width']);
    expect((await ok('get_billing_plan')).structuredContent).toMatchObject({ plan: { id: 'free' } });
    const usage = (await ok('get_usage_summary', { days: 1 })).structuredContent!;
    expect(usage.by_operation.find((o: { operation: string }) => o.operation === 'render')?.events).toBeGreaterThanOrEqual(1);
    expect((await ok('get_account_metrics')).structuredContent!.renders.count).toBeGreaterThanOrEqual(1);
    await ok('put_brand_kit', { name: 'Acme', colors: ['#112233', '#ffcc00'] });
    expect((await ok('get_brand_kit')).structuredContent).toMatchObject({ name: 'Acme' });
    // Partial, as PATCH /v1/brand-kit: the colors stay. An unknown field, which REST names in `warnings`, is refused by the tool.
    expect(JSON.stringify((await fails('update_brand_kit', { tone: 'warm', nme: 'typo' })).content)).toMatch(/did you mean `name`/);
    const updated = (await ok('update_brand_kit', { tone: 'warm' })).structuredContent!;
    expect(updated).toMatchObject({ name: 'Acme', colors: ['#112233', '#ffcc00'], tone: 'warm' });
    // Jobs: small ones, cancelled (the session test runs one to the end)
    const scenes = await ok('create_video', { width: 64, height: 48, fps: 6, scenes: [{ design_id: design.id, duration: 1 }] });
    // Long enough to be cancelled before it ends (then retried, then cancelled again).
    const procVideo = await ok('create_procedural_video', { style: 'mesh', duration: 20, width: 320, height: 320 });
    await c_cancel(procVideo.structuredContent!.id);
    const full = await ok('create_campaign_video', { brief, formats: [{ width: 64, height: 64 }], video: { duration: 1, fps: 6 } });
    const anim = await ok('animate_design', { design_id: design.id, duration: 1, fps: 6, width: 64, height: 64 });
    expect((await ok('list_jobs', { limit: 10 })).structuredContent!.data.length).toBeGreaterThanOrEqual(4);
    for (const j of [scenes, full, anim]) {
      const job = j.structuredContent!;
      await c_cancel(job.id);
    }
    const retried = (await ok('retry_job', { job_id: procVideo.structuredContent!.id })).structuredContent!;
    expect(retried.state).toBe('queued');
    await c_cancel(retried.id);
    const doomed = (await ok('create_design', { ir: sampleIr(), title: 'Doomed', render: { format: 'png' } })).structuredContent!;
    expect((await ok('delete_design', { design_id: doomed.id })).structuredContent).toEqual({ id: doomed.id, deleted: true, artifacts_deleted: 1 });
    expect((await fails('delete_design', { design_id: doomed.id })).structuredContent).toMatchObject({ status: 404, code: 'not_found' });

    const { tools } = await client.listTools();
    expect([...called].sort()).toEqual(tools.map((x) => x.name).sort());
  }, 120_000);

  /** Cancels a job unless it has already ended (a tiny job may finish first). */
  async function c_cancel(jobId: string) {
    const res = (await client.callTool({ name: 'cancel_job', arguments: { job_id: jobId } })) as Result;
    if (res.isError) {
      expect(res.structuredContent).toMatchObject({ status: 409, code: 'job_finished' });
      const { job } = await finished(jobId);
      if (job.state === 'succeeded') return;
    } else called.add('cancel_job');
    await finished(jobId);
  }
});

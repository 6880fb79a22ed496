import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response, Test } from 'supertest';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { as, sampleIr } from './helpers';

/* eslint-disable @typescript-eslint/no-explicit-any -- error bodies and tool results are untyped JSON */
type Json = any;

/** The first-column names of the table under `### <heading>` of docs/creative.md's "Creative error codes and types". */
export function documented(heading: string): RegExp[] {
  const doc = readFileSync(join(__dirname, '../../../../docs/creative.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Creative error codes and types'));
  const start = section.indexOf(`### ${heading}`);
  expect(start).toBeGreaterThan(0);
  const next = section.indexOf('\n### ', start + 4);
  const names = [...section.slice(start, next < 0 ? undefined : next).matchAll(/^\| `([^`]+)`(?: \/ `([^`]+)`)? \|/gm)].flatMap((m) => [m[1], m[2]]);
  // `<provider>_error` stands for every provider's id.
  return names.filter(Boolean).map((n) => new RegExp(`^${n.replace('<provider>', '[a-z][a-z0-9_]*')}$`));
}

const ZOD_CODES = [
  'invalid_type',
  'too_small',
  'too_big',
  'invalid_string',
  'unrecognized_key',
  'unrecognized_keys',
  'custom',
  'invalid_union',
  'invalid_enum_value',
];

describe('creative: one vocabulary of error codes and types, documented in docs/creative.md', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let mcp: Client;
  const codes = documented('Codes');
  const types = documented('Types');
  /** Every error answer collected, by the request that got it. */
  const seen: { label: string; status: number; body: Json }[] = [];

  const record = (label: string, res: Response): Response => {
    if (res.status >= 400) seen.push({ label, status: res.status, body: res.body });
    return res;
  };
  const send = async (label: string, req: Test, who: TestAccount | null = alice) => record(label, await (who ? as(req, who) : req));

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    bob = await t.account('bob');
    mcp = new Client({ name: 'vocabulary-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  it('documents the codes and types it checks against', () => {
    expect(codes.length).toBeGreaterThan(30);
    expect(types.length).toBeGreaterThan(30);
    for (const name of ['not_found', 'validation_error', 'invalid_json', 'method_not_allowed']) expect(codes.some((c) => c.test(name))).toBe(true);
    for (const name of ['missing', 'string_type', 'extra_forbidden', 'enum']) expect(types.some((c) => c.test(name))).toBe(true);
    for (const zod of ZOD_CODES) expect(types.some((c) => c.test(zod))).toBe(false);
  });

  it('IR errors use the README types and messages, never zod codes or "Expected string, received number"', async () => {
    const ir = sampleIr();
    const bad = {
      ...ir,
      width: 'wide',
      extra_top: 1,
      root: { ...ir.root, children: [{ type: 'text', id: 't', text: 5 }, { type: 'rect', id: 'r', width: -5, height: 'x' }, { type: 'star' }] },
    };
    const res = expectStatus(await send('POST /v1/designs ir', t.http.post('/v1/designs').send({ ir: bad })), 422);
    const items: { loc: (string | number)[]; msg: string; type: string }[] = res.body.detail;
    const at = (loc: string) => items.find((i) => i.loc.join('.') === loc);
    expect(at('body.ir.width')).toEqual({ loc: ['body', 'ir', 'width'], msg: 'must be a number', type: 'number_type' });
    expect(at('body.ir.extra_top')).toMatchObject({ type: 'extra_forbidden', msg: 'unknown property' });
    expect(at('body.ir.root.children.0.text')).toMatchObject({ type: 'string_type', msg: 'must be a string' });
    expect(at('body.ir.root.children.2.type')).toMatchObject({ type: 'enum', msg: expect.stringMatching(/^unknown type; expected one of "frame"/) });
    for (const i of items) {
      expect(ZOD_CODES).not.toContain(i.type);
      expect(i.msg).not.toMatch(/Expected \w+, received/);
    }
    const missing = expectStatus(
      await send('POST /v1/designs ir without root', t.http.post('/v1/designs').send({ ir: { version: 1, width: 10, height: 10 } })),
      422,
    );
    expect(missing.body.detail).toContainEqual({ loc: ['body', 'ir', 'root'], msg: 'Field required', type: 'missing' });
    // The same through the render tool's library path and through MCP.
    const render = expectStatus(await send('POST /v1/layouts/materialize', t.http.post('/v1/layouts/materialize').send({ ir: { ...ir, height: null } })), 422);
    expect(render.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'ir', 'height'], type: 'null_not_allowed' }));
    const tool = (await mcp.callTool({ name: 'create_design', arguments: { ir: bad } })) as CallToolResult & { structuredContent?: Json };
    expect(tool.isError).toBe(true);
    expect(tool.structuredContent.detail).toEqual(items);
  });

  it('brief errors use the README types, and a format out of range says which side, once', async () => {
    const res = expectStatus(
      await send('POST /v1/designs brief', t.http.post('/v1/designs').send({ brief: { title: 5, items: 'x', images: Array(9).fill('asset:a') } })),
      422,
    );
    const byLoc = Object.fromEntries(res.body.detail.map((i: Json) => [i.loc.join('.'), i]));
    expect(byLoc['body.brief.title']).toMatchObject({ type: 'string_type', msg: 'must be a string' });
    expect(byLoc['body.brief.items']).toMatchObject({ type: 'list_type', msg: 'must be an array' });
    expect(byLoc['body.brief.images']).toMatchObject({ type: 'too_long', msg: 'must have at most 8 items' });

    const both = expectStatus(await send('brief format both sides', t.http.post('/v1/designs').send({ brief: { title: 'x', format: '9000x9000' } })), 422);
    expect(both.body.detail).toEqual([
      {
        loc: ['body', 'brief', 'format'],
        msg: expect.stringMatching(/^width 9000 and height 9000 are out of range: each side must be an integer from 1 to \d+$/),
        type: 'value_error',
      },
    ]);
    const one = expectStatus(await send('brief format one side', t.http.post('/v1/designs').send({ brief: { title: 'x', format: '1080x9000' } })), 422);
    expect(one.body.detail).toEqual([{ loc: ['body', 'brief', 'format'], msg: expect.stringMatching(/^height 9000 is out of range/), type: 'value_error' }]);
    const analyze = expectStatus(await send('POST /v1/briefs/analyze', t.http.post('/v1/briefs/analyze').send({ title: 7, brand: 'x' })), 422);
    expect(analyze.body.detail).toEqual([
      { loc: ['body', 'title'], msg: 'must be a string', type: 'string_type' },
      { loc: ['body', 'brand'], msg: 'must be an object', type: 'dict_type' },
    ]);
  });

  it('answers 404 not_found for every resource, naming it, in REST and MCP alike', async () => {
    const design = expectStatus(await send('create design', t.http.post('/v1/designs').send({ ir: sampleIr() })), 200).body;
    const missing: [string, Test, RegExp][] = [
      ['design', t.http.get('/v1/designs/dsg_nope'), /^Design dsg_nope not found/],
      ['revision', t.http.get(`/v1/designs/${design.id}/revisions/99`), /revision 99/i],
      ['node', t.http.delete(`/v1/designs/${design.id}/nodes/nope`), /^Node nope not found/],
      ['campaign', t.http.get('/v1/campaigns/cmp_nope'), /^Campaign cmp_nope not found/],
      ['asset', t.http.get('/v1/assets/ast_nope'), /^Asset not found/],
      ['artifact', t.http.get('/v1/artifacts/art_nope'), /^Artifact not found/],
      ['job', t.http.get('/v1/jobs/job_nope'), /^Job not found/],
      ['template', t.http.get('/v1/templates/nope/preview'), /^Template nope not found/],
      ['reservation', t.http.post('/v1/billing/reservations/res_nope/release'), /^Reservation not found/],
      ['another account’s design', as(t.http.get(`/v1/designs/${design.id}`), bob), /^Design .* not found/],
    ];
    for (const [what, req, message] of missing) {
      const res = await send(`404 ${what}`, req, what.startsWith('another') ? null : alice);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body, what).toEqual({ detail: expect.stringMatching(message), code: 'not_found' });
    }
    for (const [name, args] of [
      ['get_job', { job_id: 'job_nope' }],
      ['get_asset', { asset_id: 'ast_nope' }],
      ['get_artifact', { artifact_id: 'art_nope' }],
      ['no_such_tool', {}],
    ] as const) {
      const res = (await mcp.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: Json };
      expect(res.structuredContent, name).toMatchObject({ status: 404, code: 'not_found' });
      seen.push({ label: `MCP ${name}`, status: 404, body: res.structuredContent });
    }
  });

  it('answers 400 invalid_json as {detail, code} and nothing more', async () => {
    const res = await send('broken JSON', t.http.post('/v1/designs').set('content-type', 'application/json').send('{"ir":'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The request body is not valid JSON', code: 'invalid_json' });
  });

  it('refuses unknown query parameters on every list and filter endpoint, in REST and MCP', async () => {
    for (const path of [
      '/v1/billing/ledger?type=bogus',
      '/v1/billing/reservations?kind=x',
      '/v1/designs?query=x',
      '/v1/jobs?status=failed',
      '/v1/assets?type=image',
      '/v1/usage/events?op=x',
      '/v1/usage/summary?from=2020-01-01',
      '/v1/designs/dsg_x/revisions?since=1',
      '/v1/metrics?days=3',
      '/v1/templates?format=square',
    ]) {
      const res = await send(`GET ${path}`, t.http.get(path));
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(422);
      const name = new URL(path, 'http://x').searchParams.keys().next().value!;
      expect(res.body.detail).toEqual([
        { loc: ['query', name], msg: expect.stringMatching(/^Unknown query parameter: this endpoint takes/), type: 'extra_forbidden' },
      ]);
    }
    // Known filters still work, and the message lists them.
    expectStatus(await send('ledger limit', t.http.get('/v1/billing/ledger?limit=5')), 200);
    const ledger = await send('ledger type', t.http.get('/v1/billing/ledger?type=bogus'));
    expect(ledger.body.detail[0].msg).toBe('Unknown query parameter: this endpoint takes limit, cursor');
    // No credentials is still 401 first.
    expectStatus(await send('ledger without key', t.http.get('/v1/billing/ledger?type=bogus'), null), 401);
    const tool = (await mcp.callTool({ name: 'list_jobs', arguments: { status: 'failed' } })) as CallToolResult & { structuredContent?: Json };
    expect(tool.structuredContent).toMatchObject({ status: 422, detail: [{ loc: ['query', 'status'], type: 'extra_forbidden' }] });
    seen.push({ label: 'MCP list_jobs', status: 422, body: tool.structuredContent });
  });

  it('refuses callback_url "" (and blank) on every job-creating endpoint, creating nothing', async () => {
    const design = expectStatus(await send('create design', t.http.post('/v1/designs').send({ ir: sampleIr() })), 200).body;
    for (const [path, body] of [
      [`/v1/designs/${design.id}/animate`, { callback_url: '' }],
      ['/v1/videos', { scenes: [{ design_id: design.id }], callback_url: '   ' }],
      ['/v1/videos/procedural', { style: 'aurora', callback_url: '' }],
    ] as const) {
      const res = await send(`POST ${path}`, t.http.post(path).send(body));
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ['body', 'callback_url'], msg: expect.stringMatching(/must not be empty or blank/), type: 'missing' }]);
    }
    expect(expectStatus(await send('jobs', t.http.get('/v1/jobs')), 200).body.data).toEqual([]);
  });

  it('answers a wrong method on an existing path with 405 and Allow, an unknown path with 404', async () => {
    const post = await send('POST /v1/brand-kit', t.http.post('/v1/brand-kit').send({}));
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('DELETE, GET, HEAD, PATCH, PUT');
    expect(post.body).toEqual({ detail: 'POST is not allowed on /v1/brand-kit: it answers DELETE, GET, HEAD, PATCH, PUT', code: 'method_not_allowed' });
    const del = await send('DELETE /v1/designs', t.http.delete('/v1/designs'));
    expect(del.status).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD, POST');
    const put = await send('PUT /v1/jobs/{id}', t.http.put('/v1/jobs/job_x'));
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
    // Before authentication too: the method is wrong whoever asks.
    expect((await send('PATCH /v1/billing/ledger', t.http.patch('/v1/billing/ledger'), null)).status).toBe(405);
    const unknown = await send('GET /v1/nowhere', t.http.get('/v1/nowhere'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'No route for GET /v1/nowhere', code: 'not_found' });
  });

  it('says an asset kind as a person would ("an audio file", not "a audio")', async () => {
    const design = expectStatus(await send('create design', t.http.post('/v1/designs').send({ ir: sampleIr() })), 200).body;
    const wav = Buffer.alloc(44 + 8000);
    wav.write('RIFF', 0);
    wav.writeUInt32LE(36 + 8000, 4);
    wav.write('WAVEfmt ', 8);
    wav.writeUInt32LE(16, 16);
    wav.writeUInt16LE(1, 20);
    wav.writeUInt16LE(1, 22);
    wav.writeUInt32LE(8000, 24);
    wav.writeUInt32LE(8000, 28);
    wav.writeUInt16LE(1, 32);
    wav.writeUInt16LE(8, 34);
    wav.write('data', 36);
    wav.writeUInt32LE(8000, 40);
    const audio = expectStatus(await send('upload audio', t.http.post('/v1/assets/audio').attach('file', wav, 'tone.wav')), 200).body;
    const res = expectStatus(await send('audio as image', t.http.post('/v1/videos').send({ scenes: [{ asset_id: audio.id }] })), 422);
    expect(res.body.detail[0].msg).toBe(`asset ${audio.id} is an audio file, not an image`);
    const node = expectStatus(
      await send('child of a text', t.http.post(`/v1/designs/${design.id}/nodes`).send({ parent_id: 'title', node: { type: 'rect', width: 1, height: 1 } })),
      422,
    );
    expect(node.body.detail[0].msg).toBe('node title is a text node; only frames and groups have children');
  });

  it('every code and type collected above is in the documented list', () => {
    expect(seen.length).toBeGreaterThan(40);
    const unknown: string[] = [];
    for (const { label, status, body } of seen) {
      if (status === 422) {
        for (const item of body.detail) if (!types.some((r) => r.test(item.type))) unknown.push(`${label}: type ${item.type}`);
      } else if (!codes.some((r) => r.test(body.code))) unknown.push(`${label}: code ${body.code}`);
    }
    expect(unknown).toEqual([]);
  });
});

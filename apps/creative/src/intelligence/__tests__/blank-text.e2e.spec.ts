import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

/* eslint-disable @typescript-eslint/no-explicit-any -- tool results are untyped JSON */
type Result = CallToolResult & { structuredContent?: any };

/**
 * Issue 34 item 4: `prompt: "   "` and `goal: "   "` answered 200 and charged a credit. Blank required text is a 422
 * `missing` at its field, by REST, by the MCP tool and by a workflow step alike, and nothing is charged or made.
 */
describe('creative: blank required text is refused as missing, without charging', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    client = new Client({ name: 'blank-text-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp?tools=all`), { requestInit: { headers: { 'x-api-key': alice.key } } }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  const ledgerSize = async () => expectStatus(await as(t.http.get('/v1/billing/ledger?limit=100'), alice), 200).body.data.length as number;
  const missingAt = (res: { status: number; body: { detail: { loc: (string | number)[]; type: string }[] } }, loc: string) => {
    expect(locs(res as never)).toEqual([loc]);
    expect(res.body.detail.map((d) => d.type)).toEqual(['missing']);
  };

  it.each([
    ['POST /v1/generations prompt', '/v1/generations', 'prompt', { width: 64, height: 64 }],
    ['POST /v1/planning/brief goal', '/v1/planning/brief', 'goal', {}],
  ])('%s: "", "   " and a zero-width space are 422 missing, and cost nothing', async (_name, path, field, rest) => {
    const before = [await balance(), await ledgerSize()];
    for (const blank of ['', '   ', '\t \n', '\u200b']) missingAt(await as(t.http.post(path).send({ ...rest, [field]: blank }), alice), `body.${field}`);
    expect([await balance(), await ledgerSize()]).toEqual(before);
    // Text with something in it still works (and is charged).
    expectStatus(await as(t.http.post(path).send({ ...rest, [field]: 'Sunset over the hills' }), alice), 200);
    expect(await balance()).toBeLessThan(before[0]);
  });

  it('the MCP tools refuse it the same way (same 422 items), and charge nothing', async () => {
    const before = await balance();
    for (const [tool, args, field] of [
      ['generate_image', { prompt: '   ', width: 64, height: 64 }, 'prompt'],
      ['plan_brief', { goal: '  ' }, 'goal'],
    ] as const) {
      const res = (await client.callTool({ name: tool, arguments: args })) as Result;
      expect(res.isError).toBe(true);
      expect(res.structuredContent).toMatchObject({ status: 422, code: 'validation_error' });
      expect(res.structuredContent.detail.map((d: { loc: string[]; type: string }) => [d.loc.join('.'), d.type])).toEqual([[`body.${field}`, 'missing']]);
    }
    expect(await balance()).toBe(before);
  });

  it('a workflow step refuses it before anything runs', async () => {
    const before = [await balance(), await ledgerSize()];
    const res = await as(
      t.http.post('/v1/workflows/run').send({
        steps: [
          { id: 'pic', operation: 'generation.create', params: { prompt: 'ok', width: 64, height: 64 } },
          { id: 'plan', operation: 'planning.brief', params: { goal: ' \n ' } },
          { id: 'img', operation: 'generation.create', params: { prompt: '   ' } },
          { id: 'png', operation: 'design.render', params: { design_id: '   ' } },
        ],
      }),
      alice,
    );
    expect(locs(res)).toEqual(['body.steps.1.params.goal', 'body.steps.2.params.prompt', 'body.steps.3.params.design_id']);
    expect(res.body.detail.map((d: { type: string }) => d.type)).toEqual(['missing', 'missing', 'missing']);
    expect([await balance(), await ledgerSize()]).toEqual(before);
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

type Result = CallToolResult & { structuredContent?: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('creative MCP endpoint', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let client: Client;
  let bobClient: Client;
  const called = new Set<string>();

  const connect = async (headers: Record<string, string>) => {
    const c = new Client({ name: 'creative-mcp-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/v1/mcp`), { requestInit: { headers } }));
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

  it('creates a design and gets it back', async () => {
    const created = await ok('create_design', { ir: sampleIr(), title: 'Hello' });
    expect(created.structuredContent).toMatchObject({ revision: 1, title: 'Hello' });
    const got = await ok('get_design', { design_id: created.structuredContent!.id });
    expect(got.structuredContent!.id).toBe(created.structuredContent!.id);
  });
});

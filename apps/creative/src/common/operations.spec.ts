import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WORKFLOW_STEPS } from '../intelligence/workflow-operations';
import { MCP_TOOLS } from '../mcp/tools';
import { pathParamsOf, type OperationSpec } from './operation';

/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is untyped JSON */
const SRC = join(__dirname, '..');
const doc = JSON.parse(readFileSync(join(SRC, '..', 'openapi.json'), 'utf8')) as any;

function found(id: string): { method: string; path: string; op: any } | undefined {
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) if (op?.operationId === id) return { method: method.toUpperCase(), path, op };
  }
  return undefined;
}

const specs = [...new Set<OperationSpec>([...MCP_TOOLS.map((t) => t.operation), ...Object.values(WORKFLOW_STEPS).map((s) => s.operation)])];

describe('operation specs (what MCP tools and workflow steps run)', () => {
  it.each(specs.map((s) => [s.id, s] as const))('%s names its REST operation in openapi.json: method, path, success status, parameters, body', (_id, spec) => {
    const rest = found(spec.id);
    expect(rest).toBeDefined();
    // Method and path make the idempotency fingerprint, the status is what a keyed call stores: they must be the endpoint's.
    expect(`${spec.method} ${spec.path}`).toBe(`${rest!.method} ${rest!.path}`);
    expect(Object.keys(rest!.op.responses)).toContain(String(spec.status));
    expect(spec.secret === true).toBe(rest!.op['x-secret-response'] === true);
    const params = (rest!.op.parameters ?? []) as { in: string; name: string }[];
    expect(
      params
        .filter((p) => p.in === 'path' && rest!.path.includes(`{${p.name}}`))
        .map((p) => p.name)
        .sort(),
    ).toEqual([...pathParamsOf(spec.path)].sort());
    expect(params.some((p) => p.in === 'query')).toBe(!!spec.input.query);
    expect(params.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'idempotency-key').map((p) => p.name.toLowerCase())).toEqual(
      spec.input.headers ?? [],
    );
    expect(!!rest!.op.requestBody).toBe(!!spec.input.body || !!spec.input.upload);
  });

  it('gives every MCP tool and workflow step an operation of its own REST endpoint, once', () => {
    expect(MCP_TOOLS.every((t) => found(t.operation.id))).toBe(true);
    expect(new Set(MCP_TOOLS.map((t) => t.operation.id)).size).toBe(MCP_TOOLS.length);
  });
});

describe('controllers are called by HTTP only', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });

  it('no source file but a controller file or a module imports a controller class', () => {
    const offenders = files(SRC)
      .filter((f) => !f.endsWith('.controller.ts') && !f.endsWith('.module.ts'))
      .filter((f) => /import\s*(type\s*)?\{[^}]*\b\w+Controller\b[^}]*\}\s*from/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });
});

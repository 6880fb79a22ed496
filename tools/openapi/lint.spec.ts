import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The committed OpenAPI documents pass Redocly's recommended rules (redocly.yaml at the root) with no
 * error: client generators reject documents these rules call invalid (a path parameter the path does
 * not have, a duplicated operationId...). Warnings are style and are not counted.
 */
const run = promisify(execFile);
const repo = path.resolve(__dirname, '../..');
const cli = require.resolve('@redocly/cli/bin/cli.js');
// No telemetry and no update check: the lint runs offline, on what npm installed.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

async function lint(file: string): Promise<Problem[]> {
  const args = [cli, 'lint', file, '--config', path.join(repo, 'redocly.yaml'), '--format', 'json'];
  // Exit status 1 when there are errors; the report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: repo, env, maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout?: string }) => ({
    stdout: e.stdout ?? '',
  }));
  return (JSON.parse(stdout) as { problems: Problem[] }).problems;
}

const errorsOf = (problems: Problem[]) => problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe('the committed OpenAPI documents lint without errors', () => {
  for (const service of ['creative', 'messaging', 'entity']) {
    it(`apps/${service}/openapi.json`, async () => {
      expect(errorsOf(await lint(path.join(repo, 'apps', service, 'openapi.json')))).toEqual([]);
    });
  }

  it('reports a path parameter the path does not have (the lint can fail)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const doc = JSON.parse(readFileSync(path.join(repo, 'apps/creative/openapi.json'), 'utf8'));
      doc.paths['/v1/designs'].get.parameters.push({ name: 'design_id', in: 'path', required: true, schema: { type: 'string' } });
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      expect(errorsOf(await lint(file)).join('\n')).toMatch(/design_id/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

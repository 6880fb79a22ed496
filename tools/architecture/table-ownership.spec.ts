import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');

/** SQL run by hand: raw queries, query builders, the entity manager's reads and writes. */
const SQL = [/\.query\(/, /createQueryBuilder\(/, /\.manager\./];

/** Files that may run SQL although they are not a repository: the oidc adapter is the OIDC library's storage port. */
const EXEMPT = new Set(['apps/entity/src/oauth/oidc-adapter.ts']);

/**
 * Files outside a repository that still run SQL, each with why. Not unavoidable: jobs still query their own tables
 * (jobs, job_callbacks, callback secrets) from their services; they move to `jobs/jobs.repository.ts` next (issue 33).
 * No entry reads another feature's table.
 */
const PENDING: Record<string, string> = {
  'apps/creative/src/jobs/jobs.service.ts': "jobs' own table (claims, state changes); to move into jobs.repository.ts",
  'apps/creative/src/jobs/callbacks.service.ts': "jobs' own callback tables; to move into jobs.repository.ts",
  'apps/creative/src/jobs/jobs-for-billing.ts': "jobs' own table (billing's port onto jobs); to move into jobs.repository.ts",
  'apps/creative/src/jobs/media.processor.ts': "jobs' own table (the worker's progress and end of a job); to move into jobs.repository.ts",
};

function sources(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !/(^|\/)__tests__\//.test(f) && !f.endsWith('.spec.ts') && !/(^|\/)migrations\//.test(f));
}

/** The files under `srcDir` (named from `base`) that run SQL but are not a repository, with the first line that does. */
export function sqlOutsideRepositories(srcDir: string, base = repo): string[] {
  const found: string[] = [];
  for (const f of sources(srcDir)) {
    if (f.endsWith('.repository.ts')) continue;
    const name = path.relative(base, path.join(srcDir, f)).split(path.sep).join('/');
    if (EXEMPT.has(name)) continue;
    const lines = readFileSync(path.join(srcDir, f), 'utf8').split('\n');
    const at = lines.findIndex((l) => SQL.some((re) => re.test(l)));
    if (at >= 0) found.push(`${name}:${at + 1}: ${lines[at].trim()}`);
  }
  return found.sort();
}

/** The application services (`*.service.ts`, `*.use-cases.ts`) under `srcDir` that import express. */
export function servicesImportingExpress(srcDir: string, base = repo): string[] {
  return sources(srcDir)
    .filter((f) => /\.(service|use-cases)\.ts$/.test(f))
    .filter((f) => /from ['"]express['"]|require\(['"]express['"]\)/.test(readFileSync(path.join(srcDir, f), 'utf8')))
    .map((f) => path.relative(base, path.join(srcDir, f)).split(path.sep).join('/'))
    .sort();
}

describe("each feature's tables are touched by its own repository only", () => {
  // creative only for now: messaging and entity join (`it.each(['creative', 'messaging', 'entity'])`) when their
  // helpers' moves of SQL into repositories land.
  it.each(['creative'])('%s runs SQL in repositories only (or an entry of PENDING)', (svc) => {
    const found = sqlOutsideRepositories(path.join(repo, 'apps', svc, 'src'));
    const pending = Object.keys(PENDING).filter((f) => f.startsWith(`apps/${svc}/`));
    expect(found.filter((f) => !pending.includes(f.split(':')[0]))).toEqual([]);
    // An entry that no longer runs SQL goes from the list.
    expect(pending.filter((p) => !found.some((f) => f.startsWith(`${p}:`)))).toEqual([]);
  });

  it.each(['creative'])('no application service of %s imports express', (svc) => {
    expect(servicesImportingExpress(path.join(repo, 'apps', svc, 'src'))).toEqual([]);
  });

  describe('on a fixture', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'table-ownership-'));
      const file = (name: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      };
      file('a/a.repository.ts', `export class ARepository { q(ds: any) { return ds.query('SELECT 1'); } }\n`);
      file(
        'a/a.service.ts',
        `import type { Request } from 'express';\nexport class AService {\n  q(ds: any) { return ds.getRepository('B').createQueryBuilder('b').getMany(); }\n}\n`,
      );
      file('a/a.use-cases.ts', `export class AUseCases { q(ds: any) { return ds.manager.find('B'); } }\n`);
      file('b/b.handler.ts', `export const raw = (m: any) => m.query('DELETE FROM b');\n`);
      file('b/clean.service.ts', `export class Clean { list() { return []; } }\n`);
      file('b/__tests__/b.spec.ts', `it('x', () => (null as any).query('SELECT 1'));\n`);
      file('migrations/1-init.ts', `export const up = (q: any) => q.query('CREATE TABLE b ()');\n`);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds SQL outside repositories (query builder, manager, raw query), not in repositories, tests or migrations', () => {
      expect(sqlOutsideRepositories(dir, dir)).toEqual([
        "a/a.service.ts:3: q(ds: any) { return ds.getRepository('B').createQueryBuilder('b').getMany(); }",
        "a/a.use-cases.ts:1: export class AUseCases { q(ds: any) { return ds.manager.find('B'); } }",
        "b/b.handler.ts:1: export const raw = (m: any) => m.query('DELETE FROM b');",
      ]);
    });

    it('finds the service that imports express (a type import counts)', () => {
      expect(servicesImportingExpress(dir, dir)).toEqual(['a/a.service.ts']);
    });
  });
});

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');

/**
 * The database reached by hand: raw queries, query builders, the entity manager's reads and writes, and TypeORM
 * repositories taken (`getRepository(`) or injected (`@InjectRepository(`) for an entity.
 */
const SQL = [/\.query\(/, /preparedQuery\(/, /createQueryBuilder\(/, /\.manager\./, /getRepository\(/, /@InjectRepository\(/];

/** Files that may run SQL although they are not a repository: the oidc adapter is the OIDC library's storage port. */
const EXEMPT = new Set(['apps/entity/src/oauth/oidc-adapter.ts']);

/**
 * Files outside a repository that still run SQL, each with why (`'apps/<svc>/src/<file>': 'why'`). Empty: every feature
 * of the services checked below queries its tables from its repositories only. Keep it empty; a service joining the
 * check may list what it has left to move, with the reason.
 */
const PENDING: Record<string, string> = {};

/** The services checked: all three. */
const SERVICES = ['creative', 'messaging', 'entity'];

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

/** The source without its comments (a doc comment may name any table). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The feature of a file: its first folder under `src` (`billing/gateway/payments.repository.ts` → billing). */
const featureOf = (file: string) => file.split('/')[0];

/**
 * Which feature owns each table and entity of the service under `srcDir`: from the entity classes (`@Entity({ name })`)
 * and the tables repositories declare (`static readonly tables`). A table two features claim is a conflict.
 */
export function tableOwners(srcDir: string): { tables: Map<string, string>; entities: Map<string, string>; conflicts: string[] } {
  const tables = new Map<string, string>();
  const entities = new Map<string, string>();
  const conflicts: string[] = [];
  const claim = (table: string, feature: string, file: string) => {
    const owner = tables.get(table);
    if (owner && owner !== feature) conflicts.push(`${file} → ${table} (owned by ${owner})`);
    else tables.set(table, feature);
  };
  for (const f of sources(srcDir)) {
    const text = code(readFileSync(path.join(srcDir, f), 'utf8'));
    for (const m of text.matchAll(/@Entity\(\{\s*name:\s*'([a-z_]+)'[^)]*\)[\s\S]*?export class (\w+)/g)) {
      claim(m[1], featureOf(f), f);
      entities.set(m[2], featureOf(f));
    }
    for (const m of text.matchAll(/static readonly tables\s*=\s*\[([^\]]*)\]/g)) for (const t of m[1].matchAll(/'([a-z_]+)'/g)) claim(t[1], featureOf(f), f);
  }
  return { tables, entities, conflicts: conflicts.sort() };
}

/**
 * Where a file names a table of another feature (or one no feature owns) in SQL: `table('name')` (messaging's helper)
 * or the schema-qualified name (`schema.name`, `"schema"."name"`); and where it takes a TypeORM repository for another
 * feature's entity. Comments aside.
 */
export function foreignTableUses(srcDir: string, schema: string, base = srcDir): string[] {
  const { tables, entities } = tableOwners(srcDir);
  // A qualified name is not part of a longer dotted or dashed word (a host name, a Symbol's key).
  const named = new RegExp(`table\\('([a-z_]+)'\\)|(?<![\\w./-])"?${schema}"?\\."?([a-z_]+)"?(?![\\w.-])`, 'g');
  const found: string[] = [];
  for (const f of sources(srcDir)) {
    const text = code(readFileSync(path.join(srcDir, f), 'utf8'));
    const name = path.relative(base, path.join(srcDir, f)).split(path.sep).join('/');
    const feature = featureOf(f);
    for (const m of text.matchAll(named)) {
      const table = m[1] ?? m[2];
      const owner = tables.get(table);
      // A qualified name no feature owns counts only on a line that reads as SQL: entity's schema is also a common
      // variable name (`entity.name`).
      const line = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
      if (!owner && m[2] && !/\b(SELECT|FROM|JOIN|INTO|UPDATE|DELETE|TABLE|REFERENCES)\b/.test(line)) continue;
      if (owner !== feature) found.push(`${name} → table ${table} (${owner ? `${owner}'s` : 'no feature owns it'})`);
    }
    for (const m of text.matchAll(/(?:getRepository|InjectRepository)\((\w+)\)/g)) {
      const owner = entities.get(m[1]);
      if (owner && owner !== feature) found.push(`${name} → entity ${m[1]} (${owner}'s)`);
    }
  }
  return [...new Set(found)].sort();
}

/** Files that inject the DataSource but are not a repository, nor a pending sweep (a `PendingSweeper` is handed the data source). */
export function dataSourceOutsideRepositories(srcDir: string, base = repo): string[] {
  return sources(srcDir)
    .filter((f) => !f.endsWith('.repository.ts'))
    .filter((f) => {
      const text = readFileSync(path.join(srcDir, f), 'utf8');
      return /@InjectDataSource\(/.test(text) && !/extends PendingSweeper\b/.test(text);
    })
    .map((f) => path.relative(base, path.join(srcDir, f)).split(path.sep).join('/'))
    .sort();
}

/** Each service's tables and the feature that owns them: a table added without an owner, or moved, shows here. */
const OWNERS: Record<string, Record<string, string>> = {
  creative: {
    artifact_deletions: 'artifacts',
    artifacts: 'artifacts',
    asset_deletions: 'assets',
    assets: 'assets',
    billing_accounts: 'billing',
    billing_checkouts: 'billing',
    billing_gateway_events: 'billing',
    billing_ledger: 'billing',
    billing_reservations: 'billing',
    brand_kits: 'brand-kit',
    callback_secrets: 'jobs',
    campaign_pieces: 'campaigns',
    campaigns: 'campaigns',
    design_deletions: 'designs',
    design_revisions: 'designs',
    designs: 'designs',
    generations: 'intelligence',
    job_callback_attempts: 'jobs',
    job_callbacks: 'jobs',
    jobs: 'jobs',
    oauth_grants: 'oauth',
    oidc_payloads: 'oauth',
    render_cache: 'rendering',
    usage_events: 'billing',
  },
  messaging: {
    agents: 'agents',
    channels: 'channels',
    conversation_facts: 'facts',
    conversations: 'conversations',
    messages: 'messages',
    webhook_deliveries: 'webhooks',
    webhook_endpoints: 'webhooks',
  },
  entity: {
    accounts: 'accounts',
    end_users: 'memory',
    entities: 'entities',
    interactions: 'interactions',
    oauth_clients: 'oauth',
    oauth_grants: 'oauth',
    oidc_payloads: 'oauth',
    portal_flashes: 'portal',
    user_sessions: 'accounts',
    users: 'accounts',
  },
};

describe("each feature's tables are touched by its own repository only", () => {
  const src = (svc: string) => path.join(repo, 'apps', svc, 'src');

  it.each(SERVICES)('%s runs SQL (raw, query builders, TypeORM repositories) in repositories only (or an entry of PENDING)', (svc) => {
    const found = sqlOutsideRepositories(src(svc));
    const pending = Object.keys(PENDING).filter((f) => f.startsWith(`apps/${svc}/`));
    expect(found.filter((f) => !pending.includes(f.split(':')[0]))).toEqual([]);
    // An entry that no longer runs SQL goes from the list.
    expect(pending.filter((p) => !found.some((f) => f.startsWith(`${p}:`)))).toEqual([]);
  });

  it.each(SERVICES)('%s: only repositories (and pending sweeps) inject the data source', (svc) => {
    expect(dataSourceOutsideRepositories(src(svc))).toEqual([]);
  });

  it.each(SERVICES)('%s: every table has one owning feature', (svc) => {
    const { tables, conflicts } = tableOwners(src(svc));
    expect(conflicts).toEqual([]);
    expect(Object.fromEntries([...tables].sort(([a], [b]) => a.localeCompare(b)))).toEqual(OWNERS[svc]);
  });

  it.each(SERVICES)("%s: SQL names only its own feature's tables, TypeORM repositories only its own feature's entities", (svc) => {
    expect(foreignTableUses(src(svc), svc, repo)).toEqual([]);
  });

  it.each(SERVICES)('no application service of %s imports express', (svc) => {
    expect(servicesImportingExpress(src(svc))).toEqual([]);
  });

  describe('on a fixture', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'table-ownership-'));
      const file = (name: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      };
      file('a/a.entity.ts', `@Entity({ name: 'a_rows' })\nexport class ARow {}\n`);
      file(
        'a/a.repository.ts',
        `export class ARepository {\n  static readonly tables = ['a_rows', 'a_locks'] as const;\n  q(ds: any) { return ds.query('SELECT 1 FROM shop.a_rows JOIN shop.a_locks USING (id)'); }\n}\n`,
      );
      file(
        'a/a.service.ts',
        `import type { Request } from 'express';\nexport class AService {\n  q(ds: any) { return ds.getRepository('B').createQueryBuilder('b').getMany(); }\n}\n`,
      );
      file('a/a.use-cases.ts', `export class AUseCases { q(ds: any) { return ds.manager.find('B'); } }\n`);
      file(
        'a/a.sweep.ts',
        `@Injectable()\nexport class ASweep extends PendingSweeper {\n  constructor(@InjectDataSource() ds: DataSource) { super(ds); }\n}\n`,
      );
      file('b/b.entity.ts', `@Entity({ name: 'b_rows' })\nexport class BRow {}\n`);
      file('b/b.handler.ts', `export const raw = (m: any) => m.query('DELETE FROM b');\n`);
      file('b/b.reader.ts', `export class BReader {\n  constructor(@InjectRepository(ARow) private readonly rows: unknown) {}\n}\n`);
      file(
        'b/b.repository.ts',
        `/** Reads shop.a_rows in a comment: not a use. */\nexport class BRepository {\n  static readonly tables = ['b_rows'] as const;\n  constructor(@InjectDataSource() private readonly ds: DataSource) {}\n  host = 'https://shop.example.com';\n  q() { return this.ds.query(\`SELECT * FROM shop.b_rows, \${table('a_rows')}, "shop"."c_rows"\`); }\n  r(m: any) { return m.getRepository(ARow).find(); }\n}\n`,
      );
      file('b/b.service.ts', `export class BService {\n  constructor(@InjectDataSource() private readonly ds: DataSource) {}\n}\n`);
      file('b/clean.service.ts', `export class Clean { list() { return []; } }\n`);
      file('b/__tests__/b.spec.ts', `it('x', () => (null as any).query('SELECT 1 FROM shop.a_rows'));\n`);
      file('c/c.repository.ts', `export class CRepository { static readonly tables = ['b_rows'] as const; }\n`);
      file('migrations/1-init.ts', `export const up = (q: any) => q.query('CREATE TABLE shop.b_rows ()');\n`);
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('finds SQL outside repositories (query builder, manager, raw query, TypeORM repositories taken or injected), not in repositories, tests or migrations', () => {
      expect(sqlOutsideRepositories(dir, dir)).toEqual([
        "a/a.service.ts:3: q(ds: any) { return ds.getRepository('B').createQueryBuilder('b').getMany(); }",
        "a/a.use-cases.ts:1: export class AUseCases { q(ds: any) { return ds.manager.find('B'); } }",
        "b/b.handler.ts:1: export const raw = (m: any) => m.query('DELETE FROM b');",
        'b/b.reader.ts:2: constructor(@InjectRepository(ARow) private readonly rows: unknown) {}',
      ]);
    });

    it('finds the data source injected outside repositories, a pending sweep aside', () => {
      expect(dataSourceOutsideRepositories(dir, dir)).toEqual(['b/b.service.ts']);
    });

    it("knows each table's feature from entities and repositories' declarations, and a table two features claim", () => {
      const { tables, entities, conflicts } = tableOwners(dir);
      expect(Object.fromEntries(tables)).toEqual({ a_rows: 'a', a_locks: 'a', b_rows: 'b' });
      expect(Object.fromEntries(entities)).toEqual({ ARow: 'a', BRow: 'b' });
      expect(conflicts).toEqual(['c/c.repository.ts → b_rows (owned by b)']);
    });

    it("finds SQL naming another feature's table (qualified, quoted or by table()) or no feature's, and another feature's entity; comments and tests aside", () => {
      expect(foreignTableUses(dir, 'shop')).toEqual([
        "b/b.reader.ts → entity ARow (a's)",
        "b/b.repository.ts → entity ARow (a's)",
        "b/b.repository.ts → table a_rows (a's)",
        'b/b.repository.ts → table c_rows (no feature owns it)',
      ]);
    });

    it('finds the service that imports express (a type import counts)', () => {
      expect(servicesImportingExpress(dir, dir)).toEqual(['a/a.service.ts']);
    });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Issue 33: each feature's tables are touched by its own repository only. A feature that needs another's data asks
 * that feature's repository or service, or a port it offers (docs/architecture.md, "Repositories own a feature's tables").
 * This reads the sources (not the tests, not the migrations) and checks it.
 */
const src = path.resolve(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' || e.name === 'migrations' ? [] : files(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [p] : [];
  });
const sources = files(src).map((p) => ({ file: path.relative(src, p), feature: path.relative(src, p).split(path.sep)[0], text: readFileSync(p, 'utf8') }));

/** Which feature owns each table and entity, from the entity classes (`@Entity({ name })`). */
const owners = new Map<string, string>();
for (const s of sources) {
  for (const m of s.text.matchAll(/@Entity\(\{ name: '([a-z_]+)' \}\)[\s\S]*?export class (\w+)/g)) {
    owners.set(`table ${m[1]}`, s.feature);
    owners.set(`entity ${m[2]}`, s.feature);
  }
}

describe("messaging: a feature's tables are touched by its own repository only", () => {
  it('knows the tables of every feature', () => {
    expect(Object.fromEntries([...owners].filter(([k]) => k.startsWith('table ')))).toEqual({
      'table agents': 'agents',
      'table channels': 'channels',
      'table conversations': 'conversations',
      'table conversation_facts': 'facts',
      'table messages': 'messages',
      'table webhook_endpoints': 'webhooks',
      'table webhook_deliveries': 'webhooks',
    });
  });

  it('raw SQL names only tables of its own feature', () => {
    const foreign = sources.flatMap((s) =>
      [...s.text.matchAll(/table\('([a-z_]+)'\)/g)].filter((m) => owners.get(`table ${m[1]}`) !== s.feature).map((m) => `${s.file} → ${m[1]}`),
    );
    expect(foreign).toEqual([]);
  });

  it('TypeORM repositories are taken for entities of its own feature only', () => {
    const foreign = sources.flatMap((s) =>
      [...s.text.matchAll(/(?:getRepository|InjectRepository)\((\w+)\)/g)]
        .filter((m) => owners.get(`entity ${m[1]}`) !== s.feature)
        .map((m) => `${s.file} → ${m[1]}`),
    );
    expect(foreign).toEqual([]);
  });

  it('only repositories reach the database (and recovery, which hands it to the pending sweeper)', () => {
    const reaching = sources
      .filter((s) => /InjectDataSource|InjectRepository|\.query\(|preparedQuery\(|getRepository\(/.test(s.text))
      .map((s) => s.file.split(path.sep).join('/'))
      .filter((f) => !f.endsWith('.repository.ts'));
    expect(reaching).toEqual(['recovery/recovery.service.ts']);
  });
});

#!/usr/bin/env node
// `npm run keys -- <creative|messaging|entity> create --account NAME [--scopes a,b] [--name LABEL]`
// (also `list --account NAME`, `revoke --account NAME --id KEY_ID`). Builds the service if
// needed and runs its `keys` command against DATABASE_URL or the embedded PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const [svc, ...rest] = process.argv.slice(2);
if (!['creative', 'messaging', 'entity'].includes(svc) || rest.length === 0) {
  process.stderr.write('Usage: npm run keys -- <creative|messaging|entity> create --account NAME [--scopes a,b] [--name LABEL]\n');
  process.exit(2);
}
const main = join(root, 'dist/apps', svc, 'main.js');
if (!existsSync(main)) {
  const build = spawnSync('npx', ['nx', 'build', svc, '--output-style=static'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [main, 'keys', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', LOG_LEVEL: 'warn', ...process.env },
});
process.exit(run.status ?? 1);

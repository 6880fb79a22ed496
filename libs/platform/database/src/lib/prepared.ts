import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** The part of a `pg` pool this helper uses (TypeORM's PostgresDriver keeps one as `master`). */
interface PgPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const names = new Map<string, string>();

/** A stable statement name per SQL text, so two texts never share a name. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs one statement as a named prepared statement straight on the pool: PostgreSQL parses and
 * plans it once per connection instead of on every call, and the TypeORM query-runner layer is
 * skipped. For hot paths with a fixed SQL text (values always as parameters). Returns the rows,
 * parsed exactly as `DataSource.query` would.
 */
export async function preparedQuery<T = Record<string, unknown>>(ds: DataSource, text: string, values: unknown[]): Promise<T[]> {
  const pool = (ds.driver as unknown as { master?: PgPool }).master;
  if (!pool || typeof pool.query !== 'function') return ds.query(text, values) as Promise<T[]>;
  const res = await pool.query({ name: statementName(text), text, values });
  return res.rows as T[];
}

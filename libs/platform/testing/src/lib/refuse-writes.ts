import { randomBytes } from 'node:crypto';

/** A write a test can have PostgreSQL refuse. */
export type RefusedWrite = 'INSERT' | 'UPDATE' | 'DELETE';

/** Anything that runs SQL: a TypeORM DataSource, a pg Client. */
export interface SqlRunner {
  query(sql: string): Promise<unknown>;
}

export interface RefuseWritesOptions {
  /**
   * A PL/pgSQL condition over the row (`NEW`, `OLD`, `TG_OP`) under which a write still goes through, e.g.
   * `TG_OP = 'INSERT' AND NEW.role = 'user'` takes the user's message and refuses the reply.
   */
  allowWhen?: string;
  /** What PostgreSQL says with the refusal; by default what it says while it shuts down. */
  message?: string;
}

/**
 * Has PostgreSQL refuse `ops` on `table` (schema-qualified: `messaging.agents`) with SQLSTATE 57P03 (cannot_connect_now),
 * as it does while it starts up or shuts down: how a test makes the database go away for one write and not for the
 * reads and writes around it. A trigger and its function do it, each named anew, so refusals on one table do not meet.
 * Returns the undo, which takes the writes again; it may be called more than once, so a test can call it half-way and
 * afterEach again in case the test failed before.
 */
export async function refuseWrites(
  db: SqlRunner,
  table: string,
  ops: RefusedWrite | readonly RefusedWrite[],
  opts: RefuseWritesOptions = {},
): Promise<() => Promise<void>> {
  const dot = table.indexOf('.');
  const schema = dot > 0 ? table.slice(0, dot) : 'public';
  const name = `refuse_writes_${randomBytes(5).toString('hex')}`;
  const fn = `${schema}.${name}`;
  const message = (opts.message ?? 'the database system is shutting down').replace(/'/g, "''");
  const allow = opts.allowWhen ? `IF ${opts.allowWhen} THEN IF TG_OP = 'DELETE' THEN RETURN OLD; END IF; RETURN NEW; END IF;` : '';
  await db.query(`
    CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${allow}
      RAISE EXCEPTION '${message}' USING ERRCODE = '57P03';
    END $$`);
  const list = typeof ops === 'string' ? [ops] : ops;
  await db.query(`CREATE TRIGGER ${name} BEFORE ${list.join(' OR ')} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
  return async () => {
    await db.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS ${fn}()`);
  };
}

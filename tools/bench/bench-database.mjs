// A PostgreSQL database of a benchmark's own: BENCH_DATABASE_URL, or the PostgreSQL on 127.0.0.1:5432
// (postgres@…/test), used only to create `<prefix>_<time>` and to drop it at the end.
import pg from 'pg';

/** Creates the database; answers its URL and `drop()`, which removes it (connections closed by force). */
export async function benchDatabase(prefix) {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `${prefix}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

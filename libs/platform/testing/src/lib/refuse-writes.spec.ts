import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { refuseWrites } from './refuse-writes';

describe('refuseWrites', () => {
  const schema = `t_refuse_writes_${randomBytes(5).toString('hex')}`;
  const table = `${schema}.notes`;
  let db: Client;

  /** The SQLSTATE PostgreSQL answers a statement with, or null when it takes it. */
  const codeOf = async (sql: string) => {
    try {
      await db.query(sql);
      return null;
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    }
  };
  const inserted = (id: number, role = 'user') => codeOf(`INSERT INTO ${table} (id, role) VALUES (${id}, '${role}')`);
  const updated = (id: number) => codeOf(`UPDATE ${table} SET role = role WHERE id = ${id}`);
  const deleted = (id: number) => codeOf(`DELETE FROM ${table} WHERE id = ${id}`);
  const leftovers = async () =>
    Number(
      (await db.query(`SELECT count(*)::int AS n FROM pg_proc p JOIN pg_namespace s ON s.oid = p.pronamespace WHERE s.nspname = $1`, [schema])).rows[0].n,
    ) + Number((await db.query(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = $1::regclass`, [table])).rows[0].n);

  beforeAll(async () => {
    db = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
    await db.query(`CREATE SCHEMA ${schema}`);
    await db.query(`CREATE TABLE ${table} (id int PRIMARY KEY, role text NOT NULL)`);
  });
  afterAll(async () => {
    await db?.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db?.end();
  });

  it('refuses the named writes with 57P03, takes the others, and takes them all again after the undo, which leaves nothing behind', async () => {
    expect(await inserted(1)).toBeNull();
    const allow = await refuseWrites(db, table, ['UPDATE', 'DELETE']);
    expect([await updated(1), await deleted(1), await inserted(2)]).toEqual(['57P03', '57P03', null]);
    await allow();
    await allow();
    expect([await updated(1), await deleted(1)]).toEqual([null, null]);
    expect(await leftovers()).toBe(0);
  });

  it('takes the rows allowWhen lets through, says what it is given, and two refusals on one table undo apart', async () => {
    const allowReplies = await refuseWrites(db, table, 'INSERT', { allowWhen: `TG_OP = 'INSERT' AND NEW.role = 'user'` });
    expect([await inserted(10, 'user'), await inserted(11, 'agent')]).toEqual([null, '57P03']);
    const allowDeletes = await refuseWrites(db, table, 'DELETE', { message: "the database system is starting up, isn't it" });
    await expect(db.query(`DELETE FROM ${table} WHERE id = 10`)).rejects.toThrow("the database system is starting up, isn't it");
    await allowReplies();
    expect([await inserted(11, 'agent'), await deleted(10)]).toEqual([null, '57P03']);
    await allowDeletes();
    expect(await deleted(10)).toBeNull();
    expect(await leftovers()).toBe(0);
  });
});

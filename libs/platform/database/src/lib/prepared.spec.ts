import { DataSource } from 'typeorm';
import { preparedQuery } from './prepared';

describe('preparedQuery', () => {
  let ds: DataSource;
  beforeAll(async () => {
    ds = await new DataSource({ type: 'postgres', url: process.env.TEST_DATABASE_URL, poolSize: 1 }).initialize();
  });
  afterAll(() => ds?.destroy());

  const sql = `SELECT $1::int + 1 AS n, now()::timestamptz AS at, '{"a":[1]}'::jsonb AS doc, $2::text AS s`;

  it('returns the rows DataSource.query returns, parsed alike', async () => {
    const [viaPrepared] = await preparedQuery<{ n: number; at: Date; doc: unknown; s: string | null }>(ds, sql, [41, null]);
    const [viaTypeorm] = await ds.query(sql, [41, null]);
    expect(viaPrepared.n).toBe(42);
    expect(viaPrepared.at).toBeInstanceOf(Date);
    expect(viaPrepared.doc).toEqual({ a: [1] });
    expect(viaPrepared.s).toBeNull();
    expect(Object.keys(viaPrepared)).toEqual(Object.keys(viaTypeorm));
  });

  it('prepares each text once per connection, under its own name', async () => {
    await preparedQuery(ds, sql, [1, 'x']);
    await preparedQuery(ds, `SELECT $1::int AS other`, [1]);
    const rows = await preparedQuery<{ name: string; statement: string }>(ds, `SELECT name, statement FROM pg_prepared_statements ORDER BY name`, []);
    const mine = rows.filter((r) => r.statement === sql || r.statement === 'SELECT $1::int AS other');
    expect(mine).toHaveLength(2);
    expect(new Set(mine.map((r) => r.name)).size).toBe(2);
  });

  it('reports SQL errors like DataSource.query', async () => {
    await expect(preparedQuery(ds, `SELECT $1::int AS n`, ['not a number'])).rejects.toThrow(/invalid input syntax/);
  });
});

import { ExpiredPayloadSweep, sweepExpiredPayloads } from '@platform/auth';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';

/** The sweep of @platform/auth against a schema of its own holding oidc_payloads as the services' migrations make it. */
describe('sweepExpiredPayloads', () => {
  const S = `oidc_sweep_${randomBytes(4).toString('hex')}`;
  let ds: DataSource;

  beforeAll(async () => {
    ds = await new DataSource({ type: 'postgres', url: process.env.TEST_DATABASE_URL, poolSize: 4 }).initialize();
    await ds.query(`CREATE SCHEMA "${S}"`);
    await ds.query(`
      CREATE TABLE "${S}".oidc_payloads (
        model text NOT NULL, id text NOT NULL, account_id text, payload jsonb NOT NULL, grant_id text, uid text,
        user_code text, expires_at timestamptz(3), consumed_at timestamptz(3), PRIMARY KEY (model, id))`);
    await ds.query(`CREATE INDEX ON "${S}".oidc_payloads (expires_at)`);
  });
  afterAll(async () => {
    await ds?.query(`DROP SCHEMA IF EXISTS "${S}" CASCADE`);
    await ds?.destroy();
  });
  beforeEach(() => ds.query(`TRUNCATE "${S}".oidc_payloads`));

  /** `n` rows of `model` expiring `secondsFromNow` from now (null: no expiry). */
  const insert = (model: string, n: number, secondsFromNow: number | null) =>
    ds.query(
      `INSERT INTO "${S}".oidc_payloads (model, id, payload, expires_at)
       SELECT $1, $1 || '-' || g || '-' || md5(random()::text), '{}', CASE WHEN $3::int IS NULL THEN NULL ELSE now() + make_interval(secs => $3::int) END
         FROM generate_series(1, $2::int) g`,
      [model, n, secondsFromNow],
    );
  const count = async (where = 'true'): Promise<number> => Number((await ds.query(`SELECT count(*) AS n FROM "${S}".oidc_payloads WHERE ${where}`))[0].n);

  it('removes expired rows and keeps live ones, rows without expiry and rows expired within the grace', async () => {
    await insert('AccessToken', 5, -3600);
    await insert('Session', 3, -3600);
    await insert('AuthorizationCode', 2, -10); // expired, but within the 60 s grace
    await insert('RefreshToken', 4, 3600);
    await insert('Client', 2, null);
    expect(await sweepExpiredPayloads(ds, S)).toBe(8);
    expect(await count()).toBe(8);
    expect(await count(`model = 'AuthorizationCode'`)).toBe(2);
    expect(await count(`model = 'RefreshToken'`)).toBe(4);
    expect(await count(`expires_at IS NULL`)).toBe(2);
    expect(await sweepExpiredPayloads(ds, S)).toBe(0); // idempotent
    expect(await sweepExpiredPayloads(ds, S, { graceMs: 0 })).toBe(2);
  });

  it('is bounded: batchSize rows per statement, maxBatches statements per call', async () => {
    await insert('AccessToken', 25, -3600);
    expect(await sweepExpiredPayloads(ds, S, { batchSize: 4, maxBatches: 3 })).toBe(12);
    expect(await count()).toBe(13);
    expect(await sweepExpiredPayloads(ds, S, { batchSize: 4, maxBatches: 10 })).toBe(13);
    expect(await count()).toBe(0);
  });

  it('two sweeps at once remove each expired row once, without error', async () => {
    await insert('AccessToken', 3000, -3600);
    await insert('Grant', 10, 3600);
    const [a, b] = await Promise.all([
      sweepExpiredPayloads(ds, S, { batchSize: 100, maxBatches: 50 }),
      sweepExpiredPayloads(ds, S, { batchSize: 100, maxBatches: 50 }),
    ]);
    expect(a + b).toBe(3000);
    expect(await count()).toBe(10);
  });

  it('does not wait for rows another transaction holds (a revocation): it skips them, and a later pass takes them', async () => {
    await insert('AccessToken', 3, -3600);
    const runner = ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query(`SELECT 1 FROM "${S}".oidc_payloads WHERE model = 'AccessToken' ORDER BY id LIMIT 1 FOR UPDATE`);
      expect(await sweepExpiredPayloads(ds, S)).toBe(2);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
    expect(await sweepExpiredPayloads(ds, S)).toBe(1);
  });

  it('ExpiredPayloadSweep runs on its interval in worker and all roles, never in api or with interval 0', async () => {
    const started: ExpiredPayloadSweep[] = [];
    const start = (role: 'api' | 'worker' | 'all', intervalMs: number) => {
      const s = new ExpiredPayloadSweep(() => sweepExpiredPayloads(ds, S), { role, intervalMs });
      s.onApplicationBootstrap();
      started.push(s);
    };
    try {
      start('api', 20);
      start('worker', 0);
      await insert('AccessToken', 2, -3600);
      await new Promise((r) => setTimeout(r, 150));
      expect(await count()).toBe(2);
      start('worker', 20);
      const until = Date.now() + 5000;
      while ((await count()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await count()).toBe(0);
    } finally {
      for (const s of started) await s.onApplicationShutdown();
    }
  });
});

import { captureLogs, createTestApp, expectStatus, leakedSecrets, LogCapture, TestAccount, TestApp } from '@platform/testing';
import { Client } from 'pg';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';

/**
 * No log line carries an API key or a secret a user stored, even when the query storing it fails
 * (TypeORM's error carries the SQL parameters, and PostgreSQL's detail quotes the row).
 */
describe('creative logs carry no secrets', () => {
  const STORED_SECRET = 'sk_live_51Hxq-pasted-into-metadata-c0ffee';
  let capture: LogCapture<CreativeConfig>;
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  const sql = async (text: string) => {
    const c = new Client({ connectionString: t.config.database.url });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    capture = captureLogs(creativeService);
    t = await createTestApp(capture.def, { env: { LOG_LEVEL: 'trace' } });
    alice = await t.account('alice');
  });
  afterAll(async () => {
    await t?.close();
    capture?.restore();
  });

  it('through authenticated requests and a failing brand-kit update', async () => {
    expectStatus(await t.http.get('/v1/me').set('x-api-key', alice.key), 200);
    expectStatus(await t.http.get('/v1/me').set('Authorization', `Bearer ${alice.key}`), 200);
    expect((await t.http.get(`/v1/me?api_key=${alice.key}`)).status).toBe(401);
    expectStatus(
      await t.http
        .put('/v1/brand-kit')
        .set('x-api-key', alice.key)
        .send({ name: 'Acme', colors: ['#0B1F3A'] }),
      200,
    );

    await sql(`CREATE FUNCTION creative.sabotage() RETURNS trigger LANGUAGE plpgsql AS $$
               BEGIN RAISE EXCEPTION 'sabotaged for the log test' USING DETAIL = row_to_json(NEW)::text; END $$`);
    await sql(`CREATE TRIGGER sabotage BEFORE INSERT OR UPDATE ON creative.brand_kits FOR EACH ROW EXECUTE FUNCTION creative.sabotage()`);
    const failed = await t.http
      .put('/v1/brand-kit')
      .set('x-api-key', alice.key)
      .send({ name: 'Acme', metadata: { payment_key: STORED_SECRET } });
    expect(failed.status).toBe(500);
    await sql(`DROP TRIGGER sabotage ON creative.brand_kits`);

    const lines = capture.all();
    expect(leakedSecrets(lines, { apiKey: alice.key, storedSecret: STORED_SECRET })).toEqual([]);
    for (const line of lines) {
      expect(line).not.toMatch(/"(parameters|driverError|detail|where)":/);
      expect(line).not.toContain('-- PARAMETERS');
    }
    // The failure is logged all the same, with its SQL text and SQLSTATE, under the error id the client got.
    const entries = capture.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const logged = entries.find((l) => l.errorId && JSON.stringify(failed.body).includes(String(l.errorId)));
    expect(logged?.err).toMatchObject({
      type: 'QueryFailedError',
      message: 'sabotaged for the log test',
      code: 'P0001',
      sql: expect.stringContaining('brand_kits'),
    });
    expect(entries.some((l) => l.context === 'Database' && l.code === 'P0001')).toBe(true);
  });
});

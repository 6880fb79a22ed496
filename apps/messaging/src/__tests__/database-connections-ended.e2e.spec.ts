import { createTestApp, expectStatus, TestAccount } from '@platform/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { messagingService } from '../service';
import { App, auth, createAgent } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Found by tools/chaos (pg_ctl -m fast): an api process exited on an `error` event of a `pg` client nobody listened
// to (57P01, terminating connection due to administrator command). A connection PostgreSQL ends must never crash
// the process: every client of the pool has an `error` listener for its whole life, not only while pg-pool or a
// TypeORM query runner holds it. PostgreSQL ends the service's connections here with pg_terminate_backend, as a
// restart does.
describe('database connections ended by PostgreSQL', () => {
  let t: App;
  let alice: TestAccount;
  let ds: DataSource;
  let admin: Client;
  const uncaught: Error[] = [];
  const onUncaught = (e: Error) => uncaught.push(e);

  beforeAll(async () => {
    t = await createTestApp(messagingService);
    alice = await t.account('alice');
    await createAgent(t, alice);
    ds = t.app.get(DataSource);
    admin = new Client({ connectionString: t.config.database.url! });
    await admin.connect();
    process.on('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await admin?.end();
    await t?.close();
  });

  /** Ends the service's connections (all of them, or one backend), as a PostgreSQL restart does. */
  const terminate = async (pid?: number) => {
    const rows = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ($1::int IS NULL OR pid = $1)`,
      [pid ?? null],
    );
    return rows.rowCount ?? 0;
  };
  const answers = async () => expectStatus(await t.http.get('/v1/agents').set(auth(alice)), 200);

  it('a connection checked out of the pool and ended before anyone wraps it crashes nothing', async () => {
    const driver = ds.driver as PostgresDriver;
    const [connection, release] = (await driver.obtainMasterConnection()) as [Client & { processID: number }, (err?: Error) => void];
    expect(connection.listenerCount('error')).toBeGreaterThan(0);
    const ended = new Promise<void>((resolve) => connection.once('end', () => resolve()));
    expect(await terminate(connection.processID)).toBe(1);
    await ended;
    release(new Error('ended by the test'));
    await sleep(200);
    expect(uncaught).toEqual([]);
    await answers();
  });

  it('answers after every connection, idle or in a query, was ended', async () => {
    await answers();
    const inQuery = ds.query('SELECT pg_sleep(5)').then(
      () => 'finished',
      (e: Error) => e.message,
    );
    await sleep(300);
    expect(await terminate()).toBeGreaterThan(0);
    expect(await inQuery).toMatch(/terminat|Connection/i);
    await sleep(300);
    await answers();
    expect(uncaught).toEqual([]);
  });
});

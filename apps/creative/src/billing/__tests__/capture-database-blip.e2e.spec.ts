import { createTestApp, expectStatus, refuseWrites, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Found by tools/chaos (pg-fast): a render drawn and stored whose capture PostgreSQL refused (restarting) answered
// 500 and left its reservation held; the sweep then released it as the work of a dead process, so the render was
// free. PostgreSQL refuses the settle here through a trigger (as it does while it restarts) and takes it again later.
describe('a render whose capture the database refuses', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  let allow: (() => Promise<void>) | undefined;
  afterEach(() => allow?.());
  afterAll(() => t?.close());

  const refuse = async () => {
    allow = await refuseWrites(ds, 'creative.billing_reservations', 'UPDATE');
  };
  const reservationsOf = async (designId: string) =>
    (await ds.query(`SELECT id, state, credits FROM creative.billing_reservations WHERE design_id = $1 AND operation = 'render'`, [designId])) as {
      id: string;
      state: string;
      credits: number;
    }[];
  const ledgerAgrees = async (accountId: string) => {
    const [row] = await ds.query(
      `SELECT a.balance::int AS balance, (SELECT coalesce(sum(amount), 0)::int FROM creative.billing_ledger l WHERE l.account_id = a.account_id) AS sum
         FROM creative.billing_accounts a WHERE a.account_id = $1`,
      [accountId],
    );
    return row as { balance: number; sum: number };
  };

  it('answers the render, captures it once the database takes the write, and a replay charges nothing more', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    const before = expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
    const render = () => as(t.http.post(`/v1/designs/${d.id}/render`).set('Idempotency-Key', 'capture-blip-1').send({ format: 'png', width: 300 }), alice);

    await refuse();
    const first = expectStatus(await render(), 200).body;
    expect(first).toMatchObject({ design_id: d.id, width: 300, cached: false });
    const [held] = await reservationsOf(d.id);
    expect(held.state).toBe('held');

    await allow?.();
    const end = Date.now() + 15_000;
    while ((await reservationsOf(d.id))[0].state === 'held' && Date.now() < end) await sleep(100);
    expect(await reservationsOf(d.id)).toEqual([{ id: held.id, state: 'captured', credits: held.credits }]);

    const again = await render();
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await reservationsOf(d.id)).toHaveLength(1);
    const after = await ledgerAgrees(alice.accountId);
    expect(after.balance).toBe(before - held.credits);
    expect(after.balance).toBe(after.sum);
    const captures = await ds.query(`SELECT count(*)::int AS n FROM creative.billing_ledger WHERE reservation_id = $1 AND type = 'capture'`, [held.id]);
    expect(captures[0].n).toBe(1);
  });
});

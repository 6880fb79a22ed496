import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as, sampleIr } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { DesignRendersService } from '../../rendering/design-renders.service';
import { creativeService } from '../../service';
import { BillingService } from '../billing.service';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TTL_S = 2;

// Found by tools/chaos (the soak's baseline, no fault): renders took up to 127 s on the saturated machine with
// BILLING_RESERVATION_TTL_SECONDS=60; the sweep released the hold of a render still drawing (as a dead process's) and
// the capture then found nothing held, so the render was answered and never charged. A running render now renews its
// hold; one whose process died does not, and the sweep still releases it. The TTL is 2 s here, the render made to take
// 3 TTLs (the real render, started late), and the sweep runs all along as a worker's would.
describe('the hold of a render slower than the reservation TTL', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  let billing: BillingService;

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500', BILLING_RESERVATION_TTL_SECONDS: String(TTL_S) } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
    billing = t.app.get(BillingService);
  });
  afterAll(() => t?.close());

  const reservationsOf = async (designId: string) =>
    (await ds.query(`SELECT id, state FROM creative.billing_reservations WHERE design_id = $1 AND operation = 'render'`, [designId])) as {
      id: string;
      state: string;
    }[];
  const ledgerOf = async (reservationId: string) =>
    (
      (await ds.query(`SELECT type FROM creative.billing_ledger WHERE reservation_id = $1 ORDER BY created_at, type`, [reservationId])) as { type: string }[]
    ).map((r) => r.type);

  it('keeps the hold while the render draws and captures it exactly once', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    const renders = t.app.get(DesignRendersService);
    const real = renders.render.bind(renders);
    renders.render = async (...args: Parameters<DesignRendersService['render']>) => {
      await sleep(3 * TTL_S * 1000);
      return real(...args);
    };
    let sweeping = true;
    const released: number[] = [];
    const sweeper = (async () => {
      while (sweeping) {
        released.push((await billing.sweepExpired()).released);
        await sleep(200);
      }
    })();
    try {
      const res = await as(t.http.post(`/v1/designs/${d.id}/render`).send({ format: 'png', width: 200 }), alice);
      expect(res.status).toBe(200);
    } finally {
      sweeping = false;
      await sweeper;
      renders.render = real;
    }
    expect(released.every((n) => n === 0)).toBe(true);
    const [reservation, ...others] = await reservationsOf(d.id);
    expect(others).toEqual([]);
    expect(reservation.state).toBe('captured');
    expect(await ledgerOf(reservation.id)).toEqual(['reserve', 'capture']);
  });

  it('still releases the hold of a render whose process died (nothing renews it)', async () => {
    const d = expectStatus(await as(t.http.post('/v1/designs').send({ ir: sampleIr() }), alice), 200).body;
    // What a process killed while drawing leaves: the reservation held, nobody renewing or settling it.
    const held = await billing.reserveAtOnce(
      { accountId: alice.accountId, designId: d.id },
      { operation: 'render', params: { width: 200, height: 200 } },
      {
        operation: 'render',
        credits: 1,
        breakdown: [],
      },
    );
    expect(held).not.toBeNull();
    await sleep(TTL_S * 1000 + 500);
    expect((await billing.sweepExpired()).released).toBeGreaterThanOrEqual(1);
    const [reservation] = await reservationsOf(d.id);
    expect(reservation).toEqual({ id: held!.id, state: 'released' });
  });
});

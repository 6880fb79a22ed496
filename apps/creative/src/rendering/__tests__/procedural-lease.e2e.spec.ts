import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import { deadOwnerKeys } from '../../__tests__/dead-owner';
import { BillingService } from '../../billing/billing.service';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { ToolsService } from '../tools.service';

// Issue 39: a keyed POST /v1/procedural/render whose process was killed (-9, OOM) left its key in progress with no
// EffectLookup: every retry answered 409 idempotency_in_progress for 24 h. It stores an artifact and is charged, so a
// plain rerun would store a second: the artifact now records the key's claim (unique per account), and so does the
// charge's reservation. A retry after the lease lapsed answers the artifact the dead process stored, or renders when it
// stored none: one artifact and one charge per key.
describe('creative: a procedural render whose process died holding its Idempotency-Key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;
  const dead = deadOwnerKeys(
    () => t,
    () => alice.accountId,
  );

  beforeAll(async () => {
    t = await createTestApp(creativeService, { env: { BILLING_FREE_MONTHLY_CREDITS: '500' } });
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const body = (seed: number) => ({ style: 'mesh', seed, width: 96, height: 64, palette: '#14213d,#fca311', title: 'Night' });
  const post = (key: string, seed: number) => as(t.http.post('/v1/procedural/render').set('Idempotency-Key', key).send(body(seed)), alice);
  const refOf = async (key: string) => {
    const [row] = await ds.query(`SELECT created_at FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [alice.accountId, key]);
    return `${new Date(row.created_at).getTime()}:${key}`;
  };
  const balance = async () => expectStatus(await as(t.http.get('/v1/billing/plan'), alice), 200).body.balance as number;
  const under = async (ref: string) => ({
    artifacts: (
      (await ds.query(`SELECT id FROM creative.artifacts WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as { id: string }[]
    ).map((r) => r.id),
    reservations: (
      (await ds.query(`SELECT id, state FROM creative.billing_reservations WHERE account_id = $1 AND idempotency_ref = $2`, [alice.accountId, ref])) as {
        id: string;
        state: string;
      }[]
    ).map((r) => r.state),
  });

  it('renders once, charged once, when the dead process stored nothing', async () => {
    const ref = await dead.leftBehind('proc-dead-1', 'POST', '/v1/procedural/render', body(1));
    const before = await balance();
    const res = expectStatus(await post('proc-dead-1', 1), 200).body;
    expect(await under(ref)).toEqual({ artifacts: [res.artifact.id], reservations: ['captured'] });
    expect(await balance()).toBeLessThan(before);
    expect(await dead.keyRow('proc-dead-1')).toEqual({ state: 'completed', response_status: 200 });
  });

  it('answers the artifact the dead process stored, rebuilt from the request, without a second or a second charge', async () => {
    const first = expectStatus(await post('proc-committed-1', 2), 200).body;
    await dead.diedAfterCommit('proc-committed-1');
    const before = await balance();
    const retry = expectStatus(await post('proc-committed-1', 2), 200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const { signed_url: _a, warnings: _w, ...rest } = retry.body;
    const { signed_url: _b, warnings: _v, ...expected } = first;
    expect(rest).toEqual(expected);
    expect(retry.body.signed_url.url).toContain(first.artifact.id);
    expect(await under(await refOf('proc-committed-1'))).toEqual({ artifacts: [first.artifact.id], reservations: ['captured'] });
    expect(await balance()).toBe(before);
    expect(await dead.keyRow('proc-committed-1')).toEqual({ state: 'completed', response_status: 200 });
  });

  it('settles the reservation the dead process held instead of reserving a second', async () => {
    const ref = await dead.leftBehind('proc-held-1', 'POST', '/v1/procedural/render', body(3));
    const held = await t.app
      .get(BillingService)
      .reserveAtOnce(
        { accountId: alice.accountId, idempotencyRef: ref },
        { operation: 'procedural_render', params: { width: 96, height: 64, format: 'png' } },
        { operation: 'procedural_render', credits: 1, breakdown: [] },
      );
    expect(held).not.toBeNull();
    const res = expectStatus(await post('proc-held-1', 3), 200).body;
    expect(await under(ref)).toEqual({ artifacts: [res.artifact.id], reservations: ['captured'] });
  });

  it('refuses a second artifact under one claim and answers the first (a stalled owner that resumes after the takeover)', async () => {
    const first = expectStatus(await post('proc-fence-1', 4), 200).body;
    const ref = await refOf('proc-fence-1');
    const again = await t.app.get(ToolsService).procedural({ accountId: alice.accountId, idempotencyRef: ref }, body(4) as never);
    expect(again.artifact.id).toBe(first.artifact.id);
    expect((await under(ref)).artifacts).toEqual([first.artifact.id]);
  });
});

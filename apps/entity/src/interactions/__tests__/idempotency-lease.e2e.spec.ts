import { fingerprintInput, IdempotencyService } from '@platform/http';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';

// Found by tools/chaos (kill-render-api): a request in flight on a process killed with -9 left its Idempotency-Key
// `in_progress`, and every retry answered 409 idempotency_in_progress for the key's 24 hours. Keys now have a lease
// their process renews; once it lapses a retry takes the key over, and a turn that the dead process did store is
// found by the key's claim instead of being stored twice. The rows here are written as a killed process leaves them.
describe('Idempotency-Key left in progress by a killed process', () => {
  let t: TestApp<EntityConfig>;
  let owner: TestAccount;
  let entityId: string;
  let ds: DataSource;
  const bearer = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });
  const DEAD = 'chaos-host-4242-0badf00d';

  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { MESSAGE_WAIT_MS: '3000' } });
    owner = await t.account('owner');
    entityId = expectStatus(await t.http.post('/api/v1/entities').set(bearer(owner)).send({ name: 'Lia', purpose: 'A friendly companion' }), 201).body.entity
      .id;
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const path = () => `/api/v1/entities/${entityId}/messages`;
  const send = (key: string, message: string) => t.http.post(path()).set(bearer(owner)).set('Idempotency-Key', key).send({ message });
  const turnsWith = async (message: string) => (await ds.query(`SELECT id FROM entity.interactions WHERE message = $1`, [message])) as { id: string }[];
  const keyRow = async (key: string) =>
    (await ds.query(`SELECT state, owner, response_status FROM entity.idempotency_keys WHERE account_id = $1 AND key = $2`, [owner.accountId, key]))[0];
  /** The row a process killed with -9 leaves behind: in progress, its owner gone, its lease ending `leaseS` from now. */
  const leftBehind = (key: string, urlPath: string, body: unknown, leaseS: number) =>
    ds.query(
      `INSERT INTO entity.idempotency_keys (account_id, key, request_hash, state, owner, lease_until, created_at)
       VALUES ($1, $2, $3, 'in_progress', $4, now() + make_interval(secs => $5), now() - interval '40 seconds')`,
      [owner.accountId, key, t.app.get(IdempotencyService).hashOf(fingerprintInput('POST', urlPath, body)), DEAD, leaseS],
    );
  const answeredId = (body: { interaction?: { id: string }; interaction_id?: string }) => body.interaction?.id ?? body.interaction_id;

  it('takes the key over once the lease lapsed and stores the turn once when the dead process stored none', async () => {
    const message = 'Hello after my first try died';
    await leftBehind('lease-dead-1', path(), { message }, -1);

    const first = await send('lease-dead-1', message);
    expect([200, 202]).toContain(first.status);
    const turns = await turnsWith(message);
    expect(turns).toHaveLength(1);
    expect(answeredId(first.body)).toBe(turns[0].id);
    expect(await keyRow('lease-dead-1')).toEqual({ state: 'completed', owner: t.app.get(IdempotencyService).instanceId, response_status: first.status });

    const again = await send('lease-dead-1', message);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(answeredId(again.body)).toBe(turns[0].id);
    expect(await turnsWith(message)).toHaveLength(1);
  });

  it('still answers 409 idempotency_in_progress while the lease is live, and runs nothing', async () => {
    const message = 'Hello while my first try still runs';
    await leftBehind('lease-live-1', path(), { message }, 30);

    const res = await send('lease-live-1', message);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('idempotency_in_progress');
    // Until the first request's lease would lapse (30 s from when it was written).
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(25);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(await turnsWith(message)).toEqual([]);
    expect((await keyRow('lease-live-1')).owner).toBe(DEAD);
  });

  it('answers the turn the dead process stored, rebuilt from it, without storing a second one', async () => {
    const message = 'Hello, stored just before my process died';
    const stored = await send('lease-committed-1', message);
    expect([200, 202]).toContain(stored.status);
    const id = answeredId(stored.body);
    // Killed after the turn's insert committed and before the key was completed.
    await ds.query(
      `UPDATE entity.idempotency_keys SET state = 'in_progress', response_status = NULL, response_body = NULL, owner = $3, lease_until = now() - interval '1 second'
        WHERE account_id = $1 AND key = $2`,
      [owner.accountId, 'lease-committed-1', DEAD],
    );

    const retry = await send('lease-committed-1', message);
    expect([200, 202]).toContain(retry.status);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(answeredId(retry.body)).toBe(id);
    expect(await turnsWith(message)).toEqual([{ id }]);
    expect((await keyRow('lease-committed-1')).state).toBe('completed');
  });

  it('refuses a second turn under one claim (a stalled owner that resumes after the takeover)', async () => {
    const message = 'Hello, one claim';
    const first = await send('lease-fence-1', message);
    expect([200, 202]).toContain(first.status);
    const [{ idempotency_ref: ref }] = await ds.query(`SELECT idempotency_ref FROM entity.interactions WHERE message = $1`, [message]);
    expect(ref).toMatch(/^\d+:lease-fence-1$/);
    await expect(
      ds.query(
        `INSERT INTO entity.interactions (id, account_id, entity_id, message, status, idempotency_ref) VALUES ('int_second', $1, $2, $3, 'pending', $4)`,
        [owner.accountId, entityId, message, ref],
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('keeps answering 409 for a lapsed key of an operation that cannot tell whether its work was committed', async () => {
    const body = { name: 'Rui', purpose: 'Another companion' };
    await leftBehind('lease-unknown-1', '/api/v1/entities', body, -1);
    const res = await t.http.post('/api/v1/entities').set(bearer(owner)).set('Idempotency-Key', 'lease-unknown-1').send(body);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('idempotency_in_progress');
    // The lease has lapsed: the time an owner (stalled, not dead) takes to renew it.
    expect(res.headers['retry-after']).toBe('10');
  });
});

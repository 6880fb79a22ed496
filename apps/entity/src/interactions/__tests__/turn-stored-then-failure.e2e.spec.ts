import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../../config';
import { entityService } from '../../service';
import { TurnRecoveryService } from '../recovery.service';
import { TURNS_QUEUE } from '../turn.processor';

// Found by tools/chaos (pg-fast, pg-immediate): `send` stored the turn, then queued it and waited for it; when the
// queue or the wait failed after the insert the request answered 500, the Idempotency-Key was given back and the
// client's retry stored a second turn. Here Redis refuses the turns queue's enqueue script (its `meta` key holds a
// string: BullMQ's script fails with WRONGTYPE, as a command does when Redis is away) after the turn is stored.
(!process.env.TEST_REDIS_URL ? describe.skip : describe)('a turn stored before the queue fails', () => {
  let t: TestApp<EntityConfig>;
  let owner: TestAccount;
  let entityId: string;
  let redis: IORedis;
  let ds: DataSource;
  let metaKey: string;
  const bearer = (a: TestAccount) => ({ Authorization: `Bearer ${a.key}` });

  beforeAll(async () => {
    t = await createTestApp(entityService, { env: { MESSAGE_WAIT_MS: '3000', RECOVERY_INTERVAL_MS: '0' } });
    owner = await t.account('owner');
    entityId = expectStatus(await t.http.post('/api/v1/entities').set(bearer(owner)).send({ name: 'Lia', purpose: 'A friendly companion' }), 201).body.entity
      .id;
    redis = new IORedis(process.env.TEST_REDIS_URL!, { maxRetriesPerRequest: 1 });
    ds = t.app.get(DataSource);
    metaKey = `${t.config.redis.prefix}:${t.config.service}:${TURNS_QUEUE}:meta`;
  });
  afterEach(() => redis.del(metaKey));
  afterAll(async () => {
    await redis?.quit();
    await t?.close();
  });

  const turnsWith = async (message: string) =>
    (await ds.query(`SELECT id, status FROM entity.interactions WHERE message = $1`, [message])) as { id: string; status: string }[];

  it('answers 202 pending, a retry with the same key replays it, and the sweep completes the one turn', async () => {
    const message = 'Hello while the queue is away';
    const send = () => t.http.post(`/api/v1/entities/${entityId}/messages`).set(bearer(owner)).set('Idempotency-Key', 'turn-queue-away-1').send({ message });
    await redis.set(metaKey, 'not a hash');

    const first = expectStatus(await send(), 202).body;
    expect(first).toEqual({ ok: true, pending: true, interaction_id: expect.stringMatching(/^int_/) });
    const again = await send();
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.interaction_id).toBe(first.interaction_id);
    expect(await turnsWith(message)).toEqual([{ id: first.interaction_id, status: 'pending' }]);

    // Redis answers again: the pending-turns sweep queues the turn and it completes, once.
    await redis.del(metaKey);
    await t.app.get(TurnRecoveryService).recover();
    const end = Date.now() + 20_000;
    while ((await turnsWith(message))[0].status === 'pending' && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await turnsWith(message)).toEqual([{ id: first.interaction_id, status: 'completed' }]);
    const polled = expectStatus(await t.http.get(`/api/v1/entities/${entityId}/messages/${first.interaction_id}`).set(bearer(owner)), 200).body;
    expect(polled.interaction).toMatchObject({ id: first.interaction_id, status: 'completed', message });
    expect(polled.interaction.response.length).toBeGreaterThan(0);
  });

  it('still answers a refusal before the turn is stored as an error, and stores nothing', async () => {
    await redis.set(metaKey, 'not a hash');
    const res = await t.http
      .post('/api/v1/entities/ent_missing/messages')
      .set(bearer(owner))
      .set('Idempotency-Key', 'turn-queue-away-2')
      .send({ message: 'Nobody' });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).toContain('entity_not_found');
    expect(await turnsWith('Nobody')).toEqual([]);
  });
});

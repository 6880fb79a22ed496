import { createTestApp, TestAccount, TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { creativeService } from '../service';
import { as, sampleIr } from './helpers';

// Issue 39 (tools/chaos soak, no fault): p99 30 s. The chaos client sends 5% of its requests twice at once; the second
// found the key in progress and was answered 409 idempotency_in_progress with Retry-After: the seconds until the first
// request's lease would lapse (about 30), though the first answered a moment later. A repeat under a live lease now
// waits up to IN_PROGRESS_WAIT_MS (2 s) for the first answer and replays it.
describe('creative: a double submit gets the first answer, not a 409 to wait 30 s on', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let ds: DataSource;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
    ds = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  it('two requests with one key at once: both answered 200 with the same design, one of them replayed, one design stored', async () => {
    for (let round = 0; round < 8; round++) {
      const key = `double-${round}`;
      const send = () => as(t.http.post('/v1/designs').set('Idempotency-Key', key).send({ ir: sampleIr(), title: key }), alice);
      const [a, b] = await Promise.all([send(), send()]);
      expect([a.status, b.status], `round ${round}: ${JSON.stringify([a.body, b.body])}`).toEqual([200, 200]);
      expect(a.body.id).toBe(b.body.id);
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toHaveLength(1);
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM creative.designs WHERE account_id = $1 AND title = $2`, [alice.accountId, key]);
      expect(n).toBe(1);
    }
  });
});

import { normalizeError } from '@platform/errors';
import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { as, locs } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { JobsService } from '../jobs.service';
import { JobsRecovery } from '../jobs-recovery.service';
import type { JobKind } from '../job-types';
import { testRuns, withTestHandler, type TestRequest } from './test-handler';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A callback receiver on loopback that answers each request with the next status of `statuses` (then 204). */
async function receiver(statuses: number[] = []) {
  const got: { headers: IncomingHttpHeaders; body: string; at: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(statuses.shift() ?? 204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    got,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('creative jobs', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let bob: TestAccount;
  let jobs: JobsService;

  beforeAll(async () => {
    t = await createTestApp(withTestHandler(creativeService), { env: { CALLBACK_ALLOW_PRIVATE: 'true', CALLBACK_RETRY_BASE_MS: '100', JOB_CONCURRENCY: '4' } });
    alice = await t.account('alice');
    bob = await t.account('bob');
    jobs = t.app.get(JobsService);
  });
  afterAll(() => t?.close());

  const create = (who: TestAccount, request: TestRequest, callbackUrl?: string, kind: JobKind = 'animate') =>
    jobs.create({ accountId: who.accountId, kind, request: request as unknown as Record<string, unknown>, callbackUrl });
  const get = async (id: string, who = alice) => expectStatus(await as(t.http.get(`/v1/jobs/${id}`), who), 200).body;
  /** Polls the job until `until` holds (both queue modes: BullMQ runs it in this process's worker). */
  async function waitFor(id: string, until: (j: { state: string; progress: number }) => boolean, timeoutMs = 20_000) {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const job = await get(id);
      if (until(job)) return job;
      if (Date.now() > end) throw new Error(`job ${id} still ${job.state} after ${timeoutMs} ms`);
      await sleep(50);
    }
  }
  const ended = (j: { state: string }) => ['succeeded', 'failed', 'cancelled'].includes(j.state);
  async function waitUntil(ok: () => boolean, timeoutMs = 15_000) {
    for (const end = Date.now() + timeoutMs; !ok() && Date.now() < end;) await sleep(50);
    expect(ok()).toBe(true);
  }

  it('runs a job to succeeded with its artifact behind a signed URL, and removes its work directory', async () => {
    const created = await create(alice, { seconds: 1 });
    expect(created).toMatchObject({ kind: 'animate', state: 'queued', progress: 0, attempts: 0, artifacts: [], error: null, request: { seconds: 1 } });
    expect(created.id).toMatch(/^job_/);
    const done = await waitFor(created.id, ended);
    expect(done).toMatchObject({ state: 'succeeded', progress: 1, attempts: 1, frames_total: 10, result: { frames: 10, attempt: 1 }, error: null });
    expect(done.frames_done).toBeGreaterThan(0);
    expect(done.started_at).not.toBeNull();
    expect(new Date(done.finished_at).getTime()).toBeGreaterThanOrEqual(new Date(done.started_at).getTime());
    expect(done.artifacts).toHaveLength(1);
    expect(done.artifacts[0]).toMatchObject({ role: 'mp4', mime: 'video/mp4' });
    expect(done.artifacts[0].url).toMatch(/\/signed-content\?expires=\d+&signature=/);
    const video = await fetch(done.artifacts[0].url.replace(t.config.publicBaseUrl, t.url));
    expect(video.status).toBe(200);
    const bytes = Buffer.from(await video.arrayBuffer());
    expect(bytes.length).toBe(done.artifacts[0].bytes);
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(existsSync(testRuns.get(created.id)!.workDir)).toBe(false);
  });

  it('records a handler failure with its code, and an unexpected error as internal_error without its message', async () => {
    const failing = await create(alice, { seconds: 1, fail_attempts: 5 });
    const crashing = await create(alice, { seconds: 1, crash: true });
    expect(await waitFor(failing.id, ended)).toMatchObject({
      state: 'failed',
      attempts: 1,
      error: { code: 'test_failure', message: 'attempt 1 fails on purpose' },
      artifacts: [],
    });
    const crashed = await waitFor(crashing.id, ended);
    expect(crashed).toMatchObject({ state: 'failed', error: { code: 'internal_error' } });
    expect(crashed.error.message).not.toMatch(/crashed/);
  });

  it('cancels a queued job at once, a running one within a second (ffmpeg killed, files removed), and answers 409 once finished', async () => {
    // A running job: cancel lands mid-encode.
    const running = await create(alice, { seconds: 20 });
    await waitFor(running.id, (j) => j.state === 'running' && j.progress > 0);
    const { pid, workDir } = testRuns.get(running.id)!;
    expect(alive(pid)).toBe(true);
    expect(existsSync(workDir)).toBe(true);
    const asked = Date.now();
    const answer = expectStatus(await as(t.http.post(`/v1/jobs/${running.id}/cancel`), alice), 200).body;
    expect(['running', 'cancelled']).toContain(answer.state);
    const cancelled = await waitFor(running.id, ended, 5000);
    const took = Date.now() - asked;
    expect(cancelled.state).toBe('cancelled');
    expect(took).toBeLessThan(1000);
    expect(alive(pid)).toBe(false);
    expect(existsSync(workDir)).toBe(false);
    expect(cancelled.error).toBeNull();

    // Finished jobs: 409 job_finished (cancelled, succeeded).
    const again = await as(t.http.post(`/v1/jobs/${running.id}/cancel`), alice);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('job_finished');

    // A queued job: straight to cancelled, never run. Four slots are busy with long jobs first.
    const blockers = await Promise.all([1, 2, 3, 4].map(() => create(alice, { seconds: 20 })));
    for (const b of blockers) await waitFor(b.id, (j) => j.state === 'running');
    const queued = await create(alice, { seconds: 1 });
    const now = expectStatus(await as(t.http.post(`/v1/jobs/${queued.id}/cancel`), alice), 200).body;
    expect(now).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(now.finished_at).not.toBeNull();
    for (const b of blockers) expectStatus(await as(t.http.post(`/v1/jobs/${b.id}/cancel`), alice), 200);
    for (const b of blockers) await waitFor(b.id, ended, 5000);
    await sleep(300);
    expect((await get(queued.id)).state).toBe('cancelled');
    expect(testRuns.has(queued.id)).toBe(false);
  });

  it('retries failed and cancelled jobs as new attempts (202), and refuses running, queued and succeeded ones (409)', async () => {
    const failing = await create(alice, { seconds: 1, fail_attempts: 1 });
    await waitFor(failing.id, ended);
    const retried = await as(t.http.post(`/v1/jobs/${failing.id}/retry`), alice);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ state: 'queued', error: null, progress: 0, artifacts: [], finished_at: null });
    const second = await waitFor(failing.id, ended);
    expect(second).toMatchObject({ state: 'succeeded', attempts: 2, result: { attempt: 2 } });
    const conflict = await as(t.http.post(`/v1/jobs/${failing.id}/retry`), alice);
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('job_not_retryable');

    const long = await create(alice, { seconds: 20 });
    await waitFor(long.id, (j) => j.state === 'running');
    expect((await as(t.http.post(`/v1/jobs/${long.id}/retry`), alice)).body.code).toBe('job_not_retryable');
    expectStatus(await as(t.http.post(`/v1/jobs/${long.id}/cancel`), alice), 200);
    await waitFor(long.id, ended, 5000);
    const back = expectStatus(await as(t.http.post(`/v1/jobs/${long.id}/retry`), alice), 202).body;
    expect(back.state).toBe('queued');
    await waitFor(long.id, (j) => j.state === 'running');
    expect((await get(long.id)).attempts).toBe(2);
    expectStatus(await as(t.http.post(`/v1/jobs/${long.id}/cancel`), alice), 200);
    await waitFor(long.id, ended, 5000);
  });

  it('the pending sweep runs a queued job whose queue job ended without running it', async () => {
    const job = await create(alice, { seconds: 1 });
    await waitFor(job.id, ended);
    // As if its queue job had ended without the claim (a process stopping, a database error): BullMQ holds that id.
    await t.app.get(DataSource).query(`UPDATE creative.jobs SET state = 'queued', finished_at = NULL WHERE id = $1`, [job.id]);
    const counts = await t.app.get(JobsRecovery).recover();
    expect(counts.jobs).toBeGreaterThanOrEqual(1);
    expect(await waitFor(job.id, (j) => j.state === 'succeeded' && (j as unknown as { attempts: number }).attempts === 2)).toMatchObject({
      state: 'succeeded',
      attempts: 2,
    });
  });

  it('takes up a job whose worker was lost, but fails it with worker_lost (callback sent) once its run has lost JOB_MAX_LOST_ATTEMPTS workers; a retry starts again', async () => {
    const hooks = await receiver([]);
    try {
      const secret = expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), alice), 200).body.secret as string;
      const job = await create(alice, { seconds: 1 }, hooks.url);
      await waitFor(job.id, ended);
      await waitUntil(() => hooks.got.length === 1);
      const ds = t.app.get(DataSource);
      // As its worker's death leaves it: running, the lease run out; `lost` attempts of this run lost before.
      const lose = (lost: number) =>
        ds.query(
          `UPDATE creative.jobs SET state = 'running', finished_at = NULL, worker_id = 'gone', lease_until = now() - interval '1 second', lost_attempts = $2 WHERE id = $1`,
          [job.id, lost],
        );
      const max = t.config.jobs.maxLostAttempts;
      expect(max).toBe(3);

      await lose(max - 2);
      await t.app.get(JobsRecovery).recover();
      const again = await waitFor(job.id, (j) => j.state === 'succeeded' && (j as unknown as { attempts: number }).attempts === 2);
      expect(again).toMatchObject({ state: 'succeeded', attempts: 2, error: null });

      await lose(max - 1);
      await t.app.get(JobsRecovery).recover();
      const lost = await waitFor(job.id, ended);
      expect(lost).toMatchObject({ state: 'failed', attempts: 2, error: { code: 'worker_lost' } });
      await waitUntil(() => hooks.got.length === 3);
      const event = new Webhook(secret).verify(hooks.got[2].body, hooks.got[2].headers as Record<string, string>) as {
        type: string;
        data: { error: { code: string } };
      };
      expect(event).toMatchObject({ type: 'job.failed', data: { error: { code: 'worker_lost' } } });

      // The user's retry is a new run: it is not held to the lost attempts of the previous one.
      expectStatus(await as(t.http.post(`/v1/jobs/${job.id}/retry`), alice), 202);
      expect(await waitFor(job.id, ended)).toMatchObject({ state: 'succeeded', attempts: 3 });
      expect((await ds.query(`SELECT lost_attempts FROM creative.jobs WHERE id = $1`, [job.id]))[0].lost_attempts).toBe(0);
    } finally {
      await hooks.close();
    }
  });

  it('lists newest first with limit, cursor and filters; 422 on bad parameters', async () => {
    const carol = await t.account('carol');
    const made: { id: string }[] = [];
    for (let i = 0; i < 5; i++) made.push(await create(carol, { seconds: 1, fail_attempts: i % 2 === 0 ? 9 : 0 }));
    for (const j of made) await waitFor(j.id, ended).catch(() => undefined);
    const list = (q: string) => as(t.http.get(`/v1/jobs${q}`), carol);
    // waitFor polls as alice: carol's jobs are polled here.
    const end = Date.now() + 20_000;
    while ((await list('?state=queued')).body.data.length + (await list('?state=running')).body.data.length > 0 && Date.now() < end) await sleep(100);

    const all = expectStatus(await list(''), 200).body;
    expect(all.data.map((j: { id: string }) => j.id)).toEqual(made.map((j) => j.id).reverse());
    expect(all.next_cursor).toBeNull();
    const first = expectStatus(await list('?limit=2'), 200).body;
    expect(first.data.map((j: { id: string }) => j.id)).toEqual([made[4].id, made[3].id]);
    const second = expectStatus(await list(`?limit=2&cursor=${first.next_cursor}`), 200).body;
    expect(second.data.map((j: { id: string }) => j.id)).toEqual([made[2].id, made[1].id]);
    const third = expectStatus(await list(`?limit=2&cursor=${second.next_cursor}`), 200).body;
    expect(third.data.map((j: { id: string }) => j.id)).toEqual([made[0].id]);
    expect(third.next_cursor).toBeNull();

    const failed = expectStatus(await list('?state=failed'), 200).body.data.map((j: { id: string }) => j.id);
    expect(failed).toEqual([made[4].id, made[2].id, made[0].id]);
    expect(expectStatus(await list('?state=succeeded&kind=animate'), 200).body.data).toHaveLength(2);
    expect(expectStatus(await list('?kind=video'), 200).body.data).toEqual([]);

    expect(locs(await list('?limit=101'))).toEqual(['query.limit']);
    expect(locs(await list('?limit=0'))).toEqual(['query.limit']);
    expect(locs(await list('?state=done'))).toEqual(['query.state']);
    expect(locs(await list('?kind=gif'))).toEqual(['query.kind']);
    expect(locs(await list('?cursor=bm90LWEtY3Vyc29y'))).toEqual(['query.cursor']);
    // Another account sees none of carol's jobs.
    const bobs = expectStatus(await as(t.http.get('/v1/jobs'), bob), 200).body.data.map((j: { id: string }) => j.id);
    expect(bobs.filter((id: string) => made.some((m) => m.id === id))).toEqual([]);
  });

  it("answers 404 for unknown jobs and another account's, and 401 without a key", async () => {
    const mine = await create(alice, { seconds: 1 });
    for (const path of [`/v1/jobs/${mine.id}`, `/v1/jobs/${mine.id}/callbacks`]) {
      const res = await as(t.http.get(path), bob);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    for (const action of ['cancel', 'retry']) {
      const res = await as(t.http.post(`/v1/jobs/${mine.id}/${action}`), bob);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await as(t.http.get('/v1/jobs/job_nope'), alice)).body.code).toBe('not_found');
    expect((await as(t.http.get('/v1/jobs/%24%7Bx%7D'), alice)).status).toBe(404);
    for (const [method, path] of [
      ['get', '/v1/jobs'],
      ['get', `/v1/jobs/${mine.id}`],
      ['post', `/v1/jobs/${mine.id}/cancel`],
      ['post', `/v1/jobs/${mine.id}/retry`],
      ['get', `/v1/jobs/${mine.id}/callbacks`],
      ['get', '/v1/callbacks/signing-secret'],
      ['post', '/v1/callbacks/signing-secret/rotate'],
    ] as const) {
      const res = await t.http[method](path);
      expect(res.status, path).toBe(401);
    }
    await waitFor(mine.id, ended);
  });

  it('sends a signed callback for each end, retries a failing receiver with backoff and lists every try', async () => {
    const hooks = await receiver([500, 503, 502]);
    try {
      const secret = expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), alice), 200).body;
      expect(secret.secret).toMatch(/^whsec_/);
      expect(expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), alice), 200).body.secret).toBe(secret.secret);
      expect(expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), bob), 200).body.secret).not.toBe(secret.secret);

      const ok = await create(alice, { seconds: 1 }, hooks.url);
      await waitFor(ok.id, ended);
      const deadline = Date.now() + 15_000;
      while (hooks.got.length < 4 && Date.now() < deadline) await sleep(50);
      expect(hooks.got).toHaveLength(4);
      const wh = new Webhook(secret.secret);
      for (const r of hooks.got) {
        const event = wh.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { id: string; state: string; artifacts: unknown[] } };
        expect(event).toMatchObject({ type: 'job.succeeded', data: { id: ok.id, state: 'succeeded' } });
        expect(event.data.artifacts).toHaveLength(1);
      }
      // The same delivery id on every try, with growing gaps (100, 200, 400 ms).
      expect(new Set(hooks.got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const gaps = hooks.got.slice(1).map((r, i) => r.at - hooks.got[i].at);
      expect(gaps[0]).toBeGreaterThanOrEqual(90);
      expect(gaps[2]).toBeGreaterThan(gaps[0]);
      // A forged signature does not verify.
      expect(() =>
        new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(hooks.got[0].body, hooks.got[0].headers as Record<string, string>),
      ).toThrow();

      let deliveries = expectStatus(await as(t.http.get(`/v1/jobs/${ok.id}/callbacks`), alice), 200).body.data;
      const until = Date.now() + 5000;
      while (deliveries[0]?.state !== 'delivered' && Date.now() < until) {
        await sleep(50);
        deliveries = expectStatus(await as(t.http.get(`/v1/jobs/${ok.id}/callbacks`), alice), 200).body.data;
      }
      expect(deliveries).toHaveLength(1);
      expect(deliveries[0]).toMatchObject({
        event: 'job.succeeded',
        url: hooks.url,
        state: 'delivered',
        attempts: 4,
        last_status: 204,
        id: hooks.got[0].headers['webhook-id'],
      });
      expect(deliveries[0].attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 502, 204]);
      expect(deliveries[0].attempt_log.map((a: { error: string | null }) => a.error)).toEqual(['HTTP 500', 'HTTP 503', 'HTTP 502', null]);

      // job.failed and job.cancelled.
      const failing = await create(alice, { seconds: 1, fail_attempts: 9 }, hooks.url);
      const cancelling = await create(alice, { seconds: 20 }, hooks.url);
      await waitFor(failing.id, ended);
      await waitFor(cancelling.id, (j) => j.state === 'running');
      expectStatus(await as(t.http.post(`/v1/jobs/${cancelling.id}/cancel`), alice), 200);
      await waitFor(cancelling.id, ended, 5000);
      const end2 = Date.now() + 10_000;
      while (hooks.got.length < 6 && Date.now() < end2) await sleep(50);
      const events = hooks.got
        .slice(4)
        .map((r) => wh.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { id: string; error: unknown } });
      expect(events.map((e) => `${e.type} ${e.data.id}`).sort()).toEqual([`job.cancelled ${cancelling.id}`, `job.failed ${failing.id}`].sort());
      expect(events.find((e) => e.type === 'job.failed')!.data.error).toEqual({ code: 'test_failure', message: 'attempt 1 fails on purpose' });
    } finally {
      await hooks.close();
    }
  });

  it('rotates the signing secret: the previous one keeps signing beside it for 24 hours', async () => {
    const hooks = await receiver();
    try {
      const before = expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), alice), 200).body.secret;
      const rotated = expectStatus(await as(t.http.post('/v1/callbacks/signing-secret/rotate'), alice), 200).body;
      expect(rotated.secret).toMatch(/^whsec_/);
      expect(rotated.secret).not.toBe(before);
      const expires = new Date(rotated.previous_secret_expires_at).getTime() - Date.now();
      expect(expires).toBeGreaterThan(23.9 * 3600_000);
      expect(expires).toBeLessThanOrEqual(24 * 3600_000);
      expect(expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), alice), 200).body.secret).toBe(rotated.secret);
      // Stored sealed (SECRETS_KEY), both of them.
      const [row] = (await t.app
        .get(DataSource)
        .query(`SELECT secret, previous_secret FROM creative.callback_secrets WHERE account_id = $1`, [alice.accountId])) as {
        secret: string;
        previous_secret: string;
      }[];
      expect(row.secret).toMatch(/^v1:/);
      expect(row.previous_secret).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(rotated.secret.slice(6, 30));
      expect(JSON.stringify(row)).not.toContain(before.slice(6, 30));

      const job = await create(alice, { seconds: 1 }, hooks.url);
      await waitFor(job.id, ended);
      const end = Date.now() + 10_000;
      while (hooks.got.length < 1 && Date.now() < end) await sleep(50);
      const r = hooks.got[0];
      expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
      for (const s of [before, rotated.secret])
        expect(new Webhook(s).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'job.succeeded' });
    } finally {
      await hooks.close();
    }
  });
});

describe('creative jobs: rotating the signing secret with an Idempotency-Key', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('stores the response encrypted, never the secret in clear, and a replay answers the same secret', async () => {
    const rotate = () => as(t.http.post('/v1/callbacks/signing-secret/rotate'), alice).set('Idempotency-Key', 'rotate-1');
    const first = expectStatus(await rotate(), 200);
    expect(first.body.secret).toMatch(/^whsec_/);
    const rows = (await t.app
      .get(DataSource)
      .query(`SELECT state, response_status, response_body FROM creative.idempotency_keys WHERE account_id = $1`, [alice.accountId])) as {
      state: string;
      response_status: number;
      response_body: unknown;
    }[];
    expect(rows).toEqual([{ state: 'completed', response_status: 200, response_body: { sealed: expect.stringMatching(/^v1:/) } }]);
    expect(JSON.stringify(rows)).not.toContain(first.body.secret.slice(6, 20));

    const replay = expectStatus(await rotate(), 200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    // Replayed, not rotated again.
    expect(expectStatus(await as(t.http.get('/v1/callbacks/signing-secret'), alice), 200).body.secret).toBe(first.body.secret);
  });

  it('refuses to open a sealed response copied to another key (bound to account and key)', async () => {
    const ds = t.app.get(DataSource);
    expectStatus(await as(t.http.post('/v1/callbacks/signing-secret/rotate'), alice).set('Idempotency-Key', 'rotate-2'), 200);
    const rotate3 = () => as(t.http.post('/v1/callbacks/signing-secret/rotate'), alice).set('Idempotency-Key', 'rotate-3');
    const third = expectStatus(await rotate3(), 200);
    await ds.query(
      `UPDATE creative.idempotency_keys SET response_body = (SELECT response_body FROM creative.idempotency_keys WHERE account_id = $1 AND key = 'rotate-2') WHERE account_id = $1 AND key = 'rotate-3'`,
      [alice.accountId],
    );
    const copied = expectStatus(await rotate3(), 409);
    expect(copied.body.code).toBe('idempotency_replay_unavailable');
    expect(JSON.stringify(copied.body)).not.toContain(third.body.secret.slice(6, 20));
  });
});

describe('creative jobs: callback URLs on private addresses', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;

  beforeAll(async () => {
    t = await createTestApp(withTestHandler(creativeService));
    alice = await t.account('alice');
  });
  afterAll(() => t?.close());

  it('refuses them with 422 at body.callback_url when CALLBACK_ALLOW_PRIVATE is false, and creates nothing', async () => {
    const jobs = t.app.get(JobsService);
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
      'ftp://example.com/x',
      'https://u:p@example.com/x',
      'not a url',
    ]) {
      const refused = await jobs.create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 1 }, callbackUrl: url }).then(
        () => null,
        (e: unknown) => e,
      );
      // As the REST edge answers it (the service's location is relative to its input, the body).
      expect(normalizeError(refused), url).toMatchObject({
        status: 422,
        details: [{ loc: ['body', 'callback_url'], type: 'value_error' }],
      });
    }
    expect(expectStatus(await as(t.http.get('/v1/jobs'), alice), 200).body.data).toEqual([]);
  });
});

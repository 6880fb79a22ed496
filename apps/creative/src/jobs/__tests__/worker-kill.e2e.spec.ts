import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { JobsService } from '../jobs.service';
import { withTestHandler } from './test-handler';
import { startWorker, type WorkerProcess } from './worker-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

(!process.env.TEST_REDIS_URL ? describe.skip : describe)('creative jobs: a worker killed mid-job', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    // The API only: the jobs run in the worker processes.
    t = await createTestApp(withTestHandler(creativeService), { env: { ROLE: 'api' } });
    alice = await t.account('alice');
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await t?.close();
  });

  type Worker = WorkerProcess;
  let pool: Worker[] = [];
  const get = async (id: string) => expectStatus(await as(t.http.get(`/v1/jobs/${id}`), alice), 200).body;
  async function waitFor(id: string, until: (j: { state: string; frames_done: number }) => boolean, timeoutMs: number) {
    let job = await get(id);
    for (const end = Date.now() + timeoutMs; !until(job) && Date.now() < end; job = await get(id)) await sleep(50);
    return job;
  }
  const ended = (j: { state: string }) => ['succeeded', 'failed', 'cancelled'].includes(j.state);
  /** The worker process holding the job now. */
  let everyone: Worker[] = [];
  async function holderOf(id: string): Promise<Worker> {
    const [{ worker_id: holder }] = (await t.app.get(DataSource).query(`SELECT worker_id FROM creative.jobs WHERE id = $1`, [id])) as { worker_id: string }[];
    const found = everyone.find((w) => holder.includes(`-${w.child.pid}-`));
    expect(found, holder).toBeDefined();
    return found!;
  }
  const dirsOf = (id: string) => (existsSync(t.config.jobs.workDir) ? readdirSync(t.config.jobs.workDir).filter((d) => d.startsWith(`${id}-`)) : []);

  it('hands a running job back on SIGTERM (the attempt not counted) and another worker finishes it', async () => {
    // Three workers boot together: one leaves here, one is killed in the next test, one remains.
    pool = [startWorker(t, { testHandler: true }), startWorker(t, { testHandler: true }), startWorker(t, { testHandler: true })];
    everyone = [...pool];
    workers.push(...pool.map((w) => w.child));
    await Promise.all(pool.map((w) => w.ready));

    const job = await t.app.get(JobsService).create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 3 } });
    const running = await waitFor(job.id, (j) => j.state === 'running' && j.frames_done > 0, 20_000);
    expect(running.state).toBe('running');
    const leaving = await holderOf(job.id);
    leaving.child.kill('SIGTERM');
    const exited = await Promise.race([new Promise((r) => leaving.child.once('exit', () => r(true))), sleep(15_000).then(() => false)]);
    expect(exited).toBe(true);
    pool = pool.filter((w) => w !== leaving);

    const done = await waitFor(job.id, ended, 30_000);
    expect(done).toMatchObject({ state: 'succeeded', attempts: 1, result: { attempt: 1 } });
    // Finished by another worker, in an attempt that started after the hand-back.
    expect((await holderOf(job.id)).child.pid).not.toBe(leaving.child.pid);
    expect(new Date(done.started_at).getTime()).toBeGreaterThan(new Date(running.started_at).getTime());
    expect(dirsOf(job.id)).toEqual([]);
  }, 120_000);

  it('leaves the job of a SIGKILLed worker to another, which finishes it as attempt 2, and no work directory is left', async () => {
    expect(pool).toHaveLength(2);
    const job = await t.app.get(JobsService).create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 4 } });
    const running = await waitFor(job.id, (j) => j.state === 'running' && j.frames_done > 0, 20_000);
    expect(running.state).toBe('running');

    // Whichever worker took it is killed outright: no shutdown hook runs.
    const victim = await holderOf(job.id);
    const survivor = pool.find((w) => w !== victim)!;
    expect(dirsOf(job.id)).toHaveLength(1);
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));

    const done = await waitFor(job.id, ended, 40_000);
    expect(done, survivor.log().slice(-2000)).toMatchObject({ state: 'succeeded', attempts: 2, result: { attempt: 2 }, progress: 1 });
    expect(done.artifacts).toHaveLength(1);
    expect(dirsOf(job.id)).toEqual([]);
  }, 120_000);
});

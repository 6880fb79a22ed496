import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { JobsService } from '../jobs.service';
import { withTestHandler } from './test-handler';

const ROOT = resolve(__dirname, '../../../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real worker process (ROLE=worker) of the test app's database and Redis prefix, run with vite-node. */
function startWorker(t: TestApp<CreativeConfig>, name: string): { child: ChildProcess; ready: Promise<void>; log: () => string } {
  let log = '';
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/vite-node/vite-node.mjs'), '--config', 'vitest.config.ts', 'apps/creative/src/jobs/__tests__/worker-main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      ROLE: 'worker',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: t.config.database.url,
      DATABASE_POOL_MAX: '3',
      REDIS_URL: t.config.redis.url,
      REDIS_PREFIX: t.config.redis.prefix,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DEV_BOOTSTRAP: 'false',
      // A lost worker's lease runs out after 2 s; the others sweep every half second.
      JOB_LEASE_MS: '2000',
      RECOVERY_INTERVAL_MS: '500',
      RECOVERY_GRACE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<void>((res, rej) => {
    const onData = (b: Buffer) => {
      log += b.toString('utf8');
      if (log.includes('worker ready')) res();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => rej(new Error(`worker ${name} exited with ${code}: ${log.slice(-2000)}`)));
  });
  return { child, ready, log: () => log };
}

describe.skipIf(!process.env.TEST_REDIS_URL)('creative jobs: a worker killed mid-job', () => {
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

  it('leaves the job to another worker, which finishes it as attempt 2, and no work directory is left', async () => {
    const a = startWorker(t, 'a');
    const b = startWorker(t, 'b');
    workers.push(a.child, b.child);
    await Promise.all([a.ready, b.ready]);

    const job = await t.app.get(JobsService).create({ accountId: alice.accountId, kind: 'animate', request: { seconds: 4 } });
    const get = async () => expectStatus(await as(t.http.get(`/v1/jobs/${job.id}`), alice), 200).body;
    let running = await get();
    for (const end = Date.now() + 20_000; !(running.state === 'running' && running.frames_done > 0) && Date.now() < end; running = await get()) await sleep(50);
    expect(running.state).toBe('running');

    // Whichever worker took it is killed outright: no shutdown hook runs.
    const [{ worker_id: holder }] = (await t.app.get(DataSource).query(`SELECT worker_id FROM creative.jobs WHERE id = $1`, [job.id])) as { worker_id: string }[];
    const victim = [a, b].find((w) => holder.includes(`-${w.child.pid}-`))!;
    const survivor = victim === a ? b : a;
    expect(victim).toBeDefined();
    const dirs = () => readdirSync(t.config.jobs.workDir).filter((d) => d.startsWith(`${job.id}-`));
    expect(dirs()).toHaveLength(1);
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));

    let done = await get();
    for (const end = Date.now() + 40_000; !['succeeded', 'failed', 'cancelled'].includes(done.state) && Date.now() < end; done = await get()) await sleep(100);
    expect(done, survivor.log().slice(-2000)).toMatchObject({ state: 'succeeded', attempts: 2, result: { attempt: 2 }, progress: 1 });
    expect(done.artifacts).toHaveLength(1);
    expect(existsSync(t.config.jobs.workDir) ? dirs() : []).toEqual([]);
  }, 120_000);
});

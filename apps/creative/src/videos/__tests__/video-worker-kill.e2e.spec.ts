import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { existsSync, readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { startWorker, type WorkerProcess } from '../../jobs/__tests__/worker-process';
import { artifact, checkVideo, download, drawing, finished, pngOf, probeMedia, scratch, upload } from './video-fixtures';

(!process.env.TEST_REDIS_URL ? describe.skip : describe)('creative videos: a worker killed in the middle of a real animate job', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  const workers: WorkerProcess[] = [];
  const tmp = scratch();

  beforeAll(async () => {
    // The API only: the jobs run in the worker processes.
    t = await createTestApp(creativeService, { env: { ROLE: 'api' } });
    alice = await t.account('alice');
  });
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    tmp.remove();
    await t?.close();
  });

  /** The worker process holding the job now. */
  async function holderOf(id: string): Promise<WorkerProcess> {
    const [{ worker_id: holder }] = (await t.app.get(DataSource).query('SELECT worker_id FROM creative.jobs WHERE id = $1', [id])) as { worker_id: string }[];
    const found = workers.find((w) => holder.includes(`-${w.child.pid}-`));
    expect(found, holder).toBeDefined();
    return found!;
  }

  it('finishes the job in another worker as attempt 2, with a whole MP4 and no work directory left; a job whose asset went meanwhile fails with its code', async () => {
    // Accepted while no worker runs; its image is deleted before a worker picks it up.
    const image = await upload(t, alice, await pngOf(64, 64, '#a855f7'), 'gone.png', '/v1/assets');
    const orphan = expectStatus(
      await as(t.http.post('/v1/videos').send({ width: 64, height: 64, fps: 6, scenes: [{ asset_id: image, duration: 1 }] }), alice),
      202,
    ).body;
    expectStatus(await as(t.http.delete(`/v1/assets/${image}`), alice), 200);
    workers.push(startWorker(t, { testHandler: false, env: { RENDER_WORKERS: '0' } }), startWorker(t, { testHandler: false, env: { RENDER_WORKERS: '0' } }));
    await Promise.all(workers.map((w) => w.ready));
    const ir = {
      version: 1,
      width: 720,
      height: 720,
      background: '#0f172a',
      root: { type: 'frame', id: 'root', width: 720, height: 720, children: [{ type: 'text', id: 'title', text: 'Kill me', fontSize: 96, color: '#ffffff' }] },
    };
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir }), alice), 200).body.id;
    const job = expectStatus(await as(t.http.post(`/v1/designs/${design}/animate`).send({ duration: 8, motion: 'ken_burns' }), alice), 202).body;
    const running = await drawing(t, alice, job.id);
    expect(running.state).toBe('running');
    expect(running.frames_total).toBe(240);

    const victim = await holderOf(job.id);
    const dirs = () => (existsSync(t.config.jobs.workDir) ? readdirSync(t.config.jobs.workDir).filter((d) => d.startsWith(`${job.id}-`)) : []);
    victim.child.kill('SIGKILL');
    await new Promise((r) => victim.child.once('exit', r));

    const done = await finished(t, alice, job.id);
    const survivor = workers.find((w) => w !== victim)!;
    expect(done, survivor.log().slice(-2000)).toMatchObject({ state: 'succeeded', attempts: 2, progress: 1, result: { frames: 240, duration: 8 } });
    await download(t, artifact(done, 'mp4').url!, tmp.file('killed.mp4'));
    checkVideo(await probeMedia(tmp.file('killed.mp4')), { width: 720, height: 720, fps: 30, duration: 8, audio: null });
    expect(dirs()).toEqual([]);

    const failed = expectStatus(await as(t.http.get(`/v1/jobs/${orphan.id}`), alice), 200).body;
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'not_found' }, artifacts: [] });
    expect(failed.error.message).toContain(image);

    // Billing through the kill: the job held one reservation for its whole life, captured once when the second attempt
    // succeeded (8 s at 720 px: 8 credits); the orphan's was released when it failed.
    const reservations = expectStatus(await as(t.http.get('/v1/billing/reservations?limit=50'), alice), 200).body.data as {
      job_id: string | null;
      state: string;
      credits: number;
      release_reason: string | null;
    }[];
    expect(reservations.filter((r) => r.job_id === job.id).map((r) => [r.state, r.credits])).toEqual([['captured', 8]]);
    expect(reservations.filter((r) => r.job_id === orphan.id).map((r) => [r.state, r.release_reason])).toEqual([['released', 'failed']]);
    const ledger = expectStatus(await as(t.http.get('/v1/billing/ledger?limit=50'), alice), 200).body.data as {
      type: string;
      operation: string | null;
      amount: number;
    }[];
    expect(
      ledger
        .filter((e) => e.operation === 'video')
        .map((e) => e.type)
        .sort(),
    ).toEqual(['capture', 'release', 'reserve', 'reserve']);
  }, 180_000);

  it('hands a video back on SIGTERM (its thread stopped, the attempt not counted) and another worker finishes it', async () => {
    const fresh = startWorker(t, { testHandler: false, env: { RENDER_WORKERS: '0' } });
    workers.push(fresh);
    await fresh.ready;
    const ir = {
      version: 1,
      width: 640,
      height: 640,
      background: '#1e293b',
      root: {
        type: 'frame',
        id: 'root',
        width: 640,
        height: 640,
        children: [{ type: 'text', id: 'title', text: 'Hand me back', fontSize: 72, color: '#ffffff' }],
      },
    };
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir }), alice), 200).body.id;
    const job = expectStatus(await as(t.http.post(`/v1/designs/${design}/animate`).send({ duration: 10, motion: 'zoom_in' }), alice), 202).body;
    const running = await drawing(t, alice, job.id);
    expect(running.state).toBe('running');
    const leaving = await holderOf(job.id);
    leaving.child.kill('SIGTERM');
    await new Promise((r) => leaving.child.once('exit', r));

    const done = await finished(t, alice, job.id);
    expect(done, leaving.log().slice(-2000)).toMatchObject({ state: 'succeeded', attempts: 1, progress: 1, result: { frames: 300, duration: 10 } });
    expect(new Date(done.started_at!).getTime()).toBeGreaterThan(new Date(running.started_at!).getTime());
    await download(t, artifact(done, 'mp4').url!, tmp.file('handed-back.mp4'));
    checkVideo(await probeMedia(tmp.file('handed-back.mp4')), { width: 640, height: 640, fps: 30, duration: 10, audio: null });
  }, 180_000);
});

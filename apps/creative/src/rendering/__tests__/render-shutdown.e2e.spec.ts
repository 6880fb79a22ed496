import { createTestApp, expectStatus, TestAccount, TestApp } from '@platform/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { as } from '../../__tests__/helpers';
import type { CreativeConfig } from '../../config';
import { creativeService } from '../../service';

// Timing-based (CPU time, render budgets): on a loaded 2-core machine a run can miss its bound; a real regression fails all three tries.
jest.retryTimes(2, { logErrorsBeforeRetry: true });

const ROOT = resolve(__dirname, '../../../../..');

/** 300 blurred rectangles on a 2048 x 2048 page: 15-30 s of one core, mostly inside Skia's native calls. */
function blurredIr(n: number) {
  const side = 2048;
  return {
    version: 1,
    width: side,
    height: side,
    background: '#ffffff',
    root: {
      type: 'frame',
      id: 'root',
      width: side,
      height: side,
      children: Array.from({ length: n }, (_, i) => ({
        type: 'rect',
        id: `r${i}`,
        x: (i * 37) % side,
        y: (i * 91) % side,
        width: 512,
        height: 512,
        blur: 30,
        fills: [{ type: 'solid', color: '#336699' }],
      })),
    },
  };
}

const freePort = () =>
  new Promise<number>((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });

describe('SIGTERM while a render draws', () => {
  let t: TestApp<CreativeConfig>;
  let alice: TestAccount;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp(creativeService);
    alice = await t.account('alice');
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t?.close();
  });

  it('ends the serving process within SHUTDOWN_TIMEOUT_MS plus a few seconds', async () => {
    const design = expectStatus(await as(t.http.post('/v1/designs').send({ ir: blurredIr(300) }), alice), 200).body;
    const port = await freePort();
    let log = '';
    // The real entry point (main.ts) on the test app's database, with a long render budget: only SIGTERM stops it.
    child = spawn(process.execPath, ['-r', '@swc-node/register', join(ROOT, 'apps/creative/src/main.ts')], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'),
        ROLE: 'api',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: t.config.database.url,
        DATABASE_POOL_MAX: '3',
        REDIS_URL: t.config.redis.url,
        REDIS_PREFIX: t.config.redis.prefix,
        LOG_LEVEL: 'warn',
        DEV_BOOTSTRAP: 'false',
        RENDER_WORKERS: '1',
        RENDER_TIMEOUT_MS: '120000',
        RENDER_COST_LIMIT_MS: '0',
        RENDER_STOP_GRACE_MS: '1000',
        SHUTDOWN_TIMEOUT_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | string | null>((res) => child!.once('exit', (code, signal) => res(code ?? signal)));
    await new Promise<void>((res, rej) => {
      const onData = (b: Buffer) => {
        log += b.toString('utf8');
        if (log.includes('listening on')) res();
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', onData);
      void exited.then((c) => rej(new Error(`the service exited with ${c}: ${log.slice(-2000)}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const rendering = fetch(`${base}/v1/designs/${design.id}/render`, {
      method: 'POST',
      headers: { 'x-api-key': alice.key, 'content-type': 'application/json' },
      body: '{"format":"png"}',
    }).catch(() => null);
    // The worker is drawing (layout of 300 nodes takes well under this).
    await new Promise((r) => setTimeout(r, 3000));
    const t0 = performance.now();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 15_000))]);
    const took = performance.now() - t0;
    expect({ code, log: code === 'still running' ? log.slice(-2000) : '' }).toMatchObject({ code: expect.anything() });
    expect(code).not.toBe('still running');
    // SHUTDOWN_TIMEOUT_MS (2 s) plus a few seconds; the drawing alone had 15-30 s to go.
    expect(took).toBeLessThan(5000);
    await rendering;
  }, 90_000);
});

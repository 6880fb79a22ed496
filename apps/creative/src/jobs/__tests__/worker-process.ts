import type { TestApp } from '@platform/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { CreativeConfig } from '../../config';

const ROOT = resolve(__dirname, '../../../../..');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves when the worker has started its queues; rejects if it exits first. */
  ready: Promise<void>;
  log: () => string;
}

/**
 * A real creative worker process (ROLE=worker) on the test app's database and Redis prefix, run with
 * Node and `@swc-node/register` (`worker-main.ts` compiled on load with the workspace's tsconfig: decorator
 * metadata and the `@platform/*` paths): with the jobs tests' handler (`testHandler: true`) or the real ones.
 * A lost worker's lease runs out after 2 s and the others sweep every half second, so a kill test is quick.
 */
export function startWorker(t: TestApp<CreativeConfig>, opts: { testHandler: boolean; env?: Record<string, string> }): WorkerProcess {
  let log = '';
  const child = spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'worker-main.ts')], {
    // The test app's directory: relative defaults (DATA_DIR, the jobs' work directory) name the same
    // places in both, whether Jest runs from the workspace root (npm test) or the project (nx test).
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      SWC_NODE_PROJECT: join(ROOT, 'tsconfig.base.json'),
      ROLE: 'worker',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: t.config.database.url,
      DATABASE_POOL_MAX: '3',
      REDIS_URL: t.config.redis.url,
      REDIS_PREFIX: t.config.redis.prefix,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DEV_BOOTSTRAP: 'false',
      JOB_LEASE_MS: '2000',
      RECOVERY_INTERVAL_MS: '500',
      RECOVERY_GRACE_MS: '0',
      WORKER_TEST_HANDLER: opts.testHandler ? '1' : '0',
      ...opts.env,
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
    child.on('exit', (code) => rej(new Error(`worker ${child.pid} exited with ${code}: ${log.slice(-2000)}`)));
  });
  return { child, ready, log: () => log };
}

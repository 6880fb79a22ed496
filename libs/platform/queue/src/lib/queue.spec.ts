import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { APP_CONFIG, BaseConfig, loadConfig } from '@platform/config';
import type { Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { InlineRunner } from './inline-runner';
import { JobQueue, QueueModule } from './queue.module';
import { QueueProcessor, QueueWorker } from './queue.types';

const seen: { data: unknown; attempt: number }[] = [];
const finalFailures: string[] = [];

@QueueProcessor('test-jobs')
class TestProcessor extends QueueWorker<{ n: number; failTimes?: number }> {
  async process(job: Job<{ n: number; failTimes?: number }>) {
    seen.push({ data: job.data, attempt: job.attemptsMade });
    if ((job.data.failTimes ?? 0) > job.attemptsMade) throw new Error(`fail ${job.attemptsMade}`);
    return undefined;
  }
  override onFinalFailure(job: Job<{ n: number }>, error: Error) {
    finalFailures.push(`${job.data.n}:${error.message}`);
  }
}

function configFor(env: Record<string, string>): BaseConfig {
  return loadConfig({ service: 'messaging', defaults: { port: 0, rateLimitPerMinute: 100 }, extra: {}, map: () => ({}) }, env);
}

async function appWith(config: BaseConfig) {
  @Global()
  @Module({ providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] })
  class ConfigModule {}
  @Module({
    imports: [ConfigModule, QueueModule.forRoot(config, { queues: ['test-jobs'] })],
    providers: [TestProcessor],
  })
  class TestModule {}
  const app = await NestFactory.createApplicationContext(TestModule, { logger: ['error'], abortOnError: false });
  await app.init();
  return app;
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

afterEach(() => {
  seen.length = 0;
  finalFailures.length = 0;
});

describe('inline runner', () => {
  it('runs the processor, retries with backoff and reports the final failure', async () => {
    const runner = new InlineRunner();
    runner.register('test-jobs', new TestProcessor());
    await runner.add('test-jobs', 'ok', { n: 1 });
    await runner.add('test-jobs', 'flaky', { n: 2, failTimes: 2 }, { attempts: 3, backoffMs: 5 });
    await runner.add('test-jobs', 'broken', { n: 3, failTimes: 9 }, { attempts: 2, backoffMs: 5 });
    await runner.drain();
    expect(seen.filter((s) => (s.data as { n: number }).n === 2).map((s) => s.attempt)).toEqual([0, 1, 2]);
    expect(seen.filter((s) => (s.data as { n: number }).n === 3)).toHaveLength(2);
    expect(finalFailures).toEqual(['3:fail 1']);
  });

  it('deduplicates pending jobs by id', async () => {
    const runner = new InlineRunner();
    runner.register('test-jobs', new TestProcessor());
    await runner.add('test-jobs', 'a', { n: 1 }, { jobId: 'same', delayMs: 20 });
    await runner.add('test-jobs', 'a', { n: 1 }, { jobId: 'same', delayMs: 20 });
    await runner.drain();
    expect(seen).toHaveLength(1);
  });
});

describe('QueueModule', () => {
  it('runs jobs in process without Redis', async () => {
    const app = await appWith(configFor({}));
    const queue = app.get(JobQueue);
    expect(queue.mode).toBe('inline');
    await queue.add('test-jobs', 'ok', { n: 7 });
    await queue.drain();
    expect(seen).toEqual([{ data: { n: 7 }, attempt: 0 }]);
    expect((await queue.ping()).ok).toBe(true);
    await app.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (!redisUrl ? it.skip : it)('runs jobs through BullMQ workers, only outside the api role', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const api = await appWith(configFor({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, ROLE: 'api' }));
    const apiQueue = api.get(JobQueue);
    expect(apiQueue.mode).toBe('bullmq');
    expect(await apiQueue.ping()).toMatchObject({ ok: true, mode: 'bullmq' });
    await apiQueue.add('test-jobs', 'ok', { n: 11 });
    await apiQueue.add('test-jobs', 'flaky', { n: 12, failTimes: 1 }, { attempts: 3, backoffMs: 10 });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]); // the api role enqueues but does not process

    const worker = await appWith(configFor({ REDIS_URL: redisUrl!, REDIS_PREFIX: prefix, ROLE: 'worker' }));
    expect(await until(() => seen.length >= 3)).toBe(true);
    expect(seen.map((s) => (s.data as { n: number }).n).sort()).toEqual([11, 12, 12]);
    await worker.close();
    await api.close();
  });
});

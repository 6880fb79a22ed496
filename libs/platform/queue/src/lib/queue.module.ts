import { getQueueToken, BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, ModuleRef } from '@nestjs/core';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import type { Queue } from 'bullmq';
import type IORedis from 'ioredis';
import { InlineRunner } from './inline-runner';
import { createRedisClient, redisOptionsFromUrl } from './redis';
import { EnqueueOptions, QUEUE_PROCESSOR, QueueWorker, REDIS_CLIENT } from './queue.types';

export const INLINE_RUNNER = Symbol.for('platform.queue.inline');

/** Where jobs go: BullMQ queues when Redis is configured, the inline runner otherwise. */
@Injectable()
export class JobQueue {
  constructor(
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(INLINE_RUNNER) private readonly inline: InlineRunner | null,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis: IORedis | null,
  ) {}

  get mode(): 'bullmq' | 'inline' {
    return this.inline ? 'inline' : 'bullmq';
  }

  async add<T>(queue: string, name: string, data: T, opts: EnqueueOptions = {}): Promise<{ id: string }> {
    if (this.inline) return this.inline.add(queue, name, data, opts);
    const q = this.moduleRef.get<Queue>(getQueueToken(queue), { strict: false });
    const job = await q.add(name, data, {
      attempts: opts.attempts ?? 5,
      backoff: { type: 'exponential', delay: opts.backoffMs ?? 1000 },
      delay: opts.delayMs,
      jobId: opts.jobId,
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    return { id: String(job.id) };
  }

  /** BullMQ: the state of a queue job (`completed`, `failed`, `waiting`…), undefined when the queue holds no such job. Inline: undefined. */
  async jobState(queue: string, jobId: string): Promise<string | undefined> {
    if (this.inline) return undefined;
    const q = this.moduleRef.get<Queue>(getQueueToken(queue), { strict: false });
    return (await q.getJob(jobId))?.getState();
  }

  async ping(): Promise<{ ok: boolean; mode: string; error?: string }> {
    if (this.inline) return { ok: true, mode: 'inline' };
    try {
      await this.redis!.ping();
      return { ok: true, mode: 'bullmq' };
    } catch (err) {
      return { ok: false, mode: 'bullmq', error: (err as Error).message };
    }
  }

  /** Inline mode: wait for every queued job (tests). BullMQ mode: no-op. */
  async drain(timeoutMs?: number): Promise<void> {
    await this.inline?.drain(timeoutMs);
  }
}

/**
 * Starts processors where they should run: BullMQ workers only in `worker` and `all` roles;
 * the inline runner in any role (it only exists in single-process development).
 */
@Injectable()
class ProcessorStarter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Queue');
  private readonly workers: QueueWorker[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    @Optional() @Inject(INLINE_RUNNER) private readonly inline: InlineRunner | null,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis: IORedis | null,
  ) {}

  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as QueueWorker | undefined;
      if (!instance || !wrapper.metatype) continue;
      const queue = Reflect.getMetadata(QUEUE_PROCESSOR, wrapper.metatype) as string | undefined;
      if (!queue) continue;
      if (this.inline) {
        this.inline.register(queue, instance);
      } else if (this.config.role !== 'api') {
        const worker = instance.worker;
        worker.on('failed', (job, err) => {
          if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
            Promise.resolve(instance.onFinalFailure?.(job, err)).catch((e) => this.logger.error(`onFinalFailure of ${queue} threw: ${(e as Error).message}`));
          }
        });
        worker.on('error', (err) => this.logger.error(`Worker ${queue}: ${err.message}`));
        void worker.run().catch((err) => this.logger.error(`Worker ${queue} stopped: ${(err as Error).message}`));
        this.workers.push(instance);
        this.logger.log(`BullMQ worker started for queue ${queue}`);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.inline?.close(this.config.shutdownTimeoutMs);
    await Promise.allSettled(this.workers.map((w) => w.worker.close()));
    // Shutting down: a connection already closed (or lost) has nothing left to quit.
    if (this.redis) await this.redis.quit().catch(() => undefined);
  }
}

export interface QueueModuleOptions {
  queues: string[];
}

@Global()
@Module({})
export class QueueModule {
  static forRoot(config: BaseConfig, options: QueueModuleOptions): DynamicModule {
    const common = [JobQueue, ProcessorStarter];
    if (!config.redis.url) {
      return {
        module: QueueModule,
        imports: [DiscoveryModule],
        providers: [...common, { provide: INLINE_RUNNER, useValue: new InlineRunner() }, { provide: REDIS_CLIENT, useValue: null }],
        exports: [JobQueue, REDIS_CLIENT],
      };
    }
    const url = config.redis.url;
    return {
      module: QueueModule,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({ connection: redisOptionsFromUrl(url), prefix: `${config.redis.prefix}:${config.service}` }),
        ...options.queues.map((name) => BullModule.registerQueue({ name })),
      ],
      providers: [
        ...common,
        { provide: INLINE_RUNNER, useValue: null },
        { provide: REDIS_CLIENT, useFactory: () => createRedisClient(url, `${config.service}-${config.role}`) },
      ],
      exports: [JobQueue, REDIS_CLIENT, BullModule],
    };
  }
}

import { applyDecorators, SetMetadata } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';

export const QUEUE_PROCESSOR = 'platform:queueProcessor';
export const REDIS_CLIENT = Symbol.for('platform.redis');

export interface EnqueueOptions {
  /** Total tries, first included. Default 5. */
  attempts?: number;
  /** First retry delay; later ones double. Default 1000 ms. */
  backoffMs?: number;
  delayMs?: number;
  /** Deduplicates: a job with the same id that is still pending is not added twice. */
  jobId?: string;
}

/**
 * One processor class per queue. Marks the class for BullMQ (`@Processor`, started by the
 * queue module only in worker roles) and for the inline runner.
 */
export const QueueProcessor = (queue: string) => applyDecorators(Processor({ name: queue }, { autorun: false }), SetMetadata(QUEUE_PROCESSOR, queue));

/** Base class of processors: `process(job)` runs a job; `onFinalFailure` runs after the last failed try. */
export abstract class QueueWorker<T = unknown, R = unknown> extends WorkerHost {
  abstract override process(job: Job<T, R>): Promise<R>;
  onFinalFailure?(job: Job<T, R>, error: Error): Promise<void> | void;
}

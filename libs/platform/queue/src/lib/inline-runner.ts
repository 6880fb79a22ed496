import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { EnqueueOptions, QueueWorker } from './queue.types';

interface InlineJob {
  id: string;
  name: string;
  data: unknown;
  queueName: string;
  attemptsMade: number;
  opts: { attempts: number; backoff: { type: 'exponential'; delay: number } };
  timestamp: number;
  failedReason?: string;
  updateProgress(): Promise<void>;
  log(): Promise<number>;
}

/**
 * Runs jobs in this process with the same processors BullMQ would use: same retries and
 * exponential backoff, deduplication by job id. For single-process development only: a job
 * waiting for a retry when the process exits is gone (durable state lives in Postgres).
 */
export class InlineRunner {
  private readonly logger = new Logger('InlineQueue');
  private readonly processors = new Map<string, QueueWorker>();
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  register(queue: string, processor: QueueWorker): void {
    this.processors.set(queue, processor);
  }

  async add(queue: string, name: string, data: unknown, opts: EnqueueOptions = {}): Promise<{ id: string }> {
    if (this.closed) throw new Error('Queue is shutting down');
    const id = opts.jobId ?? randomUUID();
    if (this.pending.has(`${queue}:${id}`)) return { id };
    const job: InlineJob = {
      id,
      name,
      data,
      queueName: queue,
      attemptsMade: 0,
      opts: { attempts: opts.attempts ?? 5, backoff: { type: 'exponential', delay: opts.backoffMs ?? 1000 } },
      timestamp: Date.now(),
      updateProgress: async () => undefined,
      log: async () => 0,
    };
    this.schedule(job, opts.delayMs ?? 0);
    return { id };
  }

  private schedule(job: InlineJob, delay: number): void {
    const key = `${job.queueName}:${job.id}`;
    const timer = setTimeout(() => {
      this.pending.delete(key);
      const run = this.execute(job).finally(() => this.running.delete(run));
      this.running.add(run);
    }, delay);
    this.pending.set(key, timer);
  }

  private async execute(job: InlineJob): Promise<void> {
    const processor = this.processors.get(job.queueName);
    if (!processor) {
      this.logger.error(`No processor for queue ${job.queueName}; job ${job.id} dropped`);
      return;
    }
    try {
      await processor.process(job as unknown as Job);
    } catch (err) {
      job.attemptsMade += 1;
      job.failedReason = (err as Error).message;
      if (job.attemptsMade < job.opts.attempts && !this.closed) {
        const delay = job.opts.backoff.delay * 2 ** (job.attemptsMade - 1);
        this.logger.warn(`Job ${job.queueName}/${job.name} ${job.id} failed (try ${job.attemptsMade}); retry in ${delay} ms`);
        this.schedule(job, delay);
      } else {
        this.logger.error(`Job ${job.queueName}/${job.name} ${job.id} failed for good: ${job.failedReason}`);
        await Promise.resolve(processor.onFinalFailure?.(job as unknown as Job, err as Error)).catch((e) =>
          this.logger.error(`Job ${job.queueName}/${job.name} ${job.id}: its final-failure handler failed: ${(e as Error).message}`),
        );
      }
    }
  }

  /** Jobs waiting or running, for tests and shutdown. */
  get size(): number {
    return this.pending.size + this.running.size;
  }

  /** Waits until nothing is pending or running (tests). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.size > 0 && Date.now() < until) {
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  /** Stops scheduling, lets running jobs finish (up to the timeout). */
  async close(timeoutMs: number): Promise<void> {
    this.closed = true;
    for (const timer of this.pending.values()) clearTimeout(timer);
    if (this.pending.size) this.logger.warn(`${this.pending.size} queued job(s) not run at shutdown`);
    this.pending.clear();
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, timeoutMs))]);
  }
}

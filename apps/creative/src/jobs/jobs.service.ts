import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { ConflictError, NotFoundError, ValidationError } from '@platform/errors';
import { refuseOutboundUrl } from '@platform/outbound';
import { JobQueue } from '@platform/queue';
import { Metering } from '../billing/metering';
import type { CreativeConfig } from '../config';
import { CallbacksService } from './callbacks.service';
import type { JobDto } from './dto/job.dto';
import type { Job } from './job.entity';
import type { CreateJobInput, JobKind, JobState } from './job-types';
import { JobViews } from './job-views.service';
import { JobsRepository } from './jobs.repository';
import { MEDIA_QUEUE, mediaQueueJobId, type MediaJobData } from './queues';

export function jobNotFound(): NotFoundError {
  return new NotFoundError('Job not found', 'not_found');
}

const FINISHED: JobState[] = ['succeeded', 'failed', 'cancelled'];
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Jobs: rows in Postgres (the truth), carried by the `media` queue (BullMQ, or the inline runner
 * without Redis). A feature validates its request, then `create`s the job (the 202 body); the
 * media processor runs it with the kind's handler. Cancel and retry act on the row; the processor
 * watches it.
 */
@Injectable()
export class JobsService {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly rows: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly queue: JobQueue,
    private readonly views: JobViews,
    private readonly callbacks: CallbacksService,
    private readonly metering: Metering,
  ) {}

  /** Refuses a callback URL the service must not send to: 422 at `loc`. */
  async checkCallbackUrl(url: string, loc: (string | number)[] = ['callback_url']): Promise<void> {
    const refused = url.length > 2048 ? 'Must be at most 2048 characters' : await refuseOutboundUrl(url, { allowPrivate: this.config.callbacks.allowPrivate });
    if (refused) throw new ValidationError([{ loc, msg: `callback_url: ${refused}`, type: 'value_error' }]);
  }

  /** Records a job (state `queued`) and queues it; answers its view (the 202 body). */
  async create(input: CreateJobInput): Promise<JobDto> {
    // "" is a URL that does not parse, not "no callback" (the DTOs refuse it first; a caller without them gets the same).
    if (input.callbackUrl !== undefined && input.callbackUrl !== null) await this.checkCallbackUrl(input.callbackUrl);
    const now = new Date();
    const id = newId('job');
    // The job's credits are reserved before it exists: a 402 records nothing.
    if (input.charge) await this.metering.reserveJob({ accountId: input.accountId, jobId: id, credentialId: input.credentialId ?? null }, input.charge);
    const job: Job = {
      id,
      accountId: input.accountId,
      kind: input.kind,
      state: 'queued',
      progress: 0,
      framesDone: 0,
      framesTotal: null,
      attempts: 0,
      runSeq: 0,
      lostAttempts: 0,
      request: input.request,
      result: null,
      artifacts: [],
      errorCode: null,
      errorMessage: null,
      callbackUrl: input.callbackUrl ?? null,
      workerId: null,
      leaseUntil: null,
      heartbeatAt: null,
      cancelRequested: false,
      createdAt: now,
      startedAt: null,
      finishedAt: null,
      updatedAt: now,
      idempotencyRef: input.idempotencyRef ?? null,
    };
    try {
      await this.rows.insert(job);
    } catch (e) {
      // The insert's error is the answer; a settlement that fails too is logged, and its reservation left to the sweep.
      await this.metering
        .jobEnded(id, 'failed')
        .catch((err) =>
          this.logger.error(
            `Reservation of job ${id} (account ${input.accountId}) not released after the job could not be recorded (the reservation sweep will): ${(err as Error).message}`,
          ),
        );
      throw e;
    }
    await this.enqueueRun(job);
    return this.views.one(job);
  }

  /** Puts one run of the job on the media queue (one BullMQ try: job-level retries are the client's). */
  private async enqueueRun(job: Pick<Job, 'id' | 'accountId' | 'runSeq'>): Promise<void> {
    const data: MediaJobData = { jobId: job.id, accountId: job.accountId };
    try {
      await this.queue.add(MEDIA_QUEUE, 'run', data, { attempts: 1, jobId: mediaQueueJobId(job.id, job.runSeq) });
    } catch (e) {
      // The row is queued: the pending sweep queues it again once the queue answers.
      this.logger.error(`Could not queue job ${job.id}: ${(e as Error).message}`);
    }
  }

  /**
   * The pending sweep's enqueue: a queued job under its current run's id (BullMQ ignores an id it
   * holds), a running job whose lease expired (its worker is gone) as a new run.
   */
  async requeue(item: { id: string; accountId: string }): Promise<void> {
    const expired = await this.rows.newRunIfLeaseExpired(item.id);
    if (expired) {
      this.logger.warn(`Job ${item.id}: its worker's lease ran out; queued again`);
      return this.enqueueRun(expired);
    }
    const job = await this.rows.findQueued(item.id);
    if (!job) return;
    if (await this.runIsOver(job)) {
      // Its queue job ended without running it (a process stopping, a database error before the claim):
      // BullMQ would ignore the same id, so the run gets a new one.
      const run = await this.rows.newRunIfQueued(job.id, job.runSeq);
      if (!run) return;
      job.runSeq = run.runSeq;
    }
    await this.enqueueRun(job);
  }

  /** BullMQ: whether the queue job of the job's current run has ended (completed or failed) while the row is still queued. */
  private async runIsOver(job: Job): Promise<boolean> {
    if (this.queue.mode !== 'bullmq') return false;
    const state = await this.queue.jobState(MEDIA_QUEUE, mediaQueueJobId(job.id, job.runSeq));
    return state === 'completed' || state === 'failed';
  }

  async find(accountId: string, id: string): Promise<Job> {
    const job = ID.test(id) ? await this.rows.find(accountId, id) : null;
    if (!job) throw jobNotFound();
    return job;
  }

  /** How many of the account's jobs are in each state (GET /v1/metrics). */
  async countByState(accountId: string): Promise<{ state: JobState; count: number }[]> {
    return this.rows.countByState(accountId);
  }

  /**
   * Seconds of video the account's succeeded jobs made, as each reports it: `result.duration` of animate, videos and
   * procedural video, `result.video.duration` of a full campaign (what was made, not what was charged).
   */
  videoSecondsMade(accountId: string): Promise<number> {
    return this.rows.videoSecondsMade(accountId);
  }

  /** The job created under an Idempotency-Key's claim (as it stands now), or null when none was. */
  async createdUnder(accountId: string, ref: string): Promise<JobDto | null> {
    const job = await this.rows.findByRef(accountId, ref);
    return job && this.views.one(job);
  }

  async get(accountId: string, id: string): Promise<JobDto> {
    return this.views.one(await this.find(accountId, id));
  }

  async list(
    accountId: string,
    page: { limit: number; cursor?: string; state?: JobState; kind?: JobKind },
  ): Promise<{ data: JobDto[]; nextCursor: string | null }> {
    const { data, nextCursor } = await this.rows.page(accountId, page);
    return { data: await this.views.many(data), nextCursor };
  }

  /**
   * Cancel: a queued job is cancelled at once; a running one is marked, and its worker aborts it
   * within a second (the answer may still show `running`); a finished one is a 409.
   */
  async cancel(accountId: string, id: string): Promise<JobDto> {
    const cancelled = await this.rows.cancelQueued(accountId, id);
    if (cancelled) {
      await this.metering.jobEnded(id, 'cancelled');
      const job = await this.find(accountId, id);
      await this.callbacks.jobEnded(job);
      return this.views.one(job);
    }
    const marked = await this.rows.requestCancel(accountId, id);
    const job = await this.find(accountId, id);
    // Marked while running: answered even if the worker has already ended it since.
    if (!marked && FINISHED.includes(job.state)) throw new ConflictError(`The job is already ${job.state}`, 'job_finished');
    return this.views.one(job);
  }

  /** Retry: a failed or cancelled job is queued again as a new attempt; otherwise 409. */
  async retry(accountId: string, id: string): Promise<JobDto> {
    const before = await this.find(accountId, id);
    // A retry pays again: reserved before the job is queued (402 leaves it as it was).
    if (before.state === 'failed' || before.state === 'cancelled') await this.metering.reserveJobAgain(accountId, id);
    const row = await this.rows.queueAgain(accountId, id);
    const job = await this.find(accountId, id);
    if (!row) {
      if (before.state === 'failed' || before.state === 'cancelled') await this.metering.jobEnded(id, 'cancelled');
      throw new ConflictError(`A ${job.state} job cannot be retried: only failed and cancelled ones can`, 'job_not_retryable');
    }
    await this.enqueueRun(job);
    return this.views.one(job);
  }
}

import { BeforeApplicationShutdown, Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { VIDEO_FORMATS, VIDEO_LIMITS } from '@platform/creative-video';
import { JobQueue, QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job as QueueJob } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { Metering } from '../billing/metering';
import type { CreativeConfig } from '../config';
import { StorageUnavailableError, withBlobPatience } from '../storage/blob-availability';
import { CallbacksService } from './callbacks.service';
import type { Job } from './job.entity';
import { JobHandlers } from './job-handlers';
import { JobFailure, type JobContext, type JobHandler, type JobOutcome, type JobWork } from './job-types';
import { JobsRepository, type RunEnd } from './jobs.repository';
import { MEDIA_QUEUE, mediaQueueJobId, type MediaJobData } from './queues';

/** How often a running job's row is read for a cancel request (a cancel stops it within a second). */
export const CANCEL_POLL_MS = 200;
/** Progress writes per job at most this often. */
export const PROGRESS_WRITE_MS = 250;

/**
 * How long a job's blob operations keep trying a blob store that is away (connection refused or cut, 5xx, timeouts)
 * before the job fails with `storage_unavailable`: a restart or a short outage of S3 does not fail the jobs running.
 */
export const JOB_STORAGE_PATIENCE_MS = 2 * 60 * 1000;

/** One unit of a job's time budget (MEDIA_JOB_TIMEOUT_MS): a minute of 1920x1080 at 30 fps in one format. */
export const BUDGET_UNIT_PIXEL_FRAMES = 1920 * 1080 * 30 * 60;

/** The largest video a request may ask for: the budget of a job whose handler does not say its work (a full campaign). */
export const LARGEST_VIDEO_WORK: JobWork = {
  pixelFrames: VIDEO_LIMITS.maxDuration * VIDEO_LIMITS.maxFps * VIDEO_LIMITS.maxWidth * VIDEO_LIMITS.maxHeight * VIDEO_FORMATS.length,
  scenes: VIDEO_LIMITS.maxScenes,
};

/**
 * The time budget of one attempt: `perUnitMs` (MEDIA_JOB_TIMEOUT_MS) per unit of work (BUDGET_UNIT_PIXEL_FRAMES), at
 * least one, plus `perSceneMs` (RENDER_TIMEOUT_MS) per scene drawn. E.g. with the defaults (5 min, 20 s) a 10 s
 * 1080x1080 MP4 of one scene gets 5 min 20 s; 60 s of 1920x1080 at 30 fps in mp4 + webm, 2 scenes, 10 min 40 s;
 * the largest video (300 s, 60 fps, 3840x2160, three formats, 50 scenes) 120 units: 10 h 16 min 40 s.
 */
export function jobBudgetMs(work: JobWork, perUnitMs: number, perSceneMs: number): number {
  const units = Math.max(1, work.pixelFrames / BUDGET_UNIT_PIXEL_FRAMES);
  // setTimeout's longest delay (~24.8 days): beyond it Node fires at once.
  return Math.min(2 ** 31 - 1, Math.ceil(units * perUnitMs + Math.max(0, work.scenes) * perSceneMs));
}

type StopReason = 'cancel' | 'shutdown' | 'lease_lost' | 'timeout';

class Stop extends Error {
  constructor(readonly reason: StopReason) {
    super(`Job stopped: ${reason}`);
    this.name = 'AbortError';
  }
}

interface Running {
  jobId: string;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs media jobs. A run claims the row atomically (queued, or running with an expired lease →
 * running, attempts + 1): a job never runs twice at once. While the handler works, the lease is
 * renewed and the row is read every CANCEL_POLL_MS for a cancel; the handler's signal aborts on a
 * cancel (→ `cancelled`), its attempt's time budget running out (`jobBudgetMs` → `failed` with
 * `job_timeout`, not taken up again), a lost lease, or shutdown (→ `queued` again, the attempt not
 * counted, for another worker). The attempt's work directory is removed whatever happens; then the
 * callback is queued.
 */
@QueueProcessor(MEDIA_QUEUE)
export class MediaProcessor extends QueueWorker<MediaJobData> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('MediaJobs');
  private readonly workerId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<string, Running>();
  private shuttingDown = false;
  /** Slots of JOB_CONCURRENCY: BullMQ's worker has the same limit; the inline runner has none of its own. */
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly rows: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly handlers: JobHandlers,
    private readonly callbacks: CallbacksService,
    private readonly queue: JobQueue,
    private readonly metering: Metering,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    void this.removeStaleWorkDirs();
    if (this.queue.mode !== 'bullmq') return;
    try {
      this.worker.concurrency = this.config.jobs.concurrency;
    } catch {
      // No BullMQ worker in this process.
    }
  }

  /** Shutdown: running jobs are aborted and handed back to the queue before the workers close. */
  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    // Fetch nothing more: the jobs handed back below must go to other workers.
    if (this.queue.mode === 'bullmq' && this.config.role !== 'api') {
      try {
        await this.worker.pause(true);
      } catch {
        // No BullMQ worker in this process.
      }
    }
    for (const wake of this.waiting.splice(0)) wake();
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort(new Stop('shutdown'));
    await Promise.race([Promise.allSettled(all.map((r) => r.done)), new Promise((r) => setTimeout(r, this.config.shutdownTimeoutMs).unref())]);
  }

  async process(queueJob: QueueJob<MediaJobData>): Promise<void> {
    const { jobId } = queueJob.data;
    if (this.shuttingDown) return this.handBack(jobId);
    if (this.active >= this.config.jobs.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.active += 1;
    try {
      if (this.shuttingDown) return await this.handBack(jobId);
      await this.claimAndRun(jobId);
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  private async claimAndRun(jobId: string): Promise<void> {
    const job = await this.claim(jobId);
    if (!job) return;
    let finish!: () => void;
    const controller = new AbortController();
    const entry: Running = { jobId, controller, done: new Promise<void>((r) => (finish = r)) };
    this.running.set(jobId, entry);
    try {
      await this.runClaimed(job, controller);
    } finally {
      this.running.delete(jobId);
      finish();
    }
  }

  /** A queued job this process took from the queue while stopping: queued again under a new run id, for another worker. */
  private async handBack(jobId: string): Promise<void> {
    const run = await this.rows.newRunIfQueued(jobId);
    if (!run) return;
    await this.queue
      .add(MEDIA_QUEUE, 'run', { jobId: run.id, accountId: run.accountId }, { attempts: 1, jobId: mediaQueueJobId(run.id, run.runSeq) })
      .catch((e) => {
        this.logger.warn(`Job ${run.id} handed back; the pending sweep will queue it (${(e as Error).message})`);
      });
  }

  /** The attempt's budget: from the handler's measure of the request, or the largest video's when it has none (or it fails). */
  private budgetMs(handler: JobHandler | undefined, job: Job): number {
    let work = LARGEST_VIDEO_WORK;
    try {
      if (handler?.work) work = handler.work(job.request);
    } catch (e) {
      this.logger.warn(`Job ${job.id}: its work could not be measured (${(e as Error).message}); the largest video's budget applies`);
    }
    if (!Number.isFinite(work.pixelFrames) || !Number.isFinite(work.scenes)) work = LARGEST_VIDEO_WORK;
    return jobBudgetMs(work, this.config.jobs.timeoutMs, this.config.rendering.timeoutMs);
  }

  /**
   * Removes the work directories of attempts that are over: left behind by a worker killed
   * mid-job (its job has since run again or ended). Directories of jobs this database does not
   * know are left alone (another service's, or another test's, sharing the folder).
   */
  async removeStaleWorkDirs(): Promise<string[]> {
    const removed: string[] = [];
    try {
      const names = await fs.readdir(this.config.jobs.workDir).catch(() => [] as string[]);
      const parsed = names.map((name) => ({ name, m: /^(job_[0-9a-z]{26})-a(\d+)-[0-9a-f]+$/.exec(name) })).filter((x) => x.m);
      if (!parsed.length) return removed;
      const rows = await this.rows.attemptsOf(parsed.map((x) => x.m![1]));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const { name, m } of parsed) {
        const row = byId.get(m![1]);
        if (!row || (row.state === 'running' && row.attempts === Number(m![2]))) continue;
        await fs.rm(join(this.config.jobs.workDir, name), { recursive: true, force: true });
        removed.push(name);
      }
      if (removed.length) this.logger.warn(`Removed ${removed.length} work directories left by lost attempts`);
    } catch (e) {
      this.logger.warn(`Could not sweep the work directories: ${(e as Error).message}`);
    }
    return removed;
  }

  /**
   * queued (or running with an expired lease: its worker was lost) → running, attempts + 1; null when someone
   * else has it or it ended. A job whose run already lost JOB_MAX_LOST_ATTEMPTS workers fails with `worker_lost`
   * instead (and its callback is sent).
   */
  private async claim(jobId: string): Promise<Job | null> {
    const gaveUp = await this.rows.failLost(
      jobId,
      this.config.jobs.maxLostAttempts,
      `The worker running this job stopped ${this.config.jobs.maxLostAttempts} times (out of memory, or its node was lost); retry it with smaller inputs, and contact support if it happens again`,
    );
    if (gaveUp) {
      const ended = await this.rows.get(jobId);
      await this.metering
        .jobEnded(jobId, 'failed')
        .catch((e) => this.logger.error(`Reservation of job ${jobId} not released (the reservation sweep will): ${(e as Error).message}`));
      this.logger.error(`Job ${jobId} (${ended.kind}) failed: its worker was lost ${this.config.jobs.maxLostAttempts} times`);
      await this.callbacks.jobEnded(ended).catch((e) => this.logger.error(`Callback of job ${ended.id} not recorded: ${(e as Error).message}`));
      return null;
    }
    if (!(await this.rows.claim(jobId, this.workerId, this.config.jobs.leaseMs))) return null;
    await this.metering.jobStarted(jobId).catch((e) => this.logger.warn(`reservation of ${jobId}: ${(e as Error).message}`));
    return this.rows.get(jobId);
  }

  private async runClaimed(job: Job, controller: AbortController): Promise<void> {
    const workDir = join(this.config.jobs.workDir, `${job.id}-a${job.attempts}-${randomBytes(3).toString('hex')}`);

    // Progress: the latest value, written at most every PROGRESS_WRITE_MS.
    let pending: { fraction: number; frames?: { done: number; total: number } } | null = null;
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const writeProgress = () => {
      const p = pending;
      if (!p) return;
      pending = null;
      lastWrite = Date.now();
      writing = writing
        .then(() => this.rows.progress(job.id, this.workerId, Math.min(1, Math.max(0, p.fraction)), p.frames))
        .catch((e) => this.logger.warn(`progress of ${job.id}: ${(e as Error).message}`));
    };

    // The attempt's time budget: past it the job stops as a cancel does (signal: the video thread's stop word, ffmpeg killed).
    const handler = this.handlers.get(job.kind);
    const budgetMs = this.budgetMs(handler, job);
    const budget = setTimeout(() => controller.abort(new Stop('timeout')), budgetMs);

    // The watch: cancel requests every CANCEL_POLL_MS, the lease renewed at a third of its length.
    let lastBeat = Date.now();
    let watching = false;
    const watch = setInterval(() => {
      if (watching || controller.signal.aborted) return;
      watching = true;
      void (async () => {
        try {
          if (Date.now() - lastBeat >= this.config.jobs.leaseMs / 3) {
            lastBeat = Date.now();
            const beat = await this.rows.renewLease(job.id, this.workerId, this.config.jobs.leaseMs);
            if (!beat) return controller.abort(new Stop('lease_lost'));
          }
          const row = await this.rows.watch(job.id);
          if (!row || row.state !== 'running' || row.workerId !== this.workerId) controller.abort(new Stop('lease_lost'));
          else if (row.cancelRequested) controller.abort(new Stop('cancel'));
          if (pending && Date.now() - lastWrite >= PROGRESS_WRITE_MS) writeProgress();
        } catch (e) {
          this.logger.warn(`watch of ${job.id}: ${(e as Error).message}`);
        } finally {
          watching = false;
        }
      })();
    }, CANCEL_POLL_MS);

    let outcome: JobOutcome | null = null;
    let failure: unknown = null;
    try {
      if (job.cancelRequested) controller.abort(new Stop('cancel'));
      await fs.mkdir(workDir, { recursive: true });
      if (!handler) throw new Error(`No handler registered for job kind ${job.kind}`);
      const ctx: JobContext = {
        jobId: job.id,
        accountId: job.accountId,
        kind: job.kind,
        attempt: job.attempts,
        request: job.request,
        signal: controller.signal,
        workDir,
        progress: (fraction, frames) => {
          pending = { fraction, frames };
          if (Date.now() - lastWrite >= PROGRESS_WRITE_MS) writeProgress();
        },
      };
      controller.signal.throwIfAborted();
      outcome = await withBlobPatience(JOB_STORAGE_PATIENCE_MS, () => handler.run(ctx), controller.signal);
    } catch (e) {
      failure = e;
    } finally {
      clearTimeout(budget);
      clearInterval(watch);
      pending = null;
      await writing;
      await fs.rm(workDir, { recursive: true, force: true }).catch((e) => this.logger.error(`Could not remove ${workDir}: ${(e as Error).message}`));
      // A recovered attempt: the lost one's directory (same host) goes too.
      if (job.attempts > 1) await this.removeStaleWorkDirs();
    }

    const stop = controller.signal.aborted ? ((controller.signal.reason as Stop)?.reason ?? 'cancel') : null;
    let end: RunEnd;
    if (outcome && !failure) {
      end = { state: 'succeeded', result: outcome.result, artifacts: outcome.artifacts };
    } else if (stop === 'lease_lost') {
      this.logger.warn(`Job ${job.id}: this worker lost it (lease expired or taken over); leaving it`);
      return;
    } else if (stop === 'shutdown') {
      // Handed back: not a failed attempt; another worker takes it.
      end = { state: 'queued' };
    } else if (stop === 'timeout') {
      this.logger.warn(`Job ${job.id} (${job.kind}) stopped: past its time budget of ${budgetMs} ms`);
      end = {
        state: 'failed',
        errorCode: 'job_timeout',
        errorMessage: `The job did not finish within its time budget of ${Math.round(budgetMs / 1000)} s (MEDIA_JOB_TIMEOUT_MS per minute of 1080p30 video and format, plus RENDER_TIMEOUT_MS per scene); make the video shorter, smaller or its scenes simpler, or retry it`,
      };
    } else if (stop === 'cancel') {
      end = { state: 'cancelled' };
    } else {
      const known =
        failure instanceof JobFailure
          ? failure
          : failure instanceof StorageUnavailableError
            ? new JobFailure('storage_unavailable', 'The blob store was unreachable for too long while the job ran; nothing was charged, retry it')
            : null;
      if (!known) this.logger.error(`Job ${job.id} (${job.kind}) failed: ${(failure as Error)?.stack ?? String(failure)}`);
      end = {
        state: 'failed',
        errorCode: known ? known.code : 'internal_error',
        errorMessage: known ? known.message : 'The job failed on our side; retry it, and contact support if it fails again',
      };
    }
    if (!(await this.rows.endRun(job.id, this.workerId, end))) return;
    const ended = await this.rows.get(job.id);
    if (ended.state === 'queued') {
      await this.queue
        .add(MEDIA_QUEUE, 'run', { jobId: ended.id, accountId: ended.accountId }, { attempts: 1, jobId: mediaQueueJobId(ended.id, ended.runSeq) })
        .catch((e) => {
          this.logger.warn(`Job ${ended.id} handed back; the pending sweep will queue it (${(e as Error).message})`);
        });
      return;
    }
    if (ended.state === 'succeeded' || ended.state === 'failed' || ended.state === 'cancelled') {
      await this.metering
        .jobEnded(ended.id, ended.state)
        .catch((e) => this.logger.error(`Reservation of job ${ended.id} not settled (the reservation sweep will): ${(e as Error).message}`));
    }
    await this.callbacks.jobEnded(ended).catch((e) => this.logger.error(`Callback of job ${ended.id} not recorded: ${(e as Error).message}`));
  }
}

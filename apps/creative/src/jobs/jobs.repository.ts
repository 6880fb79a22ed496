import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DataSource, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Job } from './job.entity';
import type { JobArtifactRef, JobKind, JobState } from './job-types';

/** A job's current run, as the queue names it. */
export interface JobRun {
  id: string;
  accountId: string;
  runSeq: number;
}

/** How a worker's run of a job ends (see `JobsRepository.endRun`). */
export type RunEnd =
  | { state: 'succeeded'; result: Record<string, unknown>; artifacts: JobArtifactRef[] }
  | { state: 'failed'; errorCode: string; errorMessage: string }
  | { state: 'cancelled' }
  /** Handed back on shutdown: queued again under a new run, the attempt not counted. */
  | { state: 'queued' };

/** The pending sweep's view of the jobs table (JobsRecovery): a job queued, or running on a lease that ran out. */
export const jobSweeps = {
  table: 'creative.jobs',
  pending: `(state = 'queued' OR (state = 'running' AND lease_until < now()))`,
} as const;

const leaseUntil = (leaseMs: number) => () => `clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`;
const now = () => 'clock_timestamp()';
/** The running job's row as long as this worker holds it. */
const MINE = `id = :id AND state = 'running' AND worker_id = :worker`;

/**
 * Jobs' table (`creative.jobs`): the truth about every job (the queue only carries its runs). Every state change is one
 * conditional UPDATE, so concurrent workers, cancels and retries agree (a claim, a lease renewal, a run's end each
 * succeed for one party only). Billing reads jobs through `JobsForBilling`, never this table.
 */
@Injectable()
export class JobsRepository {
  static readonly tables = ['jobs'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Job);
  }

  insert(job: Job): Promise<unknown> {
    return this.repo.insert(job as QueryDeepPartialEntity<Job>);
  }

  /** The account's job, or null. */
  /** The job created under an Idempotency-Key's claim (`ref`), or null. */
  findByRef(accountId: string, idempotencyRef: string): Promise<Job | null> {
    return this.repo.findOneBy({ accountId, idempotencyRef });
  }

  find(accountId: string, id: string): Promise<Job | null> {
    return this.repo.findOneBy({ id, accountId });
  }

  /** The job (any account's: the worker's read), which must exist. */
  get(id: string): Promise<Job> {
    return this.repo.findOneByOrFail({ id });
  }

  /** The job if it is queued, or null. */
  findQueued(id: string): Promise<Job | null> {
    return this.repo.findOneBy({ id, state: 'queued' });
  }

  /** How many of the account's jobs are in each state. */
  /**
   * Seconds of video the account's succeeded jobs made, as each reports it: `result.duration` of animate, videos and
   * procedural video, `result.video.duration` of a full campaign (what was made, not what was charged).
   */
  async videoSecondsMade(accountId: string): Promise<number> {
    const [row] = (await this.ds.query(
      `SELECT COALESCE(sum(CASE WHEN kind = 'campaign_full' THEN (result->'video'->>'duration')::float8 ELSE (result->>'duration')::float8 END), 0)::float8 AS seconds
       FROM creative.jobs WHERE account_id = $1 AND state = 'succeeded' AND kind IN ('animate', 'video', 'procedural_video', 'campaign_full')`,
      [accountId],
    )) as { seconds: number }[];
    return row.seconds;
  }

  async countByState(accountId: string): Promise<{ state: JobState; count: number }[]> {
    return (await this.repo
      .createQueryBuilder('j')
      .select('j.state', 'state')
      .addSelect('count(*)::int', 'count')
      .where('j.account_id = :accountId', { accountId })
      .groupBy('j.state')
      .getRawMany()) as { state: JobState; count: number }[];
  }

  /** A page of the account's jobs, newest first, of one state and kind when given. */
  page(accountId: string, page: { limit: number; cursor?: string; state?: JobState; kind?: JobKind }): Promise<{ data: Job[]; nextCursor: string | null }> {
    const qb = this.repo.createQueryBuilder('j').where('j.account_id = :accountId', { accountId });
    if (page.state) qb.andWhere('j.state = :state', { state: page.state });
    if (page.kind) qb.andWhere('j.kind = :kind', { kind: page.kind });
    return keysetPage(qb, 'j', { cursor: page.cursor, limit: page.limit, order: 'DESC' });
  }

  /** A running job whose lease ran out (its worker is gone) gets a new run; answers that run, or undefined. */
  async newRunIfLeaseExpired(id: string): Promise<JobRun | undefined> {
    const { raw } = await this.repo
      .createQueryBuilder()
      .update()
      .set({ runSeq: () => 'run_seq + 1', updatedAt: now })
      .where(`id = :id AND state = 'running' AND lease_until < now()`, { id })
      .returning('id, account_id, run_seq')
      .execute();
    const row = (raw as { id: string; account_id: string; run_seq: number }[])[0];
    return row && { id: row.id, accountId: row.account_id, runSeq: row.run_seq };
  }

  /** A queued job gets a new run (one whose queue job is gone, one handed back): from `runSeq` when given (else any); answers that run, or undefined. */
  async newRunIfQueued(id: string, runSeq?: number): Promise<JobRun | undefined> {
    const qb = this.repo.createQueryBuilder().update();
    if (runSeq === undefined) qb.set({ runSeq: () => 'run_seq + 1', updatedAt: now }).where(`id = :id AND state = 'queued'`, { id });
    else qb.set({ runSeq: () => 'run_seq + 1' }).where(`id = :id AND state = 'queued' AND run_seq = :seq`, { id, seq: runSeq });
    const { raw } = await qb.returning('id, account_id, run_seq').execute();
    const row = (raw as { id: string; account_id: string; run_seq: number }[])[0];
    return row && { id: row.id, accountId: row.account_id, runSeq: row.run_seq };
  }

  /** Cancels the account's job if it is queued; true when it was. */
  async cancelQueued(accountId: string, id: string): Promise<boolean> {
    const { raw } = await this.repo
      .createQueryBuilder()
      .update()
      .set({ state: 'cancelled', finishedAt: now, updatedAt: now, cancelRequested: true })
      .where(`id = :id AND account_id = :accountId AND state = 'queued'`, { id, accountId })
      .returning('id')
      .execute();
    return (raw as unknown[]).length > 0;
  }

  /** Asks the worker of the account's running job to cancel it; true when the job was running. */
  async requestCancel(accountId: string, id: string): Promise<boolean> {
    const marked = await this.repo
      .createQueryBuilder()
      .update()
      .set({ cancelRequested: true, updatedAt: now })
      .where(`id = :id AND account_id = :accountId AND state = 'running'`, { id, accountId })
      .execute();
    return !!marked.affected;
  }

  /** A failed or cancelled job of the account queued again as a new run, its outcome cleared; true when it was. */
  async queueAgain(accountId: string, id: string): Promise<boolean> {
    const { raw } = await this.repo
      .createQueryBuilder()
      .update()
      .set({
        state: 'queued',
        runSeq: () => 'run_seq + 1',
        lostAttempts: 0,
        progress: 0,
        framesDone: 0,
        framesTotal: null,
        result: null,
        artifacts: [],
        errorCode: null,
        errorMessage: null,
        cancelRequested: false,
        workerId: null,
        leaseUntil: null,
        startedAt: null,
        finishedAt: null,
        updatedAt: now,
      })
      .where(`id = :id AND account_id = :accountId AND state IN ('failed', 'cancelled')`, { id, accountId })
      .returning('id')
      .execute();
    return (raw as unknown[]).length > 0;
  }

  /** The state of the account's job, or undefined. */
  async stateOf(accountId: string, id: string): Promise<JobState | undefined> {
    return (await this.repo.findOne({ select: { state: true }, where: { id, accountId } }))?.state;
  }

  /** The state of each job, and whether it may still run (queued, or running on a lease younger than `graceSeconds` past its end). */
  async liveness(ids: string[], graceSeconds: number): Promise<{ id: string; state: string; live: boolean | null }[]> {
    return (await this.repo
      .createQueryBuilder('j')
      .select('j.id', 'id')
      .addSelect('j.state', 'state')
      .addSelect(`(j.state = 'queued' OR (j.state = 'running' AND j.lease_until > now() - make_interval(secs => :grace)))`, 'live')
      .where({ id: In(ids) })
      .setParameter('grace', graceSeconds)
      .getRawMany()) as { id: string; state: string; live: boolean | null }[];
  }

  /** The state and attempts of the jobs (the work directory sweep). */
  attemptsOf(ids: string[]): Promise<Pick<Job, 'id' | 'state' | 'attempts'>[]> {
    return this.repo.find({ where: { id: In(ids) }, select: { id: true, state: true, attempts: true } });
  }

  /** A running job whose lease ran out and whose run already lost `maxLost - 1` workers fails (`worker_lost`, `message`); true when it did. */
  async failLost(id: string, maxLost: number, message: string): Promise<boolean> {
    const gaveUp = await this.repo
      .createQueryBuilder()
      .update()
      .set({ state: 'failed', errorCode: 'worker_lost', errorMessage: message, finishedAt: now, workerId: null, leaseUntil: null, updatedAt: now })
      .where(`id = :id AND state = 'running' AND lease_until < now() AND lost_attempts + 1 >= :max`, { id, max: maxLost })
      .execute();
    return !!gaveUp.affected;
  }

  /** queued (or running on a lease that ran out) → running for `workerId` on a lease of `leaseMs`, attempts + 1; true when this worker has it. */
  async claim(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    const { raw } = await this.repo
      .createQueryBuilder()
      .update()
      .set({
        state: 'running',
        attempts: () => 'attempts + 1',
        lostAttempts: () => `CASE WHEN state = 'running' THEN lost_attempts + 1 ELSE lost_attempts END`,
        startedAt: now,
        finishedAt: null,
        workerId,
        heartbeatAt: now,
        leaseUntil: leaseUntil(leaseMs),
        progress: 0,
        framesDone: 0,
        updatedAt: now,
      })
      .where(`id = :id AND (state = 'queued' OR (state = 'running' AND lease_until < now()))`, { id })
      .returning('id')
      .execute();
    return (raw as unknown[]).length > 0;
  }

  /** The worker's progress write (a fraction, frames when known), while it holds the job. */
  async progress(id: string, workerId: string, fraction: number, frames?: { done: number; total: number }): Promise<void> {
    const set: QueryDeepPartialEntity<Job> = { progress: fraction, updatedAt: now };
    if (frames) Object.assign(set, { framesDone: frames.done, framesTotal: frames.total });
    await this.repo.createQueryBuilder().update().set(set).where(MINE, { id, worker: workerId }).execute();
  }

  /** Renews the worker's lease for `leaseMs`; false when it no longer holds the job. */
  async renewLease(id: string, workerId: string, leaseMs: number): Promise<boolean> {
    const beat = await this.repo
      .createQueryBuilder()
      .update()
      .set({ heartbeatAt: now, leaseUntil: leaseUntil(leaseMs) })
      .where(MINE, { id, worker: workerId })
      .execute();
    return !!beat.affected;
  }

  /** What the worker's watch reads: the job's state, worker and cancel request. */
  watch(id: string): Promise<Pick<Job, 'id' | 'cancelRequested' | 'state' | 'workerId'> | null> {
    return this.repo.findOne({ where: { id }, select: { id: true, cancelRequested: true, state: true, workerId: true } });
  }

  /** Ends the worker's run of the job as `end` says, while it holds the job; true when it did. */
  async endRun(id: string, workerId: string, end: RunEnd): Promise<boolean> {
    const set: QueryDeepPartialEntity<Job> =
      end.state === 'succeeded'
        ? {
            state: 'succeeded',
            result: end.result as QueryDeepPartialEntity<Record<string, unknown>>,
            artifacts: end.artifacts as unknown as () => string,
            progress: 1,
            errorCode: null,
            errorMessage: null,
            finishedAt: now,
            leaseUntil: null,
            updatedAt: now,
          }
        : end.state === 'queued'
          ? { state: 'queued', attempts: () => 'attempts - 1', runSeq: () => 'run_seq + 1', startedAt: null, workerId: null, leaseUntil: null, updatedAt: now }
          : end.state === 'failed'
            ? { state: 'failed', errorCode: end.errorCode, errorMessage: end.errorMessage, finishedAt: now, leaseUntil: null, updatedAt: now }
            : { state: 'cancelled', finishedAt: now, leaseUntil: null, updatedAt: now };
    const written = await this.repo.createQueryBuilder().update().set(set).where(MINE, { id, worker: workerId }).execute();
    return !!written.affected;
  }
}

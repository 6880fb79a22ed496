import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JobArtifactRef, JobKind, JobState } from './job-types';

/** One unit of media work: its request, state, progress, outcome and lease (see JobsService). */
@Entity({ name: 'jobs' })
export class Job {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) kind: JobKind;
  @Column({ type: 'text' }) state: JobState;
  @Column({ type: 'double precision' }) progress: number;
  @Column({ type: 'int' }) framesDone: number;
  @Column({ type: 'int', nullable: true }) framesTotal: number | null;
  /** Attempts started (a retry or a recovery after a lost worker starts another). */
  @Column({ type: 'int' }) attempts: number;
  /** How many times the job was put on the queue: part of its queue job id, so a retry is not taken for the finished run. */
  @Column({ type: 'int' }) runSeq: number;
  /** Attempts of this run whose worker was lost (its lease ran out): past JOB_MAX_LOST_ATTEMPTS the job fails with `worker_lost`. A retry starts again at 0. */
  @Column({ type: 'int', default: 0 }) lostAttempts: number;
  @Column({ type: 'jsonb' }) request: Record<string, unknown>;
  @Column({ type: 'jsonb', nullable: true }) result: Record<string, unknown> | null;
  @Column({ type: 'jsonb' }) artifacts: JobArtifactRef[];
  @Column({ type: 'text', nullable: true }) errorCode: string | null;
  @Column({ type: 'text', nullable: true }) errorMessage: string | null;
  @Column({ type: 'text', nullable: true }) callbackUrl: string | null;
  @Column({ type: 'text', nullable: true }) workerId: string | null;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) leaseUntil: Date | null;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) heartbeatAt: Date | null;
  @Column({ type: 'boolean' }) cancelRequested: boolean;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) startedAt: Date | null;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) finishedAt: Date | null;
  @Column({ type: 'timestamptz', precision: 3 }) updatedAt: Date;
  /** The claim of the Idempotency-Key it was created with (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
}

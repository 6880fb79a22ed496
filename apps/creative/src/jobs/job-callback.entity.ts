import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JobEvent } from './job-types';

export const CALLBACK_STATES = ['pending', 'delivered', 'failed'] as const;
export type CallbackState = (typeof CALLBACK_STATES)[number];

/** One event to deliver to a job's `callback_url`. */
@Entity({ name: 'job_callbacks' })
export class JobCallback {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) jobId: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) event: JobEvent;
  @Column({ type: 'text' }) url: string;
  @Column({ type: 'jsonb' }) payload: Record<string, unknown>;
  @Column({ type: 'text' }) state: CallbackState;
  @Column({ type: 'int' }) attempts: number;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) nextAttemptAt: Date | null;
  @Column({ type: 'int', nullable: true }) lastStatus: number | null;
  @Column({ type: 'text', nullable: true }) lastError: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) deliveredAt: Date | null;
}

/** One POST of a callback. */
@Entity({ name: 'job_callback_attempts' })
export class JobCallbackAttempt {
  @PrimaryColumn({ type: 'text' }) callbackId: string;
  @PrimaryColumn({ type: 'int' }) attempt: number;
  @Column({ type: 'int', nullable: true }) statusCode: number | null;
  @Column({ type: 'text', nullable: true }) error: string | null;
  @Column({ type: 'int' }) durationMs: number;
  @Column({ type: 'timestamptz', precision: 3 }) at: Date;
}

/** The account's callback signing secret, and the one it replaced while that still signs. */
@Entity({ name: 'callback_secrets' })
export class CallbackSecret {
  @PrimaryColumn({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) secret: string;
  @Column({ type: 'text', nullable: true }) previousSecret: string | null;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) previousUntil: Date | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) rotatedAt: Date | null;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The usage event of one settled (or free) billable operation: written by billing with its settlement, read by usage/. */
@Entity({ name: 'usage_events' })
export class UsageEvent {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) operation: string;
  @Column({ type: 'text' }) outcome: 'succeeded' | 'failed' | 'cancelled';
  @Column({ type: 'double precision' }) units: number;
  @Column({ type: 'text' }) unit: string;
  @Column({ type: 'bigint' }) credits: string;
  @Column({ type: 'text', nullable: true }) designId: string | null;
  @Column({ type: 'text', nullable: true }) jobId: string | null;
  @Column({ type: 'text', nullable: true }) assetId: string | null;
  @Column({ type: 'text', nullable: true }) credentialId: string | null;
  @Column({ type: 'text', nullable: true }) reservationId: string | null;
  @Column({ type: 'int', nullable: true }) durationMs: number | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

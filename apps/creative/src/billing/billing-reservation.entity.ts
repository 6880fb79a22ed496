import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Credits held for billable work: `held` → `captured` (the work succeeded) or `released` (back to the balance). */
@Entity({ name: 'billing_reservations' })
export class BillingReservation {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) operation: string;
  @Column({ type: 'jsonb' }) params: Record<string, unknown>;
  @Column({ type: 'bigint' }) credits: string;
  @Column({ type: 'text' }) state: 'held' | 'captured' | 'released';
  @Column({ type: 'text', nullable: true }) jobId: string | null;
  @Column({ type: 'text', nullable: true }) designId: string | null;
  @Column({ type: 'text', nullable: true }) assetId: string | null;
  @Column({ type: 'text', nullable: true }) credentialId: string | null;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) startedAt: Date | null;
  @Column({ type: 'timestamptz', precision: 3 }) expiresAt: Date;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) settledAt: Date | null;
  @Column({ type: 'text', nullable: true }) releaseReason: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An account's credits and plan: the row every change of its balance locks (see BillingRepository). */
@Entity({ name: 'billing_accounts' })
export class BillingAccount {
  @PrimaryColumn({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) planId: string;
  /** Credits (bigint: a string as PostgreSQL answers it). */
  @Column({ type: 'bigint' }) balance: string;
  @Column({ type: 'timestamptz', precision: 3 }) periodStart: Date;
  @Column({ type: 'timestamptz', precision: 3 }) periodEnd: Date;
  @Column({ type: 'text', nullable: true }) gateway: string | null;
  @Column({ type: 'text', nullable: true }) customerId: string | null;
  @Column({ type: 'text', nullable: true }) subscriptionId: string | null;
  @Column({ type: 'text', nullable: true }) subscriptionStatus: string | null;
  /** A downgrade scheduled for `periodEnd` (the renewal applies it). */
  @Column({ type: 'text', nullable: true }) scheduledPlanId: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3 }) updatedAt: Date;
}

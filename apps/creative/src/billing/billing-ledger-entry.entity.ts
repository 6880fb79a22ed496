import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One append-only entry of an account's ledger, with the balance after it. */
@Entity({ name: 'billing_ledger' })
export class BillingLedgerEntry {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) type: 'grant' | 'purchase' | 'reserve' | 'capture' | 'release' | 'refund' | 'adjustment';
  @Column({ type: 'bigint' }) amount: string;
  @Column({ type: 'bigint' }) balanceAfter: string;
  @Column({ type: 'text', nullable: true }) reservationId: string | null;
  @Column({ type: 'text', nullable: true }) operation: string | null;
  @Column({ type: 'text' }) description: string;
  @Column({ type: 'text', nullable: true }) reference: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

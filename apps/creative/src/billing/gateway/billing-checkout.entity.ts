import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A checkout or billing portal session opened with the payment gateway. */
@Entity({ name: 'billing_checkouts' })
export class BillingCheckout {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) gateway: string;
  @Column({ type: 'text' }) kind: 'checkout' | 'portal';
  @Column({ type: 'text' }) planId: string;
  @Column({ type: 'text' }) state: 'open' | 'completed' | 'cancelled';
  @Column({ type: 'text', nullable: true }) externalId: string | null;
  @Column({ type: 'text', nullable: true }) successUrl: string | null;
  @Column({ type: 'text', nullable: true }) cancelUrl: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) completedAt: Date | null;
  /** Local sessions: the SHA-256 of the token their URL carries. */
  @Column({ type: 'bytea', nullable: true }) tokenHash: Buffer | null;
}

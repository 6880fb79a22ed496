import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A gateway event already applied (a Stripe webhook is applied once per event id). */
@Entity({ name: 'billing_gateway_events' })
export class BillingGatewayEvent {
  @PrimaryColumn({ type: 'text' }) eventId: string;
  @Column({ type: 'text' }) gateway: string;
  @Column({ type: 'text' }) type: string;
  @Column({ type: 'text', nullable: true }) accountId: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) receivedAt: Date;
}

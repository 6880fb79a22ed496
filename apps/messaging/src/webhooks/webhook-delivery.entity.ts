import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** `held`: recorded while the webhook was paused (`enabled: false`); sent when it is enabled again. */
export type DeliveryState = 'pending' | 'held' | 'succeeded' | 'failed';
export const DELIVERY_STATES: DeliveryState[] = ['pending', 'held', 'succeeded', 'failed'];

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** One event sent to the account's webhook, with every attempt. */
@Entity({ name: 'webhook_deliveries' })
export class WebhookDelivery {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  event: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'text', default: 'pending' })
  status: DeliveryState;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  attemptLog: DeliveryAttempt[];

  @Column({ type: 'integer', nullable: true })
  lastStatusCode: number | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'text', nullable: true })
  agentId: string | null;

  @Column({ type: 'text', nullable: true })
  conversationId: string | null;

  @Column({ type: 'text', nullable: true })
  messageId: string | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The account's webhook: one per account. */
@Entity({ name: 'webhook_endpoints' })
export class WebhookEndpoint {
  @PrimaryColumn({ type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  url: string;

  /** The signing secret (`whsec_…`), encrypted at rest. */
  @Column({ type: 'text' })
  secret: string;

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

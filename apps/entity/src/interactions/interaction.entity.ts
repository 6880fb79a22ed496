import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type InteractionStatus = 'pending' | 'completed' | 'failed';

/** One turn: a message to an entity and its response. */
@Entity({ name: 'interactions' })
export class Interaction {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) entityId: string;
  /** The OAuth client whose end user this turn is with; null for the account's own API keys. */
  @Column({ type: 'text', nullable: true }) clientId: string | null;
  @Column({ type: 'text', nullable: true }) endUserId: string | null;
  @Column({ type: 'text', nullable: true }) endUserName: string | null;
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'text', nullable: true }) response: string | null;
  @Column({ type: 'text', default: 'pending' }) status: InteractionStatus;
  @Column({ type: 'text', nullable: true }) error: string | null;
  @Column({ type: 'text', nullable: true }) provider: string | null;
  @Column({ type: 'int', default: 0 }) attempts: number;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) completedAt: Date | null;
  /** The claim of the Idempotency-Key the turn was sent with (`IdempotencyClaim.ref`), unique per account. */
  @Column({ type: 'text', nullable: true }) idempotencyRef: string | null;
}

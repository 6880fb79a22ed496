import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One brief rendered into several formats: a family of designs sharing a seed. */
@Entity({ name: 'campaigns' })
export class Campaign {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'jsonb' }) brief: Record<string, unknown>;
  /** The template asked for every piece (null: chosen per format). */
  @Column({ type: 'text', nullable: true }) template: string | null;
  @Column({ type: 'int' }) seed: number;
  /** The claim of the Idempotency-Key it was made under (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

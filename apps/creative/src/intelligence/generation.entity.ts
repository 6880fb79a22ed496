import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint-number.transformer';

/** A generated image: what was asked, who made it (provider and model), and where it is (asset and artifact). */
@Entity({ name: 'generations' })
export class Generation {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) prompt: string;
  @Column({ type: 'text' }) style: string;
  @Column({ type: 'int' }) width: number;
  @Column({ type: 'int' }) height: number;
  @Column({ type: 'bigint', nullable: true, transformer: bigintNumber }) seed: number | null;
  @Column({ type: 'text' }) provider: string;
  @Column({ type: 'text' }) model: string;
  @Column({ type: 'text', nullable: true }) assetId: string | null;
  @Column({ type: 'text', nullable: true }) artifactId: string | null;
  /** The claim of the Idempotency-Key it was made under (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
  /** What the answer says of the picture beyond these columns (composition, background, palette, subject, provider size); null before it was kept. */
  @Column({ type: 'jsonb', nullable: true }) details?: Record<string, unknown> | null;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

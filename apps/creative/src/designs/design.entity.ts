import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** How a design came to be. */
export const DESIGN_SOURCES = ['brief', 'ir', 'bundle', 'duplicate'] as const;
export type DesignSource = (typeof DESIGN_SOURCES)[number];

/** A design: metadata and the number of its current revision (the IR lives in its revisions). */
@Entity({ name: 'designs' })
export class Design {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text', nullable: true }) title: string | null;
  /** The template it was built from (and is rebuilt from when the brief changes); null for raw IR. */
  @Column({ type: 'text', nullable: true }) template: string | null;
  @Column({ type: 'jsonb', nullable: true }) brief: Record<string, unknown> | null;
  /** Current revision number (1 on creation). */
  @Column({ type: 'int' }) revision: number;
  @Column({ type: 'int' }) width: number;
  @Column({ type: 'int' }) height: number;
  @Column({ type: 'text' }) source: DesignSource;
  @Column({ type: 'text', nullable: true }) sourceDesignId: string | null;
  /** The claim of the Idempotency-Key it was created with (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 }) updatedAt: Date;
}

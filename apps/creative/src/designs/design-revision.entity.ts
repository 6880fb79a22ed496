import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What made a revision. */
export const REVISION_OPERATIONS = ['create', 'patch', 'node_add', 'node_patch', 'node_delete', 'restore', 'duplicate'] as const;
export type RevisionOperation = (typeof REVISION_OPERATIONS)[number];

/** One numbered, immutable state of a design's IR; `(design_id, revision)` is unique. */
@Entity({ name: 'design_revisions' })
export class DesignRevision {
  @PrimaryColumn({ type: 'text' }) designId: string;
  @PrimaryColumn({ type: 'int' }) revision: number;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) operation: RevisionOperation;
  /** The node added, patched or deleted. */
  @Column({ type: 'text', nullable: true }) nodeId: string | null;
  /** The revision a restore copied. */
  @Column({ type: 'int', nullable: true }) restoredFrom: number | null;
  @Column({ type: 'jsonb' }) ir: Record<string, unknown>;
  /** A change's: the claim of the Idempotency-Key it was made under (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
  @Column({ type: 'timestamptz', precision: 3, insert: false, update: false, default: () => 'clock_timestamp()' }) createdAt: Date;
}

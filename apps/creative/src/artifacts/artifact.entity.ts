import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint-number.transformer';

/** An output the service made (render, preview, export, video, campaign piece...). */
@Entity({ name: 'artifacts' })
export class Artifact {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) kind: string;
  @Column({ type: 'text' }) mime: string;
  @Column({ type: 'bigint', transformer: bigintNumber }) bytes: number;
  @Column({ type: 'text' }) sha256: string;
  /** Content-addressed per account: artifacts of one account with the same bytes share it. */
  @Column({ type: 'text' }) blobKey: string;
  @Column({ type: 'text', nullable: true }) filename: string | null;
  @Column({ type: 'int', nullable: true }) width: number | null;
  @Column({ type: 'int', nullable: true }) height: number | null;
  @Column({ type: 'double precision', nullable: true }) duration: number | null;
  @Column({ type: 'text', nullable: true }) designId: string | null;
  @Column({ type: 'int', nullable: true }) designRevision: number | null;
  @Column({ type: 'text', nullable: true }) jobId: string | null;
  @Column({ type: 'text', nullable: true }) assetId: string | null;
  /** The claim of the Idempotency-Key it was made under (procedural renders, `IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

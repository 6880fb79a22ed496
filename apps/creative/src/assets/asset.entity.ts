import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint-number.transformer';
import type { AssetKind, MediaFormat } from './media/media-types';

/** An input an account brought: an uploaded image, font or audio file, or an image made by a transform. */
@Entity({ name: 'assets' })
export class Asset {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) kind: AssetKind;
  @Column({ type: 'text' }) format: MediaFormat;
  @Column({ type: 'text' }) mime: string;
  @Column({ type: 'bigint', transformer: bigintNumber }) bytes: number;
  @Column({ type: 'text' }) sha256: string;
  @Column({ type: 'text', nullable: true }) filename: string | null;
  /** Where the bytes are in the blob store. */
  @Column({ type: 'text' }) blobKey: string;
  @Column({ type: 'int', nullable: true }) width: number | null;
  @Column({ type: 'int', nullable: true }) height: number | null;
  @Column({ type: 'double precision', nullable: true }) duration: number | null;
  @Column({ type: 'int', nullable: true }) channels: number | null;
  @Column({ type: 'int', nullable: true }) sampleRate: number | null;
  @Column({ type: 'text', nullable: true }) family: string | null;
  @Column({ type: 'int', nullable: true }) weight: number | null;
  @Column({ type: 'text', nullable: true }) style: string | null;
  /** Transforms: the asset it was made from, and the operations applied. */
  @Column({ type: 'text', nullable: true }) sourceAssetId: string | null;
  @Column({ type: 'jsonb', nullable: true }) operations: Record<string, unknown>[] | null;
  /** Transforms: the claim of the Idempotency-Key it was made under (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true }) idempotencyRef?: string | null;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

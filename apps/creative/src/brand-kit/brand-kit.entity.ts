import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** One brand kit per account. */
@Entity({ name: 'brand_kits' })
export class BrandKit {
  @PrimaryColumn({ type: 'text' })
  accountId: string;

  @Column({ type: 'text', nullable: true }) name: string | null;
  @Column({ type: 'jsonb', nullable: true }) colors: string[] | null;
  @Column({ type: 'jsonb', nullable: true }) fonts: Record<string, unknown> | null;
  @Column({ type: 'text', nullable: true }) logoAssetId: string | null;
  @Column({ type: 'text', nullable: true }) logoPosition: string | null;
  @Column({ type: 'int', nullable: true }) logoSize: number | null;
  @Column({ type: 'int', nullable: true }) logoMargin: number | null;
  @Column({ type: 'text', nullable: true }) tone: string | null;
  @Column({ type: 'text', nullable: true }) palette: string | null;
  @Column({ type: 'jsonb', nullable: true }) metadata: Record<string, unknown> | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 }) updatedAt: Date;
}

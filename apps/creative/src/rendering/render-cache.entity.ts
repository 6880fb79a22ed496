import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A stored render: (design, revision, format, size, quality) → the artifact that holds it. */
@Entity({ name: 'render_cache' })
export class RenderCacheEntry {
  @PrimaryColumn({ type: 'text' }) designId: string;
  @PrimaryColumn({ type: 'int' }) revision: number;
  @PrimaryColumn({ type: 'text' }) format: string;
  @PrimaryColumn({ type: 'int' }) width: number;
  @PrimaryColumn({ type: 'int' }) height: number;
  /** 0 when the format takes no quality (png, svg, pdf) or the default was used. */
  @PrimaryColumn({ type: 'int' }) quality: number;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) artifactId: string;
  @Column({ type: 'jsonb' }) warnings: { id: string; message: string; code?: string; field?: string }[];
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
}

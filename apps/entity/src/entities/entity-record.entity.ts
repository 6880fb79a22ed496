import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Personality } from './personality';

export type EntityStatus = 'active' | 'paused' | 'archived';

/** An AI entity with identity, memory and personality, owned by one account. */
@Entity({ name: 'entities' })
@Index(['accountId', 'createdAt'])
export class EntityRecord {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) name: string;
  @Column({ type: 'text' }) purpose: string;
  @Column({ type: 'text', nullable: true }) externalUserId: string | null;
  @Column({ type: 'text', default: 'active' }) status: EntityStatus;
  @Column({ type: 'jsonb' }) personality: Personality;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz', precision: 3 }) updatedAt: Date;
}

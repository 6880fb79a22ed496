import type { Fact } from '@platform/conversation';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** What one entity knows about one end user. */
@Entity({ name: 'end_users' })
export class EndUser {
  @PrimaryColumn({ type: 'text' }) entityId: string;
  @PrimaryColumn({ type: 'text' }) endUserId: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text', nullable: true }) name: string | null;
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" }) facts: Fact[];
  @Column({ type: 'int', default: 0 }) interactions: number;
  @Column({ type: 'text', nullable: true }) summary: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) firstSeenAt: Date;
  @Column({ type: 'timestamptz', precision: 3 }) lastSeenAt: Date;
}

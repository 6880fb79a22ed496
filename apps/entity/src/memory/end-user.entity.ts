import type { Fact } from '@platform/conversation';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What one entity knows about one end user. An end user is (entity, owner, end_user_id): the owner
 * is the OAuth client that brought the person (`clientId`), or null for the account's own API keys.
 */
@Entity({ name: 'end_users' })
export class EndUser {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'text' }) entityId: string;
  @Column({ type: 'text', nullable: true }) clientId: string | null;
  @Column({ type: 'text' }) endUserId: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text', nullable: true }) name: string | null;
  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" }) facts: Fact[];
  @Column({ type: 'int', default: 0 }) interactions: number;
  @Column({ type: 'text', nullable: true }) summary: string | null;
  @Column({ type: 'timestamptz', precision: 3 }) firstSeenAt: Date;
  @Column({ type: 'timestamptz', precision: 3 }) lastSeenAt: Date;
}

import type { FactKind } from '@platform/conversation';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * One thing a conversation's messages told about the person (messaging's memory beyond the history
 * window). One row per slot (`factSlot` of @platform/conversation): a later fact of the same slot replaces
 * the earlier. Written by the statement that stores the message it comes from.
 */
@Entity({ name: 'conversation_facts' })
export class ConversationFact {
  @PrimaryColumn({ type: 'text' }) conversationId: string;
  @PrimaryColumn({ type: 'text' }) slot: string;
  @Column({ type: 'text' }) accountId: string;
  @Column({ type: 'text' }) kind: FactKind;
  @Column({ type: 'text' }) key: string;
  @Column({ type: 'text' }) value: string;
  @Column({ type: 'text' }) text: string;
  @Column({ type: 'text' }) sourceMessageId: string;
  @CreateDateColumn({ type: 'timestamptz', precision: 3 }) createdAt: Date;
  @Column({ type: 'timestamptz', precision: 3 }) updatedAt: Date;
}

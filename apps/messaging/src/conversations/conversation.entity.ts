import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const CONVERSATION_STATUSES = ['active', 'waiting', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CHANNEL_KINDS = ['api', 'whatsapp', 'telegram', 'messenger'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

@Entity({ name: 'conversations' })
export class Conversation {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  agentId: string;

  @Column({ type: 'text' })
  channel: ChannelKind;

  @Column({ type: 'text', nullable: true })
  channelId: string | null;

  @Column({ type: 'text', nullable: true })
  externalId: string | null;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  metadata: Record<string, unknown>;

  @Column({ type: 'text', default: 'active' })
  status: ConversationStatus;

  @Column({ type: 'integer', default: 0 })
  messageCount: number;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastMessageAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

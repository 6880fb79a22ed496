import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** On a message the agent should answer: where its reply stands. */
export type ReplyStatus = 'pending' | 'completed' | 'failed' | 'skipped';
/** On a message sent out through a channel (WhatsApp, Telegram, Messenger). */
export type DeliveryStatus = 'pending' | 'sent' | 'failed';

@Entity({ name: 'messages' })
export class Message {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  conversationId: string;

  @Column({ type: 'text' })
  role: MessageRole;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  attachments: string[];

  @Column({ type: 'text', nullable: true })
  replyStatus: ReplyStatus | null;

  @Column({ type: 'text', nullable: true })
  replyError: string | null;

  @Column({ type: 'text', nullable: true })
  replyToId: string | null;

  @Column({ type: 'text', nullable: true })
  provider: string | null;

  @Column({ type: 'text', nullable: true })
  model: string | null;

  @Column({ type: 'text', nullable: true })
  channelId: string | null;

  @Column({ type: 'text', nullable: true })
  externalId: string | null;

  @Column({ type: 'text', nullable: true })
  deliveryStatus: DeliveryStatus | null;

  @Column({ type: 'text', nullable: true })
  deliveryError: string | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

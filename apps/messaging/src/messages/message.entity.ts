import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** On a message the agent should answer: where its reply stands. */
export type ReplyStatus = 'pending' | 'completed' | 'failed' | 'skipped';
/**
 * A file that came with a platform message: `media_id` for media the platform keeps (WhatsApp Cloud API;
 * served through GET /v1/channels/{id}/media/{media_id}), `url` for media at a public address (Messenger).
 */
export interface StoredAttachment {
  type: string;
  url?: string;
  media_id?: string;
  mime_type?: string;
  filename?: string;
}

/** As stored: the URL strings posted through the API, or a platform's media. */
export type MessageAttachment = string | StoredAttachment;

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
  attachments: MessageAttachment[];

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

  /** Messages a platform delivered together to this conversation share it and get one reply (to the last of them). */
  @Column({ type: 'text', nullable: true })
  batchId: string | null;

  /** When the platform's user last edited it (Telegram `edited_message`); null if never. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  editedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  /** The claim of the Idempotency-Key it was posted with (`IdempotentEffect`): a retry after its process died finds it. */
  @Column({ type: 'text', nullable: true })
  idempotencyRef?: string | null;
}

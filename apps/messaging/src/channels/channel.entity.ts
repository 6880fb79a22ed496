import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { ChannelKind } from '../conversations/conversation.entity';

@Entity({ name: 'channels' })
export class Channel {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  accountId: string;

  @Column({ type: 'text', nullable: true })
  agentId: string | null;

  @Column({ type: 'text' })
  kind: ChannelKind;

  @Column({ type: 'text' })
  name: string;

  /** The platform credentials, encrypted (AES-256-GCM); never returned. */
  @Column({ type: 'text', nullable: true })
  credentials: string | null;

  /** Non-secret settings shown back to the client (e.g. the WhatsApp phone number id). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  settings: Record<string, string>;

  @Column({ type: 'text', default: 'active' })
  status: 'active';

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

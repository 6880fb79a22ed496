import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type AgentStatus = 'active';

@Entity({ name: 'agents' })
@Index(['accountId', 'createdAt'])
export class Agent {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  soulId: string;

  @Column({ type: 'text', nullable: true })
  language: string | null;

  /** `auto` (reply in the language the user writes in) or a fixed BCP 47 tag. */
  @Column({ type: 'text', default: 'auto' })
  replyLanguage: string;

  @Column({ type: 'text', default: 'active' })
  status: AgentStatus;

  /** The client's own data about the agent (never read by the service). */
  @Column({ type: 'jsonb', default: () => `'{}'` })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz', precision: 3 })
  updatedAt: Date;
}

import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A tenant. Every resource of a service belongs to exactly one account. */
@Entity({ name: 'accounts' })
export class Account {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  settings: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

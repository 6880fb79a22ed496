import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** An API key. Only its SHA-256 hash is stored; the key itself is shown once, at creation. */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index()
  @Column({ type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  name: string;

  /** The first characters of the key, safe to display so a person can tell keys apart. */
  @Column({ type: 'text' })
  prefix: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  keyHash: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  lastUsedAt: Date | null;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  revokedAt: Date | null;
}

import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A stored response for an Idempotency-Key, per account. */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyRecord {
  @PrimaryColumn({ type: 'text' })
  accountId: string;

  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'text' })
  requestHash: string;

  @Column({ type: 'text' })
  state: 'in_progress' | 'completed';

  @Column({ type: 'int', nullable: true })
  responseStatus: number | null;

  @Column({ type: 'jsonb', nullable: true })
  responseBody: unknown;

  @CreateDateColumn({ type: 'timestamptz', precision: 3 })
  createdAt: Date;
}

export async function createIdempotencyTable(q: { query(sql: string): Promise<unknown> }, schema: string): Promise<void> {
  await q.query(`
    CREATE TABLE "${schema}".idempotency_keys (
      account_id text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      state text NOT NULL,
      response_status int,
      response_body jsonb,
      created_at timestamptz(3) NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, key)
    )`);
  await q.query(`CREATE INDEX idempotency_keys_created_at ON "${schema}".idempotency_keys (created_at)`);
}

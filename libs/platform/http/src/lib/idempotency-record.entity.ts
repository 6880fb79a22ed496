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

  /** The process running the request (`IdempotencyService.instanceId`) while the key is in progress. */
  @Column({ type: 'text', nullable: true })
  owner: string | null;

  /** Until when the owner holds the key: renewed while it runs; once past, the owner is taken for dead. */
  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  leaseUntil: Date | null;
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

/**
 * The lease of an in-progress key (`owner`, `lease_until`): each service's migration adds it to its table. Rows written
 * before it have neither and count as lapsed 10 minutes after they were created (see `IdempotencyService`).
 */
export async function addIdempotencyLease(q: { query(sql: string): Promise<unknown> }, schema: string): Promise<void> {
  await q.query(`ALTER TABLE "${schema}".idempotency_keys ADD COLUMN owner text, ADD COLUMN lease_until timestamptz(3)`);
  // The renewal updates the keys one process holds: few rows, found by owner.
  await q.query(`CREATE INDEX idempotency_keys_owner ON "${schema}".idempotency_keys (owner) WHERE state = 'in_progress'`);
}

export async function dropIdempotencyLease(q: { query(sql: string): Promise<unknown> }, schema: string): Promise<void> {
  await q.query(`DROP INDEX IF EXISTS "${schema}".idempotency_keys_owner`);
  await q.query(`ALTER TABLE "${schema}".idempotency_keys DROP COLUMN owner, DROP COLUMN lease_until`);
}

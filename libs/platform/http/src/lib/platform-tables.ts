import { createAuthTables, dropAuthTables } from '@platform/auth';
import type { QueryRunner } from 'typeorm';
import { createIdempotencyTable } from './idempotency-record.entity';

/** The tables every service's first migration creates in its schema: accounts, API keys, idempotency keys. */
export async function createPlatformTables(q: QueryRunner, schema: string): Promise<void> {
  await createAuthTables(q, schema);
  await createIdempotencyTable(q, schema);
}

export async function dropPlatformTables(q: QueryRunner, schema: string): Promise<void> {
  await q.query(`DROP TABLE IF EXISTS "${schema}".idempotency_keys`);
  await dropAuthTables(q, schema);
}

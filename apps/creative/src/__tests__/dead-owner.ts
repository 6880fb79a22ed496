import { fingerprintInput, IdempotencyService } from '@platform/http';
import type { TestApp } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';

/** The owner a process killed with -9 leaves on its keys: no live process has this `instanceId`. */
export const DEAD_OWNER = 'chaos-host-4242-0badf00d';

/**
 * Idempotency-Key rows of one account as a killed process leaves them, for the lease tests of issue 39 (a retry after
 * the owner died). `t` and `accountId` are read when called: the tests set them in `beforeAll`.
 */
export function deadOwnerKeys(t: () => TestApp<CreativeConfig>, accountId: () => string) {
  const ds = () => t().app.get(DataSource);
  return {
    /** Inserts a key in progress whose owner is gone and whose lease lapsed 1 s ago; answers its claim's `ref`. */
    async leftBehind(key: string, method: string, path: string, body: unknown): Promise<string> {
      const [row] = await ds().query(
        `INSERT INTO creative.idempotency_keys (account_id, key, request_hash, state, owner, lease_until, created_at)
         VALUES ($1, $2, $3, 'in_progress', $4, now() - interval '1 second', now() - interval '40 seconds') RETURNING created_at`,
        [
          accountId(),
          key,
          t()
            .app.get(IdempotencyService)
            .hashOf(fingerprintInput(method, path, body)),
          DEAD_OWNER,
        ],
      );
      return `${new Date(row.created_at).getTime()}:${key}`;
    },
    /** A request that ran and committed, its process killed before it completed its key: the key back in progress, the lease lapsed. */
    diedAfterCommit: (key: string): Promise<unknown> =>
      ds().query(
        `UPDATE creative.idempotency_keys SET state = 'in_progress', response_status = NULL, response_body = NULL, owner = $3, lease_until = now() - interval '1 second'
          WHERE account_id = $1 AND key = $2`,
        [accountId(), key, DEAD_OWNER],
      ),
    /** The key's row: `columns` of it (state and response status by default). */
    keyRow: async (key: string, columns = 'state, response_status'): Promise<Record<string, unknown>> =>
      (await ds().query(`SELECT ${columns} FROM creative.idempotency_keys WHERE account_id = $1 AND key = $2`, [accountId(), key]))[0],
  };
}

import { deleteInBatches, IDEMPOTENCY_TTL_MS } from '@platform/http';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * The deletions keyed DELETEs record (see `IdempotentEffect`), in a table of the feature whose rows they delete
 * (`creative.design_deletions`, `asset_deletions`, `artifact_deletions`: account, the Idempotency-Key's claim, the id
 * deleted, when), owned by that feature's repository, which holds one of these for it. The deleted row is gone, so
 * this record, written in the deletion's transaction, is the effect a retry after the deleting process died finds
 * (the lookup gets no path, only the account and the claim). One per claim; kept as long as the key: swept with the
 * expired keys (`IdempotencyService.onSweep`).
 */
export class DeletionRecords {
  constructor(
    private readonly ds: DataSource,
    /** The table, schema-qualified (`creative.asset_deletions`). */
    private readonly table: string,
    /** Its column of the deleted id (`asset_id`). */
    private readonly idColumn: string,
  ) {}

  /** Records, inside the deletion's transaction `m`, that a keyed delete (`ref`: its key's claim) deleted `id`. */
  async record(m: EntityManager, accountId: string, id: string, ref: string): Promise<void> {
    await m.query(`INSERT INTO ${this.table} (account_id, idempotency_ref, ${this.idColumn}) VALUES ($1, $2, $3)`, [accountId, ref, id]);
  }

  /** The id a keyed delete deleted under `ref`, or null when none committed. */
  async deletedUnder(accountId: string, ref: string): Promise<string | null> {
    const rows = (await this.ds.query(`SELECT ${this.idColumn} AS id FROM ${this.table} WHERE account_id = $1 AND idempotency_ref = $2`, [accountId, ref])) as {
      id: string;
    }[];
    return rows[0]?.id ?? null;
  }

  /**
   * Deletes the records written more than IDEMPOTENCY_TTL_MS ago (their key has expired: no retry reads them), `limit`
   * per statement while a statement deletes a full batch, at most `maxBatches` statements. Answers how many it deleted.
   */
  sweep(limit: number, maxBatches: number): Promise<number> {
    return deleteInBatches(this.ds, this.table, `deleted_at < now() - interval '${IDEMPOTENCY_TTL_MS} milliseconds'`, limit, maxBatches);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '../designs/designs.repository';

const S = 'creative';

/**
 * Design search (`GET /v1/designs?q=…&template=…`, issue 34): `search_text`, the title and template folded (accents
 * by `translate` with the map `foldForSearch` uses, then lower case) and kept by PostgreSQL as a stored generated
 * column, so every write keeps it; an index for the account's designs of one template, newest first. `q` is a
 * substring match over the account's designs (no extension needed).
 */
export class DesignSearch1800300000000 implements MigrationInterface {
  name = 'DesignSearch1800300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "${S}".designs ADD COLUMN search_text text GENERATED ALWAYS AS ` +
        `(lower(translate(coalesce(title, '') || ' ' || coalesce(template, ''), '${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}'))) STORED`,
    );
    await q.query(`CREATE INDEX designs_account_template_created ON "${S}".designs (account_id, template, created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "${S}".designs_account_template_created`);
    await q.query(`ALTER TABLE "${S}".designs DROP COLUMN search_text`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'creative';

/**
 * The local gateway's checkout token: completing or cancelling a local checkout needs the single-use token its URL
 * carries, of which only the SHA-256 is kept. Checkouts opened before have none and can no longer be completed.
 */
export class CheckoutTokens1800100000000 implements MigrationInterface {
  name = 'CheckoutTokens1800100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".billing_checkouts ADD COLUMN token_hash bytea CHECK (octet_length(token_hash) = 32)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${S}".billing_checkouts DROP COLUMN token_hash`);
  }
}

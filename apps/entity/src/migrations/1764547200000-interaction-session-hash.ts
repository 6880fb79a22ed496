import { MigrationInterface, QueryRunner } from 'typeorm';

const S = 'entity';

/**
 * OAuth interaction rows kept the id of the provider's browser session (`payload.session.cookie`,
 * the `_session` cookie's value) in plain text; it is now stored as its SHA-256, like every other
 * id in oidc_payloads. Rows written before keep working: oidc-provider never reads that field back.
 * A session id is a 43-character nanoid, never 64 hex digits, so a hashed value is not hashed again.
 */
export class InteractionSessionHash1764547200000 implements MigrationInterface {
  name = 'InteractionSessionHash1764547200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE "${S}".oidc_payloads
         SET payload = jsonb_set(payload, '{session,cookie}', to_jsonb(encode(sha256(convert_to(payload #>> '{session,cookie}', 'UTF8')), 'hex')))
       WHERE model = 'Interaction'
         AND jsonb_typeof(payload #> '{session,cookie}') = 'string'
         AND payload #>> '{session,cookie}' !~ '^[0-9a-f]{64}$'`);
  }

  async down(): Promise<void> {
    // A hash cannot be turned back into the session id; nothing reads the field, so nothing to undo.
  }
}

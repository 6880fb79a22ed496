import { timingSafeEqual } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { hashSecret } from '../api-key.service';
import { storable } from './oauth-params';
import type { OidcAdapter, OidcModule, OidcPayload } from './oidc-types';

/**
 * Where a service's clients come from when they are not registered dynamically (entity: its developer portal's
 * oauth_clients); the adapter then only answers lookups for them. Without one, clients registered through the
 * provider's registration endpoint (RFC 7591) are stored with the other payloads.
 */
export type ClientLookup = (clientId: string) => Promise<OidcPayload | undefined>;
/**
 * The PostgreSQL schema holding the provider's tables: `oidc_payloads` (model, id, account_id, payload, grant_id,
 * uid, user_code, expires_at, consumed_at) and `oauth_grants` (id, revoked_at, …), as the services' migrations make them.
 */
export type OidcSchema = string;
/** The account (tenant) of a user, from the accounts feature; null when there is no such user. */
export type AccountLookup = (userId: string) => Promise<string | null>;

interface Row {
  payload: OidcPayload;
  consumed_at: Date | null;
  graceable?: boolean;
}

export interface PostgresAdapterOptions {
  /**
   * A rotated refresh token presented again within this many seconds of its rotation (by the client it belongs to,
   * which oidc-provider checks first) is honoured once more instead of being a replay: the answer carrying its
   * successor may have been lost (a restart, a cut connection). Only the latest rotated token of a chain, once;
   * 0 turns it off (every reuse is a replay). See `graceable`.
   */
  refreshReuseGraceSeconds?: number;
}

/**
 * The rotated refresh token `p` may be honoured once more (`$2`: the grace in seconds): rotated less than that ago
 * (PostgreSQL's clock, the one `consume` stamped), not honoured once more already, and
 * the latest of its chain (the refresh tokens of its grant with its `iiat`): no token rotated from it or later has been
 * used. A token two rotations back is always a replay.
 */
const graceable = (schema: OidcSchema) => `(p.consumed_at > now() - make_interval(secs => $2::double precision)
  AND p.payload->>'reuseGraceAt' IS NULL
  AND NOT EXISTS (SELECT 1 FROM "${schema}".oidc_payloads s WHERE s.model = 'RefreshToken' AND s.grant_id = p.grant_id
    AND s.payload->>'iiat' IS NOT DISTINCT FROM p.payload->>'iiat' AND s.consumed_at IS NOT NULL
    AND coalesce((s.payload->>'rotations')::int, 0) > coalesce((p.payload->>'rotations')::int, 0)))`;

/** Rows of a grant that is revoked in oauth_grants are gone for the provider, whatever their order of arrival. */
const grantLive = (schema: OidcSchema) => `NOT EXISTS (SELECT 1 FROM "${schema}".oauth_grants g WHERE g.id = p.grant_id AND g.revoked_at IS NOT NULL)`;

/** Every string in a payload can be stored: no NUL, no lone surrogate (PostgreSQL refuses both in jsonb). */
function storablePayload(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return storable(value);
  if (!value || typeof value !== 'object' || depth > 20) return true;
  return Object.entries(value).every(([k, v]) => storable(k) && storablePayload(v, depth + 1));
}

/**
 * Revokes a grant at once: `oauth_grants.revoked_at` (checked by /api/v1 and by every lookup
 * here) and every stored row of it (the grant, its codes and tokens), in one transaction.
 */
export async function revokeGrant(ds: DataSource, schema: OidcSchema, grantId: string): Promise<void> {
  await ds.transaction(async (m) => {
    // Always takes the grant's row lock (first revoker or not), before any row of oidc_payloads.
    await m.query(`UPDATE "${schema}".oauth_grants SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1`, [grantId]);
    await m.query(`DELETE FROM "${schema}".oidc_payloads WHERE grant_id = $1`, [grantId]);
  });
}

/** Of these grants, the ones the provider still holds (its Grant is stored): a connection lives as long as one of them. */
export async function heldGrants(ds: DataSource, schema: OidcSchema, grantIds: readonly string[]): Promise<Set<string>> {
  if (!grantIds.length) return new Set();
  const rows: { grant_id: string }[] = await ds.query(`SELECT DISTINCT grant_id FROM "${schema}".oidc_payloads WHERE model = 'Grant' AND grant_id = ANY($1)`, [
    [...grantIds],
  ]);
  return new Set(rows.map((r) => r.grant_id));
}

/** Deletes every stored row of these grants (the grant, its codes and tokens) in `m`'s transaction, which revoked them. */
export async function deleteGrantPayloads(m: EntityManager, schema: OidcSchema, grantIds: readonly string[]): Promise<void> {
  if (grantIds.length) await m.query(`DELETE FROM "${schema}".oidc_payloads WHERE grant_id = ANY($1)`, [[...grantIds]]);
}

export interface ExpiredPayloadSweepOptions {
  /** Rows are removed only once expired at least this long (clock skew between replicas and PostgreSQL): 60 s by default. */
  graceMs?: number;
  /** Rows removed per statement (each its own short transaction): 1000 by default. */
  batchSize?: number;
  /** Statements per call, so one pass is bounded however far behind it is (the next pass goes on): 20 by default. */
  maxBatches?: number;
}

/**
 * Deletes `schema`.oidc_payloads rows past their `expires_at` (codes, sessions, interactions, tokens, registration
 * access tokens…): the provider never reads them again (the adapter's lookups already ignore them), and nothing else
 * removes them. Rows without `expires_at` stay. Batches of `batchSize` rows, at most `maxBatches` of them; rows another
 * sweep (or a revocation) holds are skipped (SKIP LOCKED), so replicas sweeping at once neither wait nor count twice.
 * Answers how many rows this call removed.
 */
export async function sweepExpiredPayloads(ds: DataSource, schema: OidcSchema, options: ExpiredPayloadSweepOptions = {}): Promise<number> {
  const { graceMs = 60_000, batchSize = 1000, maxBatches = 20 } = options;
  let removed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const res: unknown[] = await ds.query(
      `DELETE FROM "${schema}".oidc_payloads p USING (
         SELECT model, id FROM "${schema}".oidc_payloads
          WHERE expires_at < now() - make_interval(secs => $1::double precision / 1000)
          LIMIT $2 FOR UPDATE SKIP LOCKED) e
        WHERE p.model = e.model AND p.id = e.id RETURNING p.id`,
      [graceMs, batchSize],
    );
    // TypeORM answers a DELETE … RETURNING with [rows, count].
    const n = Array.isArray(res[0]) ? res[0].length : res.length;
    removed += n;
    if (n < batchSize) break;
  }
  return removed;
}

/**
 * oidc-provider's storage in `schema`.oidc_payloads: this file is the one that touches that table (a service's
 * repository asks it through `heldGrants`, `deleteGrantPayloads` and `sweepExpiredPayloads`). Every id is stored as its SHA-256 (codes,
 * tokens and session ids are bearer secrets), and `jti`, which repeats the id, is left out of
 * the stored payload and put back on read; an interaction keeps the id of its browser session
 * (`session.cookie`) only as its SHA-256 too. `consume` is one conditional UPDATE, so of parallel
 * redemptions of one code or refresh token exactly one succeeds; the others get invalid_grant and
 * revoke the grant, as a replay found later does (RFC 6749 10.5, RFC 9700): the winner's tokens die
 * too. Nothing a client sends reaches PostgreSQL with a NUL character (it answers invalid_request).
 *
 * Refresh token reuse grace (`refreshReuseGraceSeconds`; RFC 9700 4.14.2 leaves the rotation policy to the server, and
 * Okta's grace period and Auth0's reuse interval do the same): a rotated refresh token that is still `graceable` is
 * found as not consumed, so oidc-provider's refresh_token grant rotates it again (after its own client check: another
 * client's use is `client mismatch`); `consume` then marks it honoured (`reuseGraceAt` in its payload: never again).
 * What the first rotation issued is left valid: the server cannot tell a lost answer from a slow one whose request the
 * client gave up on, nor which of the two finishes first, and revoking the first rotation's refresh token would, in the
 * second case, revoke the one the client holds. Of parallel uses within the grace, two get tokens and the others are
 * replays.
 */
export function postgresAdapter(
  ds: DataSource,
  schema: OidcSchema,
  oidc: Pick<OidcModule, 'errors'>,
  findClient: ClientLookup | null,
  accountOf: AccountLookup,
  options: PostgresAdapterOptions = {},
) {
  const grace = Math.max(0, options.refreshReuseGraceSeconds ?? 0);
  return class PostgresAdapter implements OidcAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: OidcPayload, expiresIn?: number): Promise<void> {
      if (this.model === 'Client' && findClient) throw new Error('Clients are managed by the service (not registered through the provider)');
      const stored: OidcPayload = { ...payload };
      delete stored.jti;
      const session = stored.session as { cookie?: unknown } | undefined;
      if (this.model === 'Interaction' && session && typeof session.cookie === 'string') {
        stored.session = { ...session, cookie: hashSecret(session.cookie) };
      }
      // A registered client's secret is kept as its SHA-256 (the service compares hashes: see `compareHashedClientSecret`).
      if (this.model === 'Client' && typeof stored.client_secret === 'string') stored.client_secret = hashSecret(stored.client_secret);
      if (!storablePayload(stored) || !storable(payload.uid ?? '') || !storable(payload.userCode ?? '')) {
        throw new oidc.errors.InvalidRequest('a parameter contains a character that is not allowed (NUL)');
      }
      const grantId = payload.grantId ?? (this.model === 'Grant' ? id : null);
      // oidc-provider's accountId is the user; the row keeps the user's account (tenant).
      const userId = typeof payload.accountId === 'string' ? payload.accountId : null;
      const accountId = userId === null ? null : await accountOf(userId);
      // A token of a grant already revoked (a replay detected while its twin was being issued) is
      // not stored. The grant's row is share-locked, so a revocation running at the same time either
      // waits for this row and deletes it, or commits first and is seen here.
      await ds.query(
        `WITH g AS (SELECT revoked_at FROM "${schema}".oauth_grants WHERE id = $5::text FOR SHARE)
         INSERT INTO "${schema}".oidc_payloads (model, id, account_id, payload, grant_id, uid, user_code, expires_at)
         SELECT $1::text, $2::text, $3::text, $4::jsonb, $5::text, $6::text, $7::text, $8::timestamptz
          WHERE NOT EXISTS (SELECT 1 FROM g WHERE revoked_at IS NOT NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, account_id = EXCLUDED.account_id,
           grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
        [
          this.model,
          hashSecret(id),
          accountId,
          JSON.stringify(stored),
          grantId,
          payload.uid ?? null,
          payload.userCode ? hashSecret(payload.userCode) : null,
          expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
        ],
      );
    }

    private async one(where: string, value: string, id?: string): Promise<OidcPayload | undefined> {
      // A rotated refresh token within its reuse grace is reported as not consumed (see `graceable`).
      const withGrace = this.model === 'RefreshToken' && grace > 0;
      const rows: Row[] = await ds.query(
        `SELECT payload, consumed_at${withGrace ? `, ${graceable(schema)} AS graceable` : ''} FROM "${schema}".oidc_payloads p
          WHERE model = $1 AND ${where} = ${withGrace ? '$3' : '$2'} AND (expires_at IS NULL OR expires_at > now()) AND ${grantLive(schema)}`,
        withGrace ? [this.model, grace, value] : [this.model, value],
      );
      if (!rows.length) return undefined;
      const { payload, consumed_at, graceable: inGrace } = rows[0];
      const consumed = consumed_at && !inGrace ? { consumed: Math.floor(consumed_at.getTime() / 1000) } : {};
      return { ...payload, ...(id ? { jti: id } : {}), ...consumed };
    }

    async find(id: string): Promise<OidcPayload | undefined> {
      if (this.model === 'Client' && findClient) return storable(id) ? findClient(id) : undefined;
      if (!storable(id)) return undefined;
      return this.one('id', hashSecret(id), id);
    }

    async findByUid(uid: string): Promise<OidcPayload | undefined> {
      // The session id (the cookie value) is not stored; sessions found by uid keep their payload's own fields.
      return storable(uid) ? this.one('uid', uid) : undefined;
    }

    async findByUserCode(userCode: string): Promise<OidcPayload | undefined> {
      return this.one('user_code', hashSecret(userCode));
    }

    async consume(id: string): Promise<void> {
      const res: unknown[] = await ds.query(
        `UPDATE "${schema}".oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL RETURNING id`,
        [this.model, hashSecret(id)],
      );
      // TypeORM answers an UPDATE with [rows, count].
      const affected = Array.isArray(res[0]) ? res[0].length : res.length;
      if (affected) return;
      if (this.model === 'RefreshToken' && grace > 0 && (await this.honourOnceMore(hashSecret(id)))) return;
      // Another redemption of the same code or refresh token got here first: a replay, whichever wins.
      const rows: { grant_id: string | null }[] = await ds.query(`SELECT grant_id FROM "${schema}".oidc_payloads WHERE model = $1 AND id = $2`, [
        this.model,
        hashSecret(id),
      ]);
      if (rows[0]?.grant_id) await revokeGrant(ds, schema, rows[0].grant_id);
      throw new oidc.errors.InvalidGrant(`${this.model === 'AuthorizationCode' ? 'authorization code' : 'refresh token'} already consumed`);
    }

    /** A rotated refresh token presented again within its grace: marks it honoured (never again). False when it is not graceable (any more): a replay. */
    private async honourOnceMore(hashedId: string): Promise<boolean> {
      const rows: unknown[] = await ds.query(
        `UPDATE "${schema}".oidc_payloads p SET payload = p.payload || jsonb_build_object('reuseGraceAt', now())
          WHERE p.model = 'RefreshToken' AND p.id = $1 AND ${graceable(schema)} AND ${grantLive(schema)} RETURNING p.id`,
        [hashedId, grace],
      );
      // TypeORM answers an UPDATE with [rows, count].
      return (Array.isArray(rows[0]) ? rows[0].length : rows.length) === 1;
    }

    async destroy(id: string): Promise<void> {
      // oidc-provider destroys a Grant only to revoke it (a replay, a revoked refresh token): all of it goes, at once.
      if (this.model === 'Grant') return revokeGrant(ds, schema, id);
      await ds.query(`DELETE FROM "${schema}".oidc_payloads WHERE model = $1 AND id = $2`, [this.model, hashSecret(id)]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      // The grant's row is locked first, as revokeGrant and upsert do: concurrent revocations queue instead of deadlocking.
      await ds.transaction(async (m) => {
        await m.query(`SELECT 1 FROM "${schema}".oauth_grants WHERE id = $1 FOR UPDATE`, [grantId]);
        await m.query(`DELETE FROM "${schema}".oidc_payloads WHERE model = $1 AND grant_id = $2`, [this.model, grantId]);
      });
    }
  };
}

/**
 * oidc-provider's client secret check when the stored `client_secret` is its SHA-256 (entity's portal clients, clients
 * registered through the adapter): install as `provider.Client.prototype.compareClientSecret`.
 */
export function compareHashedClientSecret(this: { clientSecret?: string }, actual: string): boolean {
  const stored = Buffer.from(this.clientSecret ?? '', 'utf8');
  const given = Buffer.from(hashSecret(String(actual)), 'utf8');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

import type { AuthContext } from '@platform/auth';
import { UnauthorizedError, ValidationError } from '@platform/errors';
import { FindOperator, IsNull } from 'typeorm';

/**
 * Who an end user (and a turn) belongs to: the OAuth client that brought the person, or null for
 * the account's own API keys. An end user is (entity, owner, end_user_id).
 */
export type Owner = string | null;

/** Which owners a read covers: one, or every one (the account's API keys without a `client_id`). */
export type OwnerScope = { owner: Owner } | 'all';

/**
 * The `client_id` value that names the account itself: its API keys' own end users and turns (stored with a null
 * owner). It can never be an OAuth client's id (those are `cli_…`).
 */
export const ACCOUNT_OWNER = 'owner';

/** The owner a `client_id` query value names: `owner` is the account (null), anything else a client. */
const named = (clientId: string): Owner => (clientId === ACCOUNT_OWNER ? null : clientId);

/** A TypeORM condition on a `clientId` column for one owner (null is `IS NULL`). */
export function ownerIs(owner: Owner): string | FindOperator<string> {
  return owner === null ? IsNull() : owner;
}

/** The owner a caller speaks as: its OAuth client for an access token, null (the account) for an API key. */
export function ownerOf(auth: AuthContext): Owner {
  if (auth.credentialType !== 'access_token') return null;
  // Every access token is issued to a client; one without would see nothing rather than everything.
  if (!auth.clientId) throw new UnauthorizedError('Invalid or revoked credential');
  return auth.clientId;
}

/**
 * The owner one end user is looked up under: an access token's own client, always; for an API key
 * the client named by `client_id`, or the account's own end user without it.
 */
export function endUserOwner(auth: AuthContext, clientId: string | undefined): Owner {
  const own = ownerOf(auth);
  if (auth.credentialType !== 'access_token') return clientId === undefined ? null : named(clientId);
  refuseOtherClient(own!, clientId);
  return own;
}

/**
 * The owners a listing covers: an access token's own client, always; for an API key every owner, or the one
 * `client_id` names (`owner`: the account's own, the turns of its API keys).
 */
export function listOwners(auth: AuthContext, clientId: string | undefined): OwnerScope {
  const own = ownerOf(auth);
  if (auth.credentialType !== 'access_token') return clientId === undefined ? 'all' : { owner: named(clientId) };
  refuseOtherClient(own!, clientId);
  return { owner: own };
}

/** `client_id` is how an API key names a client's end users; an access token may only name its own client. */
function refuseOtherClient(own: string, clientId: string | undefined): void {
  if (clientId !== undefined && clientId !== own) {
    throw new ValidationError([
      { loc: ['client_id'], msg: 'An access token sees only the end users of its own client: leave client_id out', type: 'value_error' },
    ]);
  }
}

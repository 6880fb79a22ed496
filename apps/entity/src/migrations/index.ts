import { Initial1732200000000 } from './1732200000000-initial';
import { EntityApi1732300000000 } from './1732300000000-entity-api';
import { OAuth1732400000000 } from './1732400000000-oauth';
import { PendingTurns1763769600000 } from './1763769600000-pending-turns';
import { InteractionSessionHash1764547200000 } from './1764547200000-interaction-session-hash';
import { EndUserOwner1795737600000 } from './1795737600000-end-user-owner';
import { PortalFlashes1795741200000 } from './1795741200000-portal-flashes';
import { IdempotencyLease1801390000000 } from './1801390000000-idempotency-lease';

/** Every migration, oldest first. Listed explicitly so the webpack bundle carries them. */
export const migrations = [
  Initial1732200000000,
  EntityApi1732300000000,
  OAuth1732400000000,
  PendingTurns1763769600000,
  InteractionSessionHash1764547200000,
  EndUserOwner1795737600000,
  PortalFlashes1795741200000,
  IdempotencyLease1801390000000,
];

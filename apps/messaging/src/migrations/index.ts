import { Initial1732200000000 } from './1732200000000-initial';
import { Conversations1763755200000 } from './1763755200000-conversations';
import { PendingWork1763769600000 } from './1763769600000-pending-work';
import { ConversationFacts1765200000000 } from './1765200000000-conversation-facts';
import { ChannelBatches1766300000000 } from './1766300000000-channel-batches';
import { IdempotencyLease1801390000000 } from './1801390000000-idempotency-lease';
import { IdempotencyEffects1801400000000 } from './1801400000000-idempotency-effects';

/** Every migration, oldest first. Listed explicitly so the webpack bundle carries them. */
export const migrations = [
  Initial1732200000000,
  Conversations1763755200000,
  PendingWork1763769600000,
  ConversationFacts1765200000000,
  ChannelBatches1766300000000,
  IdempotencyLease1801390000000,
  IdempotencyEffects1801400000000,
];

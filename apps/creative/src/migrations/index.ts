import { Initial1732200000000 } from './1732200000000-initial';
import { AssetsArtifacts1763900000000 } from './1763900000000-assets-artifacts';
import { Designs1796000000000 } from './1796000000000-designs';
import { Jobs1797000000000 } from './1797000000000-jobs';
import { Billing1798000000000 } from './1798000000000-billing';
import { Generations1799000000000 } from './1799000000000-generations';
import { CheckoutTokens1800100000000 } from './1800100000000-checkout-tokens';
import { ScheduledPlan1800200000000 } from './1800200000000-scheduled-plan';
import { DesignSearch1800300000000 } from './1800300000000-design-search';
import { IdempotencyLease1801390000000 } from './1801390000000-idempotency-lease';
import { IdempotencyEffects1801400000000 } from './1801400000000-idempotency-effects';
import { OAuth1801500000000 } from './1801500000000-oauth';
import { IdempotencyEffectsChanges1801600000000 } from './1801600000000-idempotency-effects-changes';
import { DesignDeletions1801700000000 } from './1801700000000-design-deletions';
import { DesignDeletionsSwept1801800000000 } from './1801800000000-design-deletions-swept';
import { CampaignRefs1801900000000 } from './1801900000000-campaign-refs';
import { GenerationRefs1802000000000 } from './1802000000000-generation-refs';
import { AssetArtifactDeletions1802100000000 } from './1802100000000-asset-artifact-deletions';
import { ArtifactRefs1802200000000 } from './1802200000000-artifact-refs';

/** Every migration, oldest first. Listed explicitly so the webpack bundle carries them. */
export const migrations = [
  Initial1732200000000,
  AssetsArtifacts1763900000000,
  Designs1796000000000,
  Jobs1797000000000,
  Billing1798000000000,
  Generations1799000000000,
  CheckoutTokens1800100000000,
  ScheduledPlan1800200000000,
  DesignSearch1800300000000,
  IdempotencyLease1801390000000,
  IdempotencyEffects1801400000000,
  OAuth1801500000000,
  IdempotencyEffectsChanges1801600000000,
  DesignDeletions1801700000000,
  DesignDeletionsSwept1801800000000,
  CampaignRefs1801900000000,
  GenerationRefs1802000000000,
  AssetArtifactDeletions1802100000000,
  ArtifactRefs1802200000000,
];

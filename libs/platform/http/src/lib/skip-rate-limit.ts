import { SetMetadata } from '@nestjs/common';

export const SKIP_RATE_LIMIT = 'platform:skipRateLimit';
/** Probes and metrics are never rate limited. */
export const SkipRateLimit = () => SetMetadata(SKIP_RATE_LIMIT, true);

import { Inject, Injectable } from '@nestjs/common';
import { ExpiredPayloadSweep } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import type { EntityConfig } from '../config';
import { OAuthRepository } from './oauth.repository';

/** Deletes the provider's expired rows in entity.oidc_payloads every OAUTH_SWEEP_INTERVAL_MS (worker and all roles). */
@Injectable()
export class OAuthSweep extends ExpiredPayloadSweep {
  constructor(repo: OAuthRepository, @Inject(APP_CONFIG) config: EntityConfig) {
    super(() => repo.sweepExpired(), { role: config.role, intervalMs: config.oauth.sweepIntervalMs });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ExpiredPayloadSweep } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';

/** Deletes the provider's expired rows in creative.oidc_payloads every OAUTH_SWEEP_INTERVAL_MS (worker and all roles). */
@Injectable()
export class OAuthSweep extends ExpiredPayloadSweep {
  constructor(@InjectDataSource() ds: DataSource, @Inject(APP_CONFIG) config: CreativeConfig) {
    super(ds, 'creative', { role: config.role, intervalMs: config.oauth.sweepIntervalMs });
  }
}

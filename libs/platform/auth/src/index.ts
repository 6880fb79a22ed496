export * from './lib/account.entity';
export * from './lib/api-key.entity';
export * from './lib/auth-context';
export * from './lib/auth.options';
export * from './lib/api-key.service';
export * from './lib/auth.guard';
export * from './lib/auth.module';
export * from './lib/auth-tables';
export * from './lib/failure-counter';
export * from './lib/failed-auth-throttle';

import { Account } from './lib/account.entity';
import { ApiKey } from './lib/api-key.entity';
export const AUTH_ENTITIES = [Account, ApiKey];
export * from './lib/oidc/oidc-types';
export * from './lib/oidc/oauth-params';
export * from './lib/oidc/well-known.middleware';
export * from './lib/oidc/oidc-adapter';
export * from './lib/oidc/oauth-request.middleware';

import { Global, Module } from '@nestjs/common';
import { CREDENTIAL_RESOLVER } from '@platform/auth';
import { ConnectController } from './connect.controller';
import { OAuthRepository } from './oauth.repository';
import { OAuthService } from './oauth.service';
import { OAuthSweep } from './oauth-sweep.service';
import { WellKnownController } from './well-known.controller';

/** OAuth 2.1 for MCP connectors: the provider, its pages, the RFC 9728 metadata, and access tokens as credentials on /v1/mcp. */
@Global()
@Module({
  controllers: [WellKnownController, ConnectController],
  providers: [OAuthRepository, OAuthService, OAuthSweep, { provide: CREDENTIAL_RESOLVER, useExisting: OAuthService }],
  exports: [OAuthService, CREDENTIAL_RESOLVER],
})
export class OAuthModule {}

import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { CREDENTIAL_RESOLVER } from '@platform/auth';
import { AccountsModule } from '../accounts/accounts.module';
import { EntitiesModule } from '../entities/entities.module';
import { DpopService } from './dpop.service';
import { EntityBindingInterceptor } from './entity-binding.interceptor';
import { OAuthRepository } from './oauth.repository';
import { OAuthService } from './oauth.service';
import { OAuthSweep } from './oauth-sweep.service';

/** OAuth 2.0: the provider, and access tokens as credentials on /api/v1 (the platform guard asks the resolver). */
@Global()
@Module({
  imports: [AccountsModule, EntitiesModule],
  providers: [
    OAuthRepository,
    OAuthService,
    OAuthSweep,
    DpopService,
    { provide: CREDENTIAL_RESOLVER, useExisting: OAuthService },
    { provide: APP_INTERCEPTOR, useClass: EntityBindingInterceptor },
  ],
  exports: [OAuthService, CREDENTIAL_RESOLVER],
})
export class OAuthModule {}

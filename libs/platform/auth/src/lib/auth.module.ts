import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiKeyService } from './api-key.service';
import { AuthGuard } from './auth.guard';
import { AUTH_OPTIONS, AuthOptions } from './auth.options';
import { FailedAuthThrottle } from './failed-auth-throttle';

@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [{ provide: AUTH_OPTIONS, useValue: options }, ApiKeyService, FailedAuthThrottle, { provide: APP_GUARD, useClass: AuthGuard }],
      exports: [AUTH_OPTIONS, ApiKeyService, FailedAuthThrottle],
    };
  }
}

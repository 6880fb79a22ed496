import { DynamicModule, Module } from '@nestjs/common';
import type { EntityConfig } from './config';
import { EntitiesModule } from './entities/entities.module';
import { InteractionsModule } from './interactions/interactions.module';
import { OAuthModule } from './oauth/oauth.module';
import { PagesModule } from './pages/pages.module';
import { PortalModule } from './portal/portal.module';

@Module({})
export class AppModule {
  static forRoot(_config: EntityConfig): DynamicModule {
    return { module: AppModule, imports: [OAuthModule, EntitiesModule, InteractionsModule, PagesModule, PortalModule] };
  }
}

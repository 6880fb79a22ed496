import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { EntitiesModule } from '../entities/entities.module';
import { AuthorizeController } from './authorize.controller';
import { ConnectionsController } from './connections.controller';
import { PagesController } from './pages.controller';

@Module({ imports: [AccountsModule, EntitiesModule], controllers: [PagesController, AuthorizeController, ConnectionsController] })
export class PagesModule {}

import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { PortalController } from './portal.controller';

@Module({ imports: [AccountsModule], controllers: [PortalController] })
export class PortalModule {}

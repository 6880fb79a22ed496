import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FlashService } from './flash.service';
import { PortalController } from './portal.controller';
import { PortalRepository } from './portal.repository';

@Module({ imports: [AccountsModule], controllers: [PortalController], providers: [PortalRepository, FlashService] })
export class PortalModule {}

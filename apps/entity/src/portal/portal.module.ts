import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FlashService } from './flash.service';
import { PortalController } from './portal.controller';

@Module({ imports: [AccountsModule], controllers: [PortalController], providers: [FlashService] })
export class PortalModule {}

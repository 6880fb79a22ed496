import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { RecoveryService } from './recovery.service';

@Module({ imports: [MessagesModule, WebhooksModule], providers: [RecoveryService], exports: [RecoveryService] })
export class RecoveryModule {}

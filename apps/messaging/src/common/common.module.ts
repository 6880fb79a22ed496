import { Global, Module } from '@nestjs/common';
import { SecretsBox } from '@platform/outbound';

@Global()
@Module({ providers: [SecretsBox], exports: [SecretsBox] })
export class CommonModule {}

import { Global, Module } from '@nestjs/common';
import { SecretsBox } from './secrets-box';

@Global()
@Module({ providers: [SecretsBox], exports: [SecretsBox] })
export class CommonModule {}

import { DynamicModule, Module } from '@nestjs/common';
import { AgentsModule } from './agents/agents.module';
import type { MessagingConfig } from './config';

@Module({})
export class AppModule {
  static forRoot(_config: MessagingConfig): DynamicModule {
    return { module: AppModule, imports: [AgentsModule] };
  }
}

import { Module } from '@nestjs/common';
import { AgentDependentsPort } from '../agents/agent-dependents.port';
import { AgentsModule } from '../agents/agents.module';
import { WebhookProcessor } from './webhook.processor';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [AgentsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhooksRepository, WebhookProcessor],
  exports: [WebhooksService],
})
export class WebhooksModule {
  /** An agent's deletion removes the deliveries about it (agents' port). */
  constructor(agents: AgentDependentsPort, repo: WebhooksRepository) {
    agents.implement(repo);
  }
}

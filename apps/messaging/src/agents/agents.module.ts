import { Module } from '@nestjs/common';
import { AgentDependentsPort } from './agent-dependents.port';
import { AgentsController } from './agents.controller';
import { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';

@Module({
  controllers: [AgentsController],
  providers: [AgentsService, AgentsRepository, AgentDependentsPort],
  exports: [AgentsService, AgentsRepository, AgentDependentsPort],
})
export class AgentsModule {}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A feature whose rows belong to an agent (channels, conversations, webhook deliveries). Agents is the lowest
 * feature (everything else names an agent), so agents owns this port and the higher features implement it and plug
 * it in (`AgentDependentsPort.implement`): deleting an agent never touches another feature's tables nor imports it.
 */
export interface AgentDependents {
  /** Inside the deleting transaction `m`, with the agent's row locked: removes what belongs to the agent. */
  removeForAgent(m: EntityManager, accountId: string, agentId: string): Promise<void>;
}

/** What agents asks before deleting an agent's row: every implementation plugged in, in the order they were. */
@Injectable()
export class AgentDependentsPort implements AgentDependents {
  private readonly impls: AgentDependents[] = [];

  implement(impl: AgentDependents): void {
    this.impls.push(impl);
  }

  async removeForAgent(m: EntityManager, accountId: string, agentId: string): Promise<void> {
    for (const impl of this.impls) await impl.removeForAgent(m, accountId, agentId);
  }
}

import { Injectable } from '@nestjs/common';
import { newId } from '@platform/database';
import { getSoul } from '@platform/conversation';
import { NotFoundError, ValidationError } from '@platform/errors';
import { assertJsonSize } from '../common/json-size';
import { Agent } from './agent.entity';
import { AgentDependentsPort } from './agent-dependents.port';
import { AgentsRepository } from './agents.repository';

export interface CreateAgentInput {
  name: string;
  soulId: string;
  language?: string;
  replyLanguage?: string;
  /** Absent or null: `{}`. */
  metadata?: Record<string, unknown> | null;
}

/** A PATCH: what is absent is kept; `language: null` goes back to the soul's, `metadata: null` clears it to `{}`. */
export interface UpdateAgentInput {
  name?: string;
  soulId?: string;
  language?: string | null;
  replyLanguage?: string;
  metadata?: Record<string, unknown> | null;
}

function assertSoul(soulId: string): void {
  if (!getSoul(soulId)) {
    throw new ValidationError([{ loc: ['soul_id'], msg: `Unknown soul '${soulId}'; GET /v1/souls lists the valid ids`, type: 'value_error' }]);
  }
}

@Injectable()
export class AgentsService {
  constructor(
    private readonly repo: AgentsRepository,
    private readonly dependents: AgentDependentsPort,
  ) {}

  create(accountId: string, input: CreateAgentInput): Promise<Agent> {
    assertSoul(input.soulId);
    assertJsonSize(input.metadata, ['metadata']);
    return this.repo.save(
      this.repo.build({
        id: newId('agt'),
        accountId,
        name: input.name.trim(),
        soulId: input.soulId,
        language: input.language ?? null,
        replyLanguage: input.replyLanguage ?? 'auto',
        status: 'active',
        metadata: input.metadata ?? {},
      }),
    );
  }

  /**
   * Changes what is given, validated as on creation (an unknown soul is 422), and keeps the rest; the
   * agent's conversations, channels and history stay. Replies written from now on use the new name,
   * soul and languages.
   */
  async update(accountId: string, id: string, input: UpdateAgentInput): Promise<Agent> {
    if (input.soulId !== undefined) assertSoul(input.soulId);
    assertJsonSize(input.metadata, ['metadata']);
    return this.repo.update(accountId, id, (agent) => {
      if (!agent) throw new NotFoundError(`Agent ${id} not found`);
      if (input.name !== undefined) agent.name = input.name.trim();
      if (input.soulId !== undefined) agent.soulId = input.soulId;
      if (input.language !== undefined) agent.language = input.language;
      if (input.replyLanguage !== undefined) agent.replyLanguage = input.replyLanguage;
      if (input.metadata !== undefined) agent.metadata = input.metadata ?? {};
      return agent;
    });
  }

  list(accountId: string): Promise<{ data: Agent[]; total: number }> {
    return this.repo.list(accountId);
  }

  async get(accountId: string, id: string): Promise<Agent> {
    const agent = await this.repo.find(accountId, id);
    if (!agent) throw new NotFoundError(`Agent ${id} not found`);
    return agent;
  }

  /**
   * Removes the agent and everything that belongs to it (its channels, conversations, their
   * messages and webhook deliveries: each feature removes its own, see AgentDependentsPort), in one transaction.
   */
  async remove(accountId: string, id: string): Promise<void> {
    const removed = await this.repo.remove(accountId, id, (tx) => this.dependents.removeForAgent(tx, accountId, id));
    if (!removed) throw new NotFoundError(`Agent ${id} not found`);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId } from '@platform/database';
import { getSoul } from '@platform/conversation';
import { NotFoundError, ValidationError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { assertJsonSize } from '../common/json-size';
import { table } from '../common/schema';
import { Agent } from './agent.entity';

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
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Agent);
  }

  create(accountId: string, input: CreateAgentInput): Promise<Agent> {
    assertSoul(input.soulId);
    assertJsonSize(input.metadata, ['metadata']);
    return this.repo.save(
      this.repo.create({
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
    return this.ds.transaction(async (tx) => {
      const repo = tx.getRepository(Agent);
      const agent = await repo
        .createQueryBuilder('a')
        .setLock('pessimistic_write')
        .where('a.id = :id AND a.account_id = :accountId', { id, accountId })
        .getOne();
      if (!agent) throw new NotFoundError(`Agent ${id} not found`);
      if (input.name !== undefined) agent.name = input.name.trim();
      if (input.soulId !== undefined) agent.soulId = input.soulId;
      if (input.language !== undefined) agent.language = input.language;
      if (input.replyLanguage !== undefined) agent.replyLanguage = input.replyLanguage;
      if (input.metadata !== undefined) agent.metadata = input.metadata ?? {};
      return repo.save(agent);
    });
  }

  async list(accountId: string): Promise<{ data: Agent[]; total: number }> {
    const [data, total] = await this.repo.findAndCount({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return { data, total };
  }

  async get(accountId: string, id: string): Promise<Agent> {
    const agent = await this.repo.findOneBy({ id, accountId });
    if (!agent) throw new NotFoundError(`Agent ${id} not found`);
    return agent;
  }

  /**
   * Removes the agent and everything that belongs to it (its channels, conversations, their
   * messages and webhook deliveries), in one transaction.
   */
  async remove(accountId: string, id: string): Promise<void> {
    await this.ds.transaction(async (tx) => {
      const found = await tx.query(`SELECT id FROM ${table('agents')} WHERE id = $1 AND account_id = $2 FOR UPDATE`, [id, accountId]);
      if (!found.length) throw new NotFoundError(`Agent ${id} not found`);
      const convs = `SELECT id FROM ${table('conversations')} WHERE agent_id = $1 AND account_id = $2`;
      await tx.query(`DELETE FROM ${table('webhook_deliveries')} WHERE account_id = $2 AND (agent_id = $1 OR conversation_id IN (${convs}))`, [id, accountId]);
      await tx.query(`DELETE FROM ${table('messages')} WHERE account_id = $2 AND conversation_id IN (${convs})`, [id, accountId]);
      await tx.query(`DELETE FROM ${table('conversations')} WHERE agent_id = $1 AND account_id = $2`, [id, accountId]);
      await tx.query(`DELETE FROM ${table('channels')} WHERE agent_id = $1 AND account_id = $2`, [id, accountId]);
      await tx.getRepository(Agent).delete({ id, accountId });
    });
  }
}

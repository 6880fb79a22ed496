import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId } from '@platform/database';
import { NotFoundError } from '@platform/errors';
import { DataSource } from 'typeorm';
import { Agent } from './agent.entity';

export interface CreateAgentInput {
  name: string;
  soulId: string;
  language?: string;
}

@Injectable()
export class AgentsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Agent);
  }

  create(accountId: string, input: CreateAgentInput): Promise<Agent> {
    return this.repo.save(
      this.repo.create({
        id: newId('agt'),
        accountId,
        name: input.name.trim(),
        soulId: input.soulId,
        language: input.language ?? null,
        status: 'active',
      }),
    );
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

  /** Removes the agent and everything that belongs to it, in one transaction. */
  async remove(accountId: string, id: string): Promise<void> {
    await this.ds.transaction(async (tx) => {
      const res = await tx.getRepository(Agent).delete({ id, accountId });
      if (!res.affected) throw new NotFoundError(`Agent ${id} not found`);
    });
  }
}

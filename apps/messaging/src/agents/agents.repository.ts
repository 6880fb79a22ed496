import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { table } from '../common/schema';
import { Agent } from './agent.entity';

/**
 * SQL text over the agents table for a statement another feature runs as one (messages' store: the conversation's
 * agent is read with it). Written here, where the table is owned; `a` is the alias it joins as.
 */
export const agentsSql = {
  /** Joins the agent of the conversation row `c` (same account). */
  joinOf: (c: string, a = 'a') => `JOIN ${table('agents')} ${a} ON ${a}.id = ${c}.agent_id AND ${a}.account_id = ${c}.account_id`,
  /** The agent's columns a reply needs, as `agent_name, soul_id, language, reply_language, agent_status, agent_created_at`. */
  columns: (a = 'a') =>
    `${a}.name AS agent_name, ${a}.soul_id, ${a}.language, ${a}.reply_language, ${a}.status AS agent_status,
                ${a}.created_at AS agent_created_at`,
};

/** The columns `agentsSql.columns` reads, as a row answers them. */
export interface AgentColumnsRow {
  agent_name: string;
  soul_id: string;
  language: string | null;
  reply_language: string;
  agent_status: Agent['status'];
  agent_created_at: Date;
}

/** The agents table: the only place that reads or writes it. */
@Injectable()
export class AgentsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(m: EntityManager = this.ds.manager) {
    return m.getRepository(Agent);
  }

  /** A new entity (not saved). */
  build(fields: Partial<Agent>): Agent {
    return this.repo().create(fields);
  }

  save(agent: Agent): Promise<Agent> {
    return this.repo().save(agent);
  }

  find(accountId: string, id: string): Promise<Agent | null> {
    return this.repo().findOneBy({ id, accountId });
  }

  /** Newest first. */
  async list(accountId: string): Promise<{ data: Agent[]; total: number }> {
    const [data, total] = await this.repo().findAndCount({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return { data, total };
  }

  /** Runs `change` on the agent's row locked FOR UPDATE (null when there is none), in a transaction, and saves what it answers. */
  update(accountId: string, id: string, change: (agent: Agent | null) => Agent): Promise<Agent> {
    return this.ds.transaction(async (tx) => {
      const agent = await this.repo(tx)
        .createQueryBuilder('a')
        .setLock('pessimistic_write')
        .where('a.id = :id AND a.account_id = :accountId', { id, accountId })
        .getOne();
      return this.repo(tx).save(change(agent));
    });
  }

  /**
   * In one transaction: locks the agent's row (false when there is none), runs `dependents` (what other features
   * remove with it), then deletes the row.
   */
  remove(accountId: string, id: string, dependents: (m: EntityManager) => Promise<void>): Promise<boolean> {
    return this.ds.transaction(async (tx) => {
      const found = await tx.query(`SELECT id FROM ${table('agents')} WHERE id = $1 AND account_id = $2 FOR UPDATE`, [id, accountId]);
      if (!found.length) return false;
      await dependents(tx);
      await this.repo(tx).delete({ id, accountId });
      return true;
    });
  }
}

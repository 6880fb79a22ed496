import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { AgentDependents } from '../agents/agent-dependents.port';
import type { ConversationChannels, LinkedChannel } from '../conversations/conversation-channels.port';
import type { ChannelKind } from '../conversations/conversation.entity';
import { Channel } from './channel.entity';

/** The channels table: the only place that reads or writes it. Also channels' side of agents' and conversations' ports. */
@Injectable()
export class ChannelsRepository implements AgentDependents, ConversationChannels {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private repo(m: EntityManager = this.ds.manager) {
    return m.getRepository(Channel);
  }

  /** A new entity (not saved). */
  build(fields: Partial<Channel>): Channel {
    return this.repo().create(fields);
  }

  save(channel: Channel): Promise<Channel> {
    return this.repo().save(channel);
  }

  find(accountId: string, id: string): Promise<Channel | null> {
    return this.repo().findOneBy({ id, accountId });
  }

  /** By its id and kind alone (inbound webhooks: the platform knows no account). */
  findForInbound(kind: ChannelKind, id: string): Promise<Channel | null> {
    return this.repo().findOneBy({ id, kind });
  }

  /** Newest first. */
  async list(accountId: string): Promise<{ data: Channel[]; total: number }> {
    const [data, total] = await this.repo().findAndCount({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
    return { data, total };
  }

  /** False when there was none. */
  async remove(accountId: string, id: string): Promise<boolean> {
    const res = await this.repo().delete({ id, accountId });
    return !!res.affected;
  }

  channel(accountId: string, id: string): Promise<LinkedChannel | null> {
    return this.find(accountId, id);
  }

  ofKind(accountId: string, kind: ChannelKind, take: number): Promise<LinkedChannel[]> {
    return this.repo().find({ where: { accountId, kind }, select: { id: true }, order: { createdAt: 'ASC', id: 'ASC' }, take }) as Promise<LinkedChannel[]>;
  }

  /** Inside an agent's deletion: the channels connected to it. */
  async removeForAgent(m: EntityManager, accountId: string, agentId: string): Promise<void> {
    await this.repo(m).delete({ agentId, accountId });
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage, newId } from '@platform/database';
import { ConflictError, NotFoundError } from '@platform/errors';
import { DataSource, EntityManager } from 'typeorm';
import { Agent } from '../agents/agent.entity';
import { assertJsonSize } from '../common/json-size';
import { ChannelKind, Conversation, ConversationStatus } from './conversation.entity';

export interface CreateConversationInput {
  agentId: string;
  channel: ChannelKind;
  externalId?: string;
  metadata?: Record<string, unknown>;
}

export interface ListConversationsInput {
  agentId?: string;
  status?: ConversationStatus;
  limit?: number;
  cursor?: string;
}

export const DEFAULT_PAGE_SIZE = 50;

/** Which status changes are allowed: `closed` is final. */
const TRANSITIONS: Record<ConversationStatus, ConversationStatus[]> = {
  active: ['active', 'waiting', 'closed'],
  waiting: ['waiting', 'active', 'closed'],
  closed: ['closed'],
};

export function conversationClosed(id: string): ConflictError {
  return new ConflictError(`Conversation ${id} is closed; start a new conversation`, 'conversation_closed');
}

@Injectable()
export class ConversationsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private get repo() {
    return this.ds.getRepository(Conversation);
  }

  async create(accountId: string, input: CreateConversationInput): Promise<Conversation> {
    assertJsonSize(input.metadata, ['body', 'metadata']);
    const agent = await this.ds.getRepository(Agent).findOneBy({ id: input.agentId, accountId });
    if (!agent) throw new NotFoundError(`Agent ${input.agentId} not found`);
    return this.repo.save(
      this.repo.create({
        id: newId('cnv'),
        accountId,
        agentId: agent.id,
        channel: input.channel,
        channelId: null,
        externalId: input.externalId ?? null,
        metadata: input.metadata ?? {},
        status: 'active',
        messageCount: 0,
        lastMessageAt: null,
      }),
    );
  }

  /**
   * The open (not closed) conversation of this sender on this channel, or a new one. Safe under
   * concurrent deliveries: a unique index allows one open conversation per sender and channel.
   */
  async openForSender(channel: { id: string; accountId: string; agentId: string | null; kind: ChannelKind }, sender: string, name?: string): Promise<Conversation> {
    const find = () =>
      this.repo
        .createQueryBuilder('c')
        .where('c.channel_id = :cid AND c.external_id = :sender AND c.account_id = :aid AND c.status <> :closed', {
          cid: channel.id,
          sender,
          aid: channel.accountId,
          closed: 'closed',
        })
        .getOne();
    const existing = await find();
    if (existing) return existing;
    if (!channel.agentId) throw new NotFoundError(`Channel ${channel.id} has no agent`);
    await this.repo
      .createQueryBuilder()
      .insert()
      .values({
        id: newId('cnv'),
        accountId: channel.accountId,
        agentId: channel.agentId,
        channel: channel.kind,
        channelId: channel.id,
        externalId: sender,
        metadata: name ? { name } : {},
        status: 'active',
        messageCount: 0,
        lastMessageAt: null,
      })
      .orIgnore()
      .execute();
    const opened = await find();
    if (!opened) throw new Error(`Could not open a conversation for ${sender} on ${channel.id}`);
    return opened;
  }

  async get(accountId: string, id: string, manager: EntityManager = this.ds.manager): Promise<Conversation> {
    const conversation = await manager.getRepository(Conversation).findOneBy({ id, accountId });
    if (!conversation) throw new NotFoundError(`Conversation ${id} not found`);
    return conversation;
  }

  /** Newest first, keyset-paginated over (created_at, id): stable while new conversations arrive. */
  async list(accountId: string, input: ListConversationsInput): Promise<{ data: Conversation[]; total: number; nextCursor: string | null }> {
    const limit = input.limit ?? DEFAULT_PAGE_SIZE;
    const filtered = () => {
      const qb = this.repo.createQueryBuilder('c').where('c.account_id = :accountId', { accountId });
      if (input.agentId) qb.andWhere('c.agent_id = :agentId', { agentId: input.agentId });
      if (input.status) qb.andWhere('c.status = :status', { status: input.status });
      return qb;
    };
    const [page, total] = await Promise.all([
      keysetPage(filtered(), 'c', { cursor: input.cursor, limit, order: 'DESC' }),
      filtered().getCount(),
    ]);
    return { ...page, total };
  }

  async update(accountId: string, id: string, input: { status?: ConversationStatus; metadata?: Record<string, unknown> }): Promise<Conversation> {
    assertJsonSize(input.metadata, ['body', 'metadata']);
    return this.ds.transaction(async (tx) => {
      const conversation = await tx
        .getRepository(Conversation)
        .createQueryBuilder('c')
        .setLock('pessimistic_write')
        .where('c.id = :id AND c.account_id = :accountId', { id, accountId })
        .getOne();
      if (!conversation) throw new NotFoundError(`Conversation ${id} not found`);
      if (input.status && !TRANSITIONS[conversation.status].includes(input.status)) {
        throw new ConflictError(
          `Conversation ${id} is closed; a closed conversation cannot become ${input.status}`,
          'conversation_closed',
          { current_status: conversation.status },
        );
      }
      if (conversation.status === 'closed' && input.metadata !== undefined) throw conversationClosed(id);
      if (input.status) conversation.status = input.status;
      if (input.metadata !== undefined) conversation.metadata = input.metadata;
      return tx.getRepository(Conversation).save(conversation);
    });
  }
}

import { Injectable } from '@nestjs/common';
import { newId } from '@platform/database';
import { ConflictError, ErrorDetail, NotFoundError, ValidationError } from '@platform/errors';
import { AgentsRepository } from '../agents/agents.repository';
import { assertJsonSize } from '../common/json-size';
import { ConversationChannelsPort } from './conversation-channels.port';
import { ChannelKind, Conversation, ConversationStatus } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';

export interface CreateConversationInput {
  agentId: string;
  channel: ChannelKind;
  /** The connected channel to go through (platform kinds only). */
  channelId?: string;
  externalId?: string;
  /** Absent or null: `{}`. */
  metadata?: Record<string, unknown> | null;
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
  constructor(
    private readonly repo: ConversationsRepository,
    private readonly agents: AgentsRepository,
    private readonly channels: ConversationChannelsPort,
  ) {}

  async create(accountId: string, input: CreateConversationInput): Promise<Conversation> {
    assertJsonSize(input.metadata, ['metadata']);
    const agent = await this.agents.find(accountId, input.agentId);
    if (!agent) throw new NotFoundError(`Agent ${input.agentId} not found`);
    const channelId = await this.linkedChannel(accountId, input);
    if (channelId) {
      const open = await this.repo.openId(accountId, channelId, input.externalId!);
      if (open) throw new ConflictError(`Conversation ${open} is already open with ${input.externalId} on channel ${channelId}`, 'conversation_exists');
    }
    const opened = this.repo.insert(
      this.repo.build({
        id: newId('cnv'),
        accountId,
        agentId: agent.id,
        channel: input.channel,
        channelId,
        externalId: input.externalId ?? null,
        metadata: input.metadata ?? {},
        status: 'active',
        messageCount: 0,
        lastMessageAt: null,
      }),
    );
    // A platform delivery may open the same user's conversation at the same moment (unique index).
    return opened.catch((e: { code?: string }) => {
      if (e?.code === '23505')
        throw new ConflictError(`A conversation is already open with ${input.externalId} on channel ${channelId}`, 'conversation_exists');
      throw e;
    });
  }

  /**
   * The connected channel a conversation started through the API goes through, so that agent
   * replies and operator messages reach `external_id` on the platform: the one named by
   * `channel_id`, else the account's only connected channel of that kind. None for `api`, without
   * `external_id`, or when the account has no channel of that kind. Several channels of that kind and
   * none named: 422 at `channel_id` (outbound messages would otherwise go nowhere, silently).
   */
  private async linkedChannel(accountId: string, input: CreateConversationInput): Promise<string | null> {
    if (input.channel === 'api') {
      if (input.channelId)
        throw new ValidationError([
          { loc: ['channel_id'], msg: 'Only conversations on a platform channel (not api) go through a connected channel', type: 'value_error' },
        ]);
      return null;
    }
    if (input.channelId) {
      const details: ErrorDetail[] = [];
      const named = await this.channels.channel(accountId, input.channelId);
      if (!named) details.push({ loc: ['channel_id'], msg: `Channel ${input.channelId} is not connected to this account`, type: 'not_found' });
      else if (named.kind !== input.channel)
        details.push({ loc: ['channel_id'], msg: `Channel ${input.channelId} is a ${named.kind} channel, not ${input.channel}`, type: 'value_error' });
      if (!input.externalId)
        details.push({ loc: ['external_id'], msg: "Required with channel_id: the user's id on the platform (phone number, chat id or PSID)", type: 'missing' });
      if (details.length) throw new ValidationError(details);
      return input.channelId;
    }
    if (!input.externalId) return null;
    const candidates = await this.channels.ofKind(accountId, input.channel, 5);
    if (candidates.length > 1) {
      // Picking one would send replies from a number the user may not know; picking none would drop them silently.
      const some = candidates.map((c) => c.id).join(', ');
      throw new ValidationError([
        {
          loc: ['channel_id'],
          msg: `The account has several ${input.channel} channels (${some}${candidates.length === 5 ? ', …' : ''}): name the one to go through`,
          type: 'missing',
        },
      ]);
    }
    return candidates[0]?.id ?? null;
  }

  /**
   * The open (not closed) conversation of this sender on this channel, or a new one. Safe under
   * concurrent deliveries: a unique index allows one open conversation per sender and channel.
   */
  async openForSender(
    channel: { id: string; accountId: string; agentId: string | null; kind: ChannelKind },
    sender: string,
    name?: string,
  ): Promise<Conversation> {
    const find = () => this.repo.openForSender(channel.accountId, channel.id, sender);
    const existing = await find();
    if (existing) return existing;
    if (!channel.agentId) throw new NotFoundError(`Channel ${channel.id} has no agent`);
    await this.repo.insertOrIgnore({
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
    });
    const opened = await find();
    if (!opened) throw new Error(`Could not open a conversation for ${sender} on ${channel.id}`);
    return opened;
  }

  async get(accountId: string, id: string): Promise<Conversation> {
    const conversation = await this.repo.find(accountId, id);
    if (!conversation) throw new NotFoundError(`Conversation ${id} not found`);
    return conversation;
  }

  /** Newest first, keyset-paginated over (created_at, id): stable while new conversations arrive. */
  async list(accountId: string, input: ListConversationsInput): Promise<{ data: Conversation[]; total: number; nextCursor: string | null }> {
    return this.repo.list(accountId, { ...input, limit: input.limit ?? DEFAULT_PAGE_SIZE });
  }

  /** Changes what is given: `metadata: null` clears the metadata to `{}` (the column is never null), as on creation. */
  async update(accountId: string, id: string, input: { status?: ConversationStatus; metadata?: Record<string, unknown> | null }): Promise<Conversation> {
    assertJsonSize(input.metadata, ['metadata']);
    return this.repo.update(accountId, id, (conversation) => {
      if (!conversation) throw new NotFoundError(`Conversation ${id} not found`);
      if (input.status && !TRANSITIONS[conversation.status].includes(input.status)) {
        throw new ConflictError(`Conversation ${id} is closed; a closed conversation cannot become ${input.status}`, 'conversation_closed', {
          current_status: conversation.status,
        });
      }
      if (conversation.status === 'closed' && input.metadata !== undefined) throw conversationClosed(id);
      if (input.status) conversation.status = input.status;
      if (input.metadata !== undefined) conversation.metadata = input.metadata ?? {};
      return conversation;
    });
  }
}

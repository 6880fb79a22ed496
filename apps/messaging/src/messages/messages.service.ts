import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import {
  ChatTurn,
  extractAnswerFacts,
  extractFacts,
  extractStatements,
  Fact,
  factSlot,
  getSoul,
  listSouls,
  mergeFacts,
  ProviderError,
  ReplyResult,
  soulNamed,
} from '@platform/conversation';
import { newId } from '@platform/database';
import { NotFoundError } from '@platform/errors';
import { JobQueue } from '@platform/queue';
import type { Agent } from '../agents/agent.entity';
import { AgentsRepository } from '../agents/agents.repository';
import { ChannelSendJob, JobNames, Queues, ReplyJob } from '../common/queues';
import type { MessagingConfig } from '../config';
import type { Conversation } from '../conversations/conversation.entity';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { conversationClosed } from '../conversations/conversations.service';
import { FactsRepository } from '../facts/facts.repository';
import type { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhooksService } from '../webhooks/webhooks.service';
import { Message, MessageAttachment, MessageRole, ReplyStatus } from './message.entity';
import { MessagesRepository } from './messages.repository';
import { REPLY_ENGINE, ReplyEngine } from './reply-engine.provider';

export interface IncomingMessage {
  content: string;
  role?: MessageRole;
  attachments?: MessageAttachment[];
  /** Set for messages that arrived through a platform channel. */
  channelId?: string;
  /** The platform's message id: a redelivery with the same id is stored once. */
  externalId?: string;
  /** Messages a platform delivered together to one conversation: one reply, to the last, written from all of them. */
  batchId?: string;
  /** The claim of the request's Idempotency-Key (`IdempotentEffect`): recorded on the message, one message per claim. */
  idempotencyRef?: string | null;
}

/** A platform user's edit of a message stored before. */
export interface MessageEdit {
  channelId: string;
  externalId: string;
  content: string;
  editedAt: Date;
}

export interface SendResult {
  message: Message;
  reply: Message | null;
  replyStatus: ReplyStatus;
  /** True when the platform redelivered a message already stored (nothing new was stored). */
  duplicate?: boolean;
}

class ReplyTimeoutError extends Error {
  constructor(ms: number) {
    super(`The reply provider did not answer within ${ms} ms`);
    this.name = 'ReplyTimeoutError';
  }
}

const describe = (e: unknown) => ((e as Error)?.message ?? String(e)).slice(0, 500);

/** What the engine reads of a message: its text, or what it carries when it is only media (`[image]`). */
export function engineText(m: Pick<Message, 'content' | 'attachments'>): string {
  if (m.content.trim()) return m.content;
  const kinds = (m.attachments ?? []).map((a) => `[${typeof a === 'string' ? 'file' : a.type}]`);
  return kinds.length ? kinds.join(' ') : m.content;
}

/** What a reply is written from: the recent history, the conversation's facts and the agent's last message. */
interface ReplyContext {
  history: ChatTurn[];
  memory: Fact[];
  previous: string | null;
}

/** Facts as the statements write them: one row per slot (the latest of a message wins). */
const factRows = (facts: Fact[]) =>
  JSON.stringify(mergeFacts(facts).map((f) => ({ slot: factSlot(f), kind: f.kind, key: f.key, value: f.value.slice(0, 500), text: f.text.slice(0, 600) })));

@Injectable()
export class MessagesService {
  private readonly logger = new Logger('Messages');

  constructor(
    private readonly repo: MessagesRepository,
    private readonly conversations: ConversationsRepository,
    private readonly agents: AgentsRepository,
    private readonly facts: FactsRepository,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    @Inject(REPLY_ENGINE) private readonly engine: ReplyEngine,
    private readonly queue: JobQueue,
    private readonly webhooks: WebhooksService,
  ) {}

  /**
   * Stores the message (and the webhook delivery it causes) in one transaction, then asks the
   * agent for its reply. A provider failure or timeout leaves the message stored with its
   * reply `pending`, retried from the queue.
   */
  async send(
    accountId: string,
    conversationId: string,
    input: IncomingMessage,
    opts: { replyInline?: boolean; queueReply?: boolean } = {},
  ): Promise<SendResult> {
    // The history is read with the message only when the reply is written now (a job reads its own).
    const stored = await this.store(accountId, conversationId, input, opts.replyInline !== false);
    if (stored.duplicate) return { message: stored.message, reply: null, replyStatus: stored.message.replyStatus ?? 'skipped', duplicate: true };
    if (stored.delivery) {
      await this.webhooks.enqueue(stored.delivery).catch((e) => this.logger.error(`Could not enqueue webhook delivery ${stored.delivery!.id}: ${describe(e)}`));
    }
    const { message, conversation, agent, context } = stored;
    if (message.deliveryStatus === 'pending') await this.enqueueChannelSend(message);
    if (message.replyStatus !== 'pending') return { message, reply: null, replyStatus: message.replyStatus ?? 'skipped' };
    if (opts.replyInline === false) {
      // Platforms expect their webhook answered at once: the reply is written by a job (for a batch, the last message's: see reply()).
      if (opts.queueReply !== false) await this.enqueueReply(message);
      return { message, reply: null, replyStatus: 'pending' };
    }
    try {
      const { result, learned } = await this.generate(message, conversation, agent, context);
      const reply = await this.storeReply(message, conversation, result, learned);
      message.replyStatus = 'completed';
      return { message, reply, replyStatus: 'completed' };
    } catch (e) {
      // The message is committed (its reply `pending`): from here on nothing may turn the answer into an error, or the
      // client's retry (the Idempotency-Key given back with the error) would store the message a second time. A write
      // the database refuses now (PostgreSQL restarting) leaves the reply pending, which the recovery sweep queues.
      if (e instanceof ProviderError && !e.retryable) {
        if (await this.settle(message, () => this.setReplyState(message, 'failed', describe(e)))) return { message, reply: null, replyStatus: 'failed' };
        message.replyStatus = 'pending';
        return { message, reply: null, replyStatus: 'pending' };
      }
      this.logger.warn(`Reply to ${message.id} failed (${describe(e)}); retrying from the queue`);
      await this.settle(message, () => this.setReplyState(message, 'pending', describe(e)));
      message.replyStatus = 'pending';
      await this.settle(message, () => this.enqueueReply(message));
      return { message, reply: null, replyStatus: 'pending' };
    }
  }

  /**
   * The answer of a post whose process died after it stored the message (`IdempotentEffect`): the message as it stands,
   * with the agent's reply when it is written; null when nothing was stored under `ref`.
   */
  async sentUnder(accountId: string, ref: string): Promise<{ message: Message; reply: Message | null; replyStatus: ReplyStatus } | null> {
    const message = await this.repo.findByRef(accountId, ref);
    if (!message) return null;
    const replyStatus = message.replyStatus ?? 'skipped';
    return { message, reply: replyStatus === 'completed' ? await this.repo.replyTo(accountId, message.id).catch(() => null) : null, replyStatus };
  }

  /** A step after the message was stored: a failure is logged, not thrown (the reply stays pending for the sweep). */
  private async settle(message: Message, step: () => Promise<void>): Promise<boolean> {
    try {
      await step();
      return true;
    } catch (e) {
      this.logger.warn(`Reply to ${message.id} left pending for the recovery sweep: ${describe(e)}`);
      return false;
    }
  }

  /**
   * One statement, atomic on its own: locks the conversation (concurrent posts and status changes
   * queue up behind it), stores the message and bumps the conversation's counters unless the
   * conversation is closed or the platform redelivered a stored message, records the
   * `message.received` delivery of a user message when the account has an enabled webhook, upserts the
   * facts a user message states (one per slot, so nothing is lost or reordered under concurrency), and
   * reads what the reply needs: the recent history and the facts (both as committed before this
   * message) and the agent's last message. One round trip instead of a transaction of five plus reads.
   */
  private async store(
    accountId: string,
    conversationId: string,
    input: IncomingMessage,
    withHistory: boolean,
  ): Promise<{
    message: Message;
    conversation: Conversation;
    agent: Agent;
    delivery: Pick<WebhookDelivery, 'id' | 'accountId'> | null;
    duplicate: boolean;
    context: ReplyContext;
  }> {
    const role = input.role ?? 'user';
    // Facts are about the person: only their own messages state them.
    // Structured facts and the statements (each sentence about themself or their case, for the statement memory).
    const facts = role === 'user' ? [...extractFacts(input.content), ...extractStatements(input.content)] : [];
    const messageId = newId('msg');
    const deliveryId = newId('whd');
    const row = await this.repo.store([
      messageId,
      accountId,
      conversationId,
      role,
      input.content,
      JSON.stringify(input.attachments ?? []),
      input.channelId ?? null,
      input.externalId ?? null,
      deliveryId,
      role === 'user' && withHistory ? this.config.llm.historyTurns : 0,
      factRows(facts),
      role === 'user' && withHistory,
      input.batchId ?? null,
      input.idempotencyRef ?? null,
    ]);
    if (!row) throw new NotFoundError(`Conversation ${conversationId} not found`);
    if (row.status === 'closed') throw conversationClosed(conversationId);
    const conversation = this.conversations.build({
      id: row.id,
      accountId,
      agentId: row.agent_id,
      channel: row.channel,
      channelId: row.channel_id,
      externalId: row.external_id,
      metadata: row.metadata ?? {},
      status: row.status,
      messageCount: row.message_count,
      lastMessageAt: row.last_message_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    });
    const agent = this.agents.build({
      id: row.agent_id,
      accountId,
      name: row.agent_name,
      soulId: row.soul_id,
      language: row.language,
      replyLanguage: row.reply_language,
      status: row.agent_status,
      createdAt: row.agent_created_at,
    });
    if (!row.message_created_at) {
      // Not stored: a platform's redelivery (same channel and external id) of a stored message, or a message already
      // stored under this Idempotency-Key's claim (its first owner, stalled past its lease, resumed after a takeover).
      const existing = input.idempotencyRef
        ? await this.repo.findByRef(accountId, input.idempotencyRef)
        : await this.repo.findExternal(accountId, input.channelId!, input.externalId!);
      if (!existing) throw new NotFoundError(`Conversation ${conversationId} not found`);
      return { message: existing, conversation, agent, delivery: null, duplicate: true, context: { history: [], memory: [], previous: null } };
    }
    const message = this.repo.build({
      id: messageId,
      accountId,
      conversationId,
      role,
      content: input.content,
      attachments: input.attachments ?? [],
      replyStatus: row.reply_status,
      replyError: null,
      replyToId: null,
      provider: null,
      model: null,
      channelId: input.channelId ?? null,
      externalId: input.externalId ?? null,
      deliveryStatus: row.delivery_status,
      deliveryError: null,
      batchId: input.batchId ?? null,
      editedAt: null,
      createdAt: new Date(row.message_created_at),
    });
    conversation.messageCount += 1;
    const delivery = row.delivery_id ? { id: row.delivery_id, accountId } : null;
    return { message, conversation, agent, delivery, duplicate: false, context: { history: row.history, memory: row.memory ?? [], previous: row.previous } };
  }

  /**
   * Asks the engine, with the soul played under the agent's own name, the recent history and every
   * fact of the conversation (whatever the history window), in the agent's reply language, bounded by
   * LLM_TIMEOUT_MS. `learned`: what the message tells as a bare answer to the agent's last question
   * ("It's 31337" after "What's the order number?"), stored with the reply.
   */
  private async generate(
    message: Message,
    conversation: Conversation,
    agent: Agent,
    context?: ReplyContext,
    text = engineText(message),
  ): Promise<{ result: ReplyResult; learned: Fact[] }> {
    const soul = soulNamed(getSoul(agent.soulId) ?? listSouls()[0], agent.name);
    const { history, memory, previous } = context ?? (await this.context(message));
    const learned = previous ? extractAnswerFacts(text, previous) : [];
    const facts = mergeFacts(memory, extractFacts(text, { previous: previous ?? undefined }));
    const meta = conversation.metadata ?? {};
    const userName = [meta.user_name, meta.name].find((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100);
    const ms = this.config.llm.timeoutMs;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new ReplyTimeoutError(ms));
        reject(new ReplyTimeoutError(ms));
      }, ms);
    });
    try {
      const result = await Promise.race([
        this.engine.reply(
          { soul, language: agent.language ?? undefined, replyLanguage: agent.replyLanguage || 'auto', history, message: text, userName, facts },
          { signal: controller.signal },
        ),
        timeout,
      ]);
      if (!result?.content?.trim()) throw new ProviderError('The provider returned an empty reply', true);
      return { result, learned };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A queued reply's context, read again: the messages stored before `first` (the message, or the first
   * of its batch) and the agent's message before it, and the facts stored up to the message.
   */
  private async context(message: Message, first: Message = message): Promise<ReplyContext> {
    const [{ history, previous }, memory] = await Promise.all([
      this.repo.before(message.accountId, message.conversationId, first, this.config.llm.historyTurns),
      this.facts.upTo(message.accountId, message.conversationId, message.createdAt, message.id),
    ]);
    return { history, memory, previous };
  }

  /**
   * Stores the agent's reply, marks the message answered and bumps the conversation's counters
   * in one statement (atomic, one round trip). A second reply to the same message is ignored
   * (unique reply_to_id): the stored one is returned.
   */
  private async storeReply(message: Message, conversation: Conversation, result: ReplyResult, learned: Fact[] = []): Promise<Message> {
    const viaChannel = !!conversation.channelId;
    const id = newId('msg');
    const rows = await this.repo.storeReply([
      id,
      message.accountId,
      message.conversationId,
      result.content,
      message.id,
      result.provider,
      result.model ?? null,
      conversation.channelId,
      viaChannel ? 'pending' : null,
      factRows(learned),
      message.createdAt,
      message.batchId,
    ]);
    if (rows.length === 0) return this.repo.replyTo(message.accountId, message.id);
    conversation.messageCount += 1;
    const reply = this.repo.build({
      id,
      accountId: message.accountId,
      conversationId: message.conversationId,
      role: 'assistant',
      content: result.content,
      attachments: [],
      replyStatus: null,
      replyError: null,
      replyToId: message.id,
      provider: result.provider,
      model: result.model ?? null,
      channelId: conversation.channelId,
      externalId: null,
      deliveryStatus: viaChannel ? 'pending' : null,
      deliveryError: null,
      batchId: null,
      editedAt: null,
      createdAt: new Date(rows[0].created_at),
    });
    if (reply.deliveryStatus === 'pending') await this.enqueueChannelSend(reply);
    return reply;
  }

  async enqueueChannelSend(message: Pick<Message, 'id' | 'accountId'>): Promise<void> {
    const job: ChannelSendJob = { accountId: message.accountId, messageId: message.id };
    await this.queue
      .add(Queues.ChannelSends, JobNames.Send, job, {
        attempts: this.config.channels.maxAttempts,
        backoffMs: this.config.channels.backoffMs,
        jobId: `send-${message.id}`,
      })
      .catch((e) => this.logger.error(`Could not enqueue the channel send of ${message.id}: ${describe(e)}`));
  }

  async enqueueReply(message: Pick<Message, 'id' | 'accountId'>): Promise<void> {
    const job: ReplyJob = { accountId: message.accountId, messageId: message.id };
    await this.queue.add(Queues.Replies, JobNames.Reply, job, {
      attempts: this.config.replies.maxAttempts,
      backoffMs: this.config.replies.backoffMs,
      jobId: `reply-${message.id}`,
    });
  }

  /** Sets where the reply stands; a final state (failed, skipped) goes to the earlier messages of its batch too. */
  private async setReplyState(message: Message, state: ReplyStatus, error: string | null): Promise<void> {
    message.replyStatus = state;
    message.replyError = error;
    await this.repo.setReplyState(message, state, error, state !== 'pending');
  }

  /**
   * The messages one reply answers: the message and the earlier pending messages of its batch, oldest
   * first; null when a later message of the batch leads it (that one's reply answers this one too).
   */
  private async batchOf(message: Message): Promise<Message[] | null> {
    if (!message.batchId) return [message];
    const batch = await this.repo.batch(message);
    if (batch[batch.length - 1]?.id !== message.id) return null;
    return batch.filter((m) => m.id === message.id || m.replyStatus === 'pending');
  }

  /** A queued retry of a pending reply. Returns true when done (stored, skipped or failed for good); throws to retry. */
  async retryReply(accountId: string, messageId: string): Promise<boolean> {
    const message = await this.repo.find(accountId, messageId);
    if (!message || message.replyStatus !== 'pending') return true;
    const conversation = await this.conversations.find(accountId, message.conversationId);
    if (!conversation) return true;
    if (conversation.status !== 'active') {
      await this.setReplyState(message, 'skipped', `The conversation is ${conversation.status}`);
      return true;
    }
    const agent = await this.agents.find(accountId, conversation.agentId);
    if (!agent) return true;
    const batch = await this.batchOf(message);
    if (!batch) return true;
    try {
      // One reply to what arrived together, written from all of it in order; the history is what came before.
      const context = await this.context(message, batch[0]);
      const { result, learned } = await this.generate(message, conversation, agent, context, batch.map(engineText).join('\n'));
      await this.storeReply(message, conversation, result, learned);
      return true;
    } catch (e) {
      if (e instanceof ProviderError && !e.retryable) {
        await this.setReplyState(message, 'failed', describe(e));
        return true;
      }
      await this.setReplyState(message, 'pending', describe(e));
      throw e;
    }
  }

  find(accountId: string, id: string): Promise<Message | null> {
    return this.repo.find(accountId, id);
  }

  /** Sends a pending outgoing message through its conversation's channel; see ChannelSendProcessor. */
  async setDelivery(accountId: string, messageId: string, state: 'sent' | 'failed' | 'pending', error: string | null): Promise<void> {
    await this.repo.setDelivery(accountId, messageId, state, error?.slice(0, 500) ?? null);
  }

  async markReplyFailed(accountId: string, messageId: string, reason: string): Promise<void> {
    const message = await this.repo.find(accountId, messageId);
    if (message?.replyStatus === 'pending') await this.setReplyState(message, 'failed', reason.slice(0, 500));
  }

  /**
   * A platform user's edit of a stored message (Telegram `edited_message`): the text changes in place
   * (no new turn, no reply, no webhook event) and what the message states about the person is read
   * again. An edit older than the one stored (or the same, redelivered) changes nothing. Answers
   * whether the message was found (`unknown`: never stored, e.g. sent before the channel was connected).
   */
  async edit(accountId: string, edit: MessageEdit): Promise<'edited' | 'unchanged' | 'unknown'> {
    const facts = factRows(extractFacts(edit.content));
    const rows = await this.repo.edit([accountId, edit.channelId, edit.externalId, edit.content, edit.editedAt, facts]);
    if (rows.length) return 'edited';
    const exists = await this.repo.existsExternal(accountId, edit.channelId, edit.externalId);
    return exists ? 'unchanged' : 'unknown';
  }

  /** The history, oldest first, keyset-paginated over (created_at, id). */
  async list(
    accountId: string,
    conversationId: string,
    input: { limit?: number; cursor?: string },
  ): Promise<{ data: Message[]; total: number; nextCursor: string | null }> {
    if (!(await this.conversations.exists(accountId, conversationId))) throw new NotFoundError(`Conversation ${conversationId} not found`);
    return this.repo.list(accountId, conversationId, { limit: input.limit ?? 100, cursor: input.cursor });
  }
}

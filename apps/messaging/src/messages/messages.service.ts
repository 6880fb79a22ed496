import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
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
import { keysetPage, newId, preparedQuery } from '@platform/database';
import { NotFoundError } from '@platform/errors';
import { JobQueue } from '@platform/queue';
import { DataSource } from 'typeorm';
import { Agent } from '../agents/agent.entity';
import { ChannelSendJob, JobNames, Queues, ReplyJob } from '../common/queues';
import { table } from '../common/schema';
import type { MessagingConfig } from '../config';
import { Conversation } from '../conversations/conversation.entity';
import { conversationClosed } from '../conversations/conversations.service';
import { MAX_FACTS_PER_REPLY } from '../facts/facts.service';
import type { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhooksService } from '../webhooks/webhooks.service';
import { Message, MessageAttachment, MessageRole, ReplyStatus } from './message.entity';
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

interface ConversationRow {
  id: string;
  agent_id: string;
  channel: Conversation['channel'];
  channel_id: string | null;
  external_id: string | null;
  metadata: Record<string, unknown> | null;
  status: Conversation['status'];
  message_count: number;
  last_message_at: Date | null;
  created_at: Date;
  updated_at: Date;
  agent_name: string;
  soul_id: string;
  language: string | null;
  reply_language: string;
  agent_status: Agent['status'];
  agent_created_at: Date;
  webhook: boolean;
  webhook_url: string | null;
}

/** See MessagesService.store. Built once: the statement is prepared by name (its text). */
const STORE_SQL = `WITH c AS (
         SELECT c.id, c.agent_id, c.channel, c.channel_id, c.external_id, c.metadata, c.status, c.message_count,
                c.last_message_at, c.created_at, c.updated_at, a.name AS agent_name, a.soul_id, a.language, a.reply_language, a.status AS agent_status,
                a.created_at AS agent_created_at, COALESCE(w.enabled, false) AS webhook, w.url AS webhook_url
           FROM ${table('conversations')} c
           JOIN ${table('agents')} a ON a.id = c.agent_id AND a.account_id = c.account_id
           LEFT JOIN ${table('webhook_endpoints')} w ON w.account_id = c.account_id
          WHERE c.id = $3 AND c.account_id = $2
            FOR UPDATE OF c
       ), ins AS (
         INSERT INTO ${table('messages')} (id, account_id, conversation_id, role, content, attachments, reply_status, channel_id, external_id, delivery_status, batch_id)
         SELECT $1, $2, $3, $4, $5, $6::jsonb,
                CASE WHEN $4 = 'user' THEN CASE WHEN c.status = 'active' THEN 'pending' ELSE 'skipped' END END,
                $7, $8,
                -- An operator's message in a platform conversation goes out through the platform.
                CASE WHEN $4 = 'assistant' AND c.channel_id IS NOT NULL THEN 'pending' END,
                $13
           FROM c WHERE c.status <> 'closed'
         ON CONFLICT DO NOTHING
         RETURNING created_at, reply_status, delivery_status
       ), counted AS (
         UPDATE ${table('conversations')} SET message_count = message_count + 1, last_message_at = now(), updated_at = now()
          WHERE id = $3 AND account_id = $2 AND EXISTS (SELECT 1 FROM ins)
       ), hook AS (
         -- message.received is about incoming messages: a user's, not an operator's (assistant) or a system note.
         -- A paused webhook (enabled = false) holds the event until it is enabled again.
         INSERT INTO ${table('webhook_deliveries')} (id, account_id, event, url, status, payload, agent_id, conversation_id, message_id)
         SELECT $9, $2, 'message.received', c.webhook_url, CASE WHEN c.webhook THEN 'pending' ELSE 'held' END,
                jsonb_build_object('event', 'message.received', 'data', jsonb_build_object(
                  'conversation_id', c.id, 'agent_id', c.agent_id, 'message_id', $1::text, 'content', $5::text, 'role', $4::text,
                  'channel', c.channel, 'timestamp', to_char(ins.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
                c.agent_id, c.id, $1
           FROM c, ins WHERE c.webhook_url IS NOT NULL AND $4 = 'user'
         RETURNING id, status
       ), remembered AS (
         -- What the message tells about the person, one row per slot: a later statement replaces the earlier.
         INSERT INTO ${table('conversation_facts')} (conversation_id, account_id, slot, kind, key, value, text, source_message_id, created_at, updated_at)
         SELECT $3, $2, f.slot, f.kind, f.key, f.value, f.text, $1, ins.created_at, ins.created_at
           FROM ins, jsonb_to_recordset($11::jsonb) AS f(slot text, kind text, key text, value text, text text)
         ON CONFLICT (conversation_id, slot) DO UPDATE
            SET kind = EXCLUDED.kind, key = EXCLUDED.key, value = EXCLUDED.value, text = EXCLUDED.text,
                source_message_id = EXCLUDED.source_message_id, updated_at = EXCLUDED.updated_at
          WHERE ${table('conversation_facts')}.updated_at <= EXCLUDED.updated_at
       ), pruned AS (
         -- Statements are kept per sentence: at most MAX_FACTS_PER_REPLY of them per conversation, the most recent.
         DELETE FROM ${table('conversation_facts')} old
          WHERE old.conversation_id = $3 AND old.account_id = $2 AND old.kind = 'statement' AND EXISTS (SELECT 1 FROM ins)
            AND old.slot IN (SELECT slot FROM ${table('conversation_facts')}
                              WHERE conversation_id = $3 AND account_id = $2 AND kind = 'statement'
                              ORDER BY updated_at DESC, slot DESC OFFSET ${MAX_FACTS_PER_REPLY - 1})
       ), recent AS (
         SELECT role, content, created_at, id FROM ${table('messages')}
          WHERE conversation_id = $3 AND account_id = $2
          ORDER BY created_at DESC, id DESC
          LIMIT $10
       ), memory AS (
         SELECT kind, key, value, text, source_message_id, updated_at, slot FROM ${table('conversation_facts')}
          WHERE conversation_id = $3 AND account_id = $2 AND $12::boolean
          ORDER BY (kind = 'statement'), updated_at DESC, slot DESC
          LIMIT ${MAX_FACTS_PER_REPLY}
       )
       SELECT c.*, ins.created_at AS message_created_at, ins.reply_status, ins.delivery_status, (SELECT id FROM hook WHERE status = 'pending') AS delivery_id,
              (SELECT COALESCE(json_agg(json_build_object('role', role, 'content', content) ORDER BY created_at, id), '[]'::json) FROM recent) AS history,
              (SELECT COALESCE(json_agg(json_build_object('kind', kind, 'key', key, 'value', value, 'text', text, 'sourceMessageId', source_message_id,
                        'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY updated_at, slot), '[]'::json) FROM memory) AS memory,
              (SELECT content FROM ${table('messages')} WHERE conversation_id = $3 AND account_id = $2 AND role = 'assistant' AND $12::boolean
                ORDER BY created_at DESC, id DESC LIMIT 1) AS previous
         FROM c LEFT JOIN ins ON true`;

/** See MessagesService.storeReply. */
const REPLY_SQL = `WITH ins AS (
         INSERT INTO ${table('messages')} (id, account_id, conversation_id, role, content, attachments, reply_to_id, provider, model, channel_id, delivery_status)
         VALUES ($1, $2, $3, 'assistant', $4, '[]', $5, $6, $7, $8, $9)
         ON CONFLICT DO NOTHING
         RETURNING id, created_at
       ), answered AS (
         -- The message, and the earlier messages of its batch (delivered together), which the reply answers too.
         UPDATE ${table('messages')} SET reply_status = 'completed', reply_error = NULL
         WHERE account_id = $2 AND EXISTS (SELECT 1 FROM ins)
           AND (id = $5 OR ($12::text IS NOT NULL AND batch_id = $12 AND conversation_id = $3 AND role = 'user' AND reply_status = 'pending'))
       ), counted AS (
         UPDATE ${table('conversations')} SET message_count = message_count + 1, last_message_at = now(), updated_at = now()
         WHERE id = $3 AND account_id = $2 AND EXISTS (SELECT 1 FROM ins)
       ), remembered AS (
         -- A bare answer to the agent's question ("It's 31337" after "What's the order number?"), dated by the message it answers.
         INSERT INTO ${table('conversation_facts')} (conversation_id, account_id, slot, kind, key, value, text, source_message_id, created_at, updated_at)
         SELECT $3, $2, f.slot, f.kind, f.key, f.value, f.text, $5, $11::timestamptz, $11::timestamptz
           FROM ins, jsonb_to_recordset($10::jsonb) AS f(slot text, kind text, key text, value text, text text)
         ON CONFLICT (conversation_id, slot) DO UPDATE
            SET kind = EXCLUDED.kind, key = EXCLUDED.key, value = EXCLUDED.value, text = EXCLUDED.text,
                source_message_id = EXCLUDED.source_message_id, updated_at = EXCLUDED.updated_at
          WHERE ${table('conversation_facts')}.updated_at <= EXCLUDED.updated_at
       )
       SELECT id, created_at FROM ins`;

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

/** See MessagesService.edit. */
const EDIT_SQL = `WITH m AS (
         UPDATE ${table('messages')} SET content = $4, edited_at = $5
          WHERE account_id = $1 AND channel_id = $2 AND external_id = $3 AND role = 'user' AND (edited_at IS NULL OR edited_at < $5)
         RETURNING id, conversation_id
       ), facts AS (
         SELECT * FROM jsonb_to_recordset($6::jsonb) AS f(slot text, kind text, key text, value text, text text)
       ), forgotten AS (
         -- What only the original text stated (no later message restated it) is no longer known.
         DELETE FROM ${table('conversation_facts')} f USING m
          WHERE f.conversation_id = m.conversation_id AND f.account_id = $1 AND f.source_message_id = m.id
            AND f.slot NOT IN (SELECT slot FROM facts)
       ), remembered AS (
         INSERT INTO ${table('conversation_facts')} (conversation_id, account_id, slot, kind, key, value, text, source_message_id, created_at, updated_at)
         SELECT m.conversation_id, $1, f.slot, f.kind, f.key, f.value, f.text, m.id, now(), now()
           FROM m, facts f
         ON CONFLICT (conversation_id, slot) DO UPDATE
            SET kind = EXCLUDED.kind, key = EXCLUDED.key, value = EXCLUDED.value, text = EXCLUDED.text,
                source_message_id = EXCLUDED.source_message_id, updated_at = EXCLUDED.updated_at
          WHERE ${table('conversation_facts')}.updated_at <= EXCLUDED.updated_at
       )
       SELECT id FROM m`;

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
    @InjectDataSource() private readonly ds: DataSource,
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
      if (e instanceof ProviderError && !e.retryable) {
        await this.setReplyState(message, 'failed', describe(e));
        return { message, reply: null, replyStatus: 'failed' };
      }
      this.logger.warn(`Reply to ${message.id} failed (${describe(e)}); retrying from the queue`);
      await this.setReplyState(message, 'pending', describe(e));
      await this.enqueueReply(message);
      return { message, reply: null, replyStatus: 'pending' };
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
    const [row] = (await preparedQuery(this.ds, STORE_SQL, [
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
    ])) as (ConversationRow & {
      message_created_at: Date | null;
      reply_status: ReplyStatus | null;
      delivery_status: 'pending' | null;
      delivery_id: string | null;
      history: ChatTurn[];
      memory: Fact[];
      previous: string | null;
    })[];
    if (!row) throw new NotFoundError(`Conversation ${conversationId} not found`);
    if (row.status === 'closed') throw conversationClosed(conversationId);
    const conversation = this.ds.getRepository(Conversation).create({
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
    const agent = this.ds.getRepository(Agent).create({
      id: row.agent_id,
      accountId,
      name: row.agent_name,
      soulId: row.soul_id,
      language: row.language,
      replyLanguage: row.reply_language,
      status: row.agent_status,
      createdAt: row.agent_created_at,
    });
    const repo = this.ds.getRepository(Message);
    if (!row.message_created_at) {
      // Not stored: a platform's redelivery (same channel and external id) of a stored message.
      const existing = await repo.findOneByOrFail({ channelId: input.channelId, externalId: input.externalId, accountId });
      return { message: existing, conversation, agent, delivery: null, duplicate: true, context: { history: [], memory: [], previous: null } };
    }
    const message = repo.create({
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
    const turns = this.config.llm.historyTurns;
    const before = [message.conversationId, message.accountId, first.createdAt, first.id];
    const upTo = [message.conversationId, message.accountId, message.createdAt, message.id];
    const [rows, memory, previous] = await Promise.all([
      turns === 0
        ? Promise.resolve([] as ChatTurn[])
        : (this.ds.query(
            `SELECT role, content FROM ${table('messages')}
              WHERE conversation_id = $1 AND account_id = $2 AND (created_at, id) < ($3, $4)
              ORDER BY created_at DESC, id DESC
              LIMIT $5`,
            [...before, turns],
          ) as Promise<ChatTurn[]>),
      this.ds.query(
        `SELECT kind, key, value, text, source_message_id AS "sourceMessageId", updated_at AS "updatedAt" FROM (
           SELECT * FROM ${table('conversation_facts')}
            WHERE conversation_id = $1 AND account_id = $2 AND (updated_at, source_message_id) <= ($3, $4)
            ORDER BY (kind = 'statement'), updated_at DESC, slot DESC LIMIT ${MAX_FACTS_PER_REPLY}) f
          ORDER BY updated_at, slot`,
        upTo,
      ) as Promise<Array<Fact & { updatedAt: Date }>>,
      this.ds.query(
        `SELECT content FROM ${table('messages')}
          WHERE conversation_id = $1 AND account_id = $2 AND role = 'assistant' AND (created_at, id) < ($3, $4)
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        before,
      ) as Promise<Array<{ content: string }>>,
    ]);
    return {
      history: rows.reverse().map((m) => ({ role: m.role, content: m.content })),
      memory: memory.map((f) => ({ ...f, updatedAt: new Date(f.updatedAt).toISOString() })),
      previous: previous[0]?.content ?? null,
    };
  }

  /**
   * Stores the agent's reply, marks the message answered and bumps the conversation's counters
   * in one statement (atomic, one round trip). A second reply to the same message is ignored
   * (unique reply_to_id): the stored one is returned.
   */
  private async storeReply(message: Message, conversation: Conversation, result: ReplyResult, learned: Fact[] = []): Promise<Message> {
    const viaChannel = !!conversation.channelId;
    const id = newId('msg');
    const rows = await preparedQuery<{ id: string; created_at: Date }>(this.ds, REPLY_SQL, [
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
    const repo = this.ds.getRepository(Message);
    if (rows.length === 0) return repo.findOneByOrFail({ replyToId: message.id, accountId: message.accountId });
    conversation.messageCount += 1;
    const reply = repo.create({
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
    const repo = this.ds.getRepository(Message);
    await repo.update({ id: message.id, accountId: message.accountId }, { replyStatus: state, replyError: error });
    if (message.batchId && state !== 'pending') {
      await repo.update(
        { accountId: message.accountId, conversationId: message.conversationId, batchId: message.batchId, role: 'user', replyStatus: 'pending' },
        { replyStatus: state, replyError: error },
      );
    }
  }

  /**
   * The messages one reply answers: the message and the earlier pending messages of its batch, oldest
   * first; null when a later message of the batch leads it (that one's reply answers this one too).
   */
  private async batchOf(message: Message): Promise<Message[] | null> {
    if (!message.batchId) return [message];
    const batch = await this.ds.getRepository(Message).find({
      where: { accountId: message.accountId, conversationId: message.conversationId, batchId: message.batchId, role: 'user' },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    if (batch[batch.length - 1]?.id !== message.id) return null;
    return batch.filter((m) => m.id === message.id || m.replyStatus === 'pending');
  }

  /** A queued retry of a pending reply. Returns true when done (stored, skipped or failed for good); throws to retry. */
  async retryReply(accountId: string, messageId: string): Promise<boolean> {
    const message = await this.ds.getRepository(Message).findOneBy({ id: messageId, accountId });
    if (!message || message.replyStatus !== 'pending') return true;
    const conversation = await this.ds.getRepository(Conversation).findOneBy({ id: message.conversationId, accountId });
    if (!conversation) return true;
    if (conversation.status !== 'active') {
      await this.setReplyState(message, 'skipped', `The conversation is ${conversation.status}`);
      return true;
    }
    const agent = await this.ds.getRepository(Agent).findOneBy({ id: conversation.agentId, accountId });
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

  /** Sends a pending outgoing message through its conversation's channel; see ChannelSendProcessor. */
  async setDelivery(accountId: string, messageId: string, state: 'sent' | 'failed' | 'pending', error: string | null): Promise<void> {
    await this.ds
      .getRepository(Message)
      .update({ id: messageId, accountId, deliveryStatus: 'pending' }, { deliveryStatus: state, deliveryError: error?.slice(0, 500) ?? null });
  }

  async markReplyFailed(accountId: string, messageId: string, reason: string): Promise<void> {
    const message = await this.ds.getRepository(Message).findOneBy({ id: messageId, accountId, replyStatus: 'pending' });
    if (message) await this.setReplyState(message, 'failed', reason.slice(0, 500));
  }

  /**
   * A platform user's edit of a stored message (Telegram `edited_message`): the text changes in place
   * (no new turn, no reply, no webhook event) and what the message states about the person is read
   * again. An edit older than the one stored (or the same, redelivered) changes nothing. Answers
   * whether the message was found (`unknown`: never stored, e.g. sent before the channel was connected).
   */
  async edit(accountId: string, edit: MessageEdit): Promise<'edited' | 'unchanged' | 'unknown'> {
    const facts = factRows(extractFacts(edit.content));
    const rows = await preparedQuery<{ id: string }>(this.ds, EDIT_SQL, [accountId, edit.channelId, edit.externalId, edit.content, edit.editedAt, facts]);
    if (rows.length) return 'edited';
    const exists = await this.ds.getRepository(Message).existsBy({ accountId, channelId: edit.channelId, externalId: edit.externalId });
    return exists ? 'unchanged' : 'unknown';
  }

  /** The history, oldest first, keyset-paginated over (created_at, id). */
  async list(
    accountId: string,
    conversationId: string,
    input: { limit?: number; cursor?: string },
  ): Promise<{ data: Message[]; total: number; nextCursor: string | null }> {
    const exists = await this.ds.getRepository(Conversation).existsBy({ id: conversationId, accountId });
    if (!exists) throw new NotFoundError(`Conversation ${conversationId} not found`);
    const limit = input.limit ?? 100;
    const repo = this.ds.getRepository(Message);
    const qb = repo.createQueryBuilder('m').where('m.conversation_id = :cid AND m.account_id = :aid', { cid: conversationId, aid: accountId });
    const [page, total] = await Promise.all([keysetPage(qb, 'm', { cursor: input.cursor, limit, order: 'ASC' }), repo.countBy({ conversationId, accountId })]);
    return { ...page, total };
  }
}

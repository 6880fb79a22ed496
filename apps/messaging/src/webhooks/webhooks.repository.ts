import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { keysetPage } from '@platform/database';
import { DataSource, EntityManager } from 'typeorm';
import type { AgentDependents } from '../agents/agent-dependents.port';
import { table } from '../common/schema';
import { DeliveryAttempt, DeliveryState, WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

const D = table('webhook_deliveries');

/**
 * SQL text over the webhook tables for a statement another feature runs as one (messages' store records the
 * `message.received` delivery with the message). Written here, where the tables are owned.
 */
export const webhooksSql = {
  /** Joins the account's webhook endpoint (if any) of the row `c`, as `w`. */
  endpointJoinOf: (c: string, w = 'w') => `LEFT JOIN ${table('webhook_endpoints')} ${w} ON ${w}.account_id = ${c}.account_id`,
  /** `webhook` (an enabled endpoint) and `webhook_url`, from the join above. */
  endpointColumns: (w = 'w') => `COALESCE(${w}.enabled, false) AS webhook, ${w}.url AS webhook_url`,
  /**
   * INSERT of a `message.received` delivery per row of `from` (which has `c` with `webhook`, `webhook_url`, `agent_id`,
   * `id`, `channel`, and `ins` with `created_at`) where `where` holds: pending, or held while the webhook is paused.
   * The expressions give its id, account, message id, content and role.
   */
  insertReceived: (e: { id: string; accountId: string; messageId: string; content: string; role: string; from: string; where: string }) =>
    `INSERT INTO ${D} (id, account_id, event, url, status, payload, agent_id, conversation_id, message_id)
         SELECT ${e.id}, ${e.accountId}, 'message.received', c.webhook_url, CASE WHEN c.webhook THEN 'pending' ELSE 'held' END,
                jsonb_build_object('event', 'message.received', 'data', jsonb_build_object(
                  'conversation_id', c.id, 'agent_id', c.agent_id, 'message_id', ${e.messageId}::text, 'content', ${e.content}::text, 'role', ${e.role}::text,
                  'channel', c.channel, 'timestamp', to_char(ins.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
                c.agent_id, c.id, ${e.messageId}
           FROM ${e.from} WHERE ${e.where}
         RETURNING id, status`,
};

/** The deliveries the recovery sweep queues again (see RecoveryService): the table and its "still pending" predicates. */
export const webhookSweeps = {
  table: D,
  pending: `status = 'pending'`,
  /** Held while the webhook was paused, and left held by a race with its re-enabling. */
  heldBehindEnabled: `status = 'held' AND EXISTS (
  SELECT 1 FROM ${table('webhook_endpoints')} e WHERE e.account_id = ${D}.account_id AND e.enabled)`,
};

/** The webhook_endpoints and webhook_deliveries tables: the only place that reads or writes them. */
@Injectable()
export class WebhooksRepository implements AgentDependents {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private get deliveries() {
    return this.ds.getRepository(WebhookDelivery);
  }

  endpoint(accountId: string): Promise<WebhookEndpoint | null> {
    return this.ds.getRepository(WebhookEndpoint).findOneBy({ accountId });
  }

  /**
   * In one transaction: `change` gets the account's endpoint locked FOR UPDATE (a delivery attempt that finds the
   * webhook paused holds its event under this lock, see `hold`) or a new one, and its answer is saved. Enabled (again):
   * what was held while it was paused is pending again, to the current URL; `released` lists it, oldest first.
   */
  saveEndpoint(
    accountId: string,
    change: (endpoint: WebhookEndpoint, existing: boolean) => WebhookEndpoint,
  ): Promise<{ endpoint: WebhookEndpoint; released: { id: string }[] }> {
    return this.ds.transaction(async (tx) => {
      const repo = tx.getRepository(WebhookEndpoint);
      const existing = await repo.createQueryBuilder('e').setLock('pessimistic_write').where('e.account_id = :accountId', { accountId }).getOne();
      const saved = await repo.save(change(existing ?? repo.create({ accountId }), !!existing));
      const released: { id: string }[] = saved.enabled
        ? await tx.query(
            `WITH held AS (
               SELECT id, created_at FROM ${D} WHERE account_id = $1 AND status = 'held' FOR UPDATE
             ), upd AS (
               UPDATE ${D} d SET status = 'pending', url = $2, updated_at = now() FROM held WHERE d.id = held.id
             )
             SELECT id FROM held ORDER BY created_at, id`,
            [accountId, saved.url],
          )
        : [];
      return { endpoint: saved, released };
    });
  }

  /** Deletes the endpoint (false when there is none); what was held for it fails, with the reason. */
  removeEndpoint(accountId: string): Promise<boolean> {
    return this.ds.transaction(async (tx) => {
      const res = await tx.getRepository(WebhookEndpoint).delete({ accountId });
      if (!res.affected) return false;
      await tx.query(
        `UPDATE ${D} SET status = 'failed', last_error = 'The webhook was removed while paused', updated_at = now()
          WHERE account_id = $1 AND status = 'held'`,
        [accountId],
      );
      return true;
    });
  }

  /** A pending delivery becomes `held` when the account's webhook is paused (its endpoint row read FOR SHARE). */
  async hold(accountId: string, deliveryId: string): Promise<boolean> {
    const res = await this.deliveries
      .createQueryBuilder()
      .update()
      .set({ status: 'held' })
      .where('id = :deliveryId AND account_id = :accountId AND status = :pending', { deliveryId, accountId, pending: 'pending' })
      .andWhere(`EXISTS (SELECT 1 FROM ${table('webhook_endpoints')} e WHERE e.account_id = :accountId AND NOT e.enabled FOR SHARE)`)
      .execute();
    return !!res.affected;
  }

  /** A held delivery is pending again, to the endpoint's current URL, when the endpoint is enabled. */
  async release(accountId: string, id: string): Promise<boolean> {
    const res = await this.deliveries
      .createQueryBuilder()
      .update()
      .set({ status: 'pending', url: () => `(SELECT e.url FROM ${table('webhook_endpoints')} e WHERE e.account_id = :accountId)` })
      .where('id = :id AND account_id = :accountId AND status = :held', { id, accountId, held: 'held' })
      .andWhere(`EXISTS (SELECT 1 FROM ${table('webhook_endpoints')} e WHERE e.account_id = :accountId AND e.enabled)`)
      .execute();
    return !!res.affected;
  }

  delivery(accountId: string, id: string): Promise<WebhookDelivery | null> {
    return this.deliveries.findOneBy({ id, accountId });
  }

  /** Appends an attempt to the delivery's log and sets where it stands. */
  async recordAttempt(
    accountId: string,
    id: string,
    entry: DeliveryAttempt,
    set: { status: DeliveryState; lastStatusCode: number | null; lastError: string | null; deliveredAt: Date | null },
  ): Promise<void> {
    await this.deliveries
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1', attemptLog: () => `attempt_log || :entry::jsonb`, ...set })
      .where('id = :id AND account_id = :accountId', { id, accountId })
      .setParameter('entry', JSON.stringify([entry]))
      .execute();
  }

  async markFailed(accountId: string, id: string, reason: string): Promise<void> {
    await this.deliveries.update({ id, accountId, status: 'pending' }, { status: 'failed', lastError: reason });
  }

  /** Newest first, keyset-paginated over (created_at, id). */
  async list(
    accountId: string,
    input: { limit: number; cursor?: string; status?: DeliveryState; conversationId?: string },
  ): Promise<{ data: WebhookDelivery[]; total: number; nextCursor: string | null }> {
    const filtered = () => {
      const qb = this.deliveries.createQueryBuilder('d').where('d.account_id = :accountId', { accountId });
      if (input.status) qb.andWhere('d.status = :status', { status: input.status });
      if (input.conversationId) qb.andWhere('d.conversation_id = :cid', { cid: input.conversationId });
      return qb;
    };
    const [page, total] = await Promise.all([keysetPage(filtered(), 'd', { cursor: input.cursor, limit: input.limit, order: 'DESC' }), filtered().getCount()]);
    return { ...page, total };
  }

  /** Inside an agent's deletion: the deliveries about the agent (those of its conversations go with them). */
  async removeForAgent(m: EntityManager, accountId: string, agentId: string): Promise<void> {
    await m.getRepository(WebhookDelivery).delete({ accountId, agentId });
  }
}

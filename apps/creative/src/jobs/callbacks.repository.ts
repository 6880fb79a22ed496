import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { CallbackSecret, JobCallback, JobCallbackAttempt } from './job-callback.entity';

/** The pending sweep's view of the callback deliveries (JobsRecovery). */
export const callbackSweeps = { table: 'creative.job_callbacks', pending: `state = 'pending'` } as const;

/**
 * Jobs' callback tables: the deliveries (`creative.job_callbacks`), each try of one (`creative.job_callback_attempts`)
 * and the accounts' signing secrets, stored sealed (`creative.callback_secrets`). Only CallbacksService uses it.
 */
@Injectable()
export class CallbacksRepository {
  static readonly tables = ['job_callbacks', 'job_callback_attempts', 'callback_secrets'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  insert(row: Partial<JobCallback>): Promise<unknown> {
    return this.ds.getRepository(JobCallback).insert(row as QueryDeepPartialEntity<JobCallback>);
  }

  /** The account's delivery, or null. */
  find(accountId: string, id: string): Promise<JobCallback | null> {
    return this.ds.getRepository(JobCallback).findOneBy({ id, accountId });
  }

  /** Records a try of the delivery and the delivery's state after it, in one transaction. */
  recordAttempt(
    callbackId: string,
    attempt: Pick<JobCallbackAttempt, 'attempt' | 'statusCode' | 'error' | 'durationMs' | 'at'>,
    state: Pick<JobCallback, 'attempts' | 'state' | 'lastStatus' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'>,
  ): Promise<void> {
    return this.ds.transaction(async (m) => {
      await m.getRepository(JobCallbackAttempt).insert({ callbackId, ...attempt });
      await m.getRepository(JobCallback).update({ id: callbackId }, state);
    });
  }

  /** A pending delivery of the account failed for good, with `reason`. */
  async markFailed(accountId: string, id: string, reason: string): Promise<void> {
    await this.ds.getRepository(JobCallback).update({ id, accountId, state: 'pending' }, { state: 'failed', lastError: reason, nextAttemptAt: null });
  }

  /** The deliveries of the account's job, oldest first, with their tries in order. */
  async forJob(accountId: string, jobId: string): Promise<{ rows: JobCallback[]; attempts: JobCallbackAttempt[] }> {
    const rows = await this.ds.getRepository(JobCallback).find({ where: { accountId, jobId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const attempts = rows.length
      ? await this.ds
          .getRepository(JobCallbackAttempt)
          .createQueryBuilder('a')
          .where('a.callback_id IN (:...ids)', { ids: rows.map((r) => r.id) })
          .orderBy('a.callback_id')
          .addOrderBy('a.attempt')
          .getMany()
      : [];
    return { rows, attempts };
  }

  /** The account's secret row, or null. */
  findSecret(accountId: string): Promise<CallbackSecret | null> {
    return this.ds.getRepository(CallbackSecret).findOneBy({ accountId });
  }

  /** Stores the account's first (sealed) secret unless one is stored already (concurrent first uses agree on one); answers the stored row. */
  async insertSecretIfNone(accountId: string, sealed: string): Promise<CallbackSecret> {
    const repo = this.ds.getRepository(CallbackSecret);
    await repo.createQueryBuilder().insert().values({ accountId, secret: sealed, createdAt: new Date() }).orIgnore().execute();
    return repo.findOneByOrFail({ accountId });
  }

  /** Replaces the account's secret by `sealed`; the current one signs beside it for `previousSeconds`. Answers the row. */
  async rotateSecret(accountId: string, sealed: string, previousSeconds: number): Promise<CallbackSecret> {
    const repo = this.ds.getRepository(CallbackSecret);
    await repo
      .createQueryBuilder()
      .update()
      .set({
        previousSecret: () => 'secret',
        previousUntil: () => `now() + make_interval(secs => ${previousSeconds})`,
        secret: sealed,
        rotatedAt: () => 'now()',
      })
      .where('account_id = :accountId', { accountId })
      .execute();
    return repo.findOneByOrFail({ accountId });
  }
}

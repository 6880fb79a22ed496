import { InjectDataSource } from '@nestjs/typeorm';
import { ProviderError } from '@platform/conversation';
import { QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job } from 'bullmq';
import { DataSource, IsNull } from 'typeorm';
import { ownerIs } from '../common/end-user-owner';
import { Interaction } from './interaction.entity';
import { TurnEvents } from './turn-events';
import { TurnRunner } from './turn-runner';

export const TURNS_QUEUE = 'turns';
export interface TurnJob {
  interactionId: string;
}

/**
 * Runs turns. Turns of one (entity, owner, end user) run one at a time and in order: a transaction-
 * scoped advisory lock serializes them across processes, and the earlier pending turns of the
 * pair run before this one.
 */
@QueueProcessor(TURNS_QUEUE)
export class TurnProcessor extends QueueWorker<TurnJob> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly runner: TurnRunner,
    private readonly events: TurnEvents,
  ) {
    super();
  }

  async process(job: Job<TurnJob>): Promise<undefined> {
    const repo = this.ds.getRepository(Interaction);
    const target = await repo.findOneBy({ id: job.data.interactionId });
    if (!target || target.status !== 'pending') return undefined;
    const done: string[] = [];
    try {
      await this.ds.transaction(async (tx) => {
        const person = `${target.clientId ?? '-'}:${target.endUserId ?? target.id}`;
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`turn:${target.entityId}:${person}`]);
        const pending = target.endUserId
          ? await tx.getRepository(Interaction).find({
              where: { entityId: target.entityId, clientId: ownerIs(target.clientId), endUserId: target.endUserId, status: 'pending' },
              order: { createdAt: 'ASC', id: 'ASC' },
            })
          : await tx.getRepository(Interaction).find({ where: { id: target.id, status: 'pending', endUserId: IsNull() } });
        for (const turn of pending) {
          if (turn.createdAt > target.createdAt || (turn.createdAt.getTime() === target.createdAt.getTime() && turn.id > target.id)) break;
          await tx.getRepository(Interaction).increment({ id: turn.id }, 'attempts', 1);
          await this.runner.run(tx, turn);
          done.push(turn.id);
        }
      });
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) {
        await repo.update({ id: target.id, status: 'pending' }, { status: 'failed', error: err.message, completedAt: new Date() });
        this.events.finished(target.id);
        return undefined;
      }
      throw err; // retried with backoff by the queue
    }
    for (const id of done) this.events.finished(id);
    return undefined;
  }

  override async onFinalFailure(job: Job<TurnJob>, error: Error): Promise<void> {
    await this.ds
      .getRepository(Interaction)
      .update(
        { id: job.data.interactionId, status: 'pending' },
        { status: 'failed', error: `The reply could not be produced: ${error.message}`, completedAt: new Date() },
      );
    this.events.finished(job.data.interactionId);
  }
}

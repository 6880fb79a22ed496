import { ProviderError } from '@platform/conversation';
import { QueueProcessor, QueueWorker } from '@platform/queue';
import type { Job } from 'bullmq';
import { InteractionsRepository } from './interactions.repository';
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
    private readonly repo: InteractionsRepository,
    private readonly runner: TurnRunner,
    private readonly events: TurnEvents,
  ) {
    super();
  }

  async process(job: Job<TurnJob>): Promise<undefined> {
    const target = await this.repo.byId(job.data.interactionId);
    if (!target || target.status !== 'pending') return undefined;
    const done: string[] = [];
    try {
      await this.repo.transaction(async (tx) => {
        const person = `${target.clientId ?? '-'}:${target.endUserId ?? target.id}`;
        await this.repo.lockTurns(tx, `turn:${target.entityId}:${person}`);
        const pending = target.endUserId
          ? await this.repo.pendingOf(tx, { entityId: target.entityId, clientId: target.clientId, endUserId: target.endUserId })
          : await this.repo.pendingAlone(tx, target.id);
        for (const turn of pending) {
          if (turn.createdAt > target.createdAt || (turn.createdAt.getTime() === target.createdAt.getTime() && turn.id > target.id)) break;
          await this.repo.countAttempt(tx, turn.id);
          await this.runner.run(tx, turn);
          done.push(turn.id);
        }
      });
    } catch (err) {
      if (err instanceof ProviderError && !err.retryable) {
        await this.repo.failPending(target.id, err.message);
        this.events.finished(target.id);
        return undefined;
      }
      throw err; // retried with backoff by the queue
    }
    for (const id of done) this.events.finished(id);
    return undefined;
  }

  override async onFinalFailure(job: Job<TurnJob>, error: Error): Promise<void> {
    await this.repo.failPending(job.data.interactionId, `The reply could not be produced: ${error.message}`);
    this.events.finished(job.data.interactionId);
  }
}

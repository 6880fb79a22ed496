import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { NotFoundError } from '@platform/errors';
import { currentIdempotencyClaim } from '@platform/http';
import { JobQueue } from '@platform/queue';
import { Owner, OwnerScope } from '../common/end-user-owner';
import type { EntityConfig } from '../config';
import { EntitiesService } from '../entities/entities.service';
import { Interaction } from './interaction.entity';
import { InteractionsRepository } from './interactions.repository';
import { TurnEvents } from './turn-events';
import { TURNS_QUEUE, TurnJob } from './turn.processor';

export interface SendInput {
  message: string;
  endUserId?: string;
  endUserName?: string;
}

const POLL_MS = 150;

@Injectable()
export class InteractionsService {
  private readonly logger = new Logger('Interactions');

  constructor(
    private readonly repo: InteractionsRepository,
    @Inject(APP_CONFIG) private readonly config: EntityConfig,
    private readonly entities: EntitiesService,
    private readonly queue: JobQueue,
    private readonly events: TurnEvents,
  ) {}

  /**
   * Stores the turn, queues it, and waits up to MESSAGE_WAIT_MS for the reply. Answers the
   * finished interaction, or `null` when it is still pending (the caller then answers 202). The turn
   * (and the end user it names) belongs to `owner`: the caller's OAuth client, or null for the account.
   */
  async send(accountId: string, entityId: string, owner: Owner, input: SendInput): Promise<{ interaction: Interaction; pending: boolean }> {
    await this.entities.getAvailable(accountId, entityId);
    const turn = await this.repo.insertPending({
      accountId,
      entityId,
      owner,
      endUserId: input.endUserId ?? null,
      endUserName: input.endUserName ?? null,
      message: input.message,
      // The key's claim on the turn: a retry after this process died finds the turn instead of storing another.
      idempotencyRef: currentIdempotencyClaim()?.ref ?? null,
    });
    // Stored: from here the turn exists and will be completed (by its job, or by the pending-turns sweep when the
    // enqueue is lost), so nothing after this point may answer an error. An error would give the Idempotency-Key
    // back and the client's retry would store a second turn (found by tools/chaos: Redis or PostgreSQL restarting
    // between the insert and the reply answered 500 and duplicated the turn). Such a failure answers 202 pending.
    let off = (): void => undefined;
    try {
      const finished = new Promise<void>((resolve) => {
        off = this.events.once(turn.id, resolve);
        setTimeout(() => (off(), resolve()), this.config.messageWaitMs).unref();
      });
      // With Redis away BullMQ holds the command until it is back: wait for it no longer than for the reply.
      const queued = this.enqueueTurn(turn.id).then(() => true);
      queued.catch(() => undefined);
      if (!(await Promise.race([queued, finished.then(() => false)]))) {
        this.logger.warn(`Turn ${turn.id} is stored but not yet queued after ${this.config.messageWaitMs} ms; answered pending`);
        return { interaction: turn, pending: true };
      }
      const current = await this.waitForTurn(turn.id, finished);
      return { interaction: current, pending: current.status === 'pending' };
    } catch (err) {
      off();
      this.logger.warn(`Turn ${turn.id} is stored but could not be queued or waited for (${(err as Error).message}); answered pending, the sweep completes it`);
      return { interaction: turn, pending: true };
    }
  }

  /** The turn sent under an Idempotency-Key's claim, for the retry that takes the key over from a dead process. */
  sentUnder(accountId: string, ref: string): Promise<Interaction | null> {
    return this.repo.byIdempotencyRef(accountId, ref);
  }

  /** Queues a stored turn; its job id is the interaction id, so BullMQ holds one job per turn. */
  async enqueueTurn(interactionId: string): Promise<void> {
    await this.queue.add<TurnJob>(TURNS_QUEUE, 'turn', { interactionId }, { jobId: interactionId, attempts: 5, backoffMs: 1000 });
  }

  private async waitForTurn(id: string, finished: Promise<void>): Promise<Interaction> {
    const deadline = Date.now() + this.config.messageWaitMs;
    let signalled = false;
    void finished.then(() => (signalled = true));
    for (;;) {
      const row = (await this.repo.byId(id))!;
      if (row.status !== 'pending' || Date.now() >= deadline) return row;
      // Woken by this process's worker, or by polling when another process runs the turn.
      await Promise.race([finished, new Promise((r) => setTimeout(r, POLL_MS))]);
      if (signalled) return (await this.repo.byId(id))!;
    }
  }

  /** The history, oldest first, including pending and failed turns: of one owner's end users, or of every owner. */
  async list(accountId: string, entityId: string, owners: OwnerScope, q: { endUserId?: string; since?: string; cursor?: string; limit: number }) {
    await this.entities.get(accountId, entityId);
    return this.repo.page(accountId, entityId, owners, q);
  }

  /** One turn; another owner's answers 404 as one that does not exist. */
  async get(accountId: string, entityId: string, owners: OwnerScope, id: string): Promise<Interaction> {
    await this.entities.get(accountId, entityId);
    const turn = await this.repo.one(accountId, entityId, owners, id);
    if (!turn) throw new NotFoundError(`Interaction ${id} not found`, 'interaction_not_found');
    return turn;
  }
}

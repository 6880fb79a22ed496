import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue, PendingSweeper } from '@platform/queue';
import { DataSource } from 'typeorm';
import type { EntityConfig } from '../config';
import { InteractionsService } from './interactions.service';

/**
 * A turn answered 202 lives in Postgres as `pending` until its job finishes it. Turns pending
 * with no job (lost with an inline queue's process, or an enqueue that failed under BullMQ) are
 * queued again: see PendingSweeper. The turn processor acts only on turns still pending.
 */
@Injectable()
export class TurnRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeper: PendingSweeper;

  constructor(@InjectDataSource() ds: DataSource, @Inject(APP_CONFIG) config: EntityConfig, interactions: InteractionsService, queue: JobQueue) {
    this.sweeper = new PendingSweeper(ds, queue, config, [
      { name: 'turns', table: 'entity.interactions', pending: `status = 'pending'`, enqueue: (t) => interactions.enqueueTurn(t.id) },
    ]);
  }

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  onApplicationShutdown(): void {
    this.sweeper.stop();
  }

  /** Queues again the turns pending for longer than `olderThanMs` (default: all of them). */
  recover(opts: { olderThanMs?: number } = {}): Promise<Record<string, number>> {
    return this.sweeper.sweep(opts);
  }
}

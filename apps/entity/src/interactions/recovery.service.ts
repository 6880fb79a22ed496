import { Inject, Injectable } from '@nestjs/common';
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
export class TurnRecoveryService extends PendingSweeper {
  constructor(@InjectDataSource() ds: DataSource, @Inject(APP_CONFIG) config: EntityConfig, interactions: InteractionsService, queue: JobQueue) {
    super(ds, queue, config, [{ name: 'turns', table: 'entity.interactions', pending: `status = 'pending'`, enqueue: (t) => interactions.enqueueTurn(t.id) }]);
  }
}

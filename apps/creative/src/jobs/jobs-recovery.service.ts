import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue, PendingSweeper } from '@platform/queue';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { CallbacksService } from './callbacks.service';
import { callbackSweeps } from './callbacks.repository';
import { jobSweeps } from './jobs.repository';
import { JobsService } from './jobs.service';

/**
 * Jobs and callback deliveries keep their state in Postgres; the queues only carry the work.
 * Queued jobs with no queue job, running jobs whose worker's lease ran out (a worker killed
 * mid-job: BullMQ's stalled-job check also hands its queue job to another worker) and pending
 * deliveries are queued again (see PendingSweeper). The processors act only on work still pending.
 */
@Injectable()
export class JobsRecovery extends PendingSweeper {
  constructor(@InjectDataSource() ds: DataSource, @Inject(APP_CONFIG) config: CreativeConfig, jobs: JobsService, callbacks: CallbacksService, queue: JobQueue) {
    super(
      ds,
      queue,
      config,
      [
        {
          name: 'jobs',
          table: jobSweeps.table,
          pending: jobSweeps.pending,
          enqueue: (j) => jobs.requeue(j),
        },
        { name: 'callbacks', table: callbackSweeps.table, pending: callbackSweeps.pending, enqueue: (c) => callbacks.enqueue(c) },
      ],
      'JobsRecovery',
    );
  }
}

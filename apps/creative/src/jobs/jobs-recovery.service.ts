import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG } from '@platform/config';
import { JobQueue, PendingSweeper } from '@platform/queue';
import { DataSource } from 'typeorm';
import type { CreativeConfig } from '../config';
import { CallbacksService } from './callbacks.service';
import { JobCallback } from './job-callback.entity';
import { Job } from './job.entity';
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
          table: ds.getRepository(Job).metadata.tablePath,
          pending: `(state = 'queued' OR (state = 'running' AND lease_until < now()))`,
          enqueue: (j) => jobs.requeue(j),
        },
        { name: 'callbacks', table: ds.getRepository(JobCallback).metadata.tablePath, pending: `state = 'pending'`, enqueue: (c) => callbacks.enqueue(c) },
      ],
      'JobsRecovery',
    );
  }
}

import { Logger } from '@nestjs/common';
import { UnmeteredMetering } from '../../billing/metering';
import type { CreativeConfig } from '../../config';
import type { CallbacksService } from '../callbacks.service';
import type { JobViews } from '../job-views.service';
import type { JobsRepository } from '../jobs.repository';
import { JobsService } from '../jobs.service';
import type { JobQueue } from '@platform/queue';

/** A metering whose settlement fails (the billing database is away), recording what it was asked. */
class FailingSettlement extends UnmeteredMetering {
  readonly ended: string[] = [];
  override jobEnded(jobId?: string): Promise<void> {
    this.ended.push(String(jobId));
    return Promise.reject(new Error('billing database unreachable'));
  }
}

describe('JobsService.create when the job cannot be recorded', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers the insert error and logs (does not drop) a failed release of the reservation', async () => {
    const insertError = new Error('jobs table unreachable');
    // The row store is the boundary that fails here; nothing else of the repository is reached.
    const rows = { insert: () => Promise.reject(insertError) } as unknown as JobsRepository;
    const metering = new FailingSettlement();
    const config = { callbacks: { allowPrivate: true } } as unknown as CreativeConfig;
    const jobs = new JobsService(rows, config, {} as JobQueue, {} as JobViews, {} as CallbacksService, metering);
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    await expect(jobs.create({ accountId: 'acct_1', kind: 'render' as never, request: {}, charge: { operation: 'render', params: {} } as never })).rejects.toBe(
      insertError,
    );

    expect(metering.ended).toHaveLength(1);
    const jobId = metering.ended[0];
    expect(logged).toHaveBeenCalledTimes(1);
    const line = String(logged.mock.calls[0][0]);
    expect(line).toContain(jobId);
    expect(line).toContain('acct_1');
    expect(line).toContain('billing database unreachable');
    expect(line).toContain('reservation sweep');
  });
});

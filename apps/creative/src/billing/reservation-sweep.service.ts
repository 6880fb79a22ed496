import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import type { CreativeConfig } from '../config';
import { BillingService } from './billing.service';

/** Runs BillingService.sweepExpired every BILLING_SWEEP_INTERVAL_MS in worker processes (ROLE worker or all). */
@Injectable()
export class ReservationSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweep');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.timer = setInterval(() => {
      this.billing.sweepExpired().catch((e) => this.logger.warn(`sweep: ${(e as Error).message}`));
    }, this.config.billing.sweepIntervalMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import type { CreativeConfig } from '../config';
import { PreviewLinks, type PreviewSweepResult } from './preview-links.service';

/**
 * Every PREVIEW_SWEEP_INTERVAL_MS (worker and all roles, as the blob sweep) removes the previews whose link has
 * expired. With several replicas each may sweep: deleting a deleted blob is no error, so only one removal counts.
 */
@Injectable()
export class PreviewSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PreviewSweep');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PreviewSweepResult> | null = null;

  constructor(
    private readonly previews: PreviewLinks,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { sweepIntervalMs } = this.config.storage.previews;
    if (this.config.role === 'api' || sweepIntervalMs === 0) return;
    this.timer = setInterval(() => {
      this.sweep().catch((e) => this.logger.warn(`preview sweep: ${(e as Error).message}`));
    }, sweepIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass (a pass already running is joined). `now` is for tests. */
  sweep(now = Date.now()): Promise<PreviewSweepResult> {
    this.running ??= this.previews.sweep(now).finally(() => (this.running = null));
    return this.running;
  }
}

import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * Runs a pass of `sweepExpiredPayloads` (as the service's OAuth repository makes it) every `intervalMs` (0: never) in
 * worker processes (ROLE worker or all), as the services' other sweeps. A service extends it as a Nest provider. Passes
 * never overlap in one process; several processes may sweep at once (see sweepExpiredPayloads).
 */
export class ExpiredPayloadSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OAuthSweep');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly settings: { role: 'api' | 'worker' | 'all'; intervalMs: number },
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.role === 'api' || this.settings.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.sweep().catch((e) => this.logger.warn(`expired OAuth payloads: ${(e as Error).message}`));
    }, this.settings.intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass (a pass already running is joined); answers how many rows it removed. */
  sweep(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = null));
    return this.running;
  }
}

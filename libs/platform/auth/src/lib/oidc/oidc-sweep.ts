import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { OidcSchema } from './oidc-adapter';

export interface ExpiredPayloadSweepOptions {
  /** Rows are removed only once expired at least this long (clock skew between replicas and PostgreSQL): 60 s by default. */
  graceMs?: number;
  /** Rows removed per statement (each its own short transaction): 1000 by default. */
  batchSize?: number;
  /** Statements per call, so one pass is bounded however far behind it is (the next pass goes on): 20 by default. */
  maxBatches?: number;
}

/**
 * Deletes `schema`.oidc_payloads rows past their `expires_at` (codes, sessions, interactions, tokens, registration
 * access tokens…): the provider never reads them again (the adapter's lookups already ignore them), and nothing else
 * removes them. Rows without `expires_at` stay. Batches of `batchSize` rows, at most `maxBatches` of them; rows another
 * sweep (or a revocation) holds are skipped (SKIP LOCKED), so replicas sweeping at once neither wait nor count twice.
 * Answers how many rows this call removed.
 */
export async function sweepExpiredPayloads(ds: DataSource, schema: OidcSchema, options: ExpiredPayloadSweepOptions = {}): Promise<number> {
  const { graceMs = 60_000, batchSize = 1000, maxBatches = 20 } = options;
  let removed = 0;
  for (let i = 0; i < maxBatches; i++) {
    const res: unknown[] = await ds.query(
      `DELETE FROM "${schema}".oidc_payloads p USING (
         SELECT model, id FROM "${schema}".oidc_payloads
          WHERE expires_at < now() - make_interval(secs => $1::double precision / 1000)
          LIMIT $2 FOR UPDATE SKIP LOCKED) e
        WHERE p.model = e.model AND p.id = e.id RETURNING p.id`,
      [graceMs, batchSize],
    );
    // TypeORM answers a DELETE … RETURNING with [rows, count].
    const n = Array.isArray(res[0]) ? res[0].length : res.length;
    removed += n;
    if (n < batchSize) break;
  }
  return removed;
}

/**
 * Runs `sweepExpiredPayloads` every `intervalMs` (0: never) in worker processes (ROLE worker or all), as the services'
 * other sweeps. A service extends it as a Nest provider with its data source and schema. Passes never overlap in one
 * process; several processes may sweep at once (see sweepExpiredPayloads).
 */
export class ExpiredPayloadSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OAuthSweep');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ds: DataSource,
    private readonly schema: OidcSchema,
    private readonly settings: { role: 'api' | 'worker' | 'all'; intervalMs: number },
    private readonly options: ExpiredPayloadSweepOptions = {},
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
    this.running ??= sweepExpiredPayloads(this.ds, this.schema, this.options).finally(() => (this.running = null));
    return this.running;
  }
}

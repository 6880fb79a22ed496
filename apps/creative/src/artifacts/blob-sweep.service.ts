import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { AssetsRepository } from '../assets/assets.repository';
import type { CreativeConfig } from '../config';
import { BlobStore } from '../storage/blob-store';
import { ArtifactsService } from './artifacts.service';

/** The two kinds of key this service writes (`ArtifactsService.blobKey`, `AssetsService.blobKey`). */
const ARTIFACT_KEY = /^accounts\/([^/]+)\/artifacts\/sha256\/([0-9a-f]{64})$/;
const ASSET_KEY = /^accounts\/([^/]+)\/assets\/([^/]+)$/;

export interface SweepResult {
  /** Blobs looked at (old enough and of a kind this service writes). */
  checked: number;
  /** Keys removed: no asset or artifact referred to them. */
  removed: string[];
}

/**
 * Removes blobs no row refers to. Assets and artifacts store their blob first and insert their row
 * after (an upload must not hold a database connection), and remove the row before the blob: a
 * process that dies in between leaves a blob nothing will ever read or delete. Every
 * `BLOB_SWEEP_INTERVAL_MS` (worker and all roles) the sweep lists `accounts/` and removes the
 * blobs written more than `BLOB_SWEEP_MIN_AGE_MS` ago that no row names: artifact blobs under
 * their content lock (a store of the same bytes then uploads them again), asset blobs by their
 * row (one blob per asset id, so only an upload in progress could still claim it, and those are
 * younger than the minimum age). Keys of any other shape are left alone. Several worker
 * processes may sweep at once: removals are idempotent.
 */
@Injectable()
export class BlobSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BlobSweep');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepResult> | null = null;

  constructor(
    private readonly assets: AssetsRepository,
    private readonly blobs: BlobStore,
    private readonly artifacts: ArtifactsService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { intervalMs } = this.config.storage.sweep;
    if (this.config.role === 'api' || intervalMs === 0) return;
    this.timer = setInterval(() => {
      this.sweep().catch((e) => this.logger.warn(`blob sweep: ${(e as Error).message}`));
    }, intervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    // Shutdown only waits for a running sweep to end; its failure was logged where it was started.
    await this.running?.catch(() => undefined);
  }

  /** One pass over the store (a pass already running is joined). `now` is for tests. */
  sweep(now = Date.now()): Promise<SweepResult> {
    this.running ??= this.pass(now).finally(() => (this.running = null));
    return this.running;
  }

  private async pass(now: number): Promise<SweepResult> {
    const before = now - this.config.storage.sweep.minAgeMs;
    const result: SweepResult = { checked: 0, removed: [] };
    for await (const blob of this.blobs.list('accounts/')) {
      if (blob.modified.getTime() > before) continue;
      const artifact = ARTIFACT_KEY.exec(blob.key);
      const asset = artifact ? null : ASSET_KEY.exec(blob.key);
      if (!artifact && !asset) continue;
      result.checked++;
      let removed = false;
      if (artifact) removed = await this.artifacts.dropBlobIfUnused(artifact[1], artifact[2]);
      else {
        if (!(await this.assets.holdsBlob(asset![1], blob.key))) {
          await this.blobs.delete(blob.key);
          removed = true;
        }
      }
      if (removed) {
        result.removed.push(blob.key);
        this.logger.log(`removed ${blob.key} (${blob.size} bytes, written ${blob.modified.toISOString()}): no row refers to it`);
      }
    }
    return result;
  }
}

import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import type { CreativeConfig } from '../config';

/** Files older than this in the upload folder are leftovers of a crash, removed at start. */
const STALE_MS = 3600_000;

/**
 * The folder uploads stream into (`<DATA_DIR>/tmp/uploads`) before they are checked and stored.
 * Every path it hands out is removed by whoever asked for it, whatever happens.
 */
@Injectable()
export class TempFiles implements OnModuleInit {
  private readonly logger = new Logger(TempFiles.name);
  readonly dir: string;

  constructor(@Inject(APP_CONFIG) config: CreativeConfig) {
    this.dir = config.assets.tmpDir;
  }

  async onModuleInit(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const now = Date.now();
    for (const name of await fs.readdir(this.dir)) {
      const path = join(this.dir, name);
      const stat = await fs.stat(path).catch(() => null);
      if (stat && now - stat.mtimeMs > STALE_MS) {
        await fs.rm(path, { force: true });
        this.logger.warn(`removed a stale upload file ${name}`);
      }
    }
  }

  async create(): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    return join(this.dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  async remove(path: string | undefined): Promise<void> {
    if (path) await fs.rm(path, { force: true });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { MetricsService } from '@platform/http';
import { createHash } from 'node:crypto';
import { Gauge } from 'prom-client';
import type { CreativeConfig } from '../config';
import { BytesLru } from './bytes-lru';
import type { RenderOutput } from './render-tasks';

export const PREVIEW_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type PreviewFormat = (typeof PREVIEW_FORMATS)[number];
export const PREVIEW_WIDTH_DEFAULT = 480;
export const PREVIEW_WIDTH_MAX = 2048;

export interface Preview {
  etag: string;
  data: Buffer;
  mime: string;
}

/**
 * Rendered previews, by a strong ETag derived from what they show (design, revision, width and
 * format): kept in a bytes-bounded LRU (PREVIEW_CACHE_BYTES), and rendered once when many
 * requests ask for the same missing preview at the same time.
 */
@Injectable()
export class PreviewService {
  private readonly cache: BytesLru<Buffer>;
  private readonly pending = new Map<string, Promise<Preview>>();

  constructor(@Inject(APP_CONFIG) config: CreativeConfig, metrics: MetricsService) {
    this.cache = new BytesLru<Buffer>(config.rendering.previewCacheBytes);
    const cache = this.cache;
    new Gauge({
      name: 'creative_preview_cache_bytes',
      help: 'Bytes of rendered previews held in memory',
      registers: [metrics.registry],
      collect() {
        this.set(cache.bytes);
      },
    });
  }

  /** The ETag of a preview: a digest of everything that decides its bytes. */
  etag(key: string): string {
    return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
  }

  /** The cached preview under `key`, or the one `render` makes (shared by concurrent callers). */
  async get(key: string, mime: string, render: () => Promise<RenderOutput>): Promise<Preview> {
    const etag = this.etag(key);
    const hit = this.cache.get(etag);
    if (hit) return { etag, data: hit, mime };
    let pending = this.pending.get(etag);
    if (!pending) {
      pending = render()
        .then((out) => {
          const data = Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength);
          this.cache.set(etag, data);
          return { etag, data, mime: out.mime };
        })
        .finally(() => this.pending.delete(etag));
      this.pending.set(etag, pending);
    }
    return pending;
  }
}

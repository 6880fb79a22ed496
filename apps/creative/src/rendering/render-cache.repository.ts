import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RenderCacheEntry } from './render-cache.entity';

/** What identifies a stored render: the revision and the options it was drawn with. */
export type RenderCacheKey = Pick<RenderCacheEntry, 'designId' | 'revision' | 'format' | 'width' | 'height' | 'quality'>;

/**
 * Rendering's table of stored renders (`creative.render_cache`), read and written with plain SQL: this is the path
 * every render takes. Other features (campaigns) read it through this repository (exported by RenderingModule).
 */
@Injectable()
export class RenderCacheRepository {
  static readonly tables = ['render_cache'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  private static params(key: RenderCacheKey): unknown[] {
    return [key.designId, key.revision, key.format, key.width, key.height, key.quality];
  }

  /** The account's stored render of `key`, or undefined. */
  async lookup(accountId: string, key: RenderCacheKey): Promise<Pick<RenderCacheEntry, 'artifactId' | 'warnings'> | undefined> {
    return (
      (await this.ds.query(
        'SELECT artifact_id AS "artifactId", warnings FROM creative.render_cache WHERE design_id = $1 AND revision = $2 AND format = $3 AND width = $4 AND height = $5 AND quality = $6 AND account_id = $7',
        [...RenderCacheRepository.params(key), accountId],
      )) as Pick<RenderCacheEntry, 'artifactId' | 'warnings'>[]
    )[0];
  }

  /** Records the artifact of a render unless one is recorded for `key` already; true when this one was. */
  async insert(accountId: string, key: RenderCacheKey, artifactId: string, warnings: RenderCacheEntry['warnings']): Promise<boolean> {
    const inserted: unknown[] = await this.ds.query(
      `INSERT INTO creative.render_cache (design_id, revision, format, width, height, quality, account_id, artifact_id, warnings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING artifact_id`,
      [...RenderCacheRepository.params(key), accountId, artifactId, JSON.stringify(warnings)],
    );
    return inserted.length > 0;
  }

  /** The stored render whose artifact is `artifactId`, or null (campaign pieces read their warnings). */
  byArtifact(artifactId: string): Promise<RenderCacheEntry | null> {
    return this.ds.getRepository(RenderCacheEntry).findOneBy({ artifactId });
  }
}

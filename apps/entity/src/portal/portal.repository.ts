import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** The rows of a DELETE … RETURNING (TypeORM may answer `[rows, count]`). */
const returned = <T>(r: unknown[]): T[] => (Array.isArray(r[0]) ? r[0] : r) as T[];

/** The portal's table: sealed single-use flashes (see FlashService), by the hash of their cookie's token. */
@Injectable()
export class PortalRepository {
  static readonly tables = ['portal_flashes'] as const;

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Stores a flash for `ttlSeconds`, removing the expired ones first. */
  async putFlash(f: { id: string; userId: string; sealed: Buffer; ttlSeconds: number }): Promise<void> {
    await this.ds.query(`DELETE FROM entity.portal_flashes WHERE expires_at < now()`);
    await this.ds.query(`INSERT INTO entity.portal_flashes (id, user_id, sealed, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`, [
      f.id,
      f.userId,
      f.sealed,
      f.ttlSeconds,
    ]);
  }

  /** The user's unexpired flash of this id, deleted as it is read; null when none. */
  async takeFlash(id: string, userId: string): Promise<Buffer | null> {
    const rows = returned<{ sealed: Buffer }>(
      await this.ds.query(`DELETE FROM entity.portal_flashes WHERE id = $1 AND user_id = $2 AND expires_at > now() RETURNING sealed`, [id, userId]),
    );
    return rows[0]?.sealed ?? null;
  }
}

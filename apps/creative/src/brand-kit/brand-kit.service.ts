import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { BrandKit } from './brand-kit.entity';

export type BrandKitInput = Omit<BrandKit, 'accountId' | 'createdAt' | 'updatedAt'>;

@Injectable()
export class BrandKitService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  get(accountId: string): Promise<BrandKit | null> {
    return this.ds.getRepository(BrandKit).findOneBy({ accountId });
  }

  /** Replaces the kit (creating it if needed) in one statement. */
  async put(accountId: string, input: BrandKitInput): Promise<BrandKit> {
    const repo = this.ds.getRepository(BrandKit);
    await repo.upsert({ accountId, ...input } as QueryDeepPartialEntity<BrandKit>, ['accountId']);
    return (await repo.findOneBy({ accountId }))!;
  }

  async remove(accountId: string): Promise<boolean> {
    const res = await this.ds.getRepository(BrandKit).delete({ accountId });
    return (res.affected ?? 0) > 0;
  }
}

import { Injectable } from '@nestjs/common';
import type { BrandKit as TemplateBrand } from '@platform/creative-ir';
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

  /** The kit as the templates take it (colors, fonts, logo placement, tone, palette); undefined without a kit. */
  async templateBrand(accountId: string): Promise<TemplateBrand | undefined> {
    const kit = await this.get(accountId);
    if (!kit) return undefined;
    const fonts = Object.fromEntries(Object.entries(kit.fonts ?? {}).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    return {
      name: kit.name,
      colors: kit.colors,
      fonts,
      logo_position: kit.logoPosition as TemplateBrand['logo_position'],
      logo_size: kit.logoSize,
      logo_margin: kit.logoMargin,
      tone: kit.tone,
      palette: kit.palette,
    };
  }
}

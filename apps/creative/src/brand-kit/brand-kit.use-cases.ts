import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { BrandKitService } from './brand-kit.service';
import { type BrandKitDeletedDto, BrandKitDto, type PutBrandKitDto } from './dto/brand-kit.dto';

/** The brand kit's use cases as REST and MCP run them. */
@Injectable()
export class BrandKitUseCases {
  constructor(private readonly kits: BrandKitService) {}

  async get(auth: AuthContext): Promise<BrandKitDto> {
    return BrandKitDto.from(await this.kits.get(auth.accountId));
  }

  /** Replaces the kit: omitted fields return to their defaults. */
  async put(auth: AuthContext, body: PutBrandKitDto): Promise<BrandKitDto> {
    const kit = await this.kits.put(auth.accountId, {
      name: body.name ?? null,
      colors: body.colors ?? null,
      fonts: body.fonts ?? null,
      logoAssetId: body.logo_asset_id ?? null,
      logoPosition: body.logo_position ?? null,
      logoSize: body.logo_size ?? null,
      logoMargin: body.logo_margin ?? null,
      tone: body.tone ?? null,
      palette: body.palette ?? null,
      metadata: body.metadata ?? null,
    });
    return BrandKitDto.from(kit);
  }

  async remove(auth: AuthContext): Promise<BrandKitDeletedDto> {
    return { deleted: await this.kits.remove(auth.accountId) };
  }
}

import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorResponses } from '../common/error-responses';
import { BrandKitService } from './brand-kit.service';
import { BrandKitDeletedDto, BrandKitDto, PutBrandKitDto } from './dto/brand-kit.dto';

@ApiTags('brand-kit')
@ErrorResponses()
@Controller('v1/brand-kit')
export class BrandKitController {
  constructor(private readonly kits: BrandKitService) {}

  @Get()
  @ApiOperation({ summary: "The caller's brand kit", description: 'Defaults (`updated_at: null`) until one is stored.' })
  @ApiOkResponse({ type: BrandKitDto })
  async get(@Auth() auth: AuthContext): Promise<BrandKitDto> {
    return BrandKitDto.from(await this.kits.get(auth.accountId));
  }

  @Put()
  @ApiOperation({ summary: 'Replace the brand kit', description: 'Omitted fields return to their defaults.' })
  @ApiOkResponse({ type: BrandKitDto })
  async put(@Auth() auth: AuthContext, @Body() body: PutBrandKitDto): Promise<BrandKitDto> {
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

  @Delete()
  @ApiOperation({ summary: 'Delete the brand kit', description: 'Back to defaults. Answers `deleted: false` when there was none.' })
  @ApiOkResponse({ type: BrandKitDeletedDto })
  async remove(@Auth() auth: AuthContext): Promise<BrandKitDeletedDto> {
    return { deleted: await this.kits.remove(auth.accountId) };
  }
}

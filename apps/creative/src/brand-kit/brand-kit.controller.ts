import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorResponses } from '../common/error-responses';
import { BrandKitUseCases } from './brand-kit.use-cases';
import { BrandKitDeletedDto, BrandKitDto, PutBrandKitDto } from './dto/brand-kit.dto';

@ApiTags('brand-kit')
@ErrorResponses()
@Controller('v1/brand-kit')
export class BrandKitController {
  constructor(private readonly kits: BrandKitUseCases) {}

  @Get()
  @ApiOperation({ summary: "The caller's brand kit", description: 'Defaults (`updated_at: null`) until one is stored.' })
  @ApiOkResponse({ type: BrandKitDto })
  get(@Auth() auth: AuthContext): Promise<BrandKitDto> {
    return this.kits.get(auth);
  }

  @Put()
  @ApiOperation({ summary: 'Replace the brand kit', description: 'Omitted fields return to their defaults.' })
  @ApiOkResponse({ type: BrandKitDto })
  put(@Auth() auth: AuthContext, @Body() body: PutBrandKitDto): Promise<BrandKitDto> {
    return this.kits.put(auth, body);
  }

  @Delete()
  @ApiOperation({ summary: 'Delete the brand kit', description: 'Back to defaults. Answers `deleted: false` when there was none.' })
  @ApiOkResponse({ type: BrandKitDeletedDto })
  remove(@Auth() auth: AuthContext): Promise<BrandKitDeletedDto> {
    return this.kits.remove(auth);
  }
}

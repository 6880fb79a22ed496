import { Body, Controller, Delete, Get, Patch, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { IdempotentEffect, RERUN_EFFECT } from '@platform/http';
import { ErrorResponses } from '../common/error-responses';
import { SentBody } from '../common/sent-body';
import { BrandKitUseCases } from './brand-kit.use-cases';
import { BrandKitDeletedDto, BrandKitDto, BrandKitSavedDto, PatchBrandKitDto, PutBrandKitDto } from './dto/brand-kit.dto';

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
  @ApiOperation({
    summary: 'Replace the brand kit',
    description:
      'Omitted fields return to their defaults (to change some fields only, PATCH). Fields that are not brand kit fields are accepted and ignored, ' +
      'each named in `warnings` (`unknown_field`). Sent with an `Idempotency-Key` whose process died before answering, a retry runs it again (replacing the kit is the same ' +
      'whether it ran once or twice).',
  })
  @ApiOkResponse({ type: BrandKitSavedDto })
  @IdempotentEffect(RERUN_EFFECT)
  put(@Auth() auth: AuthContext, @Body() body: PutBrandKitDto, @SentBody() sent: unknown): Promise<BrandKitSavedDto> {
    return this.kits.put(auth, body, sent);
  }

  @Patch()
  @ApiOperation({
    summary: 'Change some fields of the brand kit',
    description:
      'JSON merge patch (RFC 7396, sent as `application/json`): a field left out is kept, `null` clears it (back to its default), a value ' +
      'replaces it; `fonts` and `metadata` are merged key by key (a `null` key removes it). Creates the kit from the defaults when there is none. ' +
      'Validation as PUT (422, nothing changed); fields that are not brand kit fields are ignored and named in `warnings` (`unknown_field`). ' +
      'Two PATCHes at once each apply to the other’s result. Sent with an `Idempotency-Key` whose process died before answering, a retry applies the same patch again ' +
      '(the same fields end with the same values).',
  })
  @ApiOkResponse({ type: BrandKitSavedDto })
  @IdempotentEffect(RERUN_EFFECT)
  patch(@Auth() auth: AuthContext, @Body() body: PatchBrandKitDto, @SentBody() sent: unknown): Promise<BrandKitSavedDto> {
    return this.kits.patch(auth, body, sent);
  }

  @Delete()
  @ApiOperation({
    summary: 'Delete the brand kit',
    description:
      'Back to defaults. Answers `deleted: false` when there was none, which is also what a retry under an `Idempotency-Key` whose process died after deleting it answers ' +
      '(the kit is gone either way).',
  })
  @ApiOkResponse({ type: BrandKitDeletedDto })
  @IdempotentEffect(RERUN_EFFECT)
  remove(@Auth() auth: AuthContext): Promise<BrandKitDeletedDto> {
    return this.kits.remove(auth);
  }
}

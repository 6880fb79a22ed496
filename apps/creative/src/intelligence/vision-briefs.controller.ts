import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, IdempotentEffect, RERUN_EFFECT } from '@platform/http';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { VisionBriefDto, VisionBriefResultDto } from './dto/intelligence.dto';
import { ProviderFailures } from './provider-failures.decorator';
import { VisionBriefsService } from './vision-briefs.service';

@ApiTags('intelligence')
@ErrorResponses()
@Controller('v1/briefs')
export class VisionBriefsController {
  constructor(private readonly briefs: VisionBriefsService) {}

  @Post('from-image')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A structured brief from an image asset',
    description:
      'The built-in engine measures the picture (the `analysis`, the same with any provider): dominant colors by k-means clustering, each with the text color that reads on it ' +
      "and its contrast ratio; brightness and busyness; the salient region (sharp's attention strategy) as a focal point; the aspect ratio's best named formats and their templates. " +
      'The brief takes its palette, format, tone (unless `tone` is given) and seed from it, and its text fields from `goal`, written in `language` (default pt-BR; pt-BR and English). ' +
      'With a provider (`provider`, default LLM_PROVIDER) the model sees the image and answers the brief through structured output, validated; an answer that does not validate ' +
      "is asked again once, then the built-in brief is returned with a warning. Another account's asset, or one that is not an image, is a 404 `not_found`. Billed as `vision` ({provider}).",
  })
  @ApiOkResponse({ type: VisionBriefResultDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  @ProviderFailures()
  @IdempotentEffect(RERUN_EFFECT)
  fromImage(@Auth() auth: AuthContext, @Body() body: VisionBriefDto): Promise<VisionBriefResultDto> {
    // The key's claim on the charge: a retry after this process died is charged once (see `RERUN_EFFECT`).
    const idempotencyRef = currentIdempotencyClaim()?.ref ?? null;
    return this.briefs.fromImage({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef }, body);
  }
}

import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, IdempotentEffect } from '@platform/http';
import { ErrorResponses, RenderErrorResponses } from '../common/error-responses';
import { GenerationCreateDto, GenerationDto } from './dto/intelligence.dto';
import { GENERATION_EFFECT, GenerationsService } from './generations.service';
import { ProviderFailures } from './provider-failures.decorator';

@ApiTags('intelligence')
@ErrorResponses()
@Controller('v1/generations')
export class GenerationsController {
  constructor(private readonly generations: GenerationsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Generate an image from a prompt',
    description:
      'The image is stored as an asset (use it as `asset:<id>` in designs, transforms and videos) and as an artifact (kind `generation`) with a signed URL. ' +
      '`provider` (default IMAGE_PROVIDER, `builtin`): `builtin` draws a finished picture on the CPU, deterministically: the subject the prompt names ' +
      '(English, Portuguese or Spanish words matched against the names of the Fluent Emoji Flat illustrations, MIT, and emojilib keywords) with up to two props, ' +
      'named in `subject` (null when nothing matched: an abstract picture), over a background whose composition ' +
      '(abstract, landscape, cosmic, botanical, geometric), palette and procedural style come from the words of the prompt and `style`, and every shape from `seed` ' +
      '(default: a hash of the prompt), so the same prompt, style, size and seed give the same bytes. `openai` (gpt-image-1 or DALL·E) and `openai-compatible` ' +
      'are asked for their supported size nearest in aspect, and the image is fitted (cover, attention crop) to `width` x `height`; the asset records the provider and model. ' +
      'An unknown or unconfigured provider is a 422 at `body.provider`. Billed as `generation` ({provider, width, height}). ' +
      'With an `Idempotency-Key`, a retry after the process running the generation died (its hold on the key lapsed, about 30 s) answers 200 with the ' +
      'generation that process made (the same `id`, asset and artifact), or completes what it stored, or runs it: one generation and one charge either way.',
  })
  @ApiOkResponse({ type: GenerationDto })
  @ProviderFailures()
  @RenderErrorResponses()
  @IdempotentEffect(GENERATION_EFFECT)
  generate(@Auth() auth: AuthContext, @Body() body: GenerationCreateDto): Promise<GenerationDto> {
    const idempotencyRef = currentIdempotencyClaim()?.ref ?? null;
    return this.generations.generate({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef }, body);
  }
}

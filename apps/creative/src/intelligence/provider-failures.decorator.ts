import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from '../common/error-responses';

/** A provider call that failed: the creative error envelope plus the provider's id. */
export class ProviderErrorDto extends ErrorDto {
  @ApiPropertyOptional({ example: 'openai', description: 'The provider that failed (`builtin` never does)' }) provider?: string;
}

/**
 * The answers of a provider call that failed (`<provider>` is `openai`, `anthropic` or `openai_compatible`). Placed above
 * RenderErrorResponses where both apply, so these descriptions (which name the render codes too) are the ones documented.
 */
export const ProviderFailures = () =>
  applyDecorators(
    ApiResponse({
      status: 502,
      type: ProviderErrorDto,
      description: '`<provider>_error`: the provider refused the call (credentials, bad request, unknown model) or answered something unusable',
    }),
    ApiResponse({
      status: 503,
      type: ProviderErrorDto,
      description:
        '`<provider>_unavailable`: the provider is unreachable, rate limited or failing (5xx); try again later (or `render_busy` for built-in drawing)',
    }),
    ApiResponse({
      status: 504,
      type: ProviderErrorDto,
      description: '`<provider>_timeout`: no answer in time (IMAGE_TIMEOUT_MS, LLM_TIMEOUT_MS) (or `render_timeout` for built-in drawing)',
    }),
  );

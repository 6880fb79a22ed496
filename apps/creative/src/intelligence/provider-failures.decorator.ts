import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from '../common/error-responses';

/** The answers of a provider call that failed (`<provider>` is `openai`, `anthropic` or `openai_compatible`). */
export const ProviderFailures = () =>
  applyDecorators(
    ApiResponse({ status: 502, type: ErrorDto, description: '`<provider>_error`: the provider refused the call (credentials, bad request, unknown model) or answered something unusable' }),
    ApiResponse({ status: 503, type: ErrorDto, description: '`<provider>_unavailable`: the provider is unreachable, rate limited or failing (5xx); try again later' }),
    ApiResponse({ status: 504, type: ErrorDto, description: '`<provider>_timeout`: no answer in time (IMAGE_TIMEOUT_MS, LLM_TIMEOUT_MS)' }),
  );

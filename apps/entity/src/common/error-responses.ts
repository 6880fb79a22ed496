import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';

export class ErrorDto {
  @ApiProperty({ example: false }) ok: false;
  @ApiProperty({ example: 'Entity ent_… not found', description: 'Human-readable message' }) error: string;
  @ApiProperty({ example: 'entity_not_found', description: 'Stable code' }) code: string;
}

/** Error answers of authenticated routes, in the entity envelope. */
export const ErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 401, type: ErrorDto, description: 'unauthorized' }),
    ApiResponse({ status: 403, type: ErrorDto, description: 'insufficient_scope' }),
    ApiResponse({ status: 422, type: ErrorDto, description: 'validation_error, with `details`' }),
    ApiResponse({ status: 429, type: ErrorDto, description: 'rate_limited, with Retry-After and X-RateLimit-* headers' }),
  );

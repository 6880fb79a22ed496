import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@platform/http';

export class ErrorDto {
  @ApiProperty({ enum: [false], example: false }) ok: false;
  @ApiProperty({ example: 'Entity ent_… not found', description: 'Human-readable message' }) error: string;
  @ApiProperty({ example: 'entity_not_found', description: 'Stable code' }) code: string;
  @ApiPropertyOptional({ type: [ErrorDetailDto], description: 'Failing fields (422; also 400 `invalid_json`)' }) details?: ErrorDetailDto[];
  @ApiPropertyOptional({ type: 'integer', description: 'Seconds to wait (429), as in `Retry-After`', example: 42 }) retry_after?: number;
  @ApiPropertyOptional({ type: [String], description: 'Scopes that would allow the request (403 `insufficient_scope`)', example: ['entities:write'] })
  required_scopes?: string[];
  @ApiPropertyOptional({ enum: ['paused', 'archived'], description: 'The entity’s status (409 `entity_unavailable`)' }) status?: string;
}

/** Error answers of authenticated routes, in the entity envelope. */
export const ErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 401, type: ErrorDto, description: 'unauthorized' }),
    ApiResponse({ status: 403, type: ErrorDto, description: 'insufficient_scope' }),
    ApiResponse({ status: 422, type: ErrorDto, description: 'validation_error, with `details`' }),
    ApiResponse({ status: 429, type: ErrorDto, description: 'rate_limited, with Retry-After and X-RateLimit-* headers' }),
  );

import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';

export class ValidationErrorItemDto {
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] }, example: ['body', 'colors', 0] })
  loc: (string | number)[];
  @ApiProperty({ example: 'each value in colors must be a hex color such as #1A2B3C' }) msg: string;
  @ApiProperty({ example: 'value_error' }) type: string;
}

export class HTTPValidationErrorDto {
  @ApiProperty({ type: [ValidationErrorItemDto] }) detail: ValidationErrorItemDto[];
}

export class ErrorDto {
  @ApiProperty({ example: 'Invalid or revoked credential' }) detail: string;
  @ApiProperty({ example: 'unauthorized' }) code: string;
}

/** Error answers of authenticated routes, in the creative envelope. */
export const ErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 401, type: ErrorDto, description: 'unauthorized' }),
    ApiResponse({ status: 422, type: HTTPValidationErrorDto, description: 'Validation error' }),
    ApiResponse({ status: 429, type: ErrorDto, description: 'rate_limited, with Retry-After' }),
  );

export class RetryLaterErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', example: 1, description: 'Seconds to wait (also in Retry-After)' }) retry_after: number;
}

export class PreconditionFailedErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', example: 3, description: 'The revision the design is at' }) current_revision: number;
}

/** Answers of routes that render (through the render worker pool). */
export const RenderErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 503, type: RetryLaterErrorDto, description: 'render_busy: too many renders are waiting for a worker (Retry-After)' }),
    ApiResponse({ status: 504, type: ErrorDto, description: 'render_timeout: the render did not finish within RENDER_TIMEOUT_MS' }),
  );

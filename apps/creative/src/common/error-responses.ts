import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorDetailDto } from '@platform/http';

export class HTTPValidationErrorDto {
  @ApiProperty({
    type: [ErrorDetailDto],
    example: [{ loc: ['body', 'colors', 0], msg: 'each value in colors must be a hex color such as #1A2B3C', type: 'value_error' }],
  })
  detail: ErrorDetailDto[];
}

export class ErrorDto {
  @ApiProperty({ example: 'Invalid or revoked credential' }) detail: string;
  @ApiProperty({ example: 'unauthorized' }) code: string;
  @ApiPropertyOptional({ type: [ErrorDetailDto], description: 'Where the request is wrong, when the error names it (400 `invalid_json`)' })
  errors?: ErrorDetailDto[];
  @ApiPropertyOptional({ type: 'integer', description: 'Seconds to wait (429, 503), as in `Retry-After`', example: 42 }) retry_after?: number;
}

const STORAGE_UNAVAILABLE =
  'storage_unavailable: the blob store (S3) is unreachable or failing for the moment; nothing was changed or charged, retry after `retry_after` seconds (Retry-After)';

/** Error answers of authenticated routes, in the creative envelope. */
export const ErrorResponses = () =>
  applyDecorators(
    ApiResponse({ status: 401, type: ErrorDto, description: 'unauthorized' }),
    ApiResponse({ status: 422, type: HTTPValidationErrorDto, description: 'Validation error' }),
    ApiResponse({ status: 429, type: ErrorDto, description: 'rate_limited, with Retry-After' }),
    ApiResponse({ status: 503, type: ErrorDto, description: STORAGE_UNAVAILABLE }),
  );

export class PreconditionFailedErrorDto extends ErrorDto {
  @ApiProperty({ type: 'integer', example: 3, description: 'The revision the design is at' }) current_revision: number;
}

/** Answers of routes that render (through the render worker pool). */
export const RenderErrorResponses = () =>
  applyDecorators(
    ApiResponse({
      status: 503,
      type: ErrorDto,
      description: `render_busy: too many renders are waiting for a worker (\`retry_after\`, Retry-After); or ${STORAGE_UNAVAILABLE}`,
    }),
    ApiResponse({
      status: 422,
      type: HTTPValidationErrorDto,
      description:
        "Validation error; an item of `type` `render_too_costly` (at `body.ir`, the path or query naming the design, or `body.formats.<i>` for a campaign piece whose page alone is past the limit) when the design's estimated drawing time " +
        '(page pixels times blurs and layers, shadows, procedural areas, text) passes RENDER_COST_LIMIT_MS: its `msg` names the estimate and the limit. Nothing is drawn or charged.',
    }),
    ApiResponse({
      status: 504,
      type: ErrorDto,
      description: 'render_timeout: the render did not finish within RENDER_TIMEOUT_MS (it is stopped: nothing of it goes on running)',
    }),
  );

const binary = (mimes: readonly string[]) => Object.fromEntries(mimes.map((m) => [m, { schema: { type: 'string', format: 'binary' } }]));
/** A whole body: bytes, except that a JSON artifact's body is the JSON document it holds (any JSON value). */
const whole = (mimes: readonly string[]) => ({
  ...binary(mimes),
  ...(mimes.includes('application/json') ? { 'application/json': { schema: { description: 'The stored JSON document, as stored' } } } : {}),
});
const contentHeaders = {
  ETag: { description: 'Strong tag: the SHA-256 of the content, quoted', schema: { type: 'string' } },
  'Accept-Ranges': { schema: { type: 'string', enum: ['bytes'] } },
  'Content-Length': { schema: { type: 'integer' } },
  'Content-Disposition': { description: '`inline` for raster images and audio, `attachment` for SVG, fonts and everything else', schema: { type: 'string' } },
  'Content-Security-Policy': { description: "`sandbox; default-src 'none'…`: nothing in the content can run script", schema: { type: 'string' } },
  'X-Content-Type-Options': { schema: { type: 'string', enum: ['nosniff'] } },
};

/** The answers of a route that streams stored content: 200, 206 (Range), 304 (If-None-Match), 416. */
export const ContentResponses = (mimes: readonly string[]) =>
  applyDecorators(
    ApiResponse({ status: 200, description: 'The bytes, with the type they were stored as', content: whole(mimes), headers: contentHeaders }),
    ApiResponse({
      status: 206,
      description:
        'One range of the bytes (`Range: bytes=start-end`, `bytes=start-`, `bytes=-suffix`; `If-Range` with the ETag). Several ranges in one request get the whole content (200).',
      content: binary(mimes),
      headers: { ...contentHeaders, 'Content-Range': { schema: { type: 'string', example: 'bytes 0-1023/48213' } } },
    }),
    ApiResponse({ status: 304, description: 'Not modified (`If-None-Match` holds the ETag)' }),
    ApiResponse({ status: 416, type: ErrorDto, description: 'range_not_satisfiable: the range starts beyond the end; `Content-Range: bytes */size`' }),
  );

export class EstimateLineDto {
  @ApiProperty({ example: 'render 1080x1080' }) item: string;
  @ApiProperty({ type: 'integer', example: 2 }) credits: number;
}

export class EstimateDto {
  @ApiProperty({ example: 'render', description: 'The billable operation (see GET /v1/billing/price-book)' }) operation: string;
  @ApiProperty({ type: 'integer', example: 2, description: 'Credits the operation costs: what it reserves and then captures' }) credits: number;
  @ApiProperty({ type: [EstimateLineDto], description: 'How the figure was reached' }) breakdown: EstimateLineDto[];
}

export class InsufficientCreditsDto extends ErrorDto {
  @ApiProperty({ type: EstimateDto, description: 'What the refused operation costs' }) estimate: EstimateDto;
  @ApiProperty({ type: 'integer', example: 1, description: 'Credits available (not reserved) now' }) balance: number;
}

/** The answer of a billable operation the balance cannot cover: nothing ran, nothing changed. */
export const BillingResponses = () =>
  applyDecorators(
    ApiResponse({
      status: 402,
      type: InsufficientCreditsDto,
      description: "insufficient_credits: the balance cannot cover the operation's price (in `estimate`, with the `balance`); nothing ran and nothing changed",
    }),
  );

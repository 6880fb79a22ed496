import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CursorField, LimitField } from '@platform/http';
import { IsIn, IsOptional } from 'class-validator';
import { CALLBACK_STATES } from '../job-callback.entity';
import { JOB_EVENTS, JOB_KINDS, JOB_STATES } from '../job-types';
import { MAX_LIST_LIMIT } from '../../common/list-limit';

export const JOB_PAGE_DEFAULT = 25;
export const JOB_PAGE_MAX = MAX_LIST_LIMIT;

/** The states and their transitions, as the OpenAPI document shows them. */
export const JOB_STATE_DESCRIPTION = [
  'Where the job is. `queued` → `running` → `succeeded` | `failed` | `cancelled`.',
  '`queued`: waiting for a worker (also after a retry, or when a worker was lost or shut down mid-job: the attempt goes back to the queue).',
  '`running`: a worker is on it; `progress` and `frames_done` move.',
  '`succeeded`: `result` and `artifacts` are set, `progress` is 1.',
  '`failed`: `error` says why (`internal_error` when the cause is ours; `worker_lost` when its run lost JOB_MAX_LOST_ATTEMPTS workers, 3 by default; `job_timeout` when an attempt ran past its time budget, MEDIA_JOB_TIMEOUT_MS per minute of 1080p30 video and format plus RENDER_TIMEOUT_MS per scene: not retried by itself, its credits released). `cancelled`: cancelled by `POST /v1/jobs/{job_id}/cancel`.',
  '`failed` and `cancelled` go back to `queued` with `POST /v1/jobs/{job_id}/retry` (a new attempt).',
].join(' ');

export class JobErrorDto {
  @ApiProperty({ example: 'asset_unreadable', description: "Stable code: `internal_error` for failures on our side, else the handler's code" }) code: string;
  @ApiProperty({ example: 'The audio asset could not be decoded' }) message: string;
}

export class JobArtifactDto {
  @ApiProperty({ example: 'art_01jdz3k5q8c9w3m5y4x0b7n2ph' }) artifact_id: string;
  @ApiProperty({ example: 'mp4', description: 'What it is within the result: `mp4`, `webm`, `gif`, `poster`, `piece`…' }) role: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'http://localhost:3100/v1/artifacts/art_01jdz3k5q8c9w3m5y4x0b7n2ph/signed-content?expires=1767225600&signature=…',
    description:
      'Reads the bytes without credentials for an hour from this answer (within SIGNED_URL_TTL_MIN and SIGNED_URL_TTL_MAX); null if the artifact was deleted',
  })
  url: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'video/mp4' }) mime: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 1843200 }) bytes: number | null;
}

export class JobDto {
  @ApiProperty({ example: 'job_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ enum: JOB_KINDS, example: 'animate' }) kind: string;
  @ApiProperty({ enum: JOB_STATES, example: 'running', description: JOB_STATE_DESCRIPTION }) state: string;
  @ApiProperty({ type: Number, minimum: 0, maximum: 1, example: 0.45, description: 'Fraction done, 0 to 1' }) progress: number;
  @ApiProperty({ type: 'integer', example: 54 }) frames_done: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 120, description: 'Frames to make, once known' }) frames_total: number | null;
  @ApiProperty({ type: 'integer', example: 1, description: 'Attempts started: 1 for the first run, one more per retry or recovery after a lost worker' })
  attempts: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { design_id: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph', duration: 4, motion: 'zoom_in' },
    description: 'The request, defaults applied',
  })
  request: Record<string, unknown>;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    example: { duration: 4, fps: 30, frames: 120 },
    description: 'Kind-specific result, once succeeded',
  })
  result: Record<string, unknown> | null;
  @ApiProperty({ type: [JobArtifactDto] }) artifacts: JobArtifactDto[];
  @ApiProperty({ type: JobErrorDto, nullable: true, description: 'Why the job failed (state `failed`), else null' }) error: JobErrorDto | null;
  @ApiProperty({ type: String, nullable: true, example: 'https://example.com/hooks/creative' }) callback_url: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the latest attempt started' }) started_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class JobListDto {
  @ApiProperty({ type: [JobDto] }) data: JobDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }) next_cursor: string | null;
}

export class ListJobsQuery {
  @LimitField(JOB_PAGE_DEFAULT, JOB_PAGE_MAX)
  limit?: number;

  @CursorField()
  cursor?: string;

  @ApiPropertyOptional({ enum: JOB_STATES, description: 'Only jobs in this state' })
  @IsOptional()
  @IsIn(JOB_STATES, { message: `state must be one of ${JOB_STATES.join(', ')}` })
  state?: string;

  @ApiPropertyOptional({ enum: JOB_KINDS, description: 'Only jobs of this kind' })
  @IsOptional()
  @IsIn(JOB_KINDS, { message: `kind must be one of ${JOB_KINDS.join(', ')}` })
  kind?: string;
}

export class CallbackAttemptDto {
  @ApiProperty({ type: 'integer', example: 1 }) attempt: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 503, description: "The receiver's status; null when no answer came" }) status_code: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'HTTP 503' }) error: string | null;
  @ApiProperty({ type: 'integer', example: 41 }) duration_ms: number;
  @ApiProperty({ format: 'date-time' }) at: string;
}

export class CallbackDeliveryDto {
  @ApiProperty({ example: 'cbk_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'Also the `webhook-id` header of every try' }) id: string;
  @ApiProperty({ enum: JOB_EVENTS, example: 'job.succeeded' }) event: string;
  @ApiProperty({ example: 'https://example.com/hooks/creative' }) url: string;
  @ApiProperty({
    enum: CALLBACK_STATES,
    example: 'delivered',
    description: '`pending` (tries left: the next at `next_attempt_at`), `delivered` (a 2xx answer), `failed` (every try used, or the URL is refused)',
  })
  state: string;
  @ApiProperty({ type: 'integer', example: 4 }) attempts: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 204 }) last_status: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at: string | null;
  @ApiProperty({ type: [CallbackAttemptDto] }) attempt_log: CallbackAttemptDto[];
}

export class CallbackDeliveryListDto {
  @ApiProperty({ type: [CallbackDeliveryDto], description: 'Oldest first' }) data: CallbackDeliveryDto[];
}

export class SigningSecretDto {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Verifies `webhook-signature` (Standard Webhooks, `v1,<base64 HMAC-SHA256>`)',
  })
  secret: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'After a rotation: until when the previous secret also signs (its signature is sent beside the new one, space-separated)',
  })
  previous_secret_expires_at: string | null;
}

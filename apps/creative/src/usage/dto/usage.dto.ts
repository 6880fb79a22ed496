import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { CursorField, LimitField } from '@platform/http';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { BILLABLE_OPERATIONS } from '../../billing/metering';
import type { UsageEventRow } from '../usage.service';
import { MAX_LIST_LIMIT } from '../../common/list-limit';

export class UsageEventsQuery {
  @LimitField(50, MAX_LIST_LIMIT) limit?: number;
  @CursorField() cursor?: string;
  @ApiPropertyOptional({ enum: BILLABLE_OPERATIONS })
  @IsOptional()
  @IsIn([...BILLABLE_OPERATIONS])
  operation?: string;
}

export class UsageSummaryQuery {
  @ApiPropertyOptional({ type: 'integer', default: 30, minimum: 1, maximum: 366, description: 'Days back, today (UTC) included' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be an integer' })
  @Min(1)
  @Max(366)
  days?: number;
}

export class UsageEventDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: BILLABLE_OPERATIONS }) operation: string;
  @ApiProperty({ enum: ['succeeded', 'failed', 'cancelled'] }) outcome: string;
  @ApiProperty({ description: 'How much: images, operations, seconds of video, pieces, requests (see `unit`)' }) units: number;
  @ApiProperty({ example: 'image' }) unit: string;
  @ApiProperty({ type: 'integer', description: 'Credits charged (0 when it failed or was cancelled)' }) credits: number;
  @ApiProperty({ type: String, nullable: true }) design_id: string | null;
  @ApiProperty({ type: String, nullable: true }) job_id: string | null;
  @ApiProperty({ type: String, nullable: true }) asset_id: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The API key or token used' }) credential_id: string | null;
  @ApiProperty({ type: String, nullable: true }) reservation_id: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'How long the work took' }) duration_ms: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(r: UsageEventRow): UsageEventDto {
    return {
      id: r.id,
      operation: r.operation,
      outcome: r.outcome,
      units: r.units,
      unit: r.unit,
      credits: Number(r.credits),
      design_id: r.design_id,
      job_id: r.job_id,
      asset_id: r.asset_id,
      credential_id: r.credential_id,
      reservation_id: r.reservation_id,
      duration_ms: r.duration_ms,
      created_at: r.created_at.toISOString(),
    };
  }
}

export class UsageEventListDto {
  @ApiProperty({ type: [UsageEventDto] }) data: UsageEventDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class OperationFiguresDto {
  @ApiProperty({ type: 'integer' }) events: number;
  @ApiProperty() units: number;
  @ApiProperty({ type: 'integer' }) credits: number;
  @ApiProperty({ type: 'integer', description: 'Events that failed or were cancelled' }) failed: number;
}

export class OperationTotalsDto extends OperationFiguresDto {
  @ApiProperty() operation: string;
}

export class UsageDayDto {
  @ApiProperty({ example: '2026-01-31' }) date: string;
  @ApiProperty({ type: 'integer' }) events: number;
  @ApiProperty({ type: 'integer' }) credits: number;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/OperationFiguresDto' }, description: 'By operation' })
  operations: Record<string, OperationFiguresDto>;
}

export class UsageTotalsDto {
  @ApiProperty({ type: 'integer' }) events: number;
  @ApiProperty({ type: 'integer' }) credits: number;
  @ApiProperty({ type: 'integer' }) failed: number;
}

export class UsageSummaryDto {
  @ApiProperty({ type: 'integer' }) days: number;
  @ApiProperty({ example: '2026-01-02', description: 'First day counted (UTC)' }) since: string;
  @ApiProperty({ type: [UsageDayDto], description: 'Days with usage, oldest first' }) by_day: UsageDayDto[];
  @ApiProperty({ type: [OperationTotalsDto] }) by_operation: OperationTotalsDto[];
  @ApiProperty({ type: UsageTotalsDto }) totals: UsageTotalsDto;
}

export class RenderMetricsDto {
  @ApiProperty({ type: 'integer', description: 'Renders (design and procedural) that succeeded' }) count: number;
  @ApiProperty({ type: Number, nullable: true }) p50_ms: number | null;
  @ApiProperty({ type: Number, nullable: true }) p95_ms: number | null;
}

export class JobMetricsDto {
  @ApiProperty({ type: 'integer' }) queued: number;
  @ApiProperty({ type: 'integer' }) running: number;
  @ApiProperty({ type: 'integer' }) succeeded: number;
  @ApiProperty({ type: 'integer' }) failed: number;
  @ApiProperty({ type: 'integer' }) cancelled: number;
}

export class StorageMetricsDto {
  @ApiProperty({ type: 'integer' }) assets_bytes: number;
  @ApiProperty({ type: 'integer' }) assets: number;
  @ApiProperty({ type: 'integer' }) artifacts_bytes: number;
  @ApiProperty({ type: 'integer' }) artifacts: number;
  @ApiProperty({ type: 'integer' }) total_bytes: number;
}

export class CreditMetricsDto {
  @ApiProperty({ type: 'integer', description: 'Credits charged, all time' }) used: number;
  @ApiProperty({ type: 'integer', description: 'Balance now' }) left: number;
  @ApiProperty({ type: 'integer', description: 'Held by reservations' }) held: number;
  @ApiProperty() plan_id: string;
}

export class AccountMetricsDto {
  @ApiProperty({ type: RenderMetricsDto }) renders: RenderMetricsDto;
  @ApiProperty({ type: JobMetricsDto }) jobs: JobMetricsDto;
  @ApiProperty({ description: 'Seconds of video produced by jobs that succeeded' }) video_seconds: number;
  @ApiProperty({ type: StorageMetricsDto }) storage: StorageMetricsDto;
  @ApiProperty({ type: CreditMetricsDto }) credits: CreditMetricsDto;
}

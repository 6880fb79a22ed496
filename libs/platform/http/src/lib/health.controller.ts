import { Controller, Get, Header, HttpCode, Logger, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { DatabaseHealth } from '@platform/database';
import { JobQueue } from '@platform/queue';
import type { Response } from 'express';
import { MetricsService } from './metrics.service';
import { ReadinessChecks } from './readiness-checks';
import { SkipRateLimit } from './skip-rate-limit';

class LivenessDto {
  @ApiProperty({ enum: ['ok'] }) status: 'ok';
}

class CheckDto {
  @ApiProperty() ok: boolean;
  @ApiPropertyOptional({ enum: ['bullmq', 'inline'], description: 'queue only' }) mode?: string;
  @ApiPropertyOptional({
    description:
      "Why the check failed, in general terms (`unreachable`): the driver's own message, which may name hosts, users or databases, goes to the log only.",
  })
  error?: string;
}

class ChecksDto {
  @ApiProperty({ type: CheckDto }) database: CheckDto;
  @ApiProperty({ type: CheckDto }) queue: CheckDto;
  @ApiPropertyOptional({
    type: CheckDto,
    description:
      'creative only: its render and video worker threads (`stuck`: a thread terminated after its time budget is still running; replace the instance)',
  })
  threads?: CheckDto;
}

class ReadinessDto {
  @ApiProperty({ enum: ['ready', 'not_ready'] }) status: 'ready' | 'not_ready';
  @ApiProperty({ type: ChecksDto }) checks: ChecksDto;
}

@ApiTags('health')
@Public()
@SkipRateLimit()
@Controller()
export class HealthController {
  private readonly logger = new Logger('Readiness');

  constructor(
    private readonly db: DatabaseHealth,
    private readonly queue: JobQueue,
    private readonly metrics: MetricsService,
    private readonly extra: ReadinessChecks,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness probe' })
  @ApiOkResponse({ description: 'The process is alive.', type: LivenessDto })
  healthz(): LivenessDto {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({ summary: 'Readiness probe' })
  @ApiOkResponse({ description: "The database and the queue answer (and the service's own checks pass).", type: ReadinessDto })
  @ApiResponse({
    status: 503,
    description: 'The database or the queue does not answer, or a check of the service fails (`status: not_ready`).',
    type: ReadinessDto,
  })
  async readyz(@Res({ passthrough: true }) res: Response): Promise<ReadinessDto> {
    const [db, q] = await Promise.all([this.db.check(), this.queue.ping()]);
    // The probe is public: a failure is logged in full and answered in general terms.
    if (!db.ok) this.logger.warn(`database check failed: ${db.error}`);
    if (!q.ok) this.logger.warn(`queue check failed: ${q.error}`);
    const database: CheckDto = db.ok ? { ok: true } : { ok: false, error: 'unreachable' };
    const queue: CheckDto = q.ok ? { ok: true, mode: q.mode } : { ok: false, mode: q.mode, error: 'unreachable' };
    const problems = this.extra.problems();
    const extra = Object.fromEntries(Object.entries(problems).map(([name, p]) => [name, { ok: false, error: p.error }]));
    const ok = db.ok && q.ok && Object.keys(problems).length === 0;
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ready' : 'not_ready', checks: { database, queue, ...extra } };
  }

  @Get('metrics')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiExcludeEndpoint()
  metricsText() {
    return this.metrics.text();
  }
}

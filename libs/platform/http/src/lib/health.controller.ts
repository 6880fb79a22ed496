import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { DatabaseHealth } from '@platform/database';
import { JobQueue } from '@platform/queue';
import type { Response } from 'express';
import { MetricsService } from './metrics.service';
import { SkipRateLimit } from './skip-rate-limit';

@ApiTags('health')
@Public()
@SkipRateLimit()
@Controller()
export class HealthController {
  constructor(
    private readonly db: DatabaseHealth,
    private readonly queue: JobQueue,
    private readonly metrics: MetricsService,
  ) {}

  @Get('healthz')
  @ApiOkResponse({ description: 'The process is alive.', schema: { example: { status: 'ok' } } })
  healthz() {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOkResponse({
    description: 'The database and the queue answer (503 otherwise).',
    schema: { example: { status: 'ready', checks: { database: { ok: true }, queue: { ok: true, mode: 'bullmq' } } } },
  })
  async readyz(@Res({ passthrough: true }) res: Response) {
    const [database, queue] = await Promise.all([this.db.check(), this.queue.ping()]);
    const ok = database.ok && queue.ok;
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ready' : 'not_ready', checks: { database, queue } };
  }

  @Get('metrics')
  @HttpCode(200)
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiExcludeEndpoint()
  metricsText() {
    return this.metrics.text();
  }
}

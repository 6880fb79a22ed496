import { Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorResponses } from '../common/error-responses';
import {
  AccountMetricsDto,
  OperationFiguresDto,
  UsageEventDto,
  UsageEventListDto,
  UsageEventsQuery,
  UsageSummaryDto,
  UsageSummaryQuery,
} from './dto/usage.dto';
import { UsageService } from './usage.service';

@ApiTags('usage')
@ErrorResponses()
@ApiExtraModels(OperationFiguresDto)
@Controller('v1')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get('usage/events')
  @ApiOperation({
    summary: 'Usage events, newest first',
    description: 'One per billable operation (previews included, free): its units, credits, the design, job or asset, the credential used, the time.',
  })
  @ApiOkResponse({ type: UsageEventListDto })
  async events(@Auth() auth: AuthContext, @Query() q: UsageEventsQuery): Promise<UsageEventListDto> {
    const page = await this.usage.events(auth.accountId, q.limit ?? 50, q.cursor, q.operation);
    return { data: page.data.map(UsageEventDto.from), next_cursor: page.nextCursor };
  }

  @Get('usage/summary')
  @ApiOperation({ summary: 'Usage by day and by operation', description: '`days` (1 to 366, default 30) back, today (UTC) included, with totals.' })
  @ApiOkResponse({ type: UsageSummaryDto })
  summary(@Auth() auth: AuthContext, @Query() q: UsageSummaryQuery): Promise<UsageSummaryDto> {
    return this.usage.summary(auth.accountId, q.days ?? 30);
  }

  @Get('metrics')
  @ApiOperation({
    summary: "The account's metrics (JSON)",
    description:
      "Renders and their p50/p95 time, jobs by state, video seconds produced, storage bytes in assets and artifacts, credits used and left. The service's Prometheus metrics are `/metrics`, a different route.",
  })
  @ApiOkResponse({ type: AccountMetricsDto })
  metrics(@Auth() auth: AuthContext): Promise<AccountMetricsDto> {
    return this.usage.metrics(auth.accountId) as unknown as Promise<AccountMetricsDto>;
  }
}

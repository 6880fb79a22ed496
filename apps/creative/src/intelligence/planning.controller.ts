import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, IdempotentEffect, RERUN_EFFECT } from '@platform/http';
import { ErrorResponses } from '../common/error-responses';
import { PlanningRequestDto, PlanningResultDto } from './dto/intelligence.dto';
import { PlanningService } from './planning.service';
import { ProviderFailures } from './provider-failures.decorator';

@ApiTags('intelligence')
@ErrorResponses()
@Controller('v1/planning')
export class PlanningController {
  constructor(private readonly planning: PlanningService) {}

  @Post('brief')
  @HttpCode(200)
  @ApiOperation({
    summary: 'From a goal to a brief and a plan',
    description:
      'The brief: written by the built-in engine from the goal in `language` (default pt-BR; intent, eyebrow, title, subtitle, body, CTA, a figure from the goal as `insight`, tone), ' +
      'or by a model (`provider`, default LLM_PROVIDER) through validated structured output (a second bad answer falls back to the built-in brief with a warning). ' +
      'The plan is deterministic for a brief: for each format (`format` `{name}` or `{width, height}`; default square, story and landscape) a `design.create` from the template of ' +
      'its shape and a `design.render` to PNG, plus a `video.animate` of the tallest piece when the goal asks for video (video, reel, motion, animação…). `workflow` is a WorkflowRun ' +
      'body: POST it to /v1/workflows/run to make the pieces. `estimate` prices each step with the billing price book (0 where an operation is free). Billed as `planning` ({provider}).',
  })
  @ApiOkResponse({ type: PlanningResultDto })
  @ProviderFailures()
  @IdempotentEffect(RERUN_EFFECT)
  plan(@Auth() auth: AuthContext, @Body() body: PlanningRequestDto): Promise<PlanningResultDto> {
    // The key's claim on the charge: a retry after this process died is charged once (see `RERUN_EFFECT`).
    const idempotencyRef = currentIdempotencyClaim()?.ref ?? null;
    return this.planning.plan({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef }, body);
  }
}

import { Body, Controller, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, IdempotentEffect, RERUN_EFFECT } from '@platform/http';
import { BillingResponses, ErrorResponses, RenderErrorResponses } from '../common/error-responses';
import { BRIEF_SCHEMA_REF } from '../common/library-schemas';
import { ProceduralRenderDto, ProceduralResultDto } from './dto/procedural.dto';
import { BriefAnalysisDto, MaterializeDto, MaterializedDocumentDto, AnalyzeQuery } from './dto/tools.dto';
import { analyzeAtEdge } from './tools.operations';
import { PROCEDURAL_EFFECT, ToolsService } from './tools.service';

@ApiTags('tools')
@ErrorResponses()
@Controller('v1')
export class ToolsController {
  constructor(private readonly tools: ToolsService) {}

  @Post('briefs/analyze')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Judge a brief before designing with it',
    description:
      "The Creative IR library's analysis: a score and grade, each field's length against the limit of the format (`format` of the brief; default 1080x1080), " +
      "readability, the contrast of the palette (the brand kit's, else the brief's), missing and unused fields and suggestions. " +
      'The score reflects what the template (`template`, else the one a design from this brief would get) will show: a brief it shows nothing of scores at most 15; ' +
      'required fields absent, fields it has no place for and empty optional places lower it.',
  })
  @ApiBody({ schema: { $ref: BRIEF_SCHEMA_REF } })
  @ApiOkResponse({ type: BriefAnalysisDto })
  @IdempotentEffect(RERUN_EFFECT)
  async analyze(@Auth() auth: AuthContext, @Body() body: unknown, @Query() query: AnalyzeQuery): Promise<BriefAnalysisDto> {
    return analyzeAtEdge(this.tools, auth.accountId, body, query.template);
  }

  @Post('layouts/materialize')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Resolve the layout of an IR without rendering',
    description:
      "Every node at its absolute box (auto-layout frames resolved) and every text node's lines: a debugging aid. IR issues are 422 items under `body.ir`. " +
      '`warnings` are coded: text cut (`text_truncated`), shrunk to fit (`text_shrunk`), not fitting (`text_overflow`), missing glyphs or fonts.',
  })
  @ApiOkResponse({ type: MaterializedDocumentDto })
  @RenderErrorResponses()
  @IdempotentEffect(RERUN_EFFECT)
  async materialize(@Auth() auth: AuthContext, @Body() body: MaterializeDto): Promise<MaterializedDocumentDto> {
    return this.tools.materialize(auth.accountId, body.ir);
  }

  @Post('procedural/render')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Render a procedural background into an artifact',
    description:
      'Defaults: style `mesh`, seed 7, density 1.0, phase 0.0, 1080x1080, png. `palette` (1 to 8 colors) or `tone` choose the colors; `title` and `eyebrow` ' +
      'are drawn over it in a color that reads (with a scrim when needed). Same options, same picture. With an `Idempotency-Key`, a retry after the ' +
      'process rendering it died (its hold on the key lapsed, about 30 s) answers 200 with the artifact that process stored (the same `id`), or renders ' +
      'it: one artifact and one charge either way.',
  })
  @ApiOkResponse({ type: ProceduralResultDto })
  @RenderErrorResponses()
  @BillingResponses()
  @IdempotentEffect(PROCEDURAL_EFFECT)
  async procedural(@Auth() auth: AuthContext, @Body() body: ProceduralRenderDto): Promise<ProceduralResultDto> {
    const idempotencyRef = currentIdempotencyClaim()?.ref ?? null;
    return this.tools.procedural({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef }, body);
  }
}

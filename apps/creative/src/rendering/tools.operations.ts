import { atInput } from '@platform/errors';
import { RERUN_EFFECT } from '@platform/http';
import { defineOperation } from '../common/operation';
import { ProceduralRenderDto } from './dto/procedural.dto';
import { AnalyzeQuery, MaterializeDto } from './dto/tools.dto';
import { PROCEDURAL_EFFECT, ToolsService } from './tools.service';

/** The brief analysis as REST and MCP call it: the brief is the body, the template a query parameter. */
export async function analyzeAtEdge(tools: ToolsService, accountId: string, body: unknown, template: string | undefined) {
  const brief = tools.briefToAnalyze(body);
  await atInput('query', () => tools.checkAnalyzeTemplate(template));
  return tools.analyze(accountId, brief, template);
}

/** Briefs, layouts and procedural backgrounds as operations (see `OperationSpec`). */
export const TOOLS_OPERATIONS = {
  analyze: defineOperation({
    id: 'Tools_analyze',
    method: 'POST',
    path: '/v1/briefs/analyze',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: ToolsService,
    input: { query: AnalyzeQuery, body: 'json' },
    run: (u, auth, { query, body }) => analyzeAtEdge(u, auth.accountId, body, query.template),
  }),
  materialize: defineOperation({
    id: 'Tools_materialize',
    method: 'POST',
    path: '/v1/layouts/materialize',
    status: 200,
    effect: RERUN_EFFECT,
    useCases: ToolsService,
    input: { body: MaterializeDto },
    run: (u, auth, { body }) => u.materialize(auth.accountId, body.ir),
  }),
  procedural: defineOperation({
    id: 'Tools_procedural',
    method: 'POST',
    path: '/v1/procedural/render',
    status: 200,
    effect: PROCEDURAL_EFFECT,
    useCases: ToolsService,
    input: { body: ProceduralRenderDto },
    run: (u, auth, { body, ref }) => u.procedural({ accountId: auth.accountId, credentialId: auth.credentialId, idempotencyRef: ref }, body),
  }),
};

import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorResponses } from '../common/error-responses';
import { WorkflowResultDto, WorkflowRunDto } from './dto/intelligence.dto';
import { WorkflowsService } from './workflows.service';

export const WORKFLOW_DESCRIPTION = [
  'A small declarative pipeline: `steps` run in order, each `{id, operation, params}`. `id` matches `^[a-z][a-z0-9_]{0,63}$` and is unique; `params` is the body of the',
  "operation's REST endpoint plus its path parameters, validated exactly as that endpoint validates it. Operations: `design.create` (POST /v1/designs),",
  '`design.update` (PATCH /v1/designs/{design_id}; `design_id`), `design.render` (POST /v1/designs/{design_id}/render; `design_id`), `node.add` (`design_id`),',
  '`node.patch` (`design_id`, `node_id`), `campaign.create` (POST /v1/campaigns), `procedural.render`, `asset.transform` (`asset_id`), `generation.create` (POST /v1/generations),',
  '`brief.from_image` (POST /v1/briefs/from-image), `planning.brief` (POST /v1/planning/brief), and the video operations, which answer their job:',
  '`video.animate` (`design_id`), `video.create` (POST /v1/videos), `video.procedural` (POST /v1/videos/procedural).',
  '',
  "References: a param value that is exactly `$steps.<id>.<field>` (or a deeper path, `$steps.gen.asset.id`) is replaced by that field of an earlier step's result:",
  '`design_id` of design operations, `artifact` and `signed_url` of renders, `asset_id` of generations and transforms, `brief` of `brief.from_image` and `planning.brief`,',
  '`campaign_id` and `pieces` of campaigns, `job_id` of video operations (each result is the REST answer of the operation plus these aliases).',
  '',
  'The whole workflow is checked before anything runs: a bad step id, unknown operation, invalid params, a reference to a later or unknown step or to a field its operation does',
  'not answer, or an `outputs` entry naming nothing is a 422 with `loc` into `body.steps.<i>…` (or `body.outputs.<i>`); nothing runs. A step that fails while running stops the run:',
  'the answer (200) has `status: "failed"`, `failed_step` (index, id, operation, and the status, code and detail its endpoint would have answered), and every earlier step with',
  'its result (what it made is kept); later steps are `skipped`. `outputs` (`<id>` or `<id>.<field>`) selects what the answer returns; without it every step carries its result.',
  'Idempotent by `idempotency_key` (or the header) like every creating operation: a repeat replays the stored answer, failed runs included, and runs nothing again.',
].join('\n');

@ApiTags('intelligence')
@ErrorResponses()
@Controller('v1/workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Post('run')
  @HttpCode(200)
  @ApiOperation({ summary: 'Run a workflow of operations', description: WORKFLOW_DESCRIPTION })
  @ApiOkResponse({ type: WorkflowResultDto })
  run(@Auth() auth: AuthContext, @Body() body: WorkflowRunDto): Promise<WorkflowResultDto> {
    return this.workflows.run(auth, body);
  }
}

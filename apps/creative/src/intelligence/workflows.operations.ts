import { defineOperation } from '../common/operation';
import { WorkflowRunDto } from './dto/intelligence.dto';
import { WorkflowsService } from './workflows.service';

/** Running a workflow, as an operation (apart from the step table: a step cannot run a workflow). */
export const WORKFLOW_RUN_OPERATION = defineOperation({
  id: 'Workflows_run',
  method: 'POST',
  path: '/v1/workflows/run',
  status: 200,
  useCases: WorkflowsService,
  input: { body: WorkflowRunDto },
  run: (u, auth, { body }) => u.run(auth, body),
});

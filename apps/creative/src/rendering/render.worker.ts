import { initCreativeIr } from '@platform/creative-ir';
import { runRenderTask, type RenderTask, type TaskResult } from './render-tasks';

/**
 * The render worker thread (piscina). Built as its own entry (`render-worker.js` beside `main.js`),
 * it loads yoga and registers the bundled fonts once, then runs tasks. Results come back by
 * structured cloning (a 1080x1080 PNG is copied in well under a millisecond).
 */
const ready = initCreativeIr();

export default async function renderWorker(task: RenderTask): Promise<TaskResult> {
  await ready;
  return runRenderTask(task);
}

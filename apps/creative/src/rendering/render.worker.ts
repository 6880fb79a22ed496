import { initCreativeIr } from '@platform/creative-ir';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { reportThreadMemory } from '../common/thread-memory-report';
import { runRenderTask, type RenderTask, type TaskResult } from './render-tasks';

/**
 * The render worker thread (piscina). Built as its own entry (`render-worker.js` beside `main.js`),
 * it loads yoga and registers the bundled fonts once, then runs tasks. Rendered bytes are moved to
 * the main thread (their ArrayBuffer is transferred, not copied); everything else is cloned.
 */
const ready = initCreativeIr();
reportThreadMemory('render');

export default async function renderWorker(task: RenderTask): Promise<TaskResult> {
  await ready;
  const result = await runRenderTask(task);
  if (result.ok && 'data' in result.value) {
    return move({ [transferableSymbol]: [result.value.data.buffer], [valueSymbol]: result } as never) as unknown as TaskResult;
  }
  return result;
}

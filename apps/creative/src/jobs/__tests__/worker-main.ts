// A creative worker process (ROLE=worker from the environment), run with @swc-node/register by the kill tests
// (worker-process.ts): with the jobs tests' handler when WORKER_TEST_HANDLER=1, else the real handlers.
import { createApp } from '@platform/http';
import { loadCreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { withTestHandler } from './test-handler';

async function main(): Promise<void> {
  const config = loadCreativeConfig(process.env);
  const def = process.env.WORKER_TEST_HANDLER === '1' ? withTestHandler(creativeService) : creativeService;
  const app = await createApp(def, config);
  app.enableShutdownHooks();
  await app.init();
  process.stdout.write('worker ready\n');
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});

// A creative worker process (ROLE=worker from the environment) with the test handler: the jobs kill test runs it with vite-node.
import { createApp } from '@platform/http';
import { loadCreativeConfig } from '../../config';
import { creativeService } from '../../service';
import { withTestHandler } from './test-handler';

async function main(): Promise<void> {
  const config = loadCreativeConfig(process.env);
  const app = await createApp(withTestHandler(creativeService), config);
  app.enableShutdownHooks();
  await app.init();
  process.stdout.write('worker ready\n');
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});

// A creative worker process (ROLE=worker from the environment) with the real handlers: the video kill test runs it with vite-node.
import { createApp } from '@platform/http';
import { loadCreativeConfig } from '../../config';
import { creativeService } from '../../service';

async function main(): Promise<void> {
  const config = loadCreativeConfig(process.env);
  const app = await createApp(creativeService, config);
  app.enableShutdownHooks();
  await app.init();
  process.stdout.write('worker ready\n');
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  process.exit(1);
});

import 'reflect-metadata';
import { runService } from '@platform/http';
import { messagingService } from './service';

runService(messagingService).catch((err) => {
  process.stderr.write(`messaging: ${err?.stack ?? err}\n`);
  process.exit(1);
});

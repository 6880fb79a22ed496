import 'reflect-metadata';
import { runService } from '@platform/http';
import { creativeService } from './service';

runService(creativeService).catch((err) => {
  process.stderr.write(`creative: ${err?.stack ?? err}\n`);
  process.exit(1);
});

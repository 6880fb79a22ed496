import 'reflect-metadata';
import { runService } from '@platform/http';
import { entityService } from './service';

runService(entityService).catch((err) => {
  process.stderr.write(`entity: ${err?.stack ?? err}\n`);
  process.exit(1);
});

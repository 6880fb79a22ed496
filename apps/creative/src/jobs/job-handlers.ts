import { Injectable } from '@nestjs/common';
import type { JobHandler, JobKind } from './job-types';

/** The handler of each job kind: features register theirs (in `onModuleInit`), the media processor looks them up. */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<JobKind, JobHandler>();

  register(handler: JobHandler): void {
    this.handlers.set(handler.kind, handler);
  }

  get(kind: JobKind): JobHandler | undefined {
    return this.handlers.get(kind);
  }
}

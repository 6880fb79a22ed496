import { Injectable } from '@nestjs/common';
import type { JobHandler, JobKind } from './job-types';

/**
 * The handler of each job kind: features register theirs (in `onModuleInit`), the media processor looks
 * them up. A kind has one handler: a second `register` of it is a programming error and stops the boot,
 * instead of one silently replacing the other depending on the modules' order. Tests that run a kind with
 * a handler of their own use `override`, which wins whichever registers first.
 */
@Injectable()
export class JobHandlers {
  private readonly handlers = new Map<JobKind, JobHandler>();
  private readonly overridden = new Set<JobKind>();

  register(handler: JobHandler): void {
    if (this.overridden.has(handler.kind)) return;
    if (this.handlers.has(handler.kind)) throw new Error(`A handler of job kind ${handler.kind} is already registered`);
    this.handlers.set(handler.kind, handler);
  }

  /** Tests: runs `handler` for its kind instead of the feature's own, whether that registered before or registers after. */
  override(handler: JobHandler): void {
    this.overridden.add(handler.kind);
    this.handlers.set(handler.kind, handler);
  }

  get(kind: JobKind): JobHandler | undefined {
    return this.handlers.get(kind);
  }
}

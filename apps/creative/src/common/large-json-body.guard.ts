import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { readJsonBody } from '@platform/http';
import type { Request, Response } from 'express';
import type { CreativeConfig } from '../config';

/**
 * Reads the JSON body of `POST /v1/designs` with `DESIGN_BODY_LIMIT` instead of `BODY_LIMIT` (the path is in the
 * service's `selfParsedJsonPaths`, so the global parser leaves it alone): a design bundle or an IR carries its images
 * and fonts as data URLs. A guard because of where Nest runs it: after the global authentication guard (no byte of an
 * anonymous body is read) and before the global idempotency interceptor and the validation pipe, which see the parsed
 * body as on any other route.
 */
@Injectable()
export class DesignBodyGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: CreativeConfig) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const res = ctx.switchToHttp().getResponse<Response>();
    await readJsonBody(req, res, this.config.designs.bodyLimitBytes, this.config.bodyMaxDepth);
    return true;
  }
}

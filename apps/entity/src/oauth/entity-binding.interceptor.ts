import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { AuthedRequest } from '@platform/auth';
import { NotFoundError } from '@platform/errors';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * An OAuth access token is valid for the one entity the user chose: any other entity answers
 * 404 entity_not_found, exactly as an entity that does not exist (nothing is revealed).
 */
@Injectable()
export class EntityBindingInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() === 'http') {
      const req = ctx.switchToHttp().getRequest<Request & AuthedRequest>();
      const bound = req.auth?.boundResourceId;
      if (req.auth?.credentialType === 'access_token') {
        const entityId = req.params?.entityId ?? (req.path.startsWith('/api/v1/entities/') ? req.params?.id : undefined);
        if (!bound || !entityId || entityId !== bound) throw new NotFoundError(`Entity ${entityId ?? ''} not found`.trim(), 'entity_not_found');
      }
    }
    return next.handle();
  }
}

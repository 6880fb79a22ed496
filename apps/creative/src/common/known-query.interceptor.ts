import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata, type Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ValidationError } from '@platform/errors';
import { getMetadataStorage } from 'class-validator';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/** What a route reads from its query string: the names it knows, or `any` (a free `@Query()` of no DTO class). */
type KnownQuery = { names: string[] } | 'any';

const ANY_QUERY = 'known-query:any';

/**
 * A controller (or handler) whose query strings are not an API's filters: the local gateway's HTML pages, where a token
 * in the query string must be refused as a token (403), not as an unknown parameter.
 */
export const AcceptsAnyQuery = (): ClassDecorator & MethodDecorator => SetMetadata(ANY_QUERY, true);

/** At most this many unknown parameters are reported (the rest are not worth a longer answer). */
const MAX_REPORTED = 10;

const PLAIN = new Set<unknown>([Object, String, Number, Boolean, Array, undefined]);

/** The fields of a query DTO class (its class-validator rules, inherited ones included). */
function fieldsOf(dto: Type<unknown>): string[] {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadatas.map((m) => m.propertyName))];
}

/** The query parameters a handler declares: each `@Query('name')`, and the fields of each `@Query() dto: Dto`. */
export function knownQueryOf(controller: Type<unknown>, handler: string): KnownQuery {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, handler) ?? []) as unknown[];
  const names: string[] = [];
  for (const [key, arg] of Object.entries(args)) {
    if (Number(key.split(':')[0]) !== RouteParamtypes.QUERY) continue;
    if (typeof arg.data === 'string') names.push(arg.data);
    else if (PLAIN.has(types[arg.index])) return 'any';
    else names.push(...fieldsOf(types[arg.index] as Type<unknown>));
  }
  return { names: [...new Set(names)] };
}

/**
 * Refuses query parameters a route does not take, on every route of the service: `GET /v1/billing/ledger?type=bogus`
 * answers 422 (`loc: ["query", "type"]`, type `extra_forbidden`) instead of a list that looks filtered and is not. It
 * reads what each handler declares (`@Query('name')` and the fields of a `@Query()` DTO), so a new filter is known as
 * soon as its DTO field exists. Runs after authentication (a bad key is still 401) and before validation.
 */
@Injectable()
export class KnownQueryInterceptor implements NestInterceptor {
  private readonly cache = new WeakMap<(...args: unknown[]) => unknown, KnownQuery>();

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const handler = context.getHandler() as (...args: unknown[]) => unknown;
    let known = this.cache.get(handler);
    if (!known) {
      const anyQuery = Reflect.getMetadata(ANY_QUERY, handler) ?? Reflect.getMetadata(ANY_QUERY, context.getClass());
      known = anyQuery ? 'any' : knownQueryOf(context.getClass(), handler.name);
      this.cache.set(handler, known);
    }
    const query = context.switchToHttp().getRequest<Request>().query ?? {};
    if (known !== 'any') {
      const allowed = new Set(known.names);
      const unknown = Object.keys(query).filter((k) => !allowed.has(k));
      if (unknown.length) {
        const takes = known.names.length ? `this endpoint takes ${known.names.join(', ')}` : 'this endpoint takes no query parameters';
        throw new ValidationError(
          unknown.slice(0, MAX_REPORTED).map((k) => ({ loc: [k], msg: `Unknown query parameter: ${takes}`, type: 'extra_forbidden' })),
          `Unknown query parameter${unknown.length > 1 ? 's' : ''} ${unknown
            .slice(0, 3)
            .map((k) => `"${k}"`)
            .join(', ')}${unknown.length > 3 ? '…' : ''}: ${takes}`,
          'query',
        );
      }
    }
    return next.handle();
  }
}

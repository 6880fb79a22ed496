import { ArgumentMetadata, ExecutionContext, PipeTransform, RequestMethod, Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { AuthContext } from '@platform/auth';
import { EnvelopeValidationPipe } from '@platform/errors';
import type { IdempotencyInterceptor } from '@platform/http';
import { from, lastValueFrom } from 'rxjs';

/** A controller method: the REST endpoint an MCP tool or a workflow step stands for. */
export interface RouteRef<T = unknown> {
  controller: Type<T>;
  method: keyof T & string;
}

/** What the controller answered: its return value, or what it wrote to the response (`@Res()` routes). */
export interface RouteAnswer {
  status: number;
  headers: Record<string, string>;
  /** The value returned, or the body sent (`Buffer` for bytes, string for text). */
  body: unknown;
  /** The Content-Type set by the controller (`@Res()` routes). */
  contentType?: string;
}

export interface RouteCall {
  auth: AuthContext;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body as the client sent it (before validation), or undefined for body-less operations. */
  body: unknown;
  /** Request headers, lower-case names (e.g. `if-match`): what `@Headers('if-match')` reads. */
  headers?: Record<string, string>;
  /** Extra request properties a route's guard would have set (e.g. `upload` for the multipart guard). */
  request?: Record<string, unknown>;
}

interface ParamMeta {
  index: number;
  data?: string | Record<string, unknown>;
  pipes?: (PipeTransform | Type<PipeTransform>)[];
  factory?: (data: unknown, ctx: ExecutionContext) => unknown;
}

const METHOD_NAMES: Record<number, string> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const joinPath = (...parts: (string | undefined)[]) =>
  `/${parts
    .flatMap((p) => (p ?? '').split('/'))
    .filter(Boolean)
    .join('/')}`;

/** The HTTP method and path template (`/v1/designs/:design_id`) of a controller method, from its Nest metadata. */
export function routeOf(ref: RouteRef): { method: string; template: string } {
  const handler = (ref.controller.prototype as Record<string, unknown>)[ref.method] as object;
  const base = Reflect.getMetadata(PATH_METADATA, ref.controller) as string | string[];
  const own = Reflect.getMetadata(PATH_METADATA, handler) as string | string[];
  const method = METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, handler) as number];
  if (!method) throw new Error(`${ref.controller.name}.${ref.method} is not a route`);
  return { method, template: joinPath(Array.isArray(base) ? base[0] : base, Array.isArray(own) ? own[0] : own) };
}

/** The operationId the service's OpenAPI document gives a controller method (see `createOpenApiDocument`). */
export const operationIdOf = (ref: RouteRef) => `${ref.controller.name.replace(/Controller$/, '')}_${ref.method}`;

/** Collects what a `@Res()` route writes, and the headers a passthrough route sets. */
class CapturedResponse {
  statusCode = 200;
  headers: Record<string, string> = {};
  body: unknown = undefined;
  contentType?: string;
  headersSent = false;
  private closers: (() => void)[] = [];

  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string | number | readonly string[]) {
    this.headers[name.toLowerCase()] = String(value);
    return this;
  }
  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }
  header(name: string, value: string) {
    return this.setHeader(name, value);
  }
  set(name: string, value: string) {
    return this.setHeader(name, value);
  }
  type(mime: string) {
    this.contentType = mime;
    return this;
  }
  send(body: unknown) {
    this.body = body;
    this.headersSent = true;
    return this;
  }
  json(body: unknown) {
    this.contentType ??= 'application/json';
    return this.send(body);
  }
  end(body?: unknown) {
    if (body !== undefined) this.body = body;
    this.headersSent = true;
    return this;
  }
  once(event: string, fn: () => void) {
    if (event === 'close' || event === 'finish') this.closers.push(fn);
    return this;
  }
  on(event: string, fn: () => void) {
    return this.once(event, fn);
  }
  close() {
    for (const fn of this.closers.splice(0)) fn();
  }
}

/**
 * Calls a REST controller method the way Nest's router does, without HTTP: its parameters are bound from
 * the route's own parameter metadata (`@Auth()`, `@Param()`, `@Query()`, `@Body()`, `@Res()`…) and go through
 * the app's validation pipe (`EnvelopeValidationPipe`, so a bad argument fails with the very `loc` and message
 * of the REST answer) and the parameter's own pipes; the global idempotency interceptor wraps the call with
 * the route's method and path, so an `idempotency_key` means what it means on the REST endpoint.
 * Used by the MCP tools and the workflow steps, so both run the very code of the REST endpoints (billing included).
 * Guards are not run: the MCP endpoint and the workflow route have authenticated the caller, and the few routes with a guard of their
 * own (multipart uploads) are given what their guard would have put on the request (`RouteCall.request`).
 */
export class RouteInvoker {
  private readonly validation = new EnvelopeValidationPipe();

  constructor(
    private readonly idempotency: IdempotencyInterceptor,
    private readonly instanceOf: <T>(type: Type<T>) => T,
  ) {}

  async call(ref: RouteRef, call: RouteCall): Promise<RouteAnswer> {
    const instance = this.instanceOf(ref.controller) as Record<string, (...args: unknown[]) => unknown>;
    const handler = instance[ref.method];
    const { method, template } = routeOf(ref);
    const path = template.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(call.params[name] ?? ''));
    const res = new CapturedResponse();
    res.statusCode = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? (method === 'POST' ? 201 : 200);
    const req = {
      method,
      path,
      url: path,
      originalUrl: path,
      headers: { ...call.headers } as Record<string, string>,
      params: call.params,
      query: call.query,
      body: call.body,
      auth: call.auth,
      ip: '127.0.0.1',
      ...call.request,
    };
    const ctx = {
      getType: () => 'http',
      getClass: () => ref.controller,
      getHandler: () => handler,
      getArgs: () => [req, res],
      getArgByIndex: (i: number) => [req, res][i],
      switchToHttp: () => ({ getRequest: () => req, getResponse: () => res, getNext: () => () => undefined }),
      switchToRpc: () => {
        throw new Error('not rpc');
      },
      switchToWs: () => {
        throw new Error('not ws');
      },
    } as unknown as ExecutionContext;

    const run = async () => {
      const args = await this.bind(ref, ctx, call);
      const returned = await handler.apply(instance, args);
      return returned;
    };
    try {
      const returned = await lastValueFrom(this.idempotency.intercept(ctx, { handle: () => from(run()) }), { defaultValue: undefined });
      const body = res.headersSent ? res.body : returned;
      return { status: res.statusCode, headers: res.headers, body, contentType: res.contentType };
    } finally {
      res.close();
    }
  }

  /** The handler's arguments, each from its parameter decorator, through the global then the parameter's pipes. */
  private async bind(ref: RouteRef, ctx: ExecutionContext, call: RouteCall): Promise<unknown[]> {
    const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ref.controller, ref.method) ?? {}) as Record<string, ParamMeta>;
    const types = (Reflect.getMetadata('design:paramtypes', ref.controller.prototype, ref.method) ?? []) as Type<unknown>[];
    const http = ctx.switchToHttp();
    const args: unknown[] = [];
    for (const [key, meta] of Object.entries(metadata)) {
      const metatype = types[meta.index];
      const data = typeof meta.data === 'string' ? meta.data : undefined;
      let value: unknown;
      let kind: ArgumentMetadata['type'] | null = null;
      if (meta.factory) {
        value = meta.factory(meta.data, ctx);
        kind = 'custom';
      } else {
        const paramtype = Number(key.split(':')[0]) as RouteParamtypes;
        switch (paramtype) {
          case RouteParamtypes.REQUEST:
            value = http.getRequest();
            break;
          case RouteParamtypes.RESPONSE:
            value = http.getResponse();
            break;
          case RouteParamtypes.BODY:
            value = data ? (call.body as Record<string, unknown> | undefined)?.[data] : call.body;
            kind = 'body';
            break;
          case RouteParamtypes.QUERY:
            value = data ? call.query[data] : call.query;
            kind = 'query';
            break;
          case RouteParamtypes.PARAM:
            value = data ? call.params[data] : call.params;
            kind = 'param';
            break;
          case RouteParamtypes.HEADERS:
            value = data ? call.headers?.[data.toLowerCase()] : { ...call.headers };
            break;
          default:
            throw new Error(`${ref.controller.name}.${ref.method} takes a parameter a call without HTTP cannot give (${key})`);
        }
      }
      const argMeta: ArgumentMetadata = { type: kind ?? 'custom', metatype, data };
      if (kind && kind !== 'custom') value = await this.validation.transform(value, argMeta);
      for (const pipe of meta.pipes ?? []) {
        const instance = typeof pipe === 'function' ? new (pipe as Type<PipeTransform>)() : pipe;
        value = await instance.transform(value, argMeta);
      }
      args[meta.index] = value;
    }
    return args;
  }
}

import type { FactoryProvider, Type } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { currentIdempotencyClaim, fingerprintInput, IDEMPOTENT_METHODS, IdempotencyService } from '@platform/http';
import { pathParamsOf, useCasesOf, type OperationInput, type OperationRequest, type OperationSpec } from './operation';
import { validateInput } from './validate-input';

/** What an operation answered: its result (or, for a repeated idempotency key, the stored one) and the REST status. */
export interface OperationAnswer {
  body: unknown;
  status: number;
  replayed: boolean;
}

/**
 * Runs operations for callers without HTTP (MCP tools, workflow steps) as their REST endpoints run: the input is
 * validated by the endpoint's DTO classes (the same 422 items and `loc`), an `idempotency_key` on a creating operation
 * means what it means on the endpoint (the same stored row: same fingerprint of method, path and body, same status),
 * and the operation's application service method answers. Authentication is the caller's (the MCP endpoint, the
 * workflow route).
 */
export class OperationRunner {
  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly instances: Map<Type<unknown>, unknown>,
  ) {}

  async run(spec: OperationSpec, auth: AuthContext, request: OperationRequest): Promise<OperationAnswer> {
    const useCases = this.instances.get(spec.useCases);
    if (!useCases) throw new Error(`${spec.id}: ${spec.useCases.name} was not given to this runner`);
    // `ref`: the claim of this call's key, read inside `IdempotencyService.run` (an unkeyed call has none, whatever
    // claim it runs inside: a workflow step of a keyed workflow run).
    const exec = async (keyed: boolean) =>
      spec.run(useCases, auth, { ...(await this.validated(spec, request)), ref: keyed ? (currentIdempotencyClaim()?.ref ?? null) : null });
    const header = request.headers['idempotency-key'];
    const bodyKey = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>).idempotency_key : undefined;
    const key = typeof header === 'string' ? header : typeof bodyKey === 'string' ? bodyKey : undefined;
    if (!IDEMPOTENT_METHODS.has(spec.method) || key === undefined) return { body: await exec(false), status: spec.status, replayed: false };
    const url = spec.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => encodeURIComponent(request.path[name] ?? ''));
    const call = {
      accountId: auth.accountId,
      key,
      keyFrom: typeof header === 'string' ? ('header' as const) : ('body' as const),
      fingerprint: fingerprintInput(spec.method, url, request.body),
      secret: spec.secret === true,
      effect: spec.effect,
      request: request.body,
    };
    return this.idempotency.run(
      call,
      () => exec(true),
      () => spec.status,
    );
  }

  /** The request's parts through the REST endpoint's pipes, in the endpoint's DTO classes. */
  private async validated(spec: OperationSpec, request: OperationRequest): Promise<OperationInput> {
    const { input } = spec;
    let path: unknown = request.path;
    if (input.path) path = await validateInput(input.path, request.path, 'path');
    else for (const name of pathParamsOf(spec.path)) await validateInput(String, request.path[name], 'path', name);
    const query = input.query ? await validateInput(input.query, request.query, 'query') : {};
    let body: unknown = undefined;
    if (input.body === 'json') body = await validateInput(Object, request.body, 'body');
    else if (input.body && 'optional' in input.body) {
      const raw = await validateInput(Object, request.body, 'body');
      const empty = raw === undefined || raw === null || (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0);
      body = await validateInput(input.body.optional, empty ? {} : raw, 'body');
    } else if (input.body) body = await validateInput(input.body, request.body, 'body');
    const headers = Object.fromEntries((input.headers ?? []).map((h) => [h, request.headers[h]]));
    return { path: path as Record<string, string>, query, body, sentBody: request.body, headers, upload: input.upload ? request.upload : undefined };
  }
}

/**
 * A runner for `specs` as a provider: their application services injected by class (the importing module imports
 * the feature modules that export them), with the platform's idempotency.
 */
export function operationRunnerProvider(provide: string | symbol, specs: OperationSpec[]): FactoryProvider<OperationRunner> {
  const classes = useCasesOf(specs);
  return {
    provide,
    inject: [IdempotencyService, ...classes],
    useFactory: (idempotency: IdempotencyService, ...instances: unknown[]) =>
      new OperationRunner(idempotency, new Map(classes.map((c, i) => [c, instances[i]]))),
  };
}

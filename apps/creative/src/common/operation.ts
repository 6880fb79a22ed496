import type { Type } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import type { ReceivedFile } from './received-file';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an operation's use case receives: its input, validated by the REST endpoint's DTO classes. */
export interface OperationInput<B = unknown, Q = unknown, P = Record<string, string>> {
  /** The URL's path parameters (`design_id`), or their DTO when the operation has one. */
  path: P;
  query: Q;
  body: B;
  /** The body as sent, before its DTO dropped the fields it does not know (what `SentBody` gives a REST endpoint). */
  sentBody?: unknown;
  /** Request headers an operation reads (lower-case names: `if-match`). */
  headers: Record<string, string | undefined>;
  /** The uploaded file (upload operations). */
  upload?: ReceivedFile;
  /**
   * The claim of this call's own idempotency key (`currentIdempotencyClaim().ref`), null when the call has none: what an
   * operation with an `effect` records on it. Not read from the context in `run`: a workflow step runs inside the
   * claim of its keyed workflow run, which is not the step's.
   */
  ref?: string | null;
}

/** The input of an operation before validation, as a transport gives it: strings for path and query, the JSON body as sent. */
export interface OperationRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
  upload?: ReceivedFile;
}

/** A body validated as `dto`, or `{}` when absent or null (see `OptionalBody`). */
export interface OptionalBodySpec<B> {
  optional: Type<B>;
}

/** Marks an answer that is not JSON (a picture, a page): a symbol, so no JSON answer (nor a stored replay) can look like one. */
export const MEDIA_ANSWER = Symbol('mediaAnswer');

/** A picture as an operation's answer (previews): the REST endpoint sends the bytes. */
export interface ImageAnswer {
  [MEDIA_ANSWER]: 'image';
  mime: string;
  data: Buffer;
  etag: string;
}

/** An HTML page as an operation's answer (the HTML export). */
export interface HtmlAnswer {
  [MEDIA_ANSWER]: 'html';
  html: string;
  etag: string;
}

/**
 * One use case as every transport reaches it: the REST operation it is (`id` is its OpenAPI operationId, with its
 * method, path and success status, checked against openapi.json by a test), the DTO classes its input is validated
 * with, and the application service method it runs. The MCP tool table and the workflow step table name these;
 * the REST controller calls the same application service method.
 */
export interface OperationSpec<U = unknown, B = unknown, Q = unknown, P = Record<string, string>> {
  id: string;
  method: HttpMethod;
  /** The OpenAPI path (`/v1/designs/{design_id}`): with the method, what an idempotency key's fingerprint names. */
  path: string;
  /** The REST endpoint's success status (what a keyed call stores). */
  status: number;
  /** The answer carries a secret (`@SecretResponse()`): a keyed call's stored answer is sealed. */
  secret?: boolean;
  /**
   * The `EffectLookup` of the operation (its REST endpoint's `@IdempotentEffect`): a keyed call whose owner died is
   * taken over as on the endpoint. `run` then records `OperationInput.ref` on the effect.
   */
  effect?: string;
  input: {
    /** A DTO of the path parameters (validated as one object); without it each parameter is a string. */
    path?: Type<P>;
    query?: Type<Q>;
    /** The body's DTO; `json` for a free JSON value (NUL characters refused only). */
    body?: Type<B> | OptionalBodySpec<B> | 'json';
    /** Request headers it reads (lower-case). */
    headers?: string[];
    /** It takes an uploaded file. */
    upload?: boolean;
  };
  /** The application service whose method runs it. */
  useCases: Type<U>;
  run(useCases: U, auth: AuthContext, input: OperationInput<B, Q, P>): Promise<unknown> | unknown;
}

/** An operation, typed by its DTO classes. */
export const defineOperation = <U, B = unknown, Q = unknown, P = Record<string, string>>(spec: OperationSpec<U, B, Q, P>): OperationSpec =>
  spec as unknown as OperationSpec;

/** The path parameters an OpenAPI path names, in order (`/v1/designs/{design_id}/nodes/{node_id}` → design_id, node_id). */
export const pathParamsOf = (path: string): string[] => [...path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);

/** The application service classes `specs` run on (each once): what a runner injects. */
export const useCasesOf = (specs: OperationSpec[]): Type<unknown>[] => [...new Set(specs.map((s) => s.useCases))];

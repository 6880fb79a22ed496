import type { Type } from '@nestjs/common';
import { EnvelopeValidationPipe } from '@platform/errors';

const pipe = new EnvelopeValidationPipe();

/** Where an input comes from: the 422 items' `loc` starts with it (`path` is the URL's parameters). */
export type InputPlace = 'body' | 'query' | 'path';

const PARAM_TYPE = { body: 'body', query: 'query', path: 'param' } as const;

/**
 * `value` validated and transformed exactly as the REST endpoint's global pipe does it (`EnvelopeValidationPipe`):
 * a DTO class is checked and instantiated, anything else (`String` for a path parameter, `Object` for a free JSON body)
 * only has NUL characters refused. A problem is the same 422 (`ValidationError`, `loc` from `place`) the endpoint answers.
 * MCP tools and workflow steps validate their input with this, with the REST endpoint's own DTO classes.
 */
export function validateInput<T>(dto: Type<T> | typeof String | typeof Object, value: unknown, place: InputPlace, name?: string): Promise<T> {
  return pipe.transform(value, { type: PARAM_TYPE[place], metatype: dto as Type<unknown>, data: name }) as Promise<T>;
}

import type { Type } from '@nestjs/common';
import { ValidationError } from '@platform/errors';
import { getMetadataStorage } from 'class-validator';

/** The fields a DTO class declares (its class-validator rules). */
function fieldsOf(dto: Type<unknown>): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(dto, '', true, false)
      .map((m) => m.propertyName),
  );
}

/**
 * Refuses query parameters a list does not know (422 `extra_forbidden` at `["query", name]`): a misspelt filter
 * (`?templat=story`) must not answer an unfiltered list as if it were filtered. The global pipe strips unknown
 * fields, so the edge calls this with the raw query.
 */
export function refuseUnknownQuery(raw: Record<string, unknown>, dto: Type<unknown>): void {
  const known = fieldsOf(dto);
  const unknown = Object.keys(raw).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new ValidationError(
      unknown.map((k) => ({ loc: [k], msg: `Unknown query parameter ${k}; this list takes ${[...known].join(', ')}`, type: 'extra_forbidden' })),
      undefined,
      'query',
    );
  }
}

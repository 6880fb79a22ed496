import { zodToJsonSchema } from 'zod-to-json-schema';
import { BriefSchema } from '../templates/brief';
import { IrDocumentSchema } from './ir-schema';

export type JsonSchemaTarget = 'jsonSchema7' | 'openApi3';

/**
 * The IR as JSON Schema, derived from the zod schemas (ir-schema.ts), for the service's OpenAPI.
 * `openApi3` gives a schema whose recursive node definitions live under `definitions`.
 */
export function irJsonSchema(target: JsonSchemaTarget = 'jsonSchema7'): Record<string, unknown> {
  return zodToJsonSchema(IrDocumentSchema as never, {
    name: 'CreativeIr',
    target,
    $refStrategy: 'root',
    definitionPath: 'definitions',
  }) as Record<string, unknown>;
}

/**
 * The creative brief as JSON Schema (every field optional and nullable). Written out in full, without
 * references inside it (it is not recursive): a reference to a schema used twice points at its first
 * use, nullable there (`image`) when the second is not (the items of `images`, `image.src`).
 */
export function briefJsonSchema(target: JsonSchemaTarget = 'jsonSchema7'): Record<string, unknown> {
  return zodToJsonSchema(BriefSchema as never, { name: 'CreativeBrief', target, $refStrategy: 'none', definitionPath: 'definitions' }) as Record<
    string,
    unknown
  >;
}

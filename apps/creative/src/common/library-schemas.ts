import type { OpenAPIObject } from '@nestjs/swagger';
import { briefJsonSchema, irJsonSchema } from '@platform/creative-ir';

/** Where the library's JSON Schemas live in the OpenAPI document (see `withLibrarySchemas`). */
export const IR_SCHEMA_REF = '#/components/schemas/CreativeIr';
export const BRIEF_SCHEMA_REF = '#/components/schemas/CreativeBrief';

/** A library schema (`{ $ref: '#/definitions/Name', definitions }`) as components, its references rewritten. */
function components(schema: Record<string, unknown>): Record<string, unknown> {
  const json = JSON.stringify((schema as { definitions: Record<string, unknown> }).definitions);
  return JSON.parse(json.replaceAll('"#/definitions/', '"#/components/schemas/'));
}

/**
 * Adds the Creative IR and the brief, as the library defines them (`irJsonSchema('openApi3')`,
 * `briefJsonSchema('openApi3')`), to the document's components, where DTOs reference them.
 */
export function withLibrarySchemas(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, ...components(irJsonSchema('openApi3')), ...components(briefJsonSchema('openApi3')) } as never;
  return doc;
}

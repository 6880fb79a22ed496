import { baseEnvSchema, type ServiceDefaults } from '@platform/config';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
// The reference documents the services' own schemas, so it reads them where they are defined.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { creativeConfigDefinition } from '../../apps/creative/src/config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { entityConfigDefinition } from '../../apps/entity/src/config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { messagingConfigDefinition } from '../../apps/messaging/src/config';

/**
 * docs/configuration.md, generated from the zod schemas that validate each service's environment
 * (`baseEnvSchema` in libs/platform/config and each app's `config.ts`): the variable, the services
 * that read it, its default, what it accepts and its `.describe()` text. `npm run docs:config`
 * writes it; tools/docs/configuration.spec.ts fails when the committed file differs.
 */

export interface ServiceSchema {
  service: string;
  defaults: ServiceDefaults;
  extra: z.ZodRawShape;
}

export const SERVICES: ServiceSchema[] = [creativeConfigDefinition, messagingConfigDefinition, entityConfigDefinition];

export const OUTPUT = join(__dirname, '..', '..', 'docs', 'configuration.md');

/** The subset of JSON Schema that zod-to-json-schema makes of the environment's schemas. */
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  description?: string;
  errorMessage?: Record<string, string>;
}

interface Row {
  name: string;
  services: string[];
  /** Default per service (they differ for PORT and RATE_LIMIT_PER_MINUTE); undefined: none. */
  defaults: Map<string, unknown>;
  schema: JsonSchema;
}

const code = (v: unknown) => `\`${String(v)}\``;

/** What a variable accepts, from its JSON Schema. */
function allowed(s: JsonSchema): string {
  if (s.enum) return s.enum.map(code).join(', ');
  if (s.type === 'integer' || s.type === 'number') {
    const low = s.exclusiveMinimum !== undefined ? `above ${s.exclusiveMinimum}` : s.minimum;
    if (low !== undefined && s.maximum !== undefined)
      return `${s.type}, ${typeof low === 'number' ? `${low} to ${s.maximum}` : `${low}, at most ${s.maximum}`}`;
    if (low !== undefined) return `${s.type}, ${typeof low === 'number' ? `at least ${low}` : low}`;
    return s.type;
  }
  if (s.errorMessage?.pattern) return `string that ${s.errorMessage.pattern} (${code(s.pattern)})`;
  if (s.format === 'uri') return 'URL';
  if (s.minLength !== undefined && s.minLength > 1) return `string, ${s.errorMessage?.minLength ?? `at least ${s.minLength} characters`}`;
  return s.type ?? 'any';
}

function defaultCell(row: Row): string {
  const values = [...row.defaults.values()];
  const shown = (v: unknown) => (v === undefined ? 'unset' : v === '' ? 'empty' : code(v));
  if (values.every((v) => v === values[0])) return shown(values[0]);
  return [...row.defaults].map(([service, v]) => `${service} ${shown(v)}`).join(', ');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The markdown reference; throws when a variable has no description. */
export function configurationReference(services: ServiceSchema[] = SERVICES): string {
  const rows = new Map<string, Row>();
  for (const svc of services) {
    // zod-to-json-schema types its argument against its own copy of zod's declarations: the same classes at run time.
    const schema = z.object({ ...baseEnvSchema(svc.defaults), ...svc.extra }) as unknown as Parameters<typeof zodToJsonSchema>[0];
    const json = zodToJsonSchema(schema, { $refStrategy: 'none', errorMessages: true, effectStrategy: 'input' }) as {
      properties: Record<string, JsonSchema>;
    };
    for (const [name, s] of Object.entries(json.properties)) {
      const row: Row = rows.get(name) ?? { name, services: [], defaults: new Map(), schema: s };
      row.services.push(svc.service);
      row.defaults.set(svc.service, s.default);
      rows.set(name, row);
    }
  }
  const undescribed = [...rows.values()].filter((r) => !r.schema.description?.trim()).map((r) => r.name);
  if (undescribed.length) throw new Error(`No .describe() text for ${undescribed.join(', ')}: every variable needs one (it is its documentation)`);

  // Variables of every service first, then each service's own, in schema order.
  const all = services.map((s) => s.service);
  const groups = new Map<string, Row[]>();
  for (const row of rows.values()) {
    const key = row.services.length === all.length ? '' : row.services.join(', ');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const ordered = [...(groups.get('') ?? []), ...[...groups].filter(([k]) => k !== '').flatMap(([, r]) => r)];

  const lines = [
    '# Configuration',
    '',
    '<!-- Generated by `npm run docs:config` (tools/docs/configuration.ts) from the zod schemas; do not edit by hand:',
    "     change the variable's `.describe()` text in its schema, then run it. tools/docs/configuration.spec.ts fails when this file is stale. -->",
    '',
    'Every variable is read and validated once at start (`libs/platform/config` for the variables every service reads,',
    "`apps/<svc>/src/config.ts` for a service's own); all problems are reported together and the process exits 1. Empty",
    'values count as unset.',
    '',
    '| variable | services | default | allowed | description |',
    '| --- | --- | --- | --- | --- |',
    ...ordered.map((r) =>
      [
        '',
        code(r.name),
        r.services.length === all.length ? 'all' : r.services.join(', '),
        defaultCell(r),
        cell(allowed(r.schema)),
        cell(r.schema.description!),
        '',
      ]
        .join(' | ')
        .trim(),
    ),
    '',
    'Test-only (read by the test harness, not by the services): `TEST_DATABASE_URL`, `TEST_REDIS_URL` (`TEST_REDIS=off`',
    'forces the inline queue), `TEST_EMBEDDED_PG_PORT` (54330), `TEST_LOG_LEVEL` (`silent`).',
    '',
  ];
  return lines.join('\n');
}

if (require.main === module) {
  writeFileSync(OUTPUT, configurationReference());
  process.stdout.write(`wrote ${relative(process.cwd(), OUTPUT)}\n`);
}

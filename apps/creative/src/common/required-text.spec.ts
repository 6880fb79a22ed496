import { getMetadataStorage } from 'class-validator';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { validateInput } from './validate-input';

/**
 * Issue 34 item 4: blank required text (`""`, `"   "`, zero-width spaces) is refused as `missing` everywhere. Walks
 * every DTO class of the service's `dto` folders, finds each required string (validated as a string, not optional,
 * not a list) and checks that the validation every endpoint, MCP tool and workflow step runs refuses a blank value
 * there with type `missing` (and says nothing else about the field).
 */
const SRC = join(__dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\/dto\/[^/]+\.ts$/.test(path) && !path.endsWith('.spec.ts') ? [path] : [];
  });

/* eslint-disable @typescript-eslint/no-explicit-any -- class-validator metadata is untyped */
const classes = files(SRC).flatMap((f) =>
  Object.entries<unknown>(require(f))
    .filter(([, v]) => typeof v === 'function')
    .map(([name, v]) => ({ file: relative(SRC, f), name, cls: v as new () => object })),
);

function requiredStrings(cls: new () => object): string[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false) as any[];
  const byProp = new Map<string, any[]>();
  for (const m of metas) byProp.set(m.propertyName, [...(byProp.get(m.propertyName) ?? []), m]);
  return [...byProp.entries()]
    .filter(([, ms]) => ms.some((m) => m.name === 'isString' && !m.each) && !ms.some((m) => m.type === 'conditionalValidation'))
    .map(([prop]) => prop);
}

const fields = classes.flatMap(({ file, name, cls }) => requiredStrings(cls).map((prop) => ({ where: `${file} ${name}.${prop}`, cls, prop })));

describe('required text in the creative DTOs', () => {
  it('finds the required strings (prompt, goal…)', () => {
    const names = fields.map((f) => f.where.split(' ')[1]);
    expect(names).toEqual(expect.arrayContaining(['GenerationCreateDto.prompt', 'PlanningRequestDto.goal']));
  });

  it.each(fields.map((f) => [f.where, f] as const))('%s refuses blank text as missing', async (_where, { cls, prop }) => {
    for (const blank of ['', '   ', '\t\n', '\u200b ']) {
      const err = await validateInput(cls, { [prop]: blank }, 'body').then(
        () => null,
        (e) => e,
      );
      expect(err).not.toBeNull();
      const items = (err.details as { loc: (string | number)[]; type: string }[]).filter((d) => d.loc[0] === prop);
      expect(items.map((d) => d.type)).toEqual(['missing']);
    }
  });
});

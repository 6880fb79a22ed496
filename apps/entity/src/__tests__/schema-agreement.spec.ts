import { migratedDatabase, schemaDisagreements, tableOwnersIn, type MigratedDatabase } from '@platform/testing';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { entityService } from '../service';

/** Every `*.repository.ts` of the service: the classes that declare the tables they own. */
function repositories() {
  const root = join(__dirname, '..');
  const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.repository.ts'));
  return files.flatMap((f) => tableOwnersIn(require(join(root, f)) as Record<string, unknown>));
}

describe('entity: migrations and entities/repositories agree', () => {
  let db: MigratedDatabase;
  beforeAll(async () => {
    db = await migratedDatabase({ name: entityService.name, database: entityService.database });
  });
  afterAll(() => db?.drop());

  it('every entity column exists with its type and nullability; every table a repository owns exists', async () => {
    expect(await schemaDisagreements(db.ds, repositories())).toEqual([]);
  });
});

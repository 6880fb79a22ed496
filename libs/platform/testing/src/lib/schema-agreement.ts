import { dataSourceOptions, migrate, schemaOf, type DatabaseDefinition } from '@platform/database';
import type { BaseConfig } from '@platform/config';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** A repository that declares the tables it owns (`static readonly tables`): they must exist once migrated. */
export interface TableOwner {
  readonly name: string;
  readonly tables: readonly string[];
}

interface DbColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
}

/** `information_schema`'s name of a column type as TypeORM normalizes it (`int` → `integer`, `timestamptz` → `timestamp with time zone`). */
function expectedType(ds: DataSource, column: ColumnMetadata): { dataType: string; udt?: string } {
  const normalized = ds.driver.normalizeType(column).toLowerCase();
  if (column.isArray) return { dataType: 'ARRAY', udt: `_${column.enum ? '' : normalized}` };
  if (normalized === 'enum' || normalized === 'simple-enum') return { dataType: 'USER-DEFINED' };
  return { dataType: normalized };
}

/**
 * What the migrated database and the DataSource's entities disagree on: for every entity, its table exists in
 * its schema, each column exists with the type and nullability the entity declares; for every `owners` entry,
 * each table it declares exists. An empty list when they agree.
 */
export async function schemaDisagreements(ds: DataSource, owners: readonly TableOwner[] = []): Promise<string[]> {
  const defaultSchema = (ds.options as { schema?: string }).schema ?? 'public';
  const schemas = new Set<string>([defaultSchema]);
  for (const meta of ds.entityMetadatas) if (meta.schema) schemas.add(meta.schema);
  const rows = (await ds.query(
    `SELECT table_schema || '.' || table_name AS table_name, column_name, data_type, udt_name, is_nullable
     FROM information_schema.columns WHERE table_schema = ANY($1)`,
    [[...schemas]],
  )) as DbColumn[];
  const tables = new Map<string, Map<string, DbColumn>>();
  for (const r of rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    tables.get(r.table_name)!.set(r.column_name, r);
  }
  const problems: string[] = [];
  for (const meta of ds.entityMetadatas) {
    if (meta.tableType === 'view') continue;
    const table = `${meta.schema ?? defaultSchema}.${meta.tableName}`;
    const columns = tables.get(table);
    if (!columns) {
      problems.push(`${meta.name}: table ${table} does not exist`);
      continue;
    }
    for (const column of meta.columns) {
      const where = `${meta.name}.${column.propertyPath} (${table}.${column.databaseName})`;
      const db = columns.get(column.databaseName);
      if (!db) {
        problems.push(`${where}: no such column`);
        continue;
      }
      const want = expectedType(ds, column);
      const typeAgrees = db.data_type.toLowerCase() === want.dataType.toLowerCase() && (!want.udt || want.udt === '_' || db.udt_name === want.udt);
      if (!typeAgrees)
        problems.push(`${where}: the entity says ${want.dataType}${want.udt ? ` (${want.udt})` : ''}, the database has ${db.data_type} (${db.udt_name})`);
      const nullable = db.is_nullable === 'YES';
      if (nullable !== column.isNullable)
        problems.push(`${where}: the entity says ${column.isNullable ? 'nullable' : 'NOT NULL'}, the database has ${nullable ? 'nullable' : 'NOT NULL'}`);
    }
  }
  for (const owner of owners) {
    for (const t of owner.tables) {
      const qualified = t.includes('.') ? t : `${defaultSchema}.${t}`;
      if (!tables.has(qualified)) problems.push(`${owner.name}: owns table ${qualified}, which does not exist`);
    }
  }
  return problems;
}

/** The classes among a module's exports that declare the tables they own (`static readonly tables: string[]`). */
export function tableOwnersIn(exports: Record<string, unknown>): TableOwner[] {
  return Object.values(exports).filter((v): v is TableOwner => typeof v === 'function' && Array.isArray((v as unknown as { tables?: unknown }).tables));
}

export interface MigratedDatabase {
  ds: DataSource;
  drop(): Promise<void>;
}

/**
 * A fresh database in the test PostgreSQL with the service's migrations applied (as the test harness does at
 * boot), and a DataSource over it with the service's entities: for checks of the schema itself.
 */
export async function migratedDatabase(service: { name: string; database: DatabaseDefinition }): Promise<MigratedDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: run tests through Jest (the global setup of jest.preset.js sets it)');
  const database = `t_${service.name}_schema_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  const config = { service: service.name, role: 'all', database: { url: url.toString(), ssl: false, poolMax: 2 } } as unknown as BaseConfig;
  const ds = new DataSource(dataSourceOptions(config, service.database));
  await ds.initialize();
  await migrate(ds, schemaOf(config));
  return {
    ds,
    async drop() {
      await ds.destroy();
      const drop = new Client({ connectionString: baseUrl });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await drop.end();
    },
  };
}

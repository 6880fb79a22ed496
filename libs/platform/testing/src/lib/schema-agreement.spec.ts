import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { SnakeNamingStrategy } from '@platform/database';
import { schemaDisagreements, tableOwnersIn } from './schema-agreement';

@Entity({ name: 'widgets' })
class Widget {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'int' }) size: number;
  @Column({ type: 'timestamptz', precision: 3, nullable: true }) seenAt: Date | null;
  @Column({ type: 'jsonb' }) tags: string[];
}

/** The same table with each kind of mistake: a wrong type, a wrong nullability, a column the table lacks. */
@Entity({ name: 'widgets' })
class BrokenWidget {
  @PrimaryColumn({ type: 'text' }) id: string;
  @Column({ type: 'text' }) size: string;
  @Column({ type: 'timestamptz', precision: 3 }) seenAt: Date;
  @Column({ type: 'jsonb' }) tags: string[];
  @Column({ type: 'boolean' }) polished: boolean;
}

@Entity({ name: 'gadgets' })
class Gadget {
  @PrimaryColumn({ type: 'text' }) id: string;
}

class WidgetsRepository {
  static readonly tables = ['widgets'] as const;
}
class GadgetsRepository {
  static readonly tables = ['widgets', 'gadgets'] as const;
}

describe('schemaDisagreements', () => {
  const base = process.env.TEST_DATABASE_URL!;
  const database = `t_schema_agreement_${randomBytes(5).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${database}`;
  const open = async (entities: (typeof Widget | typeof BrokenWidget | typeof Gadget)[]) => {
    const ds = new DataSource({
      type: 'postgres',
      url: url.toString(),
      schema: 'fixture',
      entities,
      namingStrategy: new SnakeNamingStrategy(),
      synchronize: false,
    });
    return ds.initialize();
  };

  beforeAll(async () => {
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const c = new Client({ connectionString: url.toString() });
    await c.connect();
    await c.query(`CREATE SCHEMA fixture`);
    await c.query(`CREATE TABLE fixture.widgets (id text PRIMARY KEY, size integer NOT NULL, seen_at timestamptz(3), tags jsonb NOT NULL)`);
    await c.end();
  });

  afterAll(async () => {
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  it('finds nothing when the entity matches the table', async () => {
    const ds = await open([Widget]);
    try {
      expect(await schemaDisagreements(ds, tableOwnersIn({ WidgetsRepository }))).toEqual([]);
    } finally {
      await ds.destroy();
    }
  });

  it('names each wrong type, nullability and missing column of a broken entity', async () => {
    const ds = await open([BrokenWidget]);
    try {
      const problems = await schemaDisagreements(ds);
      expect(problems).toHaveLength(3);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^BrokenWidget\.size \(fixture\.widgets\.size\): the entity says text, the database has integer/),
          expect.stringMatching(/^BrokenWidget\.seenAt \(fixture\.widgets\.seen_at\): the entity says NOT NULL, the database has nullable/),
          expect.stringMatching(/^BrokenWidget\.polished \(fixture\.widgets\.polished\): no such column/),
        ]),
      );
    } finally {
      await ds.destroy();
    }
  });

  it('names an entity whose table, and a repository whose declared table, does not exist', async () => {
    const ds = await open([Widget, Gadget]);
    try {
      expect(await schemaDisagreements(ds, tableOwnersIn({ GadgetsRepository, notAnOwner: 1 }))).toEqual([
        'Gadget: table fixture.gadgets does not exist',
        'GadgetsRepository: owns table fixture.gadgets, which does not exist',
      ]);
    } finally {
      await ds.destroy();
    }
  });
});

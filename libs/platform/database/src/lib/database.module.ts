import { DynamicModule, Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, BaseConfig } from '@platform/config';
import { DataSource } from 'typeorm';
import { DatabaseDefinition, dataSourceOptions, ensureSchema, migrate, schemaOf } from './data-source';

export interface DatabaseModuleOptions extends DatabaseDefinition {
  /** Apply pending migrations at start (dev runner and tests; never silently in production). */
  migrateOnStart: boolean;
}

@Injectable()
export class DatabaseHealth {
  constructor(private readonly ds: DataSource) {}

  async check(): Promise<{ ok: boolean; error?: string }> {
    try {
      await this.ds.query('SELECT 1');
      return { ok: true };
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
  }
}

@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: BaseConfig) => dataSourceOptions(config, options),
          dataSourceFactory: async (dsOptions) => {
            const ds = new DataSource(dsOptions!);
            await ds.initialize();
            const schema = (dsOptions as { schema: string }).schema;
            await ensureSchema(ds, schema);
            if (options.migrateOnStart) await migrate(ds, schema);
            return ds;
          },
        }),
      ],
      providers: [DatabaseHealth],
      exports: [DatabaseHealth],
    };
  }
}

export { schemaOf };

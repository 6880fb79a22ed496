import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { AuthOptions } from '@platform/auth';
import type { BaseConfig, ServiceName } from '@platform/config';
import type { DatabaseDefinition } from '@platform/database';
import type { EnvelopeStyle } from '@platform/errors';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Everything the platform needs to know to run, test, migrate and document one service. */
export interface ServiceDefinition<C extends BaseConfig = BaseConfig> {
  name: ServiceName;
  /** Loads and validates the configuration from an environment object. */
  loadConfig(env: Record<string, string | undefined>): C;
  /** The service's own modules (the platform module is added around them), built for this configuration. */
  appModule(config: C): DynamicModule;
  database: DatabaseDefinition;
  auth: AuthOptions;
  envelope: EnvelopeStyle;
  queues: string[];
  openapi: {
    title: string;
    description: string;
    version: string;
    /** Extra paths where the JSON document is served (entity: /developers/openapi.json). */
    jsonPaths?: string[];
    /** Last touches to the generated document (examples, schemas from libraries). */
    decorate?(doc: OpenAPIObject): OpenAPIObject;
  };
  /** Runs before body parsers are installed (e.g. mounting an OAuth provider). */
  beforeBodyParsers?(app: INestApplication, config: C): void | Promise<void>;
}

import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { AuthOptions } from '@platform/auth';
import type { BaseConfig, ServiceName } from '@platform/config';
import type { DatabaseDefinition } from '@platform/database';
import type { EnvelopeStyle } from '@platform/errors';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { RequestHandler } from 'express';

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
    /**
     * Routes the document leaves out on purpose (HTML pages, redirects into them), with why. The test
     * harness checks every other response against the document. `*` matches one path segment, `**` any.
     */
    undocumented?: { path: string; reason: string }[];
    /**
     * Component names of the service's error bodies (declared by its controllers): `error` for every
     * error status, `validation` for 422 when it differs. Default `{ error: 'ErrorDto' }`.
     */
    errorSchemas?: { error: string; validation?: string };
  };
  /**
   * Runs before body parsers are installed (e.g. mounting an OAuth provider). Routes mounted here answer before Nest's
   * middleware: put `tools.requestLog` in front of them, or their requests are not in the request log.
   */
  beforeBodyParsers?(app: INestApplication, config: C, tools: { requestLog: RequestHandler }): void | Promise<void>;
  /**
   * Paths (exact, e.g. `/v1/mcp`) whose JSON body the global parser leaves unread: the route reads it itself with
   * `readJsonBody`, after its guard, e.g. with a larger limit that only an authenticated caller may use.
   */
  selfParsedJsonPaths?: string[];
}

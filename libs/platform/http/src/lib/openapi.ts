import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { BaseConfig } from '@platform/config';
import type { ServiceDefinition } from './service-definition';

/** Builds the service's OpenAPI document from its controllers and DTOs. */
export function createOpenApiDocument(app: INestApplication, def: ServiceDefinition, config: BaseConfig): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(def.openapi.title)
    .setDescription(def.openapi.description)
    .setVersion(def.openapi.version)
    .addServer(config.nodeEnv === 'production' ? config.publicBaseUrl : `http://localhost:${config.port}`);
  if (def.auth.headers.includes('x-api-key')) {
    builder.addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key' }, 'ApiKey');
    builder.addSecurityRequirements('ApiKey');
  }
  if (def.auth.headers.includes('bearer')) {
    builder.addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key or access token' }, 'Bearer');
    builder.addSecurityRequirements('Bearer');
  }
  let doc = SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  // Routes marked @Public() need no credential.
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as Record<string, unknown>[]) {
      if (op && typeof op === 'object' && op['x-public']) {
        op.security = [];
        delete op['x-public'];
      }
    }
  }
  if (def.openapi.decorate) doc = def.openapi.decorate(doc);
  return doc;
}

/** Serves the document at /docs (UI) and /docs/openapi.json, plus any extra JSON paths. */
export function serveOpenApi(app: INestApplication, doc: OpenAPIObject, def: ServiceDefinition): void {
  SwaggerModule.setup('docs', app, doc, { jsonDocumentUrl: 'docs/openapi.json', customSiteTitle: def.openapi.title });
  const http = app.getHttpAdapter();
  for (const path of def.openapi.jsonPaths ?? []) {
    http.get(path, (_req: unknown, res: { json(body: unknown): void }) => res.json(doc));
  }
}

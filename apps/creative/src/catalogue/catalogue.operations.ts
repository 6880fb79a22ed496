import { defineOperation, MEDIA_ANSWER, type ImageAnswer } from '../common/operation';
import { CatalogueUseCases } from './catalogue.use-cases';
import { TemplatePreviewQuery } from './dto/catalogue.dto';
import { atInput } from '@platform/errors';

/** The catalogues as operations (see `OperationSpec`). */
export const CATALOGUE_OPERATIONS = {
  templates: defineOperation({
    id: 'Catalogue_templates',
    method: 'GET',
    path: '/v1/templates',
    status: 200,
    useCases: CatalogueUseCases,
    input: {},
    run: (u) => u.templates(),
  }),
  templatePreview: defineOperation({
    id: 'Catalogue_templatePreview',
    method: 'GET',
    path: '/v1/templates/{template_id}/preview',
    status: 200,
    useCases: CatalogueUseCases,
    input: { query: TemplatePreviewQuery },
    run: async (u, _auth, { path, query }): Promise<ImageAnswer> => {
      const preview = await atInput('query', () => u.templatePreview(path.template_id, query));
      return { [MEDIA_ANSWER]: 'image', mime: preview.content!.mime, data: preview.content!.data, etag: preview.etag };
    },
  }),
  fonts: defineOperation({
    id: 'Catalogue_fonts',
    method: 'GET',
    path: '/v1/fonts',
    status: 200,
    useCases: CatalogueUseCases,
    input: {},
    run: (u, auth) => u.fonts(auth),
  }),
  proceduralStyles: defineOperation({
    id: 'Catalogue_proceduralStyles',
    method: 'GET',
    path: '/v1/procedural/styles',
    status: 200,
    useCases: CatalogueUseCases,
    input: {},
    run: (u) => u.proceduralStyles(),
  }),
  capabilities: defineOperation({
    id: 'Catalogue_capabilities',
    method: 'GET',
    path: '/v1/capabilities',
    status: 200,
    useCases: CatalogueUseCases,
    input: {},
    run: (u, auth) => u.capabilities(auth),
  }),
  providers: defineOperation({
    id: 'Catalogue_providers',
    method: 'GET',
    path: '/v1/providers',
    status: 200,
    useCases: CatalogueUseCases,
    input: {},
    run: (u) => u.providers(),
  }),
  llmProviders: defineOperation({
    id: 'Catalogue_llmProviders',
    method: 'GET',
    path: '/v1/llm/providers',
    status: 200,
    useCases: CatalogueUseCases,
    input: {},
    run: (u) => u.llmProviders(),
  }),
};

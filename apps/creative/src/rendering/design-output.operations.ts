import { defineOperation, MEDIA_ANSWER, type HtmlAnswer, type ImageAnswer } from '../common/operation';
import { DesignOutputUseCases } from './design-output.use-cases';
import { PreviewQuery } from './dto/preview.dto';
import { RenderRequestDto } from './dto/render-result.dto';
import { atInput } from '@platform/errors';

/** A design's outputs as operations (see `OperationSpec`). */
export const DESIGN_OUTPUT_OPERATIONS = {
  render: defineOperation({
    id: 'DesignOutput_render',
    method: 'POST',
    path: '/v1/designs/{design_id}/render',
    status: 200,
    useCases: DesignOutputUseCases,
    input: { body: RenderRequestDto },
    run: (u, auth, { path, body }) => u.render(auth, path.design_id, body),
  }),
  preview: defineOperation({
    id: 'DesignOutput_preview',
    method: 'GET',
    path: '/v1/designs/{design_id}/preview',
    status: 200,
    useCases: DesignOutputUseCases,
    input: { query: PreviewQuery },
    run: async (u, auth, { path, query }): Promise<ImageAnswer> => {
      const preview = await atInput('query', () => u.preview(auth, path.design_id, query));
      return { [MEDIA_ANSWER]: 'image', mime: preview.content!.mime, data: preview.content!.data, etag: preview.etag };
    },
  }),
  html: defineOperation({
    id: 'DesignOutput_html',
    method: 'GET',
    path: '/v1/designs/{design_id}/export/html',
    status: 200,
    useCases: DesignOutputUseCases,
    input: {},
    run: async (u, auth, { path }): Promise<HtmlAnswer> => {
      const page = await atInput('path', () => u.html(auth, path.design_id));
      return { [MEDIA_ANSWER]: 'html', html: page.content!.html, etag: page.etag };
    },
  }),
};

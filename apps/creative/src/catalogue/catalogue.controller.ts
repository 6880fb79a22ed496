import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import type { Response } from 'express';
import { ErrorDto, ErrorResponses, RenderErrorResponses } from '../common/error-responses';
import { PREVIEW_WIDTH_DEFAULT } from '../rendering/preview.service';
import { CatalogueUseCases } from './catalogue.use-cases';
import {
  CapabilitiesDto,
  FontListDto,
  ImageProviderListDto,
  LlmProviderListDto,
  ProceduralStyleListDto,
  TemplateListDto,
  TemplatePreviewQuery,
} from './dto/catalogue.dto';
import { atInput } from '@platform/errors';

const binary = { schema: { type: 'string', format: 'binary' } };

@ApiTags('catalogue')
@ErrorResponses()
@Controller('v1')
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueUseCases) {}

  @Get('providers')
  @ApiOperation({
    summary: 'Image providers',
    description:
      '`builtin` (always configured), `openai` (OPENAI_API_KEY; OPENAI_IMAGE_MODEL, default gpt-image-1) and `openai-compatible` (IMAGE_COMPATIBLE_BASE_URL and IMAGE_COMPATIBLE_MODEL): ' +
      'whether each is configured, which one IMAGE_PROVIDER makes the default of POST /v1/generations, its models and the sizes it is asked for.',
  })
  @ApiOkResponse({ type: ImageProviderListDto })
  providers(): ImageProviderListDto {
    return this.catalogue.providers();
  }

  @Get('llm/providers')
  @ApiOperation({
    summary: 'LLM providers',
    description:
      '`builtin`, `openai`, `anthropic` and `openai-compatible`: whether each is configured (OPENAI_API_KEY, ANTHROPIC_API_KEY; LLM_PROVIDER=openai-compatible with LLM_BASE_URL and LLM_MODEL), ' +
      'the model it uses, and which one LLM_PROVIDER selects: the default `provider` of POST /v1/briefs/from-image and /v1/planning/brief (the same configuration the reply engine reads).',
  })
  @ApiOkResponse({ type: LlmProviderListDto })
  llmProviders(): LlmProviderListDto {
    return this.catalogue.llmProviders();
  }

  @Get('fonts')
  @ApiOperation({
    summary: 'Font families',
    description:
      "The bundled families with their weights, styles and aliases (name them in `fontFamily` or the brand kit), then the account's uploaded fonts " +
      '(`source: account`, at most 500), grouped by family, each face with its `asset_id` to bring into an IR: `fonts: [{family, weight, style, src: "asset:<id>"}]`.',
  })
  @ApiOkResponse({ type: FontListDto })
  fonts(@Auth() auth: AuthContext): Promise<FontListDto> {
    return this.catalogue.fonts(auth);
  }

  @Get('templates')
  @ApiOperation({ summary: 'Templates', description: 'Each with the brief fields it uses, the named formats it is designed for and a preview URL.' })
  @ApiOkResponse({ type: TemplateListDto })
  templates(): TemplateListDto {
    return this.catalogue.templates();
  }

  @Get('templates/:template_id/preview')
  @ApiOperation({
    summary: 'A preview of a template',
    description: `The template drawn with a sample brief at its first recommended format, \`width\` pixels wide (default ${PREVIEW_WIDTH_DEFAULT}); cached, with a strong ETag.`,
  })
  @ApiParam({ name: 'template_id', example: 'square-post' })
  @ApiOkResponse({ description: 'The image', content: { 'image/png': binary, 'image/jpeg': binary, 'image/webp': binary } })
  @ApiResponse({ status: 304, description: 'If-None-Match names this preview' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  @RenderErrorResponses()
  async templatePreview(
    @Param('template_id') id: string,
    @Query() query: TemplatePreviewQuery,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const preview = await atInput('query', () => this.catalogue.templatePreview(id, query, ifNoneMatch));
    res.setHeader('ETag', preview.etag);
    res.setHeader('Cache-Control', preview.cacheControl);
    if (!preview.content) {
      res.status(304).end();
      return;
    }
    res.status(200).type(preview.content.mime).send(preview.content.data);
  }

  @Get('procedural/styles')
  @ApiOperation({ summary: 'Procedural background styles', description: 'With the defaults of POST /v1/procedural/render.' })
  @ApiOkResponse({ type: ProceduralStyleListDto })
  proceduralStyles(): ProceduralStyleListDto {
    return this.catalogue.proceduralStyles();
  }

  @Get('capabilities')
  @ApiOperation({
    summary: 'Everything a client needs to build its UI, in one document',
    description:
      'Output and preview formats, named formats, templates, procedural styles and defaults, fonts, providers (image and LLM) with whether each is configured, ' +
      'limits, and the video `motions` and `transitions` with what each does.',
  })
  @ApiOkResponse({ type: CapabilitiesDto })
  capabilities(@Auth() auth: AuthContext): Promise<CapabilitiesDto> {
    return this.catalogue.capabilities(auth);
  }
}

import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { namesEtag, type ConditionalAnswer } from '../common/conditional-answer';
import { PREVIEW_WIDTH_DEFAULT } from '../rendering/preview.service';
import { CatalogueService, PROCEDURAL_DEFAULTS, PROCEDURAL_TONES } from './catalogue.service';
import type {
  CapabilitiesDto,
  FontListDto,
  ImageProviderListDto,
  LlmProviderListDto,
  ProceduralStyleListDto,
  TemplateListDto,
  TemplatePreviewQuery,
} from './dto/catalogue.dto';

/** The catalogues as REST, MCP (tools and resources) read them. */
@Injectable()
export class CatalogueUseCases {
  constructor(private readonly catalogue: CatalogueService) {}

  providers(): ImageProviderListDto {
    return { data: this.catalogue.imageProviders() };
  }

  llmProviders(): LlmProviderListDto {
    return { data: this.catalogue.llmProviders() };
  }

  async fonts(auth: AuthContext): Promise<FontListDto> {
    return { data: await this.catalogue.fonts(auth.accountId) };
  }

  templates(): TemplateListDto {
    return { data: this.catalogue.templates() };
  }

  /** A template drawn with a sample brief; `content` is null when `ifNoneMatch` names it. */
  async templatePreview(templateId: string, query: TemplatePreviewQuery, ifNoneMatch?: string): Promise<ConditionalAnswer<{ mime: string; data: Buffer }>> {
    const preview = await this.catalogue.templatePreview(templateId, query.width ?? PREVIEW_WIDTH_DEFAULT, query.format ?? 'png');
    const fresh = namesEtag(ifNoneMatch, preview.etag, false);
    return { etag: preview.etag, cacheControl: 'private, max-age=3600', content: fresh ? null : { mime: preview.mime, data: preview.data } };
  }

  proceduralStyles(): ProceduralStyleListDto {
    return { data: this.catalogue.proceduralStyles(), defaults: { ...PROCEDURAL_DEFAULTS }, tones: [...PROCEDURAL_TONES] };
  }

  capabilities(auth: AuthContext): Promise<CapabilitiesDto> {
    return this.catalogue.capabilities(auth.accountId);
  }
}

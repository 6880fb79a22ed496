import { Injectable } from '@nestjs/common';
import { analyzeBrief, getTemplate, listTemplates } from '@platform/creative-ir';
import { ValidationError } from '@platform/errors';
import { BrandKitService } from '../brand-kit/brand-kit.service';
import { briefOrThrow, irOrThrow } from '../common/creative-input';
import { DesignAssetsService } from './design-assets.service';
import type { BriefAnalysisDto, MaterializedDocumentDto } from './dto/tools.dto';
import { RenderService } from './render.service';

/** The stateless tools: brief analysis, layout without rendering, procedural renders. */
@Injectable()
export class ToolsService {
  constructor(
    private readonly brandKits: BrandKitService,
    private readonly renders: RenderService,
    private readonly assets: DesignAssetsService,
  ) {}

  async analyze(accountId: string, body: unknown, template: string | undefined): Promise<BriefAnalysisDto> {
    const brief = briefOrThrow(body, ['body']);
    if (template !== undefined && !getTemplate(template)) {
      throw new ValidationError([{ loc: ['query', 'template'], msg: `unknown template "${template}"; one of ${listTemplates().map((t) => t.id).join(', ')}`, type: 'value_error' }]);
    }
    const a = analyzeBrief(brief, { brand: await this.brandKits.templateBrand(accountId), template });
    return {
      score: a.score,
      grade: a.grade,
      template: template ?? null,
      format: { width: a.format.width, height: a.format.height, name: a.format.name },
      fields: a.fields,
      readability: a.readability,
      palette: { colors: a.palette.colors, source: a.palette.source, best_text_contrast: a.palette.bestTextContrast, low_contrast_pairs: a.palette.lowContrastPairs, ok: a.palette.ok },
      missing: a.missing,
      suggestions: a.suggestions,
    };
  }

  async materialize(accountId: string, input: unknown): Promise<MaterializedDocumentDto> {
    const ir = irOrThrow(input, ['body', 'ir']) as unknown as Record<string, unknown>;
    await this.assets.check(accountId, ir, ['body', 'ir']);
    return this.renders.materialize(accountId, ir, { ir: ['body', 'ir'], input: (path) => ['body', 'ir', ...path.split('.')] });
  }
}

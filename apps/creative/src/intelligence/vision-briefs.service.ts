import { Injectable } from '@nestjs/common';
import { NAMED_FORMATS } from '@platform/creative-ir';
import { NotFoundError, ValidationError } from '@platform/errors';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AssetsService } from '../assets/assets.service';
import { Metering, type MeterContext } from '../billing/metering';
import { langOf, writeBrief } from './builtin/brief-writer';
import { analyzeImage, toneOf, type ImageAnalysis } from './builtin/image-analysis';
import { promptSeed } from './builtin/image-generator';
import { briefInstructions, ModelBriefSchema } from './builtin/model-brief';
import type { VisionBriefDto, VisionBriefResultDto } from './dto/intelligence.dto';
import { LlmProviders } from './providers/llm-providers.service';

/** Longest side of the copy a vision model is shown. */
const VISION_SIDE = 1024;

/** POST /v1/briefs/from-image: a structured brief from an image asset, built-in or by a vision model. */
@Injectable()
export class VisionBriefsService {
  constructor(
    private readonly llm: LlmProviders,
    private readonly assets: AssetsService,
    private readonly metering: Metering,
  ) {}

  async fromImage(ctx: MeterContext, body: VisionBriefDto): Promise<VisionBriefResultDto> {
    const target = this.llm.resolve(body.provider, ['provider']);
    const bytes = await this.assets.readBytes(ctx.accountId, body.asset_id, 'image');
    if (!bytes) throw new NotFoundError(`Asset ${body.asset_id} not found (or not an image)`, 'not_found');
    let analysis: ImageAnalysis;
    try {
      analysis = await analyzeImage(bytes);
    } catch {
      throw new ValidationError([{ loc: ['asset_id'], msg: 'the asset could not be read as an image', type: 'value_error' }]);
    }
    const language = langOf(body.language ?? 'pt-BR');
    const builtin = this.builtinBrief(analysis, body, createHash('sha256').update(bytes).digest('hex'));
    const provider = target?.id ?? 'builtin';
    return this.metering.metered({ ...ctx, assetId: body.asset_id }, { operation: 'vision', params: { provider } }, async () => {
      if (!target) return { brief: builtin, analysis, provider: 'builtin', model: null, warnings: [] };
      const image = await sharp(bytes)
        .rotate()
        .resize(VISION_SIDE, VISION_SIDE, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
      const prompt = [
        body.goal ? `Goal: ${body.goal}` : 'Goal: a social media piece that uses this image.',
        body.tone ? `Tone: ${body.tone}` : '',
        `Measured: ${analysis.brightness_label}, ${analysis.busyness_label}, dominant colors ${analysis.palette.map((p) => p.color).join(', ')}.`,
        'Describe what the image shows in the body when the goal does not say it.',
      ]
        .filter(Boolean)
        .join('\n');
      const r = await this.llm.object(target, ModelBriefSchema, {
        system: briefInstructions(language),
        prompt,
        image: { data: image, mediaType: 'image/jpeg' },
      });
      if (!r.ok) {
        return {
          brief: builtin,
          analysis,
          provider: 'builtin',
          model: null,
          warnings: [`${target.id} answered ${r.attempts} times with a brief that did not validate (${r.reason}); this is the built-in brief`],
        };
      }
      const m = r.value;
      const brief = { ...builtin, ...m, palette: m.palette.length ? m.palette.join(', ') : builtin.palette, tone: body.tone || m.tone, language };
      return { brief, analysis, provider: target.id, model: r.modelId, warnings: [] };
    });
  }

  /** The built-in brief: text from the goal, palette, format, tone and seed from the picture. */
  private builtinBrief(a: ImageAnalysis, body: VisionBriefDto, sha256: string): Record<string, unknown> {
    const language = langOf(body.language ?? 'pt-BR');
    const tone = body.tone?.trim() || toneOf(a);
    const subject = language === 'pt-BR' ? 'o que esta imagem mostra' : 'what this image shows';
    const text = writeBrief({ goal: body.goal, language, tone, subject });
    const format = NAMED_FORMATS[a.formats[0]];
    return {
      ...text,
      tone,
      palette: a.palette
        .slice(0, 5)
        .map((p) => p.color)
        .join(', '),
      format: { name: a.formats[0], width: format.width, height: format.height },
      seed: promptSeed(sha256),
    };
  }
}

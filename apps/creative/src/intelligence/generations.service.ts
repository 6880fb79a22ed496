import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { ArtifactDto } from '../artifacts/dto/artifact.dto';
import { ArtifactsService } from '../artifacts/artifacts.service';
import { AssetDto } from '../assets/dto/asset.dto';
import { AssetsService } from '../assets/assets.service';
import { Metering, type MeterContext } from '../billing/metering';
import type { CreativeConfig } from '../config';
import { DesignRendersService } from '../rendering/design-renders.service';
import { renderLocs, RenderService, resolveRender } from '../rendering/render.service';
import { generatePicture } from './builtin/image-generator';
import { GenerationsRepository } from './generations.repository';
import { GENERATION_SIDE, type GenerationCreateDto, type GenerationDto } from './dto/intelligence.dto';
import { ImageProviders } from './providers/image-providers.service';

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'image';

/** POST /v1/generations: an image from a prompt, stored as an asset and as an artifact. */
@Injectable()
export class GenerationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly providers: ImageProviders,
    private readonly renders: RenderService,
    private readonly stored: DesignRendersService,
    private readonly assets: AssetsService,
    private readonly artifacts: ArtifactsService,
    private readonly metering: Metering,
    private readonly rows: GenerationsRepository,
  ) {}

  async generate(ctx: MeterContext, body: GenerationCreateDto): Promise<GenerationDto> {
    const provider = this.providers.resolve(body.provider, ['provider']);
    const width = body.width ?? GENERATION_SIDE.default;
    const height = body.height ?? GENERATION_SIDE.default;
    const style = body.style ?? '';
    return this.metering.metered(ctx, { operation: 'generation', params: { provider, width, height } }, async () => {
      let png: Buffer;
      let made: Pick<GenerationDto, 'seed' | 'model' | 'composition' | 'background' | 'palette' | 'subject' | 'provider_size'>;
      if (provider === 'builtin') {
        const picture = generatePicture({ prompt: body.prompt, style, seed: body.seed, width, height });
        const resolved = resolveRender(width, height, { format: 'png' }, []);
        const out = await this.renders.render(ctx.accountId, picture.ir as unknown as Record<string, unknown>, resolved, renderLocs([]));
        png = Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength);
        made = {
          seed: picture.seed,
          model: 'builtin',
          composition: picture.composition,
          background: picture.background,
          palette: picture.palette,
          subject: picture.subject,
          provider_size: null,
        };
      } else {
        const prompt = style ? `${body.prompt}\n\nStyle: ${style}` : body.prompt;
        const image = await this.providers.generate(provider, { prompt, width, height });
        png = image.png;
        made = { seed: null, model: image.model, composition: null, background: null, palette: [], subject: null, provider_size: image.providerSize };
      }
      const filename = `generation-${slug(body.prompt)}.png`;
      const asset = await this.assets.createFromBytes(ctx.accountId, png, { filename, accept: ['image'] });
      const artifact = await this.artifacts.store(ctx.accountId, {
        data: png,
        kind: 'generation',
        mime: 'image/png',
        filename,
        width,
        height,
        source: { assetId: asset.id },
      });
      const row = await this.rows.insert({
        id: newId('gen'),
        accountId: ctx.accountId,
        prompt: body.prompt,
        style,
        width,
        height,
        seed: made.seed,
        provider,
        model: made.model,
        assetId: asset.id,
        artifactId: artifact.id,
      });
      const signed = await this.stored.signedUrl(artifact);
      return {
        id: row.id,
        prompt: body.prompt,
        width,
        height,
        style,
        provider,
        ...made,
        asset: AssetDto.from(asset, this.config.publicBaseUrl),
        artifact: ArtifactDto.from(artifact, this.config.publicBaseUrl),
        signed_url: { url: signed.url, expires_at: signed.expiresAt.toISOString(), ttl: signed.ttl },
        warnings: [],
      };
    });
  }
}

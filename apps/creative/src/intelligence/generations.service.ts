import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { IdempotencyService } from '@platform/http';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { ArtifactDto } from '../artifacts/dto/artifact.dto';
import type { Artifact } from '../artifacts/artifact.entity';
import { ArtifactsService } from '../artifacts/artifacts.service';
import type { Asset } from '../assets/asset.entity';
import { AssetDto } from '../assets/dto/asset.dto';
import { AssetsService } from '../assets/assets.service';
import { Metering, type MeterContext } from '../billing/metering';
import { claimTaken } from '../common/claim-taken';
import type { CreativeConfig } from '../config';
import { DesignRendersService } from '../rendering/design-renders.service';
import { renderLocs, RenderService, resolveRender } from '../rendering/render.service';
import { generatePicture } from './builtin/image-generator';
import type { Generation } from './generation.entity';
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

/** The `EffectLookup` of a generation (`POST /v1/generations`, MCP `generate_image`, workflow `generation.create`). */
export const GENERATION_EFFECT = 'creative.generation';

/** What a generation answers of its picture beyond the row's columns (kept in `generations.details`). */
type Made = Pick<GenerationDto, 'composition' | 'background' | 'palette' | 'subject' | 'provider_size'>;

/** A unique violation of the index that allows one asset per Idempotency-Key claim. */
const assetClaimTaken = (err: unknown) => claimTaken(err, 'assets_idempotency_ref');

/**
 * POST /v1/generations: an image from a prompt, stored as an asset and as an artifact. Keyed (`ctx.idempotencyRef`, the
 * claim of the request's Idempotency-Key), the generation row is written first, with the claim (one per claim), then
 * the asset (the same claim) and the artifact (naming the asset), then the row is linked to them: a retry after the
 * process died finds what that process stored and completes it (the picture it stored is not drawn again) instead of
 * storing a second generation, asset or artifact; the charge's reservation carries the claim too (one charge).
 */
@Injectable()
export class GenerationsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly providers: ImageProviders,
    private readonly renders: RenderService,
    private readonly stored: DesignRendersService,
    private readonly assets: AssetsService,
    private readonly artifacts: ArtifactsService,
    private readonly metering: Metering,
    private readonly rows: GenerationsRepository,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // Registered with the use case: REST, the MCP tool and the workflow step name it. A generation the dead process
    // completed answers (its charge settled once); one it left incomplete, or none: the retry runs and completes it.
    this.idempotency.onLapsed(GENERATION_EFFECT, async (accountId, ref) => {
      const generation = await this.generatedUnder(accountId, ref);
      return generation && { status: HttpStatus.OK, body: generation };
    });
  }

  async generate(ctx: MeterContext, body: GenerationCreateDto): Promise<GenerationDto> {
    const provider = this.providers.resolve(body.provider, ['provider']);
    const width = body.width ?? GENERATION_SIDE.default;
    const height = body.height ?? GENERATION_SIDE.default;
    const style = body.style ?? '';
    const ref = ctx.idempotencyRef ?? null;
    // The row of this request: written first when keyed (its claim, no picture yet), once the picture is stored otherwise.
    const newRow = (fields: Pick<Generation, 'seed' | 'model' | 'details'>, rest: Pick<Generation, 'assetId' | 'artifactId' | 'idempotencyRef'>) => ({
      id: newId('gen'),
      accountId: ctx.accountId,
      prompt: body.prompt,
      style,
      width,
      height,
      provider,
      ...fields,
      ...rest,
    });
    return this.metering.metered(ctx, generationCharge(provider, width, height), async () => {
      // What an earlier run of this claim (its process died) stored: its row and, maybe, its picture.
      let row = ref ? await this.rows.findByRef(ctx.accountId, ref) : null;
      let asset = row && ref ? await this.assets.madeUnder(ctx.accountId, ref) : null;
      let png = asset ? await this.assets.readBytes(ctx.accountId, asset.id) : null;
      let fields: Pick<Generation, 'seed' | 'model' | 'details'> | null = null;
      let inserted = false;
      if (!row || !asset || !png) {
        const drawn = await this.draw(ctx.accountId, provider, body, width, height, style);
        png = drawn.png;
        fields = { seed: drawn.seed, model: drawn.model, details: drawn.made as unknown as Record<string, unknown> };
        if (row) row = await this.rows.update(row.id, fields);
        else if (ref) {
          // Keyed: the row (with the claim) comes first, so a retry after this process died finds what it stored.
          row = await this.rows.insert(newRow(fields, { assetId: null, artifactId: null, idempotencyRef: ref }));
          inserted = true;
        }
        asset = null;
      }
      const picture = png;
      try {
        const filename = `generation-${slug(body.prompt)}.png`;
        asset ??= await this.assets.createFromBytes(ctx.accountId, picture, { filename, accept: ['image'], idempotencyRef: ref }).catch(async (err) => {
          // Another run of the claim stored the picture first (an owner that was stalled, not dead): that one.
          const first = ref && assetClaimTaken(err) ? await this.assets.madeUnder(ctx.accountId, ref) : null;
          if (!first) throw err;
          return first;
        });
        const artifact =
          (ref ? await this.artifacts.ofAsset(ctx.accountId, asset.id, 'generation') : null) ??
          (await this.artifacts.store(ctx.accountId, {
            data: picture,
            kind: 'generation',
            mime: 'image/png',
            filename,
            width,
            height,
            source: { assetId: asset.id },
          }));
        const links = { assetId: asset.id, artifactId: artifact.id };
        row = row ? await this.rows.update(row.id, links) : await this.rows.insert(newRow(fields!, { ...links, idempotencyRef: null }));
        return this.answer(row, asset, artifact);
      } catch (err) {
        // Failed (not killed): the key is given back, and its next use is a new claim; the row written for this one goes.
        if (row && (inserted || !row.artifactId)) await this.rows.remove(row.id).catch(() => undefined);
        throw err;
      }
    });
  }

  /**
   * The answer of a generation whose process died after it completed it (its row linked to its asset and artifact):
   * that generation, or null when none was completed under `ref` (the retry then runs, completing what was stored).
   * Its charge is settled once, found by the same `ref`: captured, nothing more; held by the dead process, captured now;
   * released by the reservation sweep or never made, charged now (402 when the balance cannot cover it).
   */
  async generatedUnder(accountId: string, ref: string): Promise<GenerationDto | null> {
    const row = await this.rows.findByRef(accountId, ref);
    const asset = row?.assetId ? await this.assets.find(accountId, row.assetId) : null;
    const artifact = row?.artifactId ? await this.artifacts.get(accountId, row.artifactId).catch(() => null) : null;
    if (!row || !asset || !artifact) return null;
    const ctx = { accountId, credentialId: null, idempotencyRef: ref };
    return this.metering.metered(ctx, generationCharge(row.provider, row.width, row.height), () => this.answer(row, asset, artifact));
  }

  /** The picture: drawn by the built-in engine, or asked of a provider and fitted. */
  private async draw(
    accountId: string,
    provider: string,
    body: GenerationCreateDto,
    width: number,
    height: number,
    style: string,
  ): Promise<{ png: Buffer; seed: number | null; model: string; made: Made }> {
    if (provider === 'builtin') {
      const picture = generatePicture({ prompt: body.prompt, style, seed: body.seed, width, height });
      const resolved = resolveRender(width, height, { format: 'png' }, []);
      const out = await this.renders.render(accountId, picture.ir as unknown as Record<string, unknown>, resolved, renderLocs([]));
      return {
        png: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength),
        seed: picture.seed,
        model: 'builtin',
        made: { composition: picture.composition, background: picture.background, palette: picture.palette, subject: picture.subject, provider_size: null },
      };
    }
    const prompt = style ? `${body.prompt}\n\nStyle: ${style}` : body.prompt;
    const image = await this.providers.generate(provider as Parameters<ImageProviders['generate']>[0], { prompt, width, height });
    return {
      png: image.png,
      seed: null,
      model: image.model,
      made: { composition: null, background: null, palette: [], subject: null, provider_size: image.providerSize },
    };
  }

  private async answer(row: Generation, asset: Asset, artifact: Artifact): Promise<GenerationDto> {
    const signed = await this.stored.signedUrl(artifact);
    const made = (row.details ?? {}) as Partial<Made>;
    return {
      id: row.id,
      prompt: row.prompt,
      width: row.width,
      height: row.height,
      style: row.style,
      provider: row.provider,
      seed: row.seed,
      model: row.model,
      composition: made.composition ?? null,
      background: made.background ?? null,
      palette: made.palette ?? [],
      subject: made.subject ?? null,
      provider_size: made.provider_size ?? null,
      asset: AssetDto.from(asset, this.config.publicBaseUrl),
      artifact: ArtifactDto.from(artifact, this.config.publicBaseUrl),
      signed_url: { url: signed.url, expires_at: signed.expiresAt.toISOString(), ttl: signed.ttl },
      warnings: [],
    };
  }
}

/** A generation's charge: by provider and size. */
const generationCharge = (provider: string, width: number, height: number) => ({ operation: 'generation' as const, params: { provider, width, height } });

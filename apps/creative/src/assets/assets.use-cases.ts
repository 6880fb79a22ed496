import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { ValidationError } from '@platform/errors';
import { IdempotencyService } from '@platform/http';
import { Metering } from '../billing/metering';
import type { CreativeConfig } from '../config';
import type { Asset } from './asset.entity';
import { AssetsService, AUDIO, IMAGE_AND_FONT } from './assets.service';
import { ASSET_PAGE_DEFAULT, type AssetDeletedDto, AssetDto, type AssetListDto, ImportAssetDto, type ListAssetsQuery } from './dto/asset.dto';
import { claimTaken } from '../common/claim-taken';
import { validateInput } from '../common/validate-input';
import type { TransformAssetDto } from './dto/transform-asset.dto';
import { operationProblems } from './transform/operation-rules';
import type { ReceivedFile } from './upload/multipart-file.guard';

/** The `EffectLookup` of a transform (see `IdempotentEffect`): the REST endpoint, the MCP tool and the workflow step. */
export const TRANSFORM_EFFECT = 'creative.transform';

/**
 * The `EffectLookup` of an upload or a URL import (`POST /v1/assets`, `POST /v1/assets/audio`, the upload MCP tools and
 * workflow steps): the asset stored under the claim's ref is the answer. Uploads are not billed: nothing to settle.
 */
export const UPLOAD_EFFECT = 'creative.upload';

/** The `EffectLookup` of `DELETE /v1/assets/{id}`: the deletion recorded under the claim answers. */
export const ASSET_DELETE_EFFECT = 'creative.asset-delete';

/** A unique violation of the index that allows one asset per Idempotency-Key claim. */
const assetClaimTaken = (err: unknown) => claimTaken(err, 'assets_idempotency_ref');

/** The assets' use cases as REST, MCP and workflow steps run them; every answer is the asset record with its content URL. */
@Injectable()
export class AssetsUseCases implements OnModuleInit {
  constructor(
    private readonly assets: AssetsService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly metering: Metering,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // Registered here, not by the controller: every transport of the transform (REST, MCP, workflow steps) names it,
    // in whichever process runs it. A key whose process died after storing the asset answers that asset (its charge
    // settled, once); none stored: the retry runs the transform.
    this.idempotency.onLapsed(TRANSFORM_EFFECT, async (accountId, ref) => {
      const asset = await this.madeUnder(accountId, ref);
      return asset && { status: HttpStatus.OK, body: asset };
    });
    // An upload whose process died after storing its asset answers that asset (the same id); none stored: the retry
    // stores the file it sends.
    this.idempotency.onLapsed(UPLOAD_EFFECT, async (accountId, ref) => {
      const asset = await this.assets.madeUnder(accountId, ref);
      return asset && { status: HttpStatus.OK, body: this.dto(asset) };
    });
    // A delete whose process died after its deletion committed answers the delete; none committed: the retry deletes.
    this.idempotency.onLapsed(ASSET_DELETE_EFFECT, async (accountId, ref) => {
      const id = await this.assets.deletedUnder(accountId, ref);
      return id ? { status: HttpStatus.OK, body: { id, deleted: true } satisfies AssetDeletedDto } : null;
    });
    // A recorded deletion is read only while its key lives: swept with the expired keys.
    this.idempotency.onSweep('creative.asset_deletions', (limit, maxBatches) => this.assets.sweepDeletions(limit, maxBatches));
  }

  /**
   * Stores an upload's asset under `ref` (the claim of its Idempotency-Key, see `IdempotentEffect`). When another run of
   * the same claim stored its asset first (an owner that was stalled, not dead, and resumed after a retry took its key
   * over), the index refuses this one (its blob removed by `AssetsService.store`) and that asset is the answer.
   */
  private async storedOnce(auth: AuthContext, ref: string | null, store: () => Promise<Asset>): Promise<AssetDto> {
    return this.dto(await store().catch(this.storedFirst(auth.accountId, ref)));
  }

  /**
   * A catch handler for storing an asset under `ref`: when another run of the same claim stored its asset first (an
   * owner that was stalled, not dead, and resumed after a retry took its key over), that asset; any other error is thrown on.
   */
  private storedFirst(accountId: string, ref: string | null) {
    return async (err: unknown): Promise<Asset> => {
      const stored = ref && assetClaimTaken(err) ? await this.assets.madeUnder(accountId, ref) : null;
      if (!stored) throw err;
      return stored;
    };
  }

  private dto = (a: Asset) => AssetDto.from(a, this.config.publicBaseUrl);

  /** An image or a font, received (see `MultipartFileGuard`, or the MCP upload); `ref`: see `storedOnce`. */
  async upload(auth: AuthContext, file: ReceivedFile, ref: string | null = null): Promise<AssetDto> {
    return this.storedOnce(auth, ref, () => this.assets.createFromUpload(auth.accountId, file, IMAGE_AND_FONT, ref));
  }

  /** An image or a font fetched from `url` (see `AssetsService.createFromUrl`): the same checks and errors as an upload. */
  async importFromUrl(auth: AuthContext, body: ImportAssetDto, ref: string | null = null): Promise<AssetDto> {
    return this.storedOnce(auth, ref, () => this.assets.createFromUrl(auth.accountId, body.url, body.filename, IMAGE_AND_FONT, ref));
  }

  /**
   * `POST /v1/assets`: a received file (multipart, or an MCP tool's base64), or else a JSON body with `url`. `ref`: the
   * claim of the request's Idempotency-Key, recorded on the asset (`UPLOAD_EFFECT` finds it after this process died).
   */
  async uploadOrImport(auth: AuthContext, file: ReceivedFile | undefined, body: unknown, ref: string | null = null): Promise<AssetDto> {
    if (file) return this.upload(auth, file, ref);
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !('url' in body)) {
      // Neither a file part nor a URL: say both ways in.
      const msg = 'Send the file as multipart/form-data (one part named `file`), or a JSON body {"url": "https://…"} to import it from a URL';
      throw new ValidationError([{ loc: ['url'], msg, type: 'missing' }]);
    }
    return this.importFromUrl(auth, await validateInput(ImportAssetDto, body ?? {}, 'body'), ref);
  }

  /** `POST /v1/assets/audio`; `ref` as `uploadOrImport`'s. */
  async uploadAudio(auth: AuthContext, file: ReceivedFile, ref: string | null = null): Promise<AssetDto> {
    return this.storedOnce(auth, ref, () => this.assets.createFromUpload(auth.accountId, file, AUDIO, ref));
  }

  async list(auth: AuthContext, query: ListAssetsQuery): Promise<AssetListDto> {
    const page = await this.assets.list(auth.accountId, { limit: query.limit ?? ASSET_PAGE_DEFAULT, cursor: query.cursor, kind: query.kind });
    return { data: page.data.map(this.dto), next_cursor: page.nextCursor };
  }

  /**
   * A new image asset from `operations`: 422 and 404 come before the price (charged by its number of operations).
   * `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the asset and on the charge's
   * reservation: a retry after this process died finds either (`madeUnder`; `Metering.metered` settles the reservation
   * the dead process held instead of reserving a second).
   */
  async transform(auth: AuthContext, assetId: string, body: TransformAssetDto, ref: string | null = null): Promise<AssetDto> {
    const problems = operationProblems(body.operations);
    if (problems.length) throw new ValidationError(problems);
    await this.assets.get(auth.accountId, assetId);
    const ctx = { accountId: auth.accountId, credentialId: auth.credentialId, assetId, idempotencyRef: ref };
    const asset = await this.metering.metered(ctx, transformCharge(body.operations.length), () =>
      this.assets
        .transform(auth.accountId, assetId, {
          operations: body.operations,
          outputFormat: body.output_format ?? 'png',
          quality: body.quality ?? 92,
          background: body.background ?? '#FFFFFF',
          filename: body.filename ?? null,
          idempotencyRef: ref,
        })
        // Another run of the same claim stored its asset first: that asset is the answer, the one reservation captured here.
        .catch(this.storedFirst(auth.accountId, ref)),
    );
    return this.dto(asset);
  }

  /**
   * The answer of a transform whose process died after it stored the asset: that asset, or null when none was stored
   * under `ref` (the transform then runs again). Its charge is settled once, found by the same `ref`: captured, nothing
   * more; held by the dead process, captured now; released by the reservation sweep (the retry came after the hold
   * expired) or never made, charged now (402 when the balance cannot cover it, the key left for a later retry).
   */
  async madeUnder(accountId: string, ref: string): Promise<AssetDto | null> {
    const asset = await this.assets.madeUnder(accountId, ref);
    if (!asset) return null;
    const ctx = { accountId, credentialId: null, assetId: asset.sourceAssetId, idempotencyRef: ref };
    await this.metering.metered(ctx, transformCharge(asset.operations?.length ?? 0), async () => asset);
    return this.dto(asset);
  }

  async get(auth: AuthContext, assetId: string): Promise<AssetDto> {
    return this.dto(await this.assets.get(auth.accountId, assetId));
  }

  /** `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), recorded with the deletion (`ASSET_DELETE_EFFECT`). */
  async remove(auth: AuthContext, assetId: string, ref: string | null = null): Promise<AssetDeletedDto> {
    await this.assets.remove(auth.accountId, assetId, ref);
    return { id: assetId, deleted: true };
  }
}

/** A transform's charge: priced by its number of operations. */
const transformCharge = (operations: number) => ({ operation: 'transform' as const, params: { operations } });

import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { ValidationError } from '@platform/errors';
import { Metering } from '../billing/metering';
import type { CreativeConfig } from '../config';
import type { Asset } from './asset.entity';
import { AssetsService, AUDIO, IMAGE_AND_FONT } from './assets.service';
import { ASSET_PAGE_DEFAULT, type AssetDeletedDto, AssetDto, type AssetListDto, ImportAssetDto, type ListAssetsQuery } from './dto/asset.dto';
import { validateInput } from '../common/validate-input';
import type { TransformAssetDto } from './dto/transform-asset.dto';
import { operationProblems } from './transform/operation-rules';
import type { ReceivedFile } from './upload/multipart-file.guard';

/** The assets' use cases as REST, MCP and workflow steps run them; every answer is the asset record with its content URL. */
@Injectable()
export class AssetsUseCases {
  constructor(
    private readonly assets: AssetsService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly metering: Metering,
  ) {}

  private dto = (a: Asset) => AssetDto.from(a, this.config.publicBaseUrl);

  /** An image or a font, received (see `MultipartFileGuard`, or the MCP upload). */
  async upload(auth: AuthContext, file: ReceivedFile): Promise<AssetDto> {
    return this.dto(await this.assets.createFromUpload(auth.accountId, file, IMAGE_AND_FONT));
  }

  /** An image or a font fetched from `url` (see `AssetsService.createFromUrl`): the same checks and errors as an upload. */
  async importFromUrl(auth: AuthContext, body: ImportAssetDto): Promise<AssetDto> {
    return this.dto(await this.assets.createFromUrl(auth.accountId, body.url, body.filename, IMAGE_AND_FONT));
  }

  /** `POST /v1/assets`: a received file (multipart, or an MCP tool's base64), or else a JSON body with `url`. */
  async uploadOrImport(auth: AuthContext, file: ReceivedFile | undefined, body: unknown): Promise<AssetDto> {
    if (file) return this.upload(auth, file);
    if (body === null || typeof body !== 'object' || Array.isArray(body) || !('url' in body)) {
      // Neither a file part nor a URL: say both ways in.
      const msg = 'Send the file as multipart/form-data (one part named `file`), or a JSON body {"url": "https://…"} to import it from a URL';
      throw new ValidationError([{ loc: ['url'], msg, type: 'missing' }]);
    }
    return this.importFromUrl(auth, await validateInput(ImportAssetDto, body ?? {}, 'body'));
  }

  async uploadAudio(auth: AuthContext, file: ReceivedFile): Promise<AssetDto> {
    return this.dto(await this.assets.createFromUpload(auth.accountId, file, AUDIO));
  }

  async list(auth: AuthContext, query: ListAssetsQuery): Promise<AssetListDto> {
    const page = await this.assets.list(auth.accountId, { limit: query.limit ?? ASSET_PAGE_DEFAULT, cursor: query.cursor, kind: query.kind });
    return { data: page.data.map(this.dto), next_cursor: page.nextCursor };
  }

  /** A new image asset from `operations`: 422 and 404 come before the price (charged by its number of operations). */
  async transform(auth: AuthContext, assetId: string, body: TransformAssetDto): Promise<AssetDto> {
    const problems = operationProblems(body.operations);
    if (problems.length) throw new ValidationError(problems);
    await this.assets.get(auth.accountId, assetId);
    const charge = { operation: 'transform' as const, params: { operations: body.operations.length } };
    const asset = await this.metering.metered({ accountId: auth.accountId, credentialId: auth.credentialId, assetId }, charge, () =>
      this.assets.transform(auth.accountId, assetId, {
        operations: body.operations,
        outputFormat: body.output_format ?? 'png',
        quality: body.quality ?? 92,
        background: body.background ?? '#FFFFFF',
        filename: body.filename ?? null,
      }),
    );
    return this.dto(asset);
  }

  async get(auth: AuthContext, assetId: string): Promise<AssetDto> {
    return this.dto(await this.assets.get(auth.accountId, assetId));
  }

  async remove(auth: AuthContext, assetId: string): Promise<AssetDeletedDto> {
    await this.assets.remove(auth.accountId, assetId);
    return { id: assetId, deleted: true };
  }
}

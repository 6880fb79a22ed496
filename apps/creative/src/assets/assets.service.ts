import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { ConflictError, ForbiddenError, ValidationError } from '@platform/errors';
import { getPublic, OutboundGetError } from '@platform/outbound';
import { createHash } from 'node:crypto';
import { createWriteStream, promises as fs } from 'node:fs';
import type { LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import type { CreativeConfig } from '../config';
import { contentDisposition } from '../common/content-headers';
import { UrlSigner } from '../storage/url-signer.service';
import { BlobNotFoundError, BlobStore, ByteRange } from '../storage/blob-store';
import { Asset } from './asset.entity';
import { AssetReferencesPort } from './asset-references.port';
import { AssetsRepository } from './assets.repository';
import { assetNotFound, atUrl, uploadTooLarge, urlNotFetched } from './asset-errors';
import type { OutputFormat } from './dto/transform-asset.dto';
import type { Operation } from './dto/transform-operations.dto';
import { Inspection, MediaInspector } from './media/media-inspector.service';
import { AssetKind, assetKindNoun, MIME_BY_FORMAT } from './media/media-types';
import { ImageTransformer } from './transform/image-transformer';
import { operationProblems } from './transform/operation-rules';
import { cleanFilename, type ReceivedFile } from './upload/multipart-file.guard';
import { TempFiles } from '../storage/temp-files.service';

export interface TransformRequest {
  operations: Operation[];
  outputFormat: OutputFormat;
  quality: number;
  background: string;
  filename: string | null;
  /** The claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the new asset (one asset per claim). */
  idempotencyRef?: string | null;
}

export interface AssetPage {
  data: Asset[];
  nextCursor: string | null;
}

/** What each upload route takes. */
export const IMAGE_AND_FONT: readonly AssetKind[] = ['image', 'font'];
export const AUDIO: readonly AssetKind[] = ['audio'];

/** The last segment of a URL's path, decoded, as a file name (or null). */
function filenameOfUrl(url: string): string | null {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/** What an asset's signed URL signs: distinct from an artifact's (its bare id), so one never passes for the other. */
const signedSubject = (assetId: string) => `asset:${assetId}`;

const EXTENSION: Record<string, string> = { jpeg: 'jpg', tiff: 'tiff' };

/**
 * Assets: the inputs an account brings. Also the internal API of later features: designs resolve
 * `asset:<id>` images and fonts through `readBytes`/`open`, generations store images with
 * `createFromBytes`.
 */
@Injectable()
export class AssetsService {
  private readonly logger = new Logger(AssetsService.name);
  private readonly transformer = new ImageTransformer();

  constructor(
    private readonly repo: AssetsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly blobs: BlobStore,
    private readonly inspector: MediaInspector,
    private readonly temp: TempFiles,
    private readonly references: AssetReferencesPort,
    private readonly signer: UrlSigner,
  ) {}

  private blobKey(accountId: string, assetId: string): string {
    return `accounts/${accountId}/assets/${assetId}`;
  }

  /**
   * Stores a received upload: decides what it is from its bytes, moves it into the blob store,
   * then inserts the row. Any failure leaves no blob and no row; the temporary file is removed.
   */
  async createFromUpload(accountId: string, file: ReceivedFile, accept: readonly AssetKind[], idempotencyRef: string | null = null): Promise<Asset> {
    try {
      const found = await this.inspector.inspect(file.path, accept);
      return await this.store(accountId, found, { sha256: file.sha256, bytes: file.size, filename: file.filename, idempotencyRef }, (key) =>
        this.blobs.putFile(key, file.path, { contentType: found.mime }),
      );
    } finally {
      await this.temp.remove(file.path);
    }
  }

  /**
   * An image or font fetched from a URL the client gave, through the platform's SSRF-guarded GET (`getPublic`: every
   * address dialled, redirects included, must be public unless `ASSET_IMPORT_ALLOW_PRIVATE`), streamed into a temporary
   * file while hashed and counted against `ASSET_UPLOAD_LIMIT`, then checked and stored exactly as an upload. The
   * upload's errors (413 `payload_too_large`, 422 `unsupported_file`, `image_too_large`) are reported at `url`; a URL
   * that cannot be fetched answers 422 `url_not_fetched` at `url`.
   */
  async createFromUrl(
    accountId: string,
    url: string,
    filename: string | null | undefined,
    accept: readonly AssetKind[],
    idempotencyRef: string | null = null,
  ): Promise<Asset> {
    const limit = this.config.assets.maxUploadBytes;
    const path = await this.temp.create();
    try {
      let size = 0;
      const hash = createHash('sha256');
      try {
        const res = await getPublic(url, {
          timeoutMs: this.config.assets.importTimeoutMs,
          maxBytes: limit,
          allowPrivate: this.config.assets.importAllowPrivate,
          lookup: this.importLookup,
        });
        const tap = new Transform({
          transform(chunk: Buffer, _e, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(res.body, tap, createWriteStream(path));
        filename = filename ?? filenameOfUrl(res.url);
      } catch (err) {
        if (!(err instanceof OutboundGetError)) throw err;
        if (err.reason === 'too_large') throw uploadTooLarge(limit);
        throw urlNotFetched(err.message);
      }
      const found = await this.inspector.inspect(path, accept).catch((e) => {
        throw atUrl(e);
      });
      const facts = { sha256: hash.digest('hex'), bytes: size, filename: cleanFilename(filename ?? undefined), idempotencyRef };
      return await this.store(accountId, found, facts, (key) => this.blobs.putFile(key, path, { contentType: found.mime }));
    } finally {
      await this.temp.remove(path);
    }
  }

  /** The DNS lookup of imports (the platform's `publicOnlyLookup` when undefined); tests play DNS with it. */
  importLookup: LookupFunction | undefined;

  /** Internal: an asset from bytes made by the service (e.g. a generated image), checked like an upload. */
  async createFromBytes(
    accountId: string,
    bytes: Buffer,
    options: {
      filename?: string | null;
      accept?: readonly AssetKind[];
      sourceAssetId?: string | null;
      operations?: Record<string, unknown>[] | null;
      /** The claim of the request's Idempotency-Key (a generation's picture): one asset per claim. */
      idempotencyRef?: string | null;
    } = {},
  ): Promise<Asset> {
    const path = await this.temp.create();
    try {
      await fs.writeFile(path, bytes, { flag: 'wx' });
      const found = await this.inspector.inspect(path, options.accept ?? ['image', 'font', 'audio']);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return await this.store(
        accountId,
        found,
        {
          sha256,
          bytes: bytes.length,
          filename: options.filename ?? null,
          sourceAssetId: options.sourceAssetId,
          operations: options.operations,
          idempotencyRef: options.idempotencyRef,
        },
        (key) => this.blobs.put(key, bytes, { contentType: found.mime }),
      );
    } finally {
      await this.temp.remove(path);
    }
  }

  private async store(
    accountId: string,
    found: Inspection,
    facts: {
      sha256: string;
      bytes: number;
      filename: string | null;
      sourceAssetId?: string | null;
      operations?: Record<string, unknown>[] | null;
      idempotencyRef?: string | null;
    },
    put: (key: string) => Promise<void>,
  ): Promise<Asset> {
    const id = newId('ast');
    const key = this.blobKey(accountId, id);
    await put(key);
    try {
      return await this.repo.insert({
        id,
        accountId,
        kind: found.kind,
        format: found.format,
        mime: found.mime,
        bytes: facts.bytes,
        sha256: facts.sha256,
        filename: facts.filename,
        blobKey: key,
        width: found.width,
        height: found.height,
        duration: found.duration,
        channels: found.channels,
        sampleRate: found.sampleRate,
        family: found.family,
        weight: found.weight,
        style: found.style,
        sourceAssetId: facts.sourceAssetId ?? null,
        operations: facts.operations ?? null,
        idempotencyRef: facts.idempotencyRef ?? null,
      });
    } catch (err) {
      await this.blobs.delete(key).catch((e) => this.logger.error({ err: e, key }, 'could not remove the blob of a failed asset'));
      throw err;
    }
  }

  async list(accountId: string, options: { limit: number; cursor?: string; kind?: AssetKind }): Promise<AssetPage> {
    return this.repo.page(accountId, options);
  }

  /** The caller's asset, or 404 `not_found` (also for another account's id). */
  /** The account's assets: how many, and their bytes (GET /v1/metrics). */
  storageOf(accountId: string): Promise<{ bytes: number; count: number }> {
    return this.repo.storageOf(accountId);
  }

  async get(accountId: string, id: string): Promise<Asset> {
    const asset = await this.find(accountId, id);
    if (!asset) throw assetNotFound();
    return asset;
  }

  find(accountId: string, id: string, kind?: AssetKind): Promise<Asset | null> {
    return this.repo.find(accountId, id, kind);
  }

  /** The asset a transform or an upload made under an Idempotency-Key's claim (`ref`), or null. */
  madeUnder(accountId: string, ref: string): Promise<Asset | null> {
    return this.repo.findByRef(accountId, ref);
  }

  /** A stream of the asset's bytes (or a range of them). */
  async open(asset: Asset, range?: ByteRange): Promise<Readable> {
    try {
      return await this.blobs.open(asset.blobKey, range);
    } catch (err) {
      if (err instanceof BlobNotFoundError) {
        this.logger.error({ assetId: asset.id, key: asset.blobKey }, 'asset row without its blob');
        throw assetNotFound();
      }
      throw err;
    }
  }

  /**
   * A URL that reads the asset without credentials for `ttl` seconds, as artifacts' signed URLs (MCP results hand one out
   * with every asset, so a model or a person can open it without the API key): an S3 presigned GET for S3 storage, or
   * this service's `…/assets/{id}/signed-content` URL, HMAC-signed over `asset:<id>` and the expiry, for local storage.
   */
  async signedUrlOf(asset: Asset, ttl: number): Promise<{ url: string; expiresAt: Date; ttl: number }> {
    const expires = Math.floor(Date.now() / 1000) + ttl;
    const presigned = await this.blobs.presignGet(asset.blobKey, {
      expiresIn: ttl,
      contentType: asset.mime,
      contentDisposition: contentDisposition(asset.mime, asset.filename),
    });
    if (presigned) return { url: presigned, expiresAt: new Date(expires * 1000), ttl };
    const signature = await this.signer.sign(signedSubject(asset.id), expires);
    const url = `${this.config.publicBaseUrl}/v1/assets/${asset.id}/signed-content?expires=${expires}&signature=${signature}`;
    return { url, expiresAt: new Date(expires * 1000), ttl };
  }

  /** The asset a local signed URL names, once its signature (first) and expiry check out; 403 otherwise. */
  async resolveSigned(id: string, expires: number, signature: string): Promise<Asset> {
    // With S3 storage only presigned S3 URLs are handed out; no signature of this service's is valid.
    const check = this.blobs.driver === 'local' ? await this.signer.verify(signedSubject(id), expires, signature) : 'invalid';
    if (check === 'invalid') throw new ForbiddenError('The signature of this URL is not valid', 'signature_invalid');
    if (check === 'expired') throw new ForbiddenError('This URL has expired; ask for a new one', 'signature_expired');
    const asset = await this.repo.findSigned(id);
    if (!asset) throw assetNotFound();
    return asset;
  }

  /** Internal: the whole bytes of an asset of the account (designs resolving `asset:<id>`), or null. */
  async readBytes(accountId: string, id: string, kind?: AssetKind): Promise<Buffer | null> {
    const asset = await this.find(accountId, id, kind);
    if (!asset) return null;
    try {
      return await this.blobs.readAll(asset.blobKey);
    } catch (err) {
      if (err instanceof BlobNotFoundError) return null;
      throw err;
    }
  }

  /** The asset a keyed delete deleted under `ref` (its Idempotency-Key's claim), or null when none committed. */
  deletedUnder(accountId: string, ref: string): Promise<string | null> {
    return this.repo.deletions.deletedUnder(accountId, ref);
  }

  /** Deletes the deletions recorded more than a key's lifetime ago (see `DeletionRecords.sweep`); answers how many. */
  sweepDeletions(limit: number, maxBatches: number): Promise<number> {
    return this.repo.deletions.sweep(limit, maxBatches);
  }

  /**
   * Locks an image asset of the account against deletion until the transaction ends, for a row
   * that will reference it (the brand kit's logo). False when there is no such image.
   */
  lockImageForReference(manager: EntityManager, accountId: string, id: string): Promise<boolean> {
    return this.repo.lockImage(manager, accountId, id);
  }

  /**
   * Deletes the asset and then its blob. An asset the brand kit uses as its logo is refused with
   * 409 `asset_in_use` (change the brand kit first): a design would lose its logo without notice. `ref`: the claim of
   * the request's Idempotency-Key, recorded in the deletion's transaction (`deletedUnder` finds it after this process died).
   */
  async remove(accountId: string, id: string, ref: string | null = null): Promise<void> {
    const key = await this.repo.delete(accountId, id, async (m) => {
      const refused = await this.references.refusal(m, accountId, id);
      if (refused) throw new ConflictError(refused, 'asset_in_use');
      if (ref) await this.repo.deletions.record(m, accountId, id, ref);
    });
    if (key === null) throw assetNotFound();
    await this.blobs.delete(key).catch((err) => this.logger.error({ err, key }, 'asset deleted but its blob could not be removed'));
  }

  /** Applies the operations to an image asset and stores the result as a new image asset. */
  async transform(accountId: string, id: string, request: TransformRequest): Promise<Asset> {
    const problems = operationProblems(request.operations);
    if (problems.length) throw new ValidationError(problems);
    const source = await this.get(accountId, id);
    if (source.kind !== 'image') {
      throw new ValidationError([
        { loc: ['asset_id'], msg: `Only image assets can be transformed; this one is ${assetKindNoun(source.kind)}`, type: 'value_error' },
      ]);
    }
    // Local files are read by sharp from their path; S3 objects are read once into memory.
    const input = await this.sourceOf(source);
    const result = await this.transformer.run(input, request.operations, {
      outputFormat: request.outputFormat,
      quality: request.quality,
      background: request.background,
      maxPixels: this.config.assets.maxPixels,
      timeoutMs: this.config.assets.transformTimeoutMs,
      imageAsset: (assetId) => this.readBytes(accountId, assetId, 'image'),
      fontAsset: async (assetId) => {
        const font = await this.find(accountId, assetId, 'font');
        const bytes = font ? await this.readBytes(accountId, assetId, 'font') : null;
        return font && bytes ? { bytes, family: font.family ?? 'Brand' } : null;
      },
    });
    const ext = EXTENSION[request.outputFormat] ?? request.outputFormat;
    const filename =
      request.filename ??
      `${(source.filename ? source.filename.slice(0, source.filename.length - extname(source.filename).length) : source.id) || source.id}.${ext}`;
    const sha256 = createHash('sha256').update(result.data).digest('hex');
    return this.store(
      accountId,
      {
        kind: 'image',
        format: request.outputFormat,
        mime: MIME_BY_FORMAT[request.outputFormat],
        width: result.width,
        height: result.height,
        duration: null,
        channels: null,
        sampleRate: null,
        family: null,
        weight: null,
        style: null,
      },
      {
        sha256,
        bytes: result.data.length,
        filename,
        sourceAssetId: source.id,
        operations: request.operations as unknown as Record<string, unknown>[],
        idempotencyRef: request.idempotencyRef ?? null,
      },
      (key) => this.blobs.put(key, result.data, { contentType: MIME_BY_FORMAT[request.outputFormat] }),
    );
  }

  private async sourceOf(asset: Asset): Promise<string | Buffer> {
    const path = this.blobs.filePath(asset.blobKey);
    try {
      // SVG from memory: read from a path, librsvg would resolve references to files beside it.
      if (path && asset.format !== 'svg') {
        await fs.access(path);
        return path;
      }
      return await this.blobs.readAll(asset.blobKey);
    } catch (err) {
      if (err instanceof BlobNotFoundError || (err as NodeJS.ErrnoException).code === 'ENOENT') throw assetNotFound();
      throw err;
    }
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { ForbiddenError, NotFoundError, ValidationError } from '@platform/errors';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntityManager } from 'typeorm';
import { TempFiles } from '../storage/temp-files.service';
import { contentDisposition } from '../common/content-headers';
import type { CreativeConfig } from '../config';
import { BlobNotFoundError, BlobStore, ByteRange } from '../storage/blob-store';
import { UrlSigner } from '../storage/url-signer.service';
import { Artifact } from './artifact.entity';
import { ArtifactsRepository, type ArtifactPageQuery } from './artifacts.repository';
import { ARTIFACT_KINDS, ARTIFACT_MIME_TYPES, ArtifactKind } from './artifact-types';

/** What a later feature hands over to store an output. */
export interface StoreArtifactInput {
  /** The bytes: a buffer, a stream (spooled to a temporary file while hashed) or a file (read, not moved). */
  data: Buffer | Readable | { path: string };
  kind: ArtifactKind;
  mime: string;
  filename?: string | null;
  width?: number | null;
  height?: number | null;
  /** Seconds (video, audio). */
  duration?: number | null;
  source?: { designId?: string | null; revision?: number | null; jobId?: string | null; assetId?: string | null };
  /** The claim of the request's Idempotency-Key that stores it as its one effect (a procedural render): one artifact per claim. */
  idempotencyRef?: string | null;
}

export interface SignedUrl {
  url: string;
  expiresAt: Date;
  ttl: number;
}

export function artifactNotFound(): NotFoundError {
  return new NotFoundError('Artifact not found', 'not_found');
}

/**
 * Artifacts: the outputs the service makes. `store` is the internal API every producing feature
 * (renders, previews, exports, videos, campaigns) calls. Blobs are content-addressed per account
 * (`accounts/<id>/artifacts/sha256/<hash>`): identical bytes share one blob, which is removed with
 * the last artifact that references it. Both run under a transaction-scoped advisory lock on
 * (account, hash), so a store never counts on a blob that a concurrent delete is removing.
 */
@Injectable()
export class ArtifactsService {
  private readonly logger = new Logger(ArtifactsService.name);

  constructor(
    private readonly repo: ArtifactsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly blobs: BlobStore,
    private readonly signer: UrlSigner,
    private readonly temp: TempFiles,
  ) {}

  private blobKey(accountId: string, sha256: string): string {
    return `accounts/${accountId}/artifacts/sha256/${sha256}`;
  }

  /** Stores an output and returns its record. */
  async store(accountId: string, input: StoreArtifactInput): Promise<Artifact> {
    const problems = checkInput(input);
    if (problems.length) throw new ValidationError(problems, `Invalid artifact: ${problems.map((p) => `${p.loc.join('.')}: ${p.msg}`).join('; ')}`);
    if (Buffer.isBuffer(input.data)) {
      const sha256 = createHash('sha256').update(input.data).digest('hex');
      return this.insert(accountId, input, sha256, input.data.length, (key) => this.blobs.put(key, input.data as Buffer, { contentType: input.mime }));
    }
    // Streams and files: hashed on the way into a temporary file, then stored from it.
    const path = await this.temp.create();
    try {
      const hash = createHash('sha256');
      let size = 0;
      const source = input.data instanceof Readable ? input.data : createReadStream((input.data as { path: string }).path);
      const tap = new Transform({
        transform(chunk: Buffer, _e, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(source, tap, createWriteStream(path, { flags: 'wx' }));
      return await this.insert(accountId, input, hash.digest('hex'), size, (key) => this.blobs.putFile(key, path, { contentType: input.mime }));
    } finally {
      await this.temp.remove(path);
    }
  }

  /**
   * The blob, then the row. The blob is uploaded first, outside any transaction (an upload of a long video must not
   * hold a database connection), unless its bytes are stored already (content-addressed key). Then, under the blob's
   * advisory lock (so a concurrent `remove` of another artifact with the same bytes cannot delete it in between), the
   * row is inserted and the blob checked once more: if such a `remove` deleted it after our upload, it is uploaded
   * again inside the lock (rare). Round trips: BEGIN, lock and INSERT, COMMIT.
   */
  private async insert(accountId: string, input: StoreArtifactInput, sha256: string, bytes: number, put: (key: string) => Promise<void>): Promise<Artifact> {
    const key = this.blobKey(accountId, sha256);
    const artifact = this.repo.create({
      id: newId('art'),
      accountId,
      kind: input.kind,
      mime: input.mime,
      bytes,
      sha256,
      blobKey: key,
      filename: input.filename ?? null,
      width: input.width ?? null,
      height: input.height ?? null,
      duration: input.duration ?? null,
      designId: input.source?.designId ?? null,
      designRevision: input.source?.revision ?? null,
      jobId: input.source?.jobId ?? null,
      assetId: input.source?.assetId ?? null,
      idempotencyRef: input.idempotencyRef ?? null,
    });
    const uploaded = (await this.blobs.size(key)) === null;
    if (uploaded) await put(key);
    return this.repo
      .transaction(async (m) => {
        const a = artifact;
        // The blob's lock, then the row, in one statement: the INSERT reads the lock's row, so the lock is taken first.
        a.createdAt = await this.repo.insertLocked(m, a);
        if ((await this.blobs.size(key)) === null) await put(key);
        return a;
      })
      .catch(async (err) => {
        // The row was not stored: the blob we uploaded goes, unless another row holds the same bytes by now.
        if (uploaded)
          await this.repo
            .transaction(async (m) => (await this.repo.lockBlob(m, accountId, sha256), this.dropUnused(m, accountId, sha256, key)))
            .catch((e) => this.logger.warn(`could not remove an unused blob ${key}: ${(e as Error).message}`));
        throw err;
      });
  }

  /** Deletes the blob when no artifact of the account has its bytes (call under the blob's lock); true when it did. */
  private async dropUnused(m: EntityManager, accountId: string, sha256: string, key: string): Promise<boolean> {
    if (await this.repo.holdsBlob(m, accountId, sha256)) return false;
    await this.blobs.delete(key);
    return true;
  }

  /**
   * Removes an artifact blob (a content-addressed key) that no artifact refers to, under the blob's lock: a store of
   * the same bytes waits and uploads them again. For the blob sweep. True when it was removed.
   */
  async dropBlobIfUnused(accountId: string, sha256: string): Promise<boolean> {
    return this.repo.transaction(async (m) => {
      await this.repo.lockBlob(m, accountId, sha256);
      return this.dropUnused(m, accountId, sha256, this.blobKey(accountId, sha256));
    });
  }

  /** The account's artifacts: how many, and their bytes (GET /v1/metrics). */
  storageOf(accountId: string): Promise<{ bytes: number; count: number }> {
    return this.repo.storageOf(accountId);
  }

  /** The caller's artifact, or 404 `not_found` (also for another account's id). */
  async get(accountId: string, id: string): Promise<Artifact> {
    const artifact = await this.repo.find(accountId, id);
    if (!artifact) throw artifactNotFound();
    return artifact;
  }

  /** The account's artifact stored under an Idempotency-Key's claim (`StoreArtifactInput.idempotencyRef`), or null. */
  madeUnder(accountId: string, ref: string): Promise<Artifact | null> {
    return this.repo.findByRef(accountId, ref);
  }

  /** The account's artifact of `kind` stored from an asset (`source.assetId`), or null: what a generation stored of its picture. */
  ofAsset(accountId: string, assetId: string, kind: ArtifactKind): Promise<Artifact | null> {
    return this.repo.ofAsset(accountId, assetId, kind);
  }

  async open(artifact: Artifact, range?: ByteRange): Promise<Readable> {
    try {
      return await this.blobs.open(artifact.blobKey, range);
    } catch (err) {
      if (err instanceof BlobNotFoundError) {
        this.logger.error({ artifactId: artifact.id, key: artifact.blobKey }, 'artifact row without its blob');
        throw artifactNotFound();
      }
      throw err;
    }
  }

  /**
   * Deletes the artifact; its blob goes too when no other artifact of the account has the same bytes. `ref`: the claim
   * of the request's Idempotency-Key, recorded in the deletion's transaction (`deletedUnder` finds it after this process died).
   */
  async remove(accountId: string, id: string, ref: string | null = null): Promise<void> {
    const artifact = await this.get(accountId, id);
    await this.repo.transaction(async (m) => {
      await this.repo.lockBlob(m, accountId, artifact.sha256);
      if (!(await this.repo.delete(m, accountId, id))) throw artifactNotFound();
      if (ref) await this.repo.deletions.record(m, accountId, id, ref);
      // Inside the lock: a concurrent store of the same bytes waits, then uploads them again.
      await this.dropUnused(m, accountId, artifact.sha256, artifact.blobKey);
    });
  }

  /** The artifact a keyed delete deleted under `ref` (its Idempotency-Key's claim), or null when none committed. */
  deletedUnder(accountId: string, ref: string): Promise<string | null> {
    return this.repo.deletions.deletedUnder(accountId, ref);
  }

  /** Deletes the deletions recorded more than a key's lifetime ago (see `DeletionRecords.sweep`); answers how many. */
  sweepDeletions(limit: number, maxBatches: number): Promise<number> {
    return this.repo.deletions.sweep(limit, maxBatches);
  }

  /**
   * Deletes every artifact of the account made from the design (a deleted design's renders, previews, exports and
   * videos), each as `remove` does; answers how many went.
   */
  async removeOfDesign(accountId: string, designId: string): Promise<number> {
    let removed = 0;
    for (const id of await this.repo.idsOfDesign(accountId, designId)) {
      try {
        await this.remove(accountId, id);
        removed++;
      } catch (err) {
        // Deleted meanwhile by another request: gone all the same.
        if (!(err instanceof NotFoundError)) throw err;
      }
    }
    return removed;
  }

  /** A page of the account's artifacts, newest first, filtered (`GET /v1/artifacts`). */
  list(accountId: string, page: ArtifactPageQuery): Promise<{ data: Artifact[]; nextCursor: string | null }> {
    return this.repo.page(accountId, page);
  }

  /** Checks `ttl` against `SIGNED_URL_TTL_MIN`/`MAX`; 422 at `ttl` (of the caller's input) outside them. */
  checkTtl(ttl: number): void {
    const { minTtl, maxTtl } = this.config.signedUrls;
    if (!Number.isInteger(ttl) || ttl < minTtl || ttl > maxTtl) {
      throw new ValidationError([{ loc: ['ttl'], msg: `ttl must be an integer from ${minTtl} to ${maxTtl} seconds`, type: 'value_error' }]);
    }
  }

  /**
   * A URL that reads the artifact without credentials until it expires: an S3 presigned GET
   * (with the content type and disposition the content route answers with) for S3 storage, or
   * this service's HMAC-signed `…/signed-content` URL for local storage.
   */
  async signedUrl(accountId: string, id: string, ttl: number): Promise<SignedUrl> {
    this.checkTtl(ttl);
    return this.signedUrlOf(await this.get(accountId, id), ttl);
  }

  /** `signedUrl` for a record the caller just read or stored (renders answer one with every artifact they make). */
  async signedUrlOf(artifact: Artifact, ttl: number): Promise<SignedUrl> {
    this.checkTtl(ttl);
    const expires = Math.floor(Date.now() / 1000) + ttl;
    const presigned = await this.blobs.presignGet(artifact.blobKey, {
      expiresIn: ttl,
      contentType: artifact.mime,
      contentDisposition: contentDisposition(artifact.mime, artifact.filename),
    });
    if (presigned) return { url: presigned, expiresAt: new Date(expires * 1000), ttl };
    const signature = await this.signer.sign(artifact.id, expires);
    const url = `${this.config.publicBaseUrl}/v1/artifacts/${artifact.id}/signed-content?expires=${expires}&signature=${signature}`;
    return { url, expiresAt: new Date(expires * 1000), ttl };
  }

  /** The artifact a local signed URL names, once its signature (first) and expiry check out; 403 otherwise. */
  async resolveSigned(id: string, expires: number, signature: string): Promise<Artifact> {
    // With S3 storage this service hands out presigned S3 URLs only; no signature of its own is valid.
    const check = this.blobs.driver === 'local' ? await this.signer.verify(id, expires, signature) : 'invalid';
    if (check === 'invalid') throw new ForbiddenError('The signature of this URL is not valid', 'signature_invalid');
    if (check === 'expired') throw new ForbiddenError('This URL has expired; ask for a new one', 'signature_expired');
    const artifact = await this.repo.find(null, id);
    if (!artifact) throw artifactNotFound();
    return artifact;
  }
}

function checkInput(input: StoreArtifactInput): { loc: (string | number)[]; msg: string; type: string }[] {
  const out: { loc: (string | number)[]; msg: string; type: string }[] = [];
  if (!(ARTIFACT_KINDS as readonly string[]).includes(input.kind))
    out.push({ loc: ['kind'], msg: `must be one of ${ARTIFACT_KINDS.join(', ')}`, type: 'enum' });
  if (!(ARTIFACT_MIME_TYPES as readonly string[]).includes(input.mime))
    out.push({ loc: ['mime'], msg: `must be one of ${ARTIFACT_MIME_TYPES.join(', ')}`, type: 'enum' });
  for (const f of ['width', 'height'] as const) {
    const v = input[f];
    if (v !== undefined && v !== null && !(Number.isInteger(v) && v > 0)) out.push({ loc: [f], msg: 'must be a positive integer', type: 'value_error' });
  }
  if (input.duration != null && !(Number.isFinite(input.duration) && input.duration >= 0))
    out.push({ loc: ['duration'], msg: 'must be a number of seconds', type: 'value_error' });
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (input.filename != null && (input.filename.length > 255 || /[\u0000-\u001f]/.test(input.filename)))
    out.push({ loc: ['filename'], msg: 'must be at most 255 printable characters', type: 'value_error' });
  return out;
}

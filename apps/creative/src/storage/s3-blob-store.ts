import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream, promises as fs } from 'node:fs';
import { Readable } from 'node:stream';
import { blobAttempt } from './blob-availability';
import { assertBlobKey, BlobEntry, BlobMeta, BlobNotFoundError, BlobStore, ByteRange, PresignOptions } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Only for S3-compatible stores (MinIO, R2, GCS interoperability). */
  endpoint?: string;
  /** The endpoint clients use, when it differs (presigned URLs are signed for it). */
  publicEndpoint?: string;
  forcePathStyle: boolean;
  keyPrefix: string;
  /** Unset: the SDK's default credential chain (environment, shared files, web identity, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Larger bodies go up as a multipart upload of parts this size, two at a time (bounded memory). */
const PART_SIZE = 8 * 1024 * 1024;

function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException) return err.$metadata?.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound';
  return false;
}

/**
 * Blobs in an S3-compatible bucket through the AWS SDK v3; every transfer streams. When the store is away (connection
 * refused or cut, a timeout, a 5xx) an operation throws `StorageUnavailableError` (503 `storage_unavailable`), after
 * trying again for as long as its context allows (`withBlobPatience`: jobs; requests answer at once).
 */
export class S3BlobStore extends BlobStore {
  readonly driver = 's3' as const;
  readonly client: S3Client;
  /** Signs presigned URLs: the same client, or one for `publicEndpoint`. */
  private readonly presigner: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    super();
    const client = (endpoint: string | undefined) =>
      new S3Client({
        region: options.region,
        endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // Checksums only where S3 requires them: S3-compatible stores do not all accept the newer trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
    this.client = client(options.endpoint);
    this.presigner = options.publicEndpoint ? client(options.publicEndpoint) : this.client;
  }

  private key(key: string): string {
    assertBlobKey(key);
    return `${this.options.keyPrefix}${key}`;
  }

  /** From a file: tried again while the store is away (see `withBlobPatience`), each try reading the file anew. */
  async putFile(key: string, path: string, meta: BlobMeta): Promise<void> {
    const { size } = await fs.stat(path);
    await blobAttempt(async () => {
      if (size < PART_SIZE) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.options.bucket,
            Key: this.key(key),
            Body: createReadStream(path),
            ContentLength: size,
            ContentType: meta.contentType,
          }),
        );
        return;
      }
      await this.upload(key, createReadStream(path), meta);
    });
  }

  /** Bytes are tried again while the store is away; a stream cannot be read twice, so its failure is not. */
  async put(key: string, body: Buffer | Readable, meta: BlobMeta): Promise<void> {
    if (Buffer.isBuffer(body)) {
      await blobAttempt(() =>
        this.client.send(
          new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(key), Body: body, ContentLength: body.length, ContentType: meta.contentType }),
        ),
      );
      return;
    }
    await blobAttempt(() => this.upload(key, body, meta), false);
  }

  private async upload(key: string, body: Readable, meta: BlobMeta): Promise<void> {
    // An object appears only when the (multipart) upload completes; a failed one is aborted.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.key(key), Body: body, ContentType: meta.contentType },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await blobAttempt(() =>
        this.client.send(
          new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        ),
      );
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const res = await blobAttempt(() => this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) })));
      return res.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    const full = `${this.options.keyPrefix}${prefix}`;
    const pages = paginateListObjectsV2({ client: this.client, pageSize: 1000 }, { Bucket: this.options.bucket, Prefix: full })[Symbol.asyncIterator]();
    for (;;) {
      // A page that fails is not asked for again (the paginator is spent): its error says whether the store is away.
      const page = await blobAttempt(() => pages.next(), false);
      if (page.done) return;
      for (const o of page.value.Contents ?? []) {
        if (!o.Key?.startsWith(full)) continue;
        yield { key: o.Key.slice(this.options.keyPrefix.length), size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) };
      }
    }
  }

  async delete(key: string): Promise<void> {
    await blobAttempt(() => this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.key(key) })));
  }

  filePath(): null {
    return null;
  }

  async presignGet(key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: this.key(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.contentDisposition,
    });
    return getSignedUrl(this.presigner, command, { expiresIn: options.expiresIn });
  }
}

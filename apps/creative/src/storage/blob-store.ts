import type { Readable } from 'node:stream';

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface BlobMeta {
  /** Stored with the object (S3 `Content-Type`); the service still answers with the type of its own record. */
  contentType: string;
}

export interface PresignOptions {
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** Headers the store answers with (S3 `response-content-type` / `response-content-disposition`). */
  contentType: string;
  contentDisposition: string;
}

/** A stored blob, as `BlobStore.list` finds it. */
export interface BlobEntry {
  key: string;
  size: number;
  /** When it was written (S3 `LastModified`, the file's mtime). */
  modified: Date;
}

/** The blob that a key names does not exist (any more). */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No blob under ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;

/** Keys are made by this service, never by clients; this guards against a bug turning into a path escape. */
export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
}

/**
 * The blob port: where the bytes of assets and artifacts live. Two adapters, chosen by
 * `BLOB_DRIVER`: a local directory (default) and S3-compatible object storage. Everything
 * streams: no method holds a whole blob in memory unless it is given a Buffer.
 */
export abstract class BlobStore {
  abstract readonly driver: 'local' | 's3';

  /**
   * Stores the file at `path` under `key`, moving it when the store can (local: a rename), so the
   * file may be gone afterwards; the caller removes it if it is still there.
   */
  abstract putFile(key: string, path: string, meta: BlobMeta): Promise<void>;

  /** Stores bytes or a stream under `key`. A blob is visible only once complete (no partial reads). */
  abstract put(key: string, body: Buffer | Readable, meta: BlobMeta): Promise<void>;

  /** The blob's bytes, or the given range of them. Throws BlobNotFoundError. */
  abstract open(key: string, range?: ByteRange): Promise<Readable>;

  /** Size in bytes, or null when there is no such blob. */
  abstract size(key: string): Promise<number | null>;

  /** Every blob whose key starts with `prefix` (a folder, e.g. `accounts/`), in no set order. */
  abstract list(prefix: string): AsyncIterable<BlobEntry>;

  /** Removes the blob; no error when it does not exist. */
  abstract delete(key: string): Promise<void>;

  /** A URL that reads the blob without credentials until it expires, or null when the store cannot make one (local). */
  abstract presignGet(key: string, options: PresignOptions): Promise<string | null>;

  /** A path the blob can be read from directly on this machine (local driver), or null. */
  abstract filePath(key: string): string | null;

  /** Reads a whole blob into memory (small blobs only: overlays, fonts). */
  async readAll(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.open(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobEntry, BlobMeta, BlobNotFoundError, BlobStore, ByteRange, PresignOptions } from './blob-store';

/**
 * Blobs as files under one directory (`BLOB_DIR`, default `<DATA_DIR>/blobs`). Every write goes
 * to a temporary file in `<dir>/.tmp` and is renamed into place, so a reader never sees half a
 * blob and a failed write leaves nothing behind.
 */
export class LocalBlobStore extends BlobStore {
  readonly driver = 'local' as const;
  private readonly root: string;
  private readonly tmp: string;

  constructor(dir: string) {
    super();
    this.root = resolve(dir);
    this.tmp = join(this.root, '.tmp');
  }

  /** Creates the folders and removes temporary files a crash left behind (older than an hour). */
  async init(): Promise<void> {
    await fs.mkdir(this.tmp, { recursive: true });
    const now = Date.now();
    for (const name of await fs.readdir(this.tmp)) {
      const stat = await fs.stat(join(this.tmp, name)).catch(() => null);
      if (stat && now - stat.mtimeMs > 3600_000) await fs.rm(join(this.tmp, name), { force: true });
    }
  }

  private path(key: string): string {
    assertBlobKey(key);
    return join(this.root, key);
  }

  private tmpPath(): string {
    return join(this.tmp, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  async putFile(key: string, path: string, _meta: BlobMeta): Promise<void> {
    try {
      await this.moveInto(path, this.path(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another filesystem: copy next to the target, then rename (still atomic for readers).
      await this.put(key, createReadStream(path), _meta);
    }
  }

  async put(key: string, body: Buffer | Readable, _meta: BlobMeta): Promise<void> {
    const target = this.path(key);
    const tmp = this.tmpPath();
    try {
      if (Buffer.isBuffer(body)) await onMissingDir(() => fs.writeFile(tmp, body, { flag: 'wx' }), this.tmp);
      else {
        // A stream is read once: its folder first.
        await fs.mkdir(this.tmp, { recursive: true });
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      }
      await this.moveInto(tmp, target);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Renames `from` to `target`, creating the target's folder when it is missing (the usual case needs one system call, not three). */
  private moveInto(from: string, target: string): Promise<void> {
    return onMissingDir(() => fs.rename(from, target), dirname(target));
  }

  async *list(prefix: string): AsyncIterable<BlobEntry> {
    const walk = async function* (dir: string, key: string): AsyncGenerator<BlobEntry> {
      const names = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return [];
        throw err;
      });
      for (const d of names) {
        // `.tmp` (writes in progress) and anything else that is not a key.
        if (d.name.startsWith('.')) continue;
        const child = key ? `${key}/${d.name}` : d.name;
        if (d.isDirectory()) yield* walk(join(dir, d.name), child);
        else if (d.isFile()) {
          const stat = await fs.stat(join(dir, d.name)).catch(() => null);
          if (stat) yield { key: child, size: stat.size, modified: stat.mtime };
        }
      }
    };
    const folder = prefix.replace(/\/+$/, '');
    if (folder) assertBlobKey(folder);
    yield* walk(folder ? join(this.root, folder) : this.root, folder);
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw err;
    }
    // The open descriptor keeps reading the same file even if it is deleted meanwhile.
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.stat(this.path(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.path(key), { force: true });
  }

  filePath(key: string): string {
    return this.path(key);
  }

  async presignGet(_key: string, _options: PresignOptions): Promise<string | null> {
    return null;
  }
}

/** Runs `op`; when it fails because a folder is missing (ENOENT) and `dir` is given, creates `dir` and runs it once more. */
async function onMissingDir(op: () => Promise<void>, dir: string | undefined): Promise<void> {
  try {
    await op();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || dir === undefined) throw err;
    await fs.mkdir(dir, { recursive: true });
    await op();
  }
}

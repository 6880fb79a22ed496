import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { ForbiddenError, NotFoundError } from '@platform/errors';
import { createHash, randomBytes } from 'node:crypto';
import { contentDisposition } from '../common/content-headers';
import type { CreativeConfig } from '../config';
import { BlobNotFoundError, BlobStore } from '../storage/blob-store';
import { UrlSigner } from '../storage/url-signer.service';

/** Where previews live in the blob store: `previews/<account shard>/<expiry in ms>-<random>`. */
export const PREVIEW_PREFIX = 'previews/';
const PREVIEW_ID = /^prv_([0-9a-f]{16})_(\d{1,15})_([0-9a-f]{32})$/;
const PREVIEW_KEY = /^previews\/([0-9a-f]{16})\/(\d{1,15})-([0-9a-f]{32})$/;

/** What a preview's bytes are: the three formats previews are made in, told by their first bytes. */
export function previewMime(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface PreviewLink {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface PreviewSweepResult {
  /** Previews looked at. */
  checked: number;
  /** Keys removed: their link had expired. */
  removed: string[];
}

/** The signed subject of a preview: a signature of an artifact (`art_…`) or an asset (`asset:…`) never matches it. */
export const previewSubject = (id: string) => `preview:${id}`;

/**
 * Previews that MCP results link to (preview_design, get_template_preview): the rendered bytes stored in the blob store
 * for as long as their signed link lives, and read back through that link only (no route reads a preview by id with an
 * API key). A preview's id names its account's shard (a hash of the account id, not the id itself), its expiry (ms:
 * it orders an account's previews) and a random part; its key is `previews/<shard>/<expiry>-<random>`, so the sweep and the per-account cap read everything
 * they need from the listing. Storing one past PREVIEW_LINKS_PER_ACCOUNT removes the account's oldest; the sweep
 * (PreviewSweep) removes expired ones. With S3 storage the link is an S3 presigned GET, as for artifacts.
 */
@Injectable()
export class PreviewLinks {
  private readonly logger = new Logger('PreviewLinks');

  constructor(
    private readonly blobs: BlobStore,
    private readonly signer: UrlSigner,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  /** The account's folder: a hash of its id (a preview link shows no account id). */
  private shard(accountId: string): string {
    return createHash('sha256').update(`preview-shard\n${accountId}`).digest('hex').slice(0, 16);
  }

  /** Stores a preview for `ttl` seconds and answers its signed link. */
  async store(accountId: string, bytes: Buffer, mime: string, ttl: number): Promise<PreviewLink> {
    const shard = this.shard(accountId);
    const expiresMs = Date.now() + ttl * 1000;
    // The link expires at the second, the file a moment after it: the sweep never removes a file a valid link reads.
    const expires = Math.floor(expiresMs / 1000);
    const random = randomBytes(16).toString('hex');
    const id = `prv_${shard}_${expiresMs}_${random}`;
    const key = `${PREVIEW_PREFIX}${shard}/${expiresMs}-${random}`;
    await this.blobs.put(key, bytes, { contentType: mime });
    await this.cap(shard);
    const expiresAt = new Date(expires * 1000);
    const presigned = await this.blobs.presignGet(key, {
      expiresIn: ttl,
      contentType: mime,
      contentDisposition: contentDisposition(mime, `${id}.${mime.split('/')[1]}`),
    });
    if (presigned) return { id, url: presigned, expiresAt };
    const signature = await this.signer.sign(previewSubject(id), expires);
    return { id, url: `${this.config.publicBaseUrl}/v1/previews/${id}/signed-content?expires=${expires}&signature=${signature}`, expiresAt };
  }

  /** Keeps at most PREVIEW_LINKS_PER_ACCOUNT previews in the shard: the ones expiring first go (two processes may remove the same one). */
  private async cap(shard: string): Promise<void> {
    const keys: { key: string; expires: number }[] = [];
    for await (const blob of this.blobs.list(`${PREVIEW_PREFIX}${shard}/`)) {
      const m = PREVIEW_KEY.exec(blob.key);
      if (m) keys.push({ key: blob.key, expires: Number(m[2]) });
    }
    const over = keys.length - this.config.storage.previews.perAccount;
    if (over <= 0) return;
    keys.sort((a, b) => a.expires - b.expires || a.key.localeCompare(b.key));
    for (const { key } of keys.slice(0, over)) await this.blobs.delete(key);
  }

  /** The bytes and type of the preview a signed link names, once its signature (first) and expiry check out; 403 otherwise, 404 once removed. */
  async resolveSigned(id: string, expires: number, signature: string): Promise<{ bytes: Buffer; mime: string; sha256: string }> {
    // With S3 storage links are presigned S3 URLs; no signature of this service's is valid.
    const check = this.blobs.driver === 'local' ? await this.signer.verify(previewSubject(id), expires, signature) : 'invalid';
    if (check === 'invalid') throw new ForbiddenError('The signature of this URL is not valid', 'signature_invalid');
    if (check === 'expired') throw new ForbiddenError('This URL has expired; ask for a new one', 'signature_expired');
    const m = PREVIEW_ID.exec(id);
    if (!m) throw previewNotFound();
    let bytes: Buffer;
    try {
      bytes = await this.blobs.readAll(`${PREVIEW_PREFIX}${m[1]}/${m[2]}-${m[3]}`);
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw previewNotFound();
      throw err;
    }
    const mime = previewMime(bytes);
    if (!mime) throw previewNotFound();
    return { bytes, mime, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Removes the previews whose link expired before `now` (ms). Idempotent: several processes may sweep at once. */
  async sweep(now = Date.now()): Promise<PreviewSweepResult> {
    const result: PreviewSweepResult = { checked: 0, removed: [] };
    for await (const blob of this.blobs.list(PREVIEW_PREFIX)) {
      const m = PREVIEW_KEY.exec(blob.key);
      if (!m) continue;
      result.checked++;
      if (Number(m[2]) >= now) continue;
      await this.blobs.delete(blob.key);
      result.removed.push(blob.key);
    }
    if (result.removed.length) this.logger.log(`removed ${result.removed.length} expired previews of ${result.checked}`);
    return result;
  }
}

export function previewNotFound(): NotFoundError {
  return new NotFoundError('Preview not found (removed after its link expired, or as its account made newer ones)', 'not_found');
}

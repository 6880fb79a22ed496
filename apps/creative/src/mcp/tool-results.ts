import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { creativeEnvelope, normalizeError, type NormalizedError } from '@platform/errors';
import sharp from 'sharp';

type Content = CallToolResult['content'][number];

/** Longest side of the image a tool result shows a model (the full file is behind the `resource_link`). */
export const THUMBNAIL_MAX_SIDE = 512;
/** Bytes of one such image at most: a PNG when it fits (flat graphics, text), else a JPEG of decreasing quality. */
export const THUMBNAIL_MAX_BYTES = 200 * 1024;
/** Images shown in one result at most (a campaign has many pieces: the rest are links). */
export const THUMBNAILS_MAX = 4;
/** Text of a result beyond this is cut (the whole value is in `structuredContent`). */
const TEXT_MAX = 24_000;

/** What a model can be shown as a picture: raster images and SVG (drawn by sharp from memory, never from a path). */
const VISUAL = /^image\/(png|jpeg|webp|avif|gif|tiff|svg\+xml)$/;

export interface Thumbnail {
  data: Buffer;
  mimeType: 'image/png' | 'image/jpeg';
}

/**
 * A small picture of an image: at most THUMBNAIL_MAX_SIDE pixels on its longest side (never enlarged) and at most
 * THUMBNAIL_MAX_BYTES: a PNG when that fits, else a JPEG (on white) at the best quality that does.
 */
export async function thumbnail(bytes: Buffer): Promise<Thumbnail> {
  const resized = () =>
    sharp(bytes, { limitInputPixels: 268_402_689 }).resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const png = await resized().png({ compressionLevel: 9 }).toBuffer();
  if (png.length <= THUMBNAIL_MAX_BYTES) return { data: png, mimeType: 'image/png' };
  let jpeg = png;
  for (const quality of [85, 70, 55, 40, 25]) {
    jpeg = await resized().flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= THUMBNAIL_MAX_BYTES) break;
  }
  return { data: jpeg, mimeType: 'image/jpeg' };
}

/**
 * A file found in a result: an artifact (renders, procedural, campaign pieces, a job's outputs and posters, generations)
 * or an asset (uploads, transforms, generated images). `url` is its signed URL when the answer carries one; otherwise
 * the tool result signs one (`MediaAccess.sign`).
 */
export interface FoundArtifact {
  source: 'artifact' | 'asset';
  id: string;
  mime: string;
  name: string;
  url?: string;
  bytes?: number;
  sha256?: string;
}

/** How a tool result reads the bytes of what it shows and signs links to it, for the caller only. */
export interface MediaAccess {
  bytes(found: FoundArtifact): Promise<Buffer | null>;
  sign(found: FoundArtifact): Promise<string | null>;
}

const ARTIFACT_ID = /^art_/;
const ASSET_ID = /^ast_/;

/** The artifacts and assets a REST answer names, with the signed URL of each when the answer has one. */
export function artifactsIn(value: unknown, depth = 0, found: FoundArtifact[] = []): FoundArtifact[] {
  if (depth > 4 || !value || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const v of value) artifactsIn(v, depth + 1, found);
    return found;
  }
  const o = value as Record<string, unknown>;
  const seen = (id: string) => found.some((f) => f.id === id);
  const artifact = o.artifact as { id?: string; mime?: string; filename?: string | null; bytes?: number; sha256?: string } | null | undefined;
  const signed = o.signed_url as { url?: string } | null | undefined;
  if (artifact?.id && artifact.mime && signed?.url && !seen(artifact.id)) {
    found.push({
      source: 'artifact',
      id: artifact.id,
      mime: artifact.mime,
      name: artifact.filename ?? artifact.id,
      url: signed.url,
      bytes: artifact.bytes,
      sha256: artifact.sha256,
    });
  }
  // A job's artifacts: `{artifact_id, role, url, mime, bytes}`.
  if (typeof o.artifact_id === 'string' && typeof o.url === 'string' && typeof o.role === 'string' && !seen(o.artifact_id)) {
    found.push({
      source: 'artifact',
      id: o.artifact_id,
      mime: typeof o.mime === 'string' ? o.mime : 'application/octet-stream',
      name: `${o.role} (${o.artifact_id})`,
      url: o.url,
      bytes: o.bytes as number,
    });
  }
  // A record of an artifact or an asset without a signed URL (get_artifact, list_artifacts, get_asset, uploads…).
  if (typeof o.id === 'string' && typeof o.mime === 'string' && typeof o.content_url === 'string' && !seen(o.id)) {
    const source = ASSET_ID.test(o.id) ? 'asset' : ARTIFACT_ID.test(o.id) ? 'artifact' : null;
    if (source) {
      const filename = typeof o.filename === 'string' ? o.filename : null;
      found.push({
        source,
        id: o.id,
        mime: o.mime,
        name: filename ?? o.id,
        bytes: typeof o.bytes === 'number' ? o.bytes : undefined,
        sha256: typeof o.sha256 === 'string' ? o.sha256 : undefined,
      });
    }
  }
  for (const [key, v] of Object.entries(o)) if (key !== 'artifact' && key !== 'signed_url' && key !== 'ir') artifactsIn(v, depth + 1, found);
  return found;
}

const cut = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}\n… (cut: the whole answer is in structuredContent)` : text);

/**
 * A successful operation's answer as a tool result: the JSON as `structuredContent` and as text, a `resource_link` per
 * artifact or asset it names (a signed URL: readable without credentials until it expires), and for images a small
 * PNG or JPEG a model can look at (at most THUMBNAILS_MAX, one per distinct file). `extra` adds files the answer
 * does not name as records (a signed URL's artifact).
 */
export async function successResult(body: unknown, headline: string, media: MediaAccess, extra: FoundArtifact[] = []): Promise<CallToolResult> {
  const structured = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { value: body ?? null };
  const content: Content[] = [{ type: 'text', text: cut(`${headline}\n${JSON.stringify(body ?? null, null, 1)}`) }];
  const found = [...extra, ...artifactsIn(body).filter((f) => !extra.some((e) => e.id === f.id))];
  const shownFiles = new Set<string>();
  for (const a of found) {
    const url = a.url ?? (await media.sign(a).catch(() => null));
    if (!url) continue;
    const same = a.sha256 ?? a.id;
    if (shownFiles.size < THUMBNAILS_MAX && VISUAL.test(a.mime) && !shownFiles.has(same)) {
      const bytes = await media.bytes(a).catch(() => null);
      const image = bytes ? await thumbnail(bytes).catch(() => null) : null;
      if (image) {
        content.push({ type: 'image', data: image.data.toString('base64'), mimeType: image.mimeType });
        shownFiles.add(same);
      }
    }
    content.push({
      type: 'resource_link',
      uri: url,
      name: a.name,
      mimeType: a.mime,
      description: `${a.source === 'asset' ? 'Asset' : 'Artifact'} ${a.id}: the full file, readable without credentials until the signed URL expires`,
      ...(a.bytes ? { size: a.bytes } : {}),
    });
  }
  return { content, structuredContent: structured };
}

/** The REST error envelope of `error` (the same body, message and `loc` the REST endpoint answers) as a tool result with `isError`. */
export function errorResult(error: NormalizedError): CallToolResult {
  const body = creativeEnvelope.body(error);
  const details = Array.isArray(body.detail) ? (body.detail as { loc: (string | number)[]; msg: string }[]) : null;
  const text = details
    ? `${error.status} ${error.code}: ${details.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ')}`
    : `${error.status} ${error.code}: ${error.message}`;
  return { isError: true, content: [{ type: 'text', text }], structuredContent: { status: error.status, ...body, ...(details ? { code: error.code } : {}) } };
}

export function errorResultOf(err: unknown): { result: CallToolResult; error: NormalizedError } {
  const error = normalizeError(err);
  const adapted = error.status === 429 && error.code === 'rate_limited' ? { ...error, code: creativeEnvelope.rateLimitCode } : error;
  return { result: errorResult(adapted), error: adapted };
}

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { creativeEnvelope, normalizeError, type NormalizedError } from '@platform/errors';
import sharp from 'sharp';

type Content = CallToolResult['content'][number];

/** Longest side of the image a tool result shows a model (the full file is behind the `resource_link`). */
export const THUMBNAIL_MAX_SIDE = 512;
/** Images shown in one result at most (a campaign has many pieces: the rest are links). */
export const THUMBNAILS_MAX = 4;
/** Text of a result beyond this is cut (the whole value is in `structuredContent`). */
const TEXT_MAX = 24_000;

const RASTER = /^image\/(png|jpeg|webp|avif|gif|tiff)$/;

/** A smaller PNG of an image: at most THUMBNAIL_MAX_SIDE pixels on its longest side, never enlarged. */
export async function thumbnail(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 268_402_689 })
    .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An output found in a result: an artifact with a signed URL (renders, procedural, campaign pieces) or a job's artifact. */
export interface FoundArtifact {
  id: string;
  mime: string;
  name: string;
  url: string;
  bytes?: number;
}

/** The artifacts a REST answer names, with the signed URL that reads each without credentials. */
export function artifactsIn(value: unknown, depth = 0, found: FoundArtifact[] = []): FoundArtifact[] {
  if (depth > 4 || !value || typeof value !== 'object') return found;
  if (Array.isArray(value)) {
    for (const v of value) artifactsIn(v, depth + 1, found);
    return found;
  }
  const o = value as Record<string, unknown>;
  const artifact = o.artifact as { id?: string; mime?: string; filename?: string | null; bytes?: number } | null | undefined;
  const signed = o.signed_url as { url?: string } | null | undefined;
  if (artifact?.id && artifact.mime && signed?.url) {
    found.push({ id: artifact.id, mime: artifact.mime, name: artifact.filename ?? artifact.id, url: signed.url, bytes: artifact.bytes });
  }
  // A job's artifacts: `{artifact_id, role, url, mime, bytes}`.
  if (typeof o.artifact_id === 'string' && typeof o.url === 'string' && typeof o.role === 'string') {
    found.push({
      id: o.artifact_id,
      mime: typeof o.mime === 'string' ? o.mime : 'application/octet-stream',
      name: `${o.role} (${o.artifact_id})`,
      url: o.url,
      bytes: o.bytes as number,
    });
  }
  for (const [key, v] of Object.entries(o)) if (key !== 'artifact' && key !== 'signed_url' && key !== 'ir') artifactsIn(v, depth + 1, found);
  return found;
}

const cut = (text: string) => (text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}\n… (cut: the whole answer is in structuredContent)` : text);

/**
 * A successful operation's answer as a tool result: the JSON as `structuredContent` and as text, a `resource_link` per
 * output artifact (its signed URL), and for raster images a small PNG a model can look at (`images`
 * reads an artifact's bytes).
 */
export async function successResult(body: unknown, headline: string, images: (a: FoundArtifact) => Promise<Buffer | null>): Promise<CallToolResult> {
  const structured = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : { value: body ?? null };
  const content: Content[] = [{ type: 'text', text: cut(`${headline}\n${JSON.stringify(body ?? null, null, 1)}`) }];
  const found = artifactsIn(body);
  let shown = 0;
  for (const a of found) {
    if (shown < THUMBNAILS_MAX && RASTER.test(a.mime)) {
      const bytes = await images(a).catch(() => null);
      if (bytes) {
        content.push({ type: 'image', data: (await thumbnail(bytes)).toString('base64'), mimeType: 'image/png' });
        shown++;
      }
    }
    content.push({
      type: 'resource_link',
      uri: a.url,
      name: a.name,
      mimeType: a.mime,
      description: `Artifact ${a.id}: the full file, readable without credentials until the signed URL expires`,
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

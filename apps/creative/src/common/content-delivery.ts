import { DomainException } from '@platform/errors';
import type { Request, Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange } from '../storage/blob-store';
import { CONTENT_SECURITY_POLICY, contentDisposition } from './content-headers';

// The HTTP edge of stored content (controllers only): services use the express-free `content-headers.ts`.
export { CONTENT_SECURITY_POLICY, contentDisposition, dispositionType } from './content-headers';

export interface Deliverable {
  size: number;
  sha256: string;
  mime: string;
  filename: string | null;
  open(range?: ByteRange): Promise<Readable>;
}

/** A strong ETag from the content hash: the same bytes always have the same tag. */
export const etagOf = (sha256: string) => `"${sha256}"`;

function matchesEtag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/**
 * One `Range: bytes=…` of a body of `size` bytes. `undefined`: no usable single range (absent,
 * malformed or several ranges: the whole body is sent, as RFC 9110 allows); `null`: unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return undefined;
  if (start >= size) return null;
  return { start, end };
}

/**
 * Streams stored content with `Content-Type`, `Content-Length`, a strong `ETag` (304 on
 * `If-None-Match`), `Accept-Ranges` and single `Range` requests (206, `If-Range`; 416
 * `range_not_satisfiable`), and the safety headers. HEAD answers the same headers without a body.
 */
export async function deliver(req: Request, res: Response, content: Deliverable): Promise<void> {
  const etag = etagOf(content.sha256);
  res.setHeader('ETag', etag);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Content-Disposition', contentDisposition(content.mime, content.filename));

  const ifNoneMatch = req.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && matchesEtag(ifNoneMatch, etag)) {
    res.status(304).end();
    return;
  }
  const ifRange = req.headers['if-range'];
  const rangeHeader = typeof ifRange === 'string' && ifRange.trim() !== etag ? undefined : req.headers.range;
  const range = parseRange(rangeHeader, content.size);
  if (range === null) {
    throw new DomainException('range_not_satisfiable', `The range is outside the ${content.size} bytes of the content`, 'out_of_range', {
      headers: { 'Content-Range': `bytes */${content.size}` },
    });
  }
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${content.size}`);
  } else {
    res.status(200);
  }
  res.setHeader('Content-Type', content.mime);
  res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : content.size));
  if (req.method === 'HEAD' || content.size === 0) {
    res.end();
    return;
  }
  let body: Readable;
  try {
    body = await content.open(range);
  } catch (err) {
    // Nothing was sent yet: the error goes out in the envelope, without the content's headers.
    for (const name of ['ETag', 'Accept-Ranges', 'Cache-Control', 'Content-Disposition', 'Content-Range', 'Content-Type', 'Content-Length'])
      res.removeHeader(name);
    throw err;
  }
  try {
    await pipeline(body, res);
  } catch {
    // The client went away, or the store failed after the headers were sent: nothing more can be said.
    body.destroy();
    res.destroy();
  }
}

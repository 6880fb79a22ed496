/** The headers stored content is served with, free of HTTP types (services compute them for signed URLs too). */

/** Media types a browser may show in place; everything else (SVG, HTML, PDF, fonts...) is served as an attachment. */
const INLINE = /^(image\/(png|jpeg|webp|avif|gif|tiff)|audio\/[a-z0-9.+-]+|video\/(mp4|webm))$/;

/**
 * Served with every stored content, on every route and signed URL: the content is a sandboxed
 * document with no script, no plugin and no same-origin access even if a browser renders it
 * (SVG with `<script>`, HTML), and it is never sniffed as another type.
 */
export const CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

export function dispositionType(mime: string): 'inline' | 'attachment' {
  return INLINE.test(mime) ? 'inline' : 'attachment';
}

/** `Content-Disposition` with an ASCII `filename` and an RFC 8187 `filename*` for the rest. */
export function contentDisposition(mime: string, filename: string | null): string {
  const type = dispositionType(mime);
  if (!filename) return type;
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** What later features store as artifacts. */
export const ARTIFACT_KINDS = ['render', 'preview', 'export', 'video', 'audio', 'gif', 'campaign', 'procedural', 'generation', 'thumbnail', 'bundle'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

/** The media types an artifact may have (and its content route may answer with). */
export const ARTIFACT_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/tiff',
  'image/svg+xml',
  'application/pdf',
  'text/html',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/wav',
  'audio/mp4',
  'audio/ogg',
  'application/json',
  'application/zip',
] as const;
export type ArtifactMime = (typeof ARTIFACT_MIME_TYPES)[number];

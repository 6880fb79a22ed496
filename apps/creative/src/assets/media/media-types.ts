export const ASSET_KINDS = ['image', 'font', 'audio'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'avif', 'gif', 'tiff', 'svg'] as const;
export const FONT_FORMATS = ['ttf', 'otf', 'woff', 'woff2'] as const;
export const AUDIO_FORMATS = ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type FontFormat = (typeof FONT_FORMATS)[number];
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
export type MediaFormat = ImageFormat | FontFormat | AudioFormat;

export const MIME_BY_FORMAT: Record<MediaFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

export const KIND_BY_FORMAT: Record<MediaFormat, AssetKind> = {
  ...(Object.fromEntries(IMAGE_FORMATS.map((f) => [f, 'image'])) as Record<ImageFormat, AssetKind>),
  ...(Object.fromEntries(FONT_FORMATS.map((f) => [f, 'font'])) as Record<FontFormat, AssetKind>),
  ...(Object.fromEntries(AUDIO_FORMATS.map((f) => [f, 'audio'])) as Record<AudioFormat, AssetKind>),
};

/** Every media type an asset's content can be served as. */
export const ASSET_MIME_TYPES = [...new Set(Object.values(MIME_BY_FORMAT))];

const KIND_NOUNS: Record<AssetKind, string> = { image: 'an image', audio: 'an audio file', font: 'a font' };

/** An asset kind as a message says it: "an image", "an audio file", "a font" (never "a audio"). */
export function assetKindNoun(kind: AssetKind | string): string {
  return KIND_NOUNS[kind as AssetKind] ?? `${/^[aeiou]/i.test(kind) ? 'an' : 'a'} ${kind} asset`;
}

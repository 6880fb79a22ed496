import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { promisify } from 'node:util';
import sharp, { type Metadata } from 'sharp';
import type { CreativeConfig } from '../../config';
import { audioTooLong, imageTooLarge, unsupportedFile } from '../asset-errors';
import { SNIFF_BYTES, sniffFormat } from './file-signature';
import { AssetKind, AudioFormat, FontFormat, ImageFormat, KIND_BY_FORMAT, MediaFormat, MIME_BY_FORMAT } from './media-types';

const run = promisify(execFile);

/** What the bytes of a file turned out to be, with what each kind records. */
export interface Inspection {
  kind: AssetKind;
  format: MediaFormat;
  mime: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  channels: number | null;
  sampleRate: number | null;
  family: string | null;
  weight: number | null;
  style: 'normal' | 'italic' | null;
}

const EMPTY: Omit<Inspection, 'kind' | 'format' | 'mime'> = {
  width: null,
  height: null,
  duration: null,
  channels: null,
  sampleRate: null,
  family: null,
  weight: null,
  style: null,
};

/** sharp's name for each image format, as `metadata().format` reports it. */
const SHARP_FORMAT: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpeg', webp: 'webp', avif: 'heif', gif: 'gif', tiff: 'tiff', svg: 'svg' };

/** ffprobe's container names and the codecs accepted in each. */
const AUDIO_RULES: Record<AudioFormat, { container: string; codecs: RegExp }> = {
  mp3: { container: 'mp3', codecs: /^mp3$/ },
  wav: { container: 'wav', codecs: /^(pcm_|adpcm_|mp3$|gsm|alaw$|mulaw$)/ },
  ogg: { container: 'ogg', codecs: /^(opus|vorbis|flac)$/ },
  m4a: { container: 'mov,mp4,m4a,3gp,3g2,mj2', codecs: /^(aac|alac|mp3)$/ },
  aac: { container: 'aac', codecs: /^aac$/ },
  flac: { container: 'flac', codecs: /^flac$/ },
};

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  channels?: number;
  sample_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

function ffprobeBinary(config: CreativeConfig): string {
  if (config.media.ffprobePath) return config.media.ffprobePath;
  return (require('@ffprobe-installer/ffprobe') as { path: string }).path;
}

/**
 * Decides what an uploaded file is from its bytes: the magic numbers first, then a real parse by
 * the library that will use it (sharp for images, with the pixel limit read from the header before
 * any decoding; fontkit's tables for fonts; ffprobe for audio). A file whose bytes say one thing and
 * whose parse says another is refused.
 */
@Injectable()
export class MediaInspector {
  constructor(@Inject(APP_CONFIG) private readonly config: CreativeConfig) {}

  async inspect(path: string, accept: readonly AssetKind[]): Promise<Inspection> {
    const head = await readHead(path);
    if (head.length === 0) throw unsupportedFile('The file is empty');
    const format = sniffFormat(head);
    if (!format) throw unsupportedFile(`The file is not ${describe(accept)}`);
    const kind = KIND_BY_FORMAT[format];
    if (!accept.includes(kind)) {
      const where =
        kind === 'audio'
          ? ' (upload audio to POST /v1/assets/audio)'
          : kind === 'image' || kind === 'font'
            ? ' (upload images and fonts to POST /v1/assets)'
            : '';
      throw unsupportedFile(
        `The file is ${kind === 'audio' ? 'audio' : `a${kind === 'image' ? 'n' : ''} ${kind}`}; this route takes ${describe(accept)}${where}`,
      );
    }
    const base = { kind, format, mime: MIME_BY_FORMAT[format] };
    if (kind === 'image') return { ...base, ...EMPTY, ...(await this.image(path, format as ImageFormat)) };
    if (kind === 'font') return { ...base, ...EMPTY, ...(await this.font(path, format as FontFormat)) };
    return { ...base, ...EMPTY, ...(await this.audio(path, format as AudioFormat)) };
  }

  /** Header only: sharp reads dimensions without decoding pixels, so a decompression bomb costs nothing. */
  private async image(path: string, format: ImageFormat): Promise<Partial<Inspection>> {
    let meta: Metadata;
    try {
      meta = await sharp(path, { limitInputPixels: false }).metadata();
    } catch {
      throw unsupportedFile(`The file starts like ${format.toUpperCase()} but is not a readable ${format.toUpperCase()} image`);
    }
    if (meta.format !== SHARP_FORMAT[format] || (format === 'avif' && meta.compression !== 'av1')) {
      throw unsupportedFile(`The file starts like ${format.toUpperCase()} but decodes as ${meta.format ?? 'something else'}`);
    }
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (!width || !height) throw unsupportedFile('The image has no dimensions');
    const max = this.config.assets.maxPixels;
    if (width * height > max) {
      throw imageTooLarge(`The image is ${width} x ${height} px (${width * height} pixels); the limit is ${max} pixels`);
    }
    const rotated = (meta.orientation ?? 1) >= 5;
    return { width: rotated ? height : width, height: rotated ? width : height };
  }

  private async font(path: string, format: FontFormat): Promise<Partial<Inspection>> {
    const bytes = await fs.readFile(path);
    return inspectFontBytes(bytes, format);
  }

  private async audio(path: string, format: AudioFormat): Promise<Partial<Inspection>> {
    let probe: { format?: { format_name?: string; duration?: string }; streams?: FfprobeStream[] };
    try {
      const { stdout } = await run(
        ffprobeBinary(this.config),
        ['-v', 'error', '-hide_banner', '-print_format', 'json', '-show_format', '-show_streams', '--', path],
        { timeout: 20_000, maxBuffer: 4 << 20 },
      );
      probe = JSON.parse(stdout);
    } catch (err) {
      // ffprobe missing or not executable (ENOENT, EACCES) is a deployment problem, not the file's: a 500, logged.
      // A non-zero exit or a timeout is the file's.
      const e = err as NodeJS.ErrnoException & { killed?: boolean };
      if (typeof e.code === 'string' && !e.killed) throw err;
      throw unsupportedFile(`The file starts like ${format.toUpperCase()} audio but could not be read as audio`);
    }
    const rule = AUDIO_RULES[format];
    const streams = probe.streams ?? [];
    const audio = streams.find((s) => s.codec_type === 'audio');
    const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
    if (probe.format?.format_name !== rule.container || !audio || !rule.codecs.test(audio.codec_name ?? '')) {
      throw unsupportedFile(`The file starts like ${format.toUpperCase()} audio but decodes as ${probe.format?.format_name ?? 'something else'}`);
    }
    if (video) throw unsupportedFile('The file holds video; upload audio only');
    const duration = Number(probe.format?.duration ?? audio.duration);
    if (!Number.isFinite(duration) || duration <= 0) throw unsupportedFile('The audio has no duration');
    const max = this.config.assets.maxAudioSeconds;
    if (duration > max) throw audioTooLong(`The audio lasts ${duration.toFixed(1)} s; the limit is ${max} s`);
    return {
      duration: Math.round(duration * 1000) / 1000,
      channels: audio.channels ?? null,
      sampleRate: audio.sample_rate ? Number(audio.sample_rate) : null,
    };
  }
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await fs.open(path, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function describe(kinds: readonly AssetKind[]): string {
  const names: Record<AssetKind, string> = {
    image: 'an image (PNG, JPEG, WebP, AVIF, GIF, TIFF, SVG)',
    font: 'a font (TTF, OTF, WOFF, WOFF2)',
    audio: 'audio (MP3, WAV, OGG/Opus, M4A/AAC, FLAC)',
  };
  return kinds.map((k) => names[k]).join(' or ');
}

interface FontkitFont {
  type?: string;
  numGlyphs: number;
  familyName?: string;
  subfamilyName?: string;
  italicAngle?: number;
  characterSet?: number[];
  getName?(key: string): string | null;
  'OS/2'?: { usWeightClass?: number; fsSelection?: { italic?: boolean } };
  directory?: { tables?: Record<string, unknown> };
}

/** Family, weight and style from a font's own tables (fontkit); refuses what does not parse or has no glyphs. */
export function inspectFontBytes(bytes: Buffer, format: FontFormat): Partial<Inspection> {
  let font: FontkitFont;
  try {
    const fontkit = require('fontkit') as { create(buf: Buffer): FontkitFont };
    font = fontkit.create(bytes);
    if (!font || typeof font.numGlyphs !== 'number' || font.numGlyphs < 1) throw new Error('no glyphs');
    const family = (font.getName?.('preferredFamily') ?? font.familyName ?? '').trim();
    if (!family) throw new Error('no family name');
    if (!font.characterSet?.length) throw new Error('no character map');
    const cff = !!font.directory?.tables?.['CFF '] || !!font.directory?.tables?.CFF2;
    if (format === 'otf' && !cff) throw new Error('OTTO without CFF outlines');
    const weight = clampWeight(font['OS/2']?.usWeightClass);
    const sub = `${font.getName?.('preferredSubfamily') ?? font.subfamilyName ?? ''}`;
    const italic = !!font['OS/2']?.fsSelection?.italic || (font.italicAngle ?? 0) !== 0 || /italic|oblique/i.test(sub);
    return { family: family.slice(0, 200), weight, style: italic ? 'italic' : 'normal' };
  } catch {
    throw unsupportedFile(`The file starts like ${format.toUpperCase()} but is not a readable font`);
  }
}

function clampWeight(w: number | undefined): number {
  if (!w || !Number.isFinite(w)) return 400;
  // Some old fonts store 1..9 instead of 100..900.
  const v = w < 10 ? w * 100 : w;
  return Math.min(1000, Math.max(1, Math.round(v)));
}

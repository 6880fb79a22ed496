import type { GifOptions, VideoFormat } from './types';
import { VIDEO_LIMITS } from './types';

/**
 * Encoder settings (chosen for a 2-core machine; the frames are drawn by us, so ffmpeg only encodes):
 * - MP4: H.264 (libx264) `-preset veryfast -crf 20`, yuv420p, High profile, `-movflags +faststart`
 *   (moov before mdat: plays while downloading); AAC 160 kb/s.
 * - WebM: VP9 (libvpx-vp9) constant quality `-crf 33 -b:v 0`, `-deadline realtime -cpu-used 8 -row-mt 1`
 *   (VP9's good/best modes are 10–50x slower); Opus 128 kb/s.
 * - GIF: the frames, at the GIF's fps and width, go losslessly (libx264rgb -qp 0, ultrafast) to a small
 *   intermediate in the same frame pass; a palette is then generated for this video (palettegen,
 *   stats_mode=diff) and applied (paletteuse, sierra2_4a dithering, diff_mode=rectangle).
 */
export const ENCODER_SETTINGS = {
  mp4: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart'],
  mp4Audio: ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000'],
  webm: ['-c:v', 'libvpx-vp9', '-crf', '33', '-b:v', '0', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-pix_fmt', 'yuv420p'],
  webmAudio: ['-c:a', 'libopus', '-b:a', '128k', '-ar', '48000'],
  gifSource: ['-c:v', 'libx264rgb', '-preset', 'ultrafast', '-qp', '0'],
} as const;

export interface GifPlan {
  fps: number;
  width: number;
  height: number;
  loop: number;
}

/** The GIF's fps (default 12, at most the video's), width (default min(width, 480)) and loop (default 0: forever). */
export function gifPlan(g: GifOptions | undefined, width: number, height: number, fps: number): GifPlan {
  const gw = Math.min(g?.width ?? Math.min(width, 480), VIDEO_LIMITS.gifMaxWidth);
  return {
    fps: Math.min(g?.fps ?? VIDEO_LIMITS.gifDefaultFps, fps, VIDEO_LIMITS.gifMaxFps),
    width: gw,
    height: Math.max(1, Math.round((height * gw) / width)),
    loop: g?.loop ?? 0,
  };
}

export interface EncoderPlan {
  width: number;
  height: number;
  fps: number;
  /** Seconds of video (frames / fps): every output stops there, whatever the audio's length. */
  duration: number;
  formats: VideoFormat[];
  audioPath?: string;
  paths: { mp4?: string; webm?: string; gifSource?: string };
  gif?: GifPlan;
}

/** ffmpeg arguments of the one frame pass: raw RGBA frames on stdin, every requested output at once. */
export function encoderArgs(p: EncoderPlan): string[] {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${p.width}x${p.height}`,
    '-framerate',
    String(p.fps),
    '-i',
    'pipe:0',
  ];
  if (p.audioPath) args.push('-i', p.audioPath);
  const t = ['-t', p.duration.toFixed(6)];
  if (p.paths.mp4) {
    args.push('-map', '0:v', ...ENCODER_SETTINGS.mp4);
    if (p.audioPath) args.push('-map', '1:a', ...ENCODER_SETTINGS.mp4Audio);
    args.push(...t, '-y', p.paths.mp4);
  }
  if (p.paths.webm) {
    args.push('-map', '0:v', ...ENCODER_SETTINGS.webm);
    if (p.audioPath) args.push('-map', '1:a', ...ENCODER_SETTINGS.webmAudio);
    args.push(...t, '-y', p.paths.webm);
  }
  if (p.paths.gifSource && p.gif) {
    args.push(
      '-map',
      '0:v',
      '-vf',
      `fps=${p.gif.fps},scale=${p.gif.width}:${p.gif.height}:flags=lanczos`,
      ...ENCODER_SETTINGS.gifSource,
      '-an',
      ...t,
      '-y',
      p.paths.gifSource,
    );
  }
  return args;
}

/** Pass 2 of a GIF: the palette of this video. */
export function paletteArgs(source: string, palette: string): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', source, '-vf', 'palettegen=stats_mode=diff', '-y', palette];
}

/** Pass 3 of a GIF: the frames mapped onto the palette. */
export function gifArgs(source: string, palette: string, gif: GifPlan, out: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    source,
    '-i',
    palette,
    '-lavfi',
    '[0:v][1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle',
    '-loop',
    String(gif.loop),
    '-y',
    out,
  ];
}

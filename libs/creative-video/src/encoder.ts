import type { GifOptions, VideoFormat } from './types';
import { VIDEO_LIMITS } from './types';

/**
 * Encoder settings (chosen for a 2-core machine; the frames are drawn by us, so ffmpeg only encodes):
 * - MP4: H.264 (libx264) `-preset veryfast -crf 20`, yuv420p, High profile, `-movflags +faststart`
 *   (moov before mdat: plays while downloading); AAC 160 kb/s.
 * - WebM: VP9 (libvpx-vp9) constant quality `-crf 33 -b:v 0`, `-deadline realtime -cpu-used 8 -row-mt 1`
 *   (VP9's good/best modes are 10–50x slower); Opus 128 kb/s.
 * - GIF: the frames, at the GIF's fps and width and lightly denoised (GIF_SETTINGS.denoise), go losslessly
 *   (libx264rgb -qp 0, ultrafast) to a small intermediate in the same frame pass; a palette of
 *   GIF_SETTINGS.colors is then generated for this video (palettegen) and applied with ordered dithering
 *   (GIF_SETTINGS.dither) and diff_mode=rectangle; the GIF encoder's frame differencing (transdiff,
 *   offsetting) leaves unchanged pixels transparent.
 */
export const ENCODER_SETTINGS = {
  mp4: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-movflags', '+faststart'],
  mp4Audio: ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000'],
  webm: ['-c:v', 'libvpx-vp9', '-crf', '33', '-b:v', '0', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-pix_fmt', 'yuv420p'],
  webmAudio: ['-c:a', 'libopus', '-b:a', '128k', '-ar', '48000'],
  gifSource: ['-c:v', 'libx264rgb', '-preset', 'ultrafast', '-qp', '0'],
} as const;

/**
 * GIF size against looks, measured on a 4 s 540 px 15 fps animate of a photo-led design (full-bleed photo under a scrim,
 * badge, title, button, logo; __tests__/gif-size.spec.ts). Error diffusion (sierra2_4a) over 256 colors made 5.3 MB:
 * its noise differs in every frame and defeats frame differencing. An ordered (bayer) dither is the same in every frame,
 * so a pixel whose color barely moved keeps its index and is left transparent; scale 3 hides the bands of a smooth photo
 * (scale 5 left contour bands in a cup for 3% less). A light denoise (hqdn3d) before the palette stops grain from
 * flickering between indices (-10%); text edges pass it. With that, 96 colors: 1.78 MB; 112: 1.90 MB; 64 bands.
 * The palette counts every pixel (stats_mode=full), not only the ones that change (diff, 4% smaller): with diff a
 * still brand color (a badge, a logo plate) got few entries and shifted visibly.
 */
export const GIF_SETTINGS = { colors: 96, stats: 'full', dither: 'bayer:bayer_scale=3', denoise: 'hqdn3d=2:2:12:12' } as const;

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
      `fps=${p.gif.fps},scale=${p.gif.width}:${p.gif.height}:flags=lanczos,${GIF_SETTINGS.denoise}`,
      ...ENCODER_SETTINGS.gifSource,
      '-an',
      ...t,
      '-y',
      p.paths.gifSource,
    );
  }
  return args;
}

/** Pass 2 of a GIF: the palette of this video (GIF_SETTINGS.colors). */
export function paletteArgs(source: string, palette: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    source,
    '-vf',
    `palettegen=stats_mode=${GIF_SETTINGS.stats}:max_colors=${GIF_SETTINGS.colors}`,
    '-y',
    palette,
  ];
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
    `[0:v][1:v]paletteuse=dither=${GIF_SETTINGS.dither}:diff_mode=rectangle`,
    '-loop',
    String(gif.loop),
    '-y',
    out,
  ];
}

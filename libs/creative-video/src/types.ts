/**
 * The public contract of @platform/creative-video: what the creative service hands the pipeline
 * and what it gets back. Plain data; no framework, no database, no environment reads (ffmpeg's
 * path comes in through `RenderVideoOptions`).
 */

/** How a scene's content moves while it is on screen. `stagger`: the top-level nodes enter one after another. */
export const MOTIONS = ['none', 'zoom_in', 'zoom_out', 'pan_left', 'pan_right', 'pan_up', 'pan_down', 'ken_burns', 'rise', 'pop', 'stagger'] as const;
export type Motion = (typeof MOTIONS)[number];

/** How one scene gives way to the next (drawn by us, frame by frame, identical in every format). */
export const TRANSITIONS = [
  'none',
  'fade',
  'fade_black',
  'slide_left',
  'slide_right',
  'slide_up',
  'slide_down',
  'wipe_left',
  'wipe_right',
  'wipe_up',
  'wipe_down',
  'zoom',
  'circle',
] as const;
export type Transition = (typeof TRANSITIONS)[number];

export const EASINGS = ['linear', 'ease_in', 'ease_out', 'ease_in_out', 'ease_out_back'] as const;
export type Easing = (typeof EASINGS)[number];

export const VIDEO_FORMATS = ['mp4', 'webm', 'gif'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];

/** Bounds the service enforces before accepting a job (documented in the OpenAPI description). */
export const VIDEO_LIMITS = {
  minDuration: 0.5,
  /** Seconds of one scene, and of the whole video. */
  maxSceneDuration: 60,
  maxDuration: 300,
  minFps: 1,
  maxFps: 60,
  defaultFps: 30,
  minSide: 16,
  maxWidth: 3840,
  maxHeight: 2160,
  maxScenes: 50,
  /** Seconds a transition takes (clamped to half the shorter of the two scenes). */
  defaultTransitionDuration: 0.6,
  gifMaxWidth: 1080,
  gifMaxFps: 30,
  gifDefaultFps: 12,
  /** Shortest scene beat_sync may leave (seconds). */
  minBeatSceneDuration: 1,
} as const;

/** Bytes of `asset:<id>` references in an IR, by id (as the render worker takes them). */
export type VideoAssetMap = Record<string, Uint8Array>;

/** What a scene shows. */
export type SceneSource = LoadedSceneSource | LazySceneSource;

/**
 * A source read when the scene is first drawn (and dropped after its last frame), not before the video starts:
 * a video of fifty photo scenes then holds one or two of them in memory at a time. Its result is validated
 * when it is loaded; a load that throws fails the render (the caller's error, e.g. an asset deleted since).
 */
export interface LazySceneSource {
  kind: 'lazy';
  load: () => Promise<LoadedSceneSource>;
  /** What the poster encoder should expect (`ir`: flat graphics; otherwise photographic). Default `image`. */
  looks?: 'ir' | 'image' | 'procedural';
}

export type LoadedSceneSource =
  /** A Creative IR document (a design's revision or a template's output), drawn with @platform/creative-ir. */
  | { kind: 'ir'; ir: unknown; assets?: VideoAssetMap }
  /** An image (PNG/JPEG/WebP...), scaled to cover the frame. */
  | { kind: 'image'; image: Uint8Array }
  /** A procedural style animated by its `phase` over the scene (a seamless loop), with optional title and eyebrow. */
  | {
      kind: 'procedural';
      style: string;
      seed?: number;
      density?: number;
      palette?: string[];
      tone?: 'light' | 'dark' | 'vivid' | 'muted';
      title?: string | null;
      eyebrow?: string | null;
    };

/** An audio file on local disk, mixed over the whole timeline (or over one scene). */
export interface AudioSpec {
  path: string;
  /** 0..2, default 1. */
  volume?: number;
  /** Repeat to the video's length (default true); false trims or leaves silence after it ends. */
  loop?: boolean;
  /** Seconds, default 0. */
  fadeIn?: number;
  /** Seconds, default 1. */
  fadeOut?: number;
  /** EBU R128 loudness normalization (ffmpeg `loudnorm`, I=-16 LUFS, TP=-1.5, LRA=11). */
  normalize?: boolean;
}

export interface SceneSpec {
  source: SceneSource;
  /** Seconds. */
  duration: number;
  motion?: Motion;
  easing?: Easing;
  /** Transition into the next scene (ignored on the last one). */
  transition?: Transition;
  transitionDuration?: number;
  /** Where ken_burns heads, 0..1 of the frame (default the centre). */
  focal?: { x: number; y: number };
  /** Audio of this scene only, starting when the scene starts. */
  audio?: AudioSpec;
}

export interface GifOptions {
  fps?: number;
  width?: number;
  /** 0 loops forever (default), -1 plays once, n repeats n times. */
  loop?: number;
}

export interface VideoSpec {
  width: number;
  height: number;
  fps: number;
  scenes: SceneSpec[];
  /** Audio over the whole timeline, mixed in one pass. */
  audio?: AudioSpec;
  /** Move scene cuts to the nearest beats of `audio` (keeping order and VIDEO_LIMITS.minBeatSceneDuration). */
  beatSync?: boolean;
  /** Default ['mp4']. */
  formats?: VideoFormat[];
  gif?: GifOptions;
  /**
   * The scene the poster shows, settled (its motion at its end): default 0. A video that opens on a lead-in (black
   * before a design enters through a transition) names the scene that is its subject.
   */
  posterScene?: number;
}

export interface VideoProgress {
  framesDone: number;
  framesTotal: number;
}

export interface RenderVideoOptions {
  /** A directory the caller owns and removes afterwards; every temporary file goes in it. */
  workDir: string;
  /** Aborting kills ffmpeg within a second and rejects with an error whose name is 'AbortError'. */
  signal?: AbortSignal;
  /**
   * Asked between frames and inside long synchronous drawing (a heavy IR scene's rasterization, between chunks),
   * where an abort event cannot be delivered because the thread is busy: answering true stops the render as an
   * abort does (ffmpeg killed, AbortError). E.g. a SharedArrayBuffer word another thread sets.
   */
  stop?: () => boolean;
  onProgress?: (p: VideoProgress) => void;
  ffmpegPath?: string;
  ffprobePath?: string;
}

export interface VideoOutput {
  format: VideoFormat;
  /** A file inside workDir. */
  path: string;
  mime: 'video/mp4' | 'video/webm' | 'image/gif';
  bytes: number;
  width: number;
  height: number;
  fps: number;
  /** Seconds. */
  duration: number;
}

export interface RenderVideoResult {
  outputs: VideoOutput[];
  /** The poster: a PNG of scene `posterScene` (default the first) once its motion has settled (a file inside workDir). */
  poster: { path: string; width: number; height: number };
  frames: number;
  duration: number;
  /** Seconds where each scene starts (after beat_sync, when asked). */
  cuts: number[];
  /** Beats detected in the audio (seconds), when beat_sync was asked. */
  beats?: number[];
  /** Tempo estimate, when beat_sync was asked. */
  bpm?: number;
}

/** A problem with a spec, shaped like the service's 422 items (`loc` relative to the spec). */
export interface VideoSpecIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

import type { AudioSpec } from './types';

/**
 * The audio half of the pipeline (contract; implemented in audio/ and beats/). The encoder muxes the
 * WAV that `mixAudio` writes, so the whole timeline's audio is mixed in one pass and never drifts.
 */
export interface AudioTrack {
  spec: AudioSpec;
  /** Seconds on the timeline where the track starts. */
  start: number;
  /** Seconds on the timeline where it must stop (a scene's end); default the video's end. */
  end?: number;
}

export interface MixAudioOptions {
  workDir: string;
  signal?: AbortSignal;
  ffmpegPath?: string;
  /** ffprobe (reads each source's duration); default @ffprobe-installer/ffprobe. */
  ffprobePath?: string;
}

export interface BeatAnalysis {
  /** Seconds, ascending. */
  beats: number[];
  bpm: number;
}

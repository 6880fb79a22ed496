/**
 * The requests of the video jobs as they are stored with the job (defaults applied, references
 * resolved: a design's revision is pinned when the job is accepted, so a retry renders the same
 * thing). Snake case, as clients see them in GET /v1/jobs/{id} → `request`.
 */

export interface StoredAudio {
  asset_id: string;
  volume: number;
  loop: boolean;
  fade_in: number;
  fade_out: number;
  normalize: boolean;
}

export interface StoredProcedural {
  style: string;
  seed: number;
  density: number;
  palette: string | null;
  tone: string | null;
  title: string | null;
  eyebrow: string | null;
}

/** Exactly one source per scene. */
export type StoredSource =
  | { design_id: string; revision: number }
  | { template: string; brief: Record<string, unknown> }
  | { asset_id: string }
  | { procedural: StoredProcedural }
  /** Internal: a plain black frame (animate's lead-in). */
  | { black: true };

export type StoredScene = StoredSource & {
  duration: number;
  motion: string;
  easing: string | null;
  transition: string;
  transition_duration: number;
  focal: { x: number; y: number } | null;
  audio: StoredAudio | null;
  /**
   * The family motion preset (`FAMILY_PRESETS` of @platform/creative-video) whose entrances the scene's nodes get when
   * it is drawn: set when the request named no motion for a design or template scene; null or absent for none.
   */
  preset?: string | null;
};

export interface StoredGif {
  fps: number | null;
  width: number | null;
  loop: number | null;
}

/** What every video job renders: a timeline of scenes and its outputs. */
export interface StoredVideo {
  width: number;
  height: number;
  fps: number;
  scenes: StoredScene[];
  audio: StoredAudio | null;
  beat_sync: boolean;
  formats: string[];
  gif: StoredGif | null;
}

export interface StoredAnimate {
  design_id: string;
  revision: number;
  duration: number;
  width: number;
  height: number;
  fps: number;
  motion: string;
  /** The family motion preset that chose `motion` and animates the design's nodes (the request named no motion), else null. */
  preset: string | null;
  easing: string | null;
  transition: string;
  transition_duration: number;
  focal: { x: number; y: number } | null;
  audio_asset_id: string | null;
  audio_volume: number;
  audio_loop: boolean;
  audio_fade_in: number;
  audio_fade_out: number;
  audio_normalize: boolean;
  formats: string[];
  gif: StoredGif | null;
}

export interface StoredProceduralVideo {
  styles: string[];
  duration: number;
  width: number;
  height: number;
  fps: number;
  seed: number;
  density: number;
  title: string | null;
  eyebrow: string | null;
  tone: string | null;
  palette: string | null;
  transition: string;
  transition_duration: number;
  motion: string;
  easing: string | null;
  formats: string[];
  gif: StoredGif | null;
}

/** How one scene of a full campaign's video moves: its template's family preset, unless the request named a motion. */
export interface StoredCampaignScene {
  template: string;
  motion: string;
  transition: string;
  /** The family motion preset that chose `motion` and animates the scene's nodes (the request named no motion), else null. */
  preset: string | null;
}

/** The `video` of a full campaign (the size may be open until the pieces exist). */
export interface StoredCampaignVideo {
  duration: number;
  /** The request's motion for every scene; null: each scene moves as its template's family preset does (`scenes`). */
  motion: string | null;
  easing: string | null;
  /** The request's transition; null: each scene's (`scenes`). */
  transition: string | null;
  transition_duration: number;
  width: number | null;
  height: number | null;
  fps: number;
  audio: StoredAudio | null;
  beat_sync: boolean;
  formats: string[];
  gif: StoredGif | null;
  /**
   * Each scene's motion, transition and preset, in the video's order (one a distinct template). Absent in jobs queued
   * before presets reached campaigns: those have a `motion` and `transition` of their own.
   */
  scenes?: StoredCampaignScene[];
}

export interface StoredCampaignFull {
  brief: Record<string, unknown>;
  formats: unknown[] | null;
  template: string | null;
  video: StoredCampaignVideo;
}

/** Animate as a timeline: the design, after a black lead-in when it enters through a transition. */
export function animateTimeline(r: StoredAnimate): StoredVideo {
  const audio: StoredAudio | null = r.audio_asset_id
    ? {
        asset_id: r.audio_asset_id,
        volume: r.audio_volume,
        loop: r.audio_loop,
        fade_in: r.audio_fade_in,
        fade_out: r.audio_fade_out,
        normalize: r.audio_normalize,
      }
    : null;
  const design: StoredScene = {
    design_id: r.design_id,
    revision: r.revision,
    duration: r.duration,
    motion: r.motion,
    easing: r.easing,
    transition: 'none',
    transition_duration: r.transition_duration,
    focal: r.focal,
    audio: null,
    preset: r.preset ?? null,
  };
  const scenes: StoredScene[] = [design];
  if (r.transition !== 'none') {
    const lead = animateLead(r);
    scenes.unshift({
      black: true,
      duration: lead,
      motion: 'none',
      easing: null,
      transition: r.transition,
      transition_duration: r.transition_duration,
      focal: null,
      audio: null,
    });
    design.duration = r.duration - lead;
  }
  return { width: r.width, height: r.height, fps: r.fps, scenes, audio, beat_sync: false, formats: r.formats, gif: r.gif };
}

/** Seconds of black before a design that enters through a transition: the transition's length, at least 0.5 s. */
export function animateLead(r: Pick<StoredAnimate, 'transition_duration'>): number {
  return Math.max(0.5, r.transition_duration);
}

/** Procedural video as a timeline: one scene per style. */
export function proceduralTimeline(r: StoredProceduralVideo): StoredVideo {
  return {
    width: r.width,
    height: r.height,
    fps: r.fps,
    scenes: r.styles.map((style) => ({
      procedural: { style, seed: r.seed, density: r.density, palette: r.palette, tone: r.tone, title: r.title, eyebrow: r.eyebrow },
      duration: r.duration,
      motion: r.motion,
      easing: r.easing,
      transition: r.transition,
      transition_duration: r.transition_duration,
      focal: null,
      audio: null,
    })),
    audio: null,
    beat_sync: false,
    formats: r.formats,
    gif: r.gif,
  };
}

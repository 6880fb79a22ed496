import { VIDEO_LIMITS, type Transition, type VideoSpec } from './types';

/** A transition window, centred on the cut between scene `from` and scene `from + 1`. */
export interface TimelineTransition {
  from: number;
  to: number;
  kind: Exclude<Transition, 'none'>;
  /** Seconds it lasts (the asked duration, clamped to half the shorter of the two scenes). */
  duration: number;
  /** First frame of the window (inclusive) and the frame after it. */
  startFrame: number;
  endFrame: number;
}

export interface TimelineScene {
  index: number;
  /** Seconds where the scene starts and ends (its cut points). */
  start: number;
  end: number;
  /** Frames it owns: [startFrame, endFrame). */
  startFrame: number;
  endFrame: number;
  /** Frames it is visible in, transitions included: [visibleStart, visibleEnd). Its motion runs over them. */
  visibleStart: number;
  visibleEnd: number;
}

export interface Timeline {
  fps: number;
  /** Total frames: round(duration × fps). */
  frames: number;
  /** Seconds of the video: frames / fps. */
  duration: number;
  scenes: TimelineScene[];
  transitions: TimelineTransition[];
  /** Seconds where each scene starts. */
  cuts: number[];
}

/**
 * The frames of a spec. Scenes follow each other with their durations (or at `cuts`, the start of each
 * scene in seconds, e.g. after beat_sync); the video lasts the sum of the durations. A transition does not
 * shorten the video: its window is centred on the cut, so the outgoing scene stays visible for half of it
 * after its end and the incoming one for half of it before its start.
 */
export function timeline(spec: VideoSpec, cuts?: number[]): Timeline {
  const fps = spec.fps;
  const total = spec.scenes.reduce((a, s) => a + s.duration, 0);
  const frames = Math.max(1, Math.round(total * fps));
  const starts = cuts ?? spec.scenes.reduce<number[]>((acc, s, i) => (acc.push(i === 0 ? 0 : acc[i - 1] + spec.scenes[i - 1].duration), acc), []);
  const startFrames = starts.map((c, i) => (i === 0 ? 0 : Math.min(frames, Math.max(0, Math.round(c * fps)))));
  for (let i = 1; i < startFrames.length; i++) startFrames[i] = Math.max(startFrames[i], startFrames[i - 1]);
  const scenes: TimelineScene[] = spec.scenes.map((_, i) => {
    const startFrame = startFrames[i];
    const endFrame = i + 1 < startFrames.length ? startFrames[i + 1] : frames;
    return { index: i, start: startFrame / fps, end: endFrame / fps, startFrame, endFrame, visibleStart: startFrame, visibleEnd: endFrame };
  });
  const transitions: TimelineTransition[] = [];
  for (let i = 0; i + 1 < scenes.length; i++) {
    const kind = spec.scenes[i].transition ?? 'none';
    if (kind === 'none') continue;
    const a = scenes[i];
    const b = scenes[i + 1];
    const shorter = Math.min(a.endFrame - a.startFrame, b.endFrame - b.startFrame);
    const asked = spec.scenes[i].transitionDuration ?? VIDEO_LIMITS.defaultTransitionDuration;
    // Half the window on each side of the cut; the window covers at most half of either scene.
    const half = Math.min(Math.round((asked * fps) / 2), Math.floor(shorter / 4));
    if (half < 1) continue;
    const t: TimelineTransition = { from: i, to: i + 1, kind, duration: (2 * half) / fps, startFrame: a.endFrame - half, endFrame: a.endFrame + half };
    transitions.push(t);
    a.visibleEnd = t.endFrame;
    b.visibleStart = t.startFrame;
  }
  return { fps, frames, duration: frames / fps, scenes, transitions, cuts: scenes.map((s) => s.start) };
}

/** What frame `f` shows: one scene, or a transition between two at progress q (0..1, exclusive). */
export type FramePlan = { scene: number } | { transition: TimelineTransition; q: number };

export function planFrame(tl: Timeline, f: number): FramePlan {
  for (const t of tl.transitions) if (f >= t.startFrame && f < t.endFrame) return { transition: t, q: (f - t.startFrame + 0.5) / (t.endFrame - t.startFrame) };
  for (const s of tl.scenes) if (f >= s.startFrame && f < s.endFrame) return { scene: s.index };
  return { scene: tl.scenes.length - 1 };
}

/** Motion progress of a scene at frame `f`: 0 on its first visible frame, 1 on its last. */
export function sceneProgress(s: TimelineScene, f: number): number {
  const span = s.visibleEnd - s.visibleStart - 1;
  return span <= 0 ? 1 : Math.min(1, Math.max(0, (f - s.visibleStart) / span));
}

/** Procedural phase of a scene at frame `f`: 0 → 1 over its visible frames, never reaching 1 (a seamless loop). */
export function scenePhase(s: TimelineScene, f: number): number {
  const n = Math.max(1, s.visibleEnd - s.visibleStart);
  return Math.min(1, Math.max(0, (f - s.visibleStart) / n));
}

/**
 * How a transition hands over (shares of its window): the outgoing scene's content (text, buttons, logo) is gone by
 * CONTENT_OUT, the backgrounds change between BACKGROUND_FROM and BACKGROUND_TO, and the incoming scene's content
 * comes in from CONTENT_IN. Two scenes' content is never on screen together, and content is only ever over its own
 * scene's background (or within a few percent of it).
 */
export const HANDOVER = { CONTENT_OUT: 0.3, BACKGROUND_FROM: 0.25, BACKGROUND_TO: 0.75, CONTENT_IN: 0.7 } as const;

/**
 * Progress of the backgrounds' change at transition progress q (0..1), before easing: between BACKGROUND_FROM and
 * BACKGROUND_TO, or from the start when the outgoing scene has no content to see out (`a` false), and to the end when
 * the incoming one has none to bring in (`b` false).
 */
export function backgroundProgress(q: number, a = true, b = true): number {
  const from = a ? HANDOVER.BACKGROUND_FROM : 0;
  const to = b ? HANDOVER.BACKGROUND_TO : 1;
  return Math.min(1, Math.max(0, (q - from) / (to - from)));
}

/**
 * Where scene `i` is at frame `f`: its camera progress and procedural phase over its visible frames, and its
 * content's clock. The content comes in at CONTENT_IN of the incoming transition (or the scene's first frame) and
 * leaves at CONTENT_OUT of the outgoing one (or after the scene's last frame), fading over the rest of that share.
 */
export function sceneState(tl: Timeline, i: number, f: number) {
  const s = tl.scenes[i];
  const inT = tl.transitions.find((t) => t.to === i);
  const outT = tl.transitions.find((t) => t.from === i);
  // Frame f of a window is at q = (f - start + 0.5) / length (planFrame): q = x at frame start + x length - 0.5.
  const at = (t: TimelineTransition, x: number) => t.startFrame + x * (t.endFrame - t.startFrame) - 0.5;
  const from = inT ? at(inT, HANDOVER.CONTENT_IN) : s.visibleStart;
  const to = outT ? at(outT, HANDOVER.CONTENT_OUT) : s.visibleEnd - 1;
  const fade = (t: TimelineTransition | undefined, x: number) => (t ? (x * (t.endFrame - t.startFrame)) / tl.fps : 0);
  return {
    p: sceneProgress(s, f),
    phase: scenePhase(s, f),
    t: (f - from) / tl.fps,
    span: Math.max(0, (to - from) / tl.fps),
    fadeIn: fade(inT, 1 - HANDOVER.CONTENT_IN),
    fadeOut: fade(outT, HANDOVER.CONTENT_OUT),
  };
}

import type { Charge } from './metering';

interface Sized {
  width: number;
  height: number;
  fps: number;
}

/** The `video` charge of a timeline: its seconds (the scenes' durations added up), size and frame rate. */
export function videoCharge(v: Sized & { seconds: number }): Charge {
  return { operation: 'video', params: { seconds: +v.seconds.toFixed(3), width: v.width, height: v.height, fps: v.fps } };
}

/** Animate and procedural video: `duration` seconds. */
export function durationVideoCharge(r: Sized & { duration: number }): Charge {
  return videoCharge({ seconds: r.duration, width: r.width, height: r.height, fps: r.fps });
}

/** A video of scenes: the sum of the scenes' durations. */
export function scenesVideoCharge(r: Sized & { scenes: { duration: number }[] }): Charge {
  return videoCharge({ seconds: r.scenes.reduce((a, s) => a + s.duration, 0), width: r.width, height: r.height, fps: r.fps });
}

/**
 * A campaign: its pieces (each a render of its size) and, for a full campaign, its video: `duration` per scene, one
 * scene a distinct piece (`scenes`, see `videoScenes`: identical pieces are shown once), the first piece's size when the
 * video's is open.
 */
export function campaignCharge(
  pieces: { width: number; height: number }[],
  video?: { duration: number; width: number | null; height: number | null; fps: number; scenes: number },
): Charge {
  const params: Record<string, unknown> = { pieces: pieces.map((p) => ({ width: p.width, height: p.height, format: 'png' })) };
  if (video) {
    params.video = {
      seconds: +(video.duration * video.scenes).toFixed(3),
      width: video.width ?? pieces[0]?.width ?? 1080,
      height: video.height ?? pieces[0]?.height ?? 1080,
      fps: video.fps,
    };
  }
  return { operation: 'campaign', params };
}

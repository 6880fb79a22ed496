import { Injectable } from '@nestjs/common';
import type { JobContext, JobHandler, JobOutcome, JobWork } from '../jobs/job-types';
import { VideoRendererService } from './video-renderer.service';
import { animateTimeline, proceduralTimeline, type StoredAnimate, type StoredProceduralVideo, type StoredVideo } from './video-request';

/** A timeline's work: its frames at its size, once per output format (the GIF counted as large as the video: an upper bound). */
export function videoWork(v: StoredVideo): JobWork {
  const seconds = v.scenes.reduce((a, s) => a + s.duration, 0);
  return { pixelFrames: seconds * v.fps * v.width * v.height * Math.max(1, v.formats.length), scenes: v.scenes.length };
}

/** `animate`: the pinned revision of a design, with its motion (and lead-in transition) and audio. */
@Injectable()
export class AnimateJobHandler implements JobHandler {
  readonly kind = 'animate' as const;
  constructor(private readonly renderer: VideoRendererService) {}

  run(ctx: JobContext): Promise<JobOutcome> {
    const r = ctx.request as unknown as StoredAnimate;
    return this.renderer.render(ctx, animateTimeline(r), { designId: r.design_id, revision: r.revision });
  }

  work(request: Record<string, unknown>): JobWork {
    return videoWork(animateTimeline(request as unknown as StoredAnimate));
  }
}

/** `video`: scenes assembled into one video. */
@Injectable()
export class VideoJobHandler implements JobHandler {
  readonly kind = 'video' as const;
  constructor(private readonly renderer: VideoRendererService) {}

  run(ctx: JobContext): Promise<JobOutcome> {
    const v = ctx.request as unknown as StoredVideo;
    const first = v.scenes.find((s) => 'design_id' in s) as { design_id: string; revision: number } | undefined;
    return this.renderer.render(ctx, v, first ? { designId: first.design_id, revision: first.revision } : {});
  }

  work(request: Record<string, unknown>): JobWork {
    return videoWork(request as unknown as StoredVideo);
  }
}

/** `procedural_video`: one looping segment per style. */
@Injectable()
export class ProceduralVideoJobHandler implements JobHandler {
  readonly kind = 'procedural_video' as const;
  constructor(private readonly renderer: VideoRendererService) {}

  run(ctx: JobContext): Promise<JobOutcome> {
    return this.renderer.render(ctx, proceduralTimeline(ctx.request as unknown as StoredProceduralVideo));
  }

  work(request: Record<string, unknown>): JobWork {
    return videoWork(proceduralTimeline(request as unknown as StoredProceduralVideo));
  }
}

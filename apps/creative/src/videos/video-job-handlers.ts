import { Injectable } from '@nestjs/common';
import type { JobContext, JobHandler, JobOutcome } from '../jobs/job-types';
import { VideoRendererService } from './video-renderer.service';
import { animateTimeline, proceduralTimeline, type StoredAnimate, type StoredProceduralVideo, type StoredVideo } from './video-request';

/** `animate`: the pinned revision of a design, with its motion (and lead-in transition) and audio. */
@Injectable()
export class AnimateJobHandler implements JobHandler {
  readonly kind = 'animate' as const;
  constructor(private readonly renderer: VideoRendererService) {}

  run(ctx: JobContext): Promise<JobOutcome> {
    const r = ctx.request as unknown as StoredAnimate;
    return this.renderer.render(ctx, animateTimeline(r), { designId: r.design_id, revision: r.revision });
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
}

/** `procedural_video`: one looping segment per style. */
@Injectable()
export class ProceduralVideoJobHandler implements JobHandler {
  readonly kind = 'procedural_video' as const;
  constructor(private readonly renderer: VideoRendererService) {}

  run(ctx: JobContext): Promise<JobOutcome> {
    return this.renderer.render(ctx, proceduralTimeline(ctx.request as unknown as StoredProceduralVideo));
  }
}

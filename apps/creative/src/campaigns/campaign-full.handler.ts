import { Injectable } from '@nestjs/common';
import { DomainException } from '@platform/errors';
import { JobFailure, type JobContext, type JobHandler, type JobOutcome } from '../jobs/job-types';
import { campaignScene, fitSize } from '../videos/video-requests.service';
import type { StoredCampaignFull, StoredVideo } from '../videos/video-request';
import { VideoRendererService } from '../videos/video-renderer.service';
import { CampaignsService, videoScenes } from './campaigns.service';

/**
 * `campaign_full`: the campaign (designs and PNGs, as POST /v1/campaigns), then a video of its distinct pieces
 * (`videoScenes`), each laid out again at the video's frame, in order. The campaign stays when the video fails (read it with GET /v1/campaigns/{id});
 * a retry makes a new campaign.
 */
@Injectable()
export class CampaignFullJobHandler implements JobHandler {
  readonly kind = 'campaign_full' as const;

  constructor(
    private readonly campaigns: CampaignsService,
    private readonly renderer: VideoRendererService,
  ) {}

  async run(ctx: JobContext): Promise<JobOutcome> {
    const r = ctx.request as unknown as StoredCampaignFull;
    // The pieces are the first fifth of the work; the video's frames the rest.
    ctx.progress(0);
    let campaign;
    try {
      campaign = await this.campaigns.create(ctx.accountId, { brief: r.brief, formats: r.formats, template: r.template });
    } catch (e) {
      // A render the pool refused (render_busy, render_timeout) is a reason of its own; the request itself was checked before the job.
      if (e instanceof DomainException) throw new JobFailure(e.code, `The campaign's pieces could not be rendered: ${e.message}`);
      throw e;
    }
    if (ctx.signal.aborted) throw Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
    ctx.progress(0.2);
    const videoCtx: JobContext = { ...ctx, progress: (f, frames) => ctx.progress(0.2 + 0.8 * f, frames) };
    const v = r.video;
    const first = campaign.pieces[0];
    const even = v.formats.includes('mp4') || v.formats.includes('webm');
    const size = v.width && v.height ? { width: v.width, height: v.height } : fitSize(first.width, first.height, even);
    // One scene a distinct piece, laid out again at the video's frame (its template with the campaign's brief and seed),
    // not its PNG contained in the frame: a story in a square video filled the middle third between bars.
    // Each scene moves as the request checked it (its family preset unless a motion was named); a job queued before
    // campaigns had presets has one motion and transition for all.
    const scenes = videoScenes(campaign.pieces);
    const video: StoredVideo = {
      ...size,
      fps: v.fps,
      scenes: scenes.map((s) => {
        const chosen = v.scenes?.find((c) => c.template === s.template) ?? campaignScene(v, s.template);
        return {
          template: s.template,
          brief: campaign.brief,
          duration: v.duration,
          motion: chosen.motion,
          easing: v.easing,
          transition: chosen.transition,
          transition_duration: v.transition_duration,
          focal: null,
          audio: null,
          preset: chosen.preset,
        };
      }),
      audio: v.audio,
      beat_sync: v.beat_sync,
      formats: v.formats,
      gif: v.gif,
    };
    const rendered = await this.renderer.render(videoCtx, video, {});
    return {
      artifacts: [...campaign.pieces.filter((p) => p.artifact).map((p) => ({ artifact_id: p.artifact!.id, role: 'piece' })), ...rendered.artifacts],
      result: {
        campaign_id: campaign.id,
        seed: campaign.seed,
        pieces: campaign.pieces.map((p) => ({
          position: p.position,
          format: p.format,
          width: p.width,
          height: p.height,
          template: p.template,
          design_id: p.design_id,
          revision: p.revision,
          artifact_id: p.artifact?.id ?? null,
        })),
        // Which pieces each scene shows (their positions), in the order of the video.
        video: { ...rendered.result, scenes: scenes.map((s) => ({ template: s.template, pieces: s.pieces.map((p) => p.position) })) },
      },
    };
  }
}

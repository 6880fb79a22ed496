import { HttpStatus } from '@nestjs/common';
import { ApiAcceptedResponse } from '@nestjs/swagger';
import { IdempotencyService } from '@platform/http';
import { MOTIONS, TRANSITIONS, VIDEO_LIMITS } from '@platform/creative-video';
import { JobDto } from '../jobs/dto/job.dto';

const L = VIDEO_LIMITS;

/** What every video operation says about itself, once. */
export const VIDEO_JOB_NOTE =
  'Answers 202 with the job (`queued`): poll GET /v1/jobs/{job_id}, or give `callback_url`. Everything a request can get wrong is refused here, before the job exists ' +
  '(404 for a design or asset the account does not have, 422 with `loc` for the rest), so a job fails only for reasons that arise while it runs. ' +
  'When it succeeds, its `artifacts` hold one per format (role `mp4`, `webm`, `gif`) and the poster PNG (role `poster`), each with a URL that works without ' +
  'credentials; its `result` has duration, fps, width, height, frames and cuts (seconds where each scene starts). ' +
  `Limits: ${L.minDuration} to ${L.maxSceneDuration} s per scene, ${L.maxDuration} s and ${L.maxScenes} scenes per video, fps ${L.minFps}–${L.maxFps}, ` +
  `${L.minSide} to ${L.maxWidth}x${L.maxHeight} px (even sides for mp4 and webm), GIF at most ${L.gifMaxWidth} px wide and ${L.gifMaxFps} fps. ` +
  `Motions: ${MOTIONS.join(', ')}. Transitions: ${TRANSITIONS.join(', ')} (GET /v1/capabilities describes each).`;

/**
 * The `EffectLookup` of the video operations (see `IdempotentEffect`): a key whose process died after it recorded the
 * job answers that job (202, as it stands now); none recorded: the retry creates it.
 */
export const VIDEO_JOB_EFFECT = 'creative.video-job';

/** Registers the lookup of VIDEO_JOB_EFFECT (each controller that marks a route with it, once its module starts). */
export function onVideoJobLapsed(idempotency: IdempotencyService, videos: { createdUnder(accountId: string, ref: string): Promise<JobDto | null> }): void {
  idempotency.onLapsed(VIDEO_JOB_EFFECT, async (accountId, ref) => {
    const job = await videos.createdUnder(accountId, ref);
    return job && { status: HttpStatus.ACCEPTED, body: job };
  });
}

/** The 202 answer of every video operation. */
export const VIDEO_JOB_ACCEPTED = ApiAcceptedResponse({ type: JobDto, description: 'The job, `queued`; its `request` shows every default applied' });

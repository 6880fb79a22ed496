import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { ArtifactsRepository } from '../artifacts/artifacts.repository';
import { ArtifactsService } from '../artifacts/artifacts.service';
import type { CreativeConfig } from '../config';
import type { JobDto } from './dto/job.dto';
import type { Job } from './job.entity';

/** Seconds the artifact URLs of a job view work (the default of `GET /v1/artifacts/{id}/signed-url`). */
export const JOB_URL_TTL = 3600;

/** Jobs as the API shows them, with signed URLs of their artifacts. */
@Injectable()
export class JobViews {
  constructor(
    private readonly artifactRows: ArtifactsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly artifacts: ArtifactsService,
  ) {}

  private ttl(): number {
    return Math.min(this.config.signedUrls.maxTtl, Math.max(this.config.signedUrls.minTtl, JOB_URL_TTL));
  }

  async many(jobs: Job[]): Promise<JobDto[]> {
    const ids = [...new Set(jobs.flatMap((j) => j.artifacts.map((a) => a.artifact_id)))];
    const found = await this.artifactRows.findMany(ids);
    const byId = new Map(found.map((a) => [a.id, a]));
    const ttl = this.ttl();
    return Promise.all(
      jobs.map(async (j) => ({
        id: j.id,
        kind: j.kind,
        state: j.state,
        progress: j.progress,
        frames_done: j.framesDone,
        frames_total: j.framesTotal,
        attempts: j.attempts,
        request: j.request,
        result: j.result,
        artifacts: await Promise.all(
          j.artifacts.map(async (ref) => {
            const a = byId.get(ref.artifact_id);
            // An artifact of another account never shows (a handler bug must not leak it).
            const mine = a && a.accountId === j.accountId ? a : null;
            return {
              artifact_id: ref.artifact_id,
              role: ref.role,
              url: mine ? (await this.artifacts.signedUrlOf(mine, ttl)).url : null,
              mime: mine?.mime ?? null,
              bytes: mine?.bytes ?? null,
            };
          }),
        ),
        error: j.state === 'failed' && j.errorCode ? { code: j.errorCode, message: j.errorMessage ?? '' } : null,
        callback_url: j.callbackUrl,
        created_at: j.createdAt.toISOString(),
        started_at: j.startedAt?.toISOString() ?? null,
        finished_at: j.finishedAt?.toISOString() ?? null,
        updated_at: j.updatedAt.toISOString(),
      })),
    );
  }

  async one(job: Job): Promise<JobDto> {
    return (await this.many([job]))[0];
  }
}

import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { durationVideoCharge, scenesVideoCharge } from '../billing/job-charges';
import type { JobDto } from '../jobs/dto/job.dto';
import { JobsService } from '../jobs/jobs.service';
import type { AnimateDto } from './dto/animate.dto';
import type { ProceduralVideoDto } from './dto/procedural-video.dto';
import type { VideoCreateDto } from './dto/video-create.dto';
import { VideoRequestsService } from './video-requests.service';

/**
 * The video use cases as REST, MCP and workflow steps run them: the request is checked whole (404 and 422 before the
 * job exists), then a job is created with its charge reserved; the job's handler renders it.
 */
@Injectable()
export class VideosUseCases {
  constructor(
    private readonly requests: VideoRequestsService,
    private readonly jobs: JobsService,
  ) {}

  /**
   * `ref` (here and in `create`, `procedural`): the claim of the request's Idempotency-Key (`IdempotentEffect`),
   * recorded on the job so a retry after this process died finds it (`createdUnder`) instead of creating a second.
   */
  async animate(auth: AuthContext, designId: string, body: AnimateDto, ref: string | null = null): Promise<JobDto> {
    const request = await this.requests.animate(auth.accountId, designId, body);
    return this.jobs.create({
      accountId: auth.accountId,
      kind: 'animate',
      request: request as unknown as Record<string, unknown>,
      callbackUrl: body.callback_url,
      charge: durationVideoCharge(request),
      credentialId: auth.credentialId,
      idempotencyRef: ref,
    });
  }

  async create(auth: AuthContext, body: VideoCreateDto, ref: string | null = null): Promise<JobDto> {
    const request = await this.requests.video(auth.accountId, body);
    return this.jobs.create({
      accountId: auth.accountId,
      kind: 'video',
      request: request as unknown as Record<string, unknown>,
      callbackUrl: body.callback_url,
      charge: scenesVideoCharge(request),
      credentialId: auth.credentialId,
      idempotencyRef: ref,
    });
  }

  async procedural(auth: AuthContext, body: ProceduralVideoDto, ref: string | null = null): Promise<JobDto> {
    const request = this.requests.procedural(body);
    return this.jobs.create({
      accountId: auth.accountId,
      kind: 'procedural_video',
      request: request as unknown as Record<string, unknown>,
      callbackUrl: body.callback_url,
      charge: durationVideoCharge(request),
      credentialId: auth.credentialId,
      idempotencyRef: ref,
    });
  }

  /** The job a video request created under an Idempotency-Key's claim, or null (see `IdempotentEffect`). */
  createdUnder(accountId: string, ref: string): Promise<JobDto | null> {
    return this.jobs.createdUnder(accountId, ref);
  }
}

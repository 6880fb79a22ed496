import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { IdempotencyService } from '@platform/http';
import type { CreativeConfig } from '../config';
import { ArtifactsService } from './artifacts.service';
import { ValidationError } from '@platform/errors';
import {
  ARTIFACT_PAGE_DEFAULT,
  type ArtifactDeletedDto,
  ArtifactDto,
  type ArtifactListDto,
  type ListArtifactsQuery,
  type SignedUrlDto,
} from './dto/artifact.dto';

/** The `EffectLookup` of `DELETE /v1/artifacts/{id}`: the deletion recorded under the claim answers. */
export const ARTIFACT_DELETE_EFFECT = 'creative.artifact-delete';

/** The artifacts' use cases as REST and MCP run them: records, signed URLs, deletion. */
@Injectable()
export class ArtifactsUseCases implements OnModuleInit {
  constructor(
    private readonly artifacts: ArtifactsService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // A delete whose process died after its deletion committed answers the delete; none committed: the retry deletes.
    this.idempotency.onLapsed(ARTIFACT_DELETE_EFFECT, async (accountId, ref) => {
      const id = await this.artifacts.deletedUnder(accountId, ref);
      return id ? { status: HttpStatus.OK, body: { id, deleted: true } satisfies ArtifactDeletedDto } : null;
    });
    // A recorded deletion is read only while its key lives: swept with the expired keys.
    this.idempotency.onSweep('creative.artifact_deletions', (limit, maxBatches) => this.artifacts.sweepDeletions(limit, maxBatches));
  }

  /** The account's artifacts, newest first, filtered; `created_after` after `created_before` is a 422 (an empty range by mistake). */
  async list(auth: AuthContext, query: ListArtifactsQuery): Promise<ArtifactListDto> {
    const after = query.created_after !== undefined ? new Date(query.created_after) : undefined;
    const before = query.created_before !== undefined ? new Date(query.created_before) : undefined;
    for (const [field, d] of [
      ['created_after', after],
      ['created_before', before],
    ] as const)
      if (d && Number.isNaN(d.getTime())) throw new ValidationError([{ loc: [field], msg: `${field} is not a valid date-time`, type: 'value_error' }]);
    if (after && before && after > before)
      throw new ValidationError([{ loc: ['created_before'], msg: 'created_before must not be earlier than created_after', type: 'value_error' }]);
    const page = await this.artifacts.list(auth.accountId, {
      limit: query.limit ?? ARTIFACT_PAGE_DEFAULT,
      cursor: query.cursor,
      designId: query.design_id,
      jobId: query.job_id,
      kind: query.kind,
      mime: query.mime,
      createdAfter: after,
      createdBefore: before,
    });
    return { data: page.data.map((a) => ArtifactDto.from(a, this.config.publicBaseUrl)), next_cursor: page.nextCursor };
  }

  async get(auth: AuthContext, artifactId: string): Promise<ArtifactDto> {
    return ArtifactDto.from(await this.artifacts.get(auth.accountId, artifactId), this.config.publicBaseUrl);
  }

  /** A URL that reads the artifact without credentials for `ttl` seconds (default 3600). */
  async signedUrl(auth: AuthContext, artifactId: string, ttl: number | undefined): Promise<SignedUrlDto> {
    const signed = await this.artifacts.signedUrl(auth.accountId, artifactId, ttl ?? 3600);
    return { url: signed.url, expires_at: signed.expiresAt.toISOString(), ttl: signed.ttl };
  }

  /** `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), recorded with the deletion (`ARTIFACT_DELETE_EFFECT`). */
  async remove(auth: AuthContext, artifactId: string, ref: string | null = null): Promise<ArtifactDeletedDto> {
    await this.artifacts.remove(auth.accountId, artifactId, ref);
    return { id: artifactId, deleted: true };
  }
}

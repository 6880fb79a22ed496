import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import type { CreativeConfig } from '../config';
import { ArtifactsService } from './artifacts.service';
import { type ArtifactDeletedDto, ArtifactDto, type SignedUrlDto } from './dto/artifact.dto';

/** The artifacts' use cases as REST and MCP run them: records, signed URLs, deletion. */
@Injectable()
export class ArtifactsUseCases {
  constructor(
    private readonly artifacts: ArtifactsService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  async get(auth: AuthContext, artifactId: string): Promise<ArtifactDto> {
    return ArtifactDto.from(await this.artifacts.get(auth.accountId, artifactId), this.config.publicBaseUrl);
  }

  /** A URL that reads the artifact without credentials for `ttl` seconds (default 3600). */
  async signedUrl(auth: AuthContext, artifactId: string, ttl: number | undefined): Promise<SignedUrlDto> {
    const signed = await this.artifacts.signedUrl(auth.accountId, artifactId, ttl ?? 3600);
    return { url: signed.url, expires_at: signed.expiresAt.toISOString(), ttl: signed.ttl };
  }

  async remove(auth: AuthContext, artifactId: string): Promise<ArtifactDeletedDto> {
    await this.artifacts.remove(auth.accountId, artifactId);
    return { id: artifactId, deleted: true };
  }
}

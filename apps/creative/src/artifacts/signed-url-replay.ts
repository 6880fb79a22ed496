import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DomainException } from '@platform/errors';
import { IdempotencyService } from '@platform/http';
import { ArtifactsService } from './artifacts.service';

/** How deep a replayed body is searched for signed URLs (workflow runs nest step outputs a few levels down). */
const MAX_DEPTH = 12;

interface StoredSignedUrl {
  url: string;
  expires_at: string;
  ttl: number;
}

const isSignedUrl = (v: unknown): v is StoredSignedUrl =>
  !!v && typeof v === 'object' && typeof (v as StoredSignedUrl).url === 'string' && typeof (v as StoredSignedUrl).ttl === 'number';

/** The id of the artifact an answer object's `signed_url` reads: its `artifact.id`, or its `artifact_id`. */
function artifactIdOf(o: Record<string, unknown>): string | undefined {
  const artifact = o['artifact'] as { id?: unknown } | null | undefined;
  if (artifact && typeof artifact === 'object' && typeof artifact.id === 'string') return artifact.id;
  return typeof o['artifact_id'] === 'string' ? o['artifact_id'] : undefined;
}

/**
 * Idempotent replays hand back fresh signed URLs (issue 34). A keyed call's answer is stored for 24 hours
 * (`IDEMPOTENCY_TTL_MS`) but the signed URLs in it expire sooner (an hour for renders), so a replay of the stored
 * body gave a link that no longer opens. Every answer object with a `signed_url` ({url, expires_at, ttl}) next to
 * the artifact it reads (`artifact.id` or `artifact_id`) is signed again at replay, for the same artifact and the
 * same `ttl`, from now: renders, procedural renders, generations, design creation with `render`, campaigns and
 * workflow runs (their step outputs) alike, through REST and MCP (both replay through `IdempotencyService`).
 * An artifact deleted since keeps its stored (dead) URL: the replay is still the original answer.
 */
@Injectable()
export class SignedUrlReplay implements OnModuleInit {
  private readonly logger = new Logger(SignedUrlReplay.name);

  constructor(
    private readonly idempotency: IdempotencyService,
    private readonly artifacts: ArtifactsService,
  ) {}

  onModuleInit(): void {
    this.idempotency.onReplay((accountId, body) => this.refresh(accountId, body));
  }

  /** `body` with each signed URL it carries signed again (a copy; the stored body is not changed). */
  async refresh(accountId: string, body: unknown, depth = 0): Promise<unknown> {
    if (!body || typeof body !== 'object' || depth > MAX_DEPTH) return body;
    if (Array.isArray(body)) return Promise.all(body.map((v) => this.refresh(accountId, v, depth + 1)));
    const o = body as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = k === 'signed_url' ? v : await this.refresh(accountId, v, depth + 1);
    const id = artifactIdOf(o);
    if (isSignedUrl(o['signed_url']) && id) out['signed_url'] = await this.resign(accountId, id, o['signed_url']);
    return out;
  }

  private async resign(accountId: string, artifactId: string, stored: StoredSignedUrl): Promise<StoredSignedUrl> {
    try {
      const fresh = await this.artifacts.signedUrl(accountId, artifactId, stored.ttl);
      return { ...stored, url: fresh.url, expires_at: fresh.expiresAt.toISOString(), ttl: fresh.ttl };
    } catch (err) {
      // Deleted since (404), or a ttl the configuration no longer allows (422): the stored answer as it was.
      if (!(err instanceof DomainException)) throw err;
      this.logger.debug(`Replayed the stored signed URL of ${artifactId}: ${(err as Error).message}`);
      return stored;
    }
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { fieldWarnings, getTemplate, type Brief, type LayoutWarning } from '@platform/creative-ir';
import { APP_CONFIG } from '@platform/config';
import type { Artifact } from '../artifacts/artifact.entity';
import type { ArtifactKind } from '../artifacts/artifact-types';
import { ArtifactsService, type SignedUrl } from '../artifacts/artifacts.service';
import type { CreativeConfig } from '../config';
import type { FailureLocs } from './render-pool.service';
import type { RenderOutput } from './render-tasks';
import type { RenderCacheEntry } from './render-cache.entity';
import { RenderCacheRepository } from './render-cache.repository';
import { RenderService, type ResolvedRender } from './render.service';

type Json = Record<string, unknown>;

/** The signed URL a render answers with lives this long (the artifact signed-URL default), within the configured bounds. */
export const RENDER_SIGNED_URL_TTL = 3600;

const EXTENSION: Record<string, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', avif: 'avif', svg: 'svg', pdf: 'pdf' };

export interface RevisionToRender {
  designId: string;
  revision: number;
  /** The IR, or how to read it (only a render that is not stored yet needs it). */
  ir: Json | (() => Promise<Json>);
  /**
   * The brief and template the design was made from (or how to read them): a new render names the brief's fields the
   * revision does not show (`field_unused`), stored with its other warnings.
   */
  source?: DesignBriefSource | (() => Promise<DesignBriefSource>);
}

export interface DesignBriefSource {
  brief: Json | null;
  template: string | null;
}

/** `field_unused` warnings of a revision made from a brief (none for a design that was not). */
export function briefFieldWarnings(source: DesignBriefSource, ir: Json): LayoutWarning[] {
  const def = source.template ? getTemplate(source.template) : undefined;
  if (!def || !source.brief) return [];
  return fieldWarnings(source.brief as Brief, ir as never, def);
}

export interface StoredRender {
  artifact: Artifact;
  signedUrl: SignedUrl;
  /** Served from a render stored earlier (nothing was drawn). */
  cached: boolean;
  resolved: ResolvedRender;
  warnings: { id: string; message: string; code?: string; field?: string }[];
}

/**
 * Renders of design revisions into artifacts, stored once (the cache is read and written with plain
 * SQL: this is the path every render takes): the same revision with the same options
 * (format, output size, quality) is answered from its artifact (`render_cache`), not drawn again.
 * Concurrent identical requests in one process render once; across replicas the first stored wins
 * and the other's artifact is removed. Deleting the artifact drops its cache entry.
 */
@Injectable()
export class DesignRendersService {
  private readonly logger = new Logger(DesignRendersService.name);
  private readonly pending = new Map<string, Promise<Omit<StoredRender, 'signedUrl'>>>();

  constructor(
    private readonly cache: RenderCacheRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly renders: RenderService,
    private readonly artifacts: ArtifactsService,
  ) {}

  async render(accountId: string, rev: RevisionToRender, resolved: ResolvedRender, locs: FailureLocs, kind: ArtifactKind = 'render'): Promise<StoredRender> {
    const where = {
      designId: rev.designId,
      revision: rev.revision,
      format: resolved.format,
      width: resolved.width,
      height: resolved.height,
      quality: resolved.quality ?? 0,
    };
    const key = JSON.stringify(where);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.renderOnce(accountId, rev, resolved, locs, kind, where).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const stored = await pending;
    return { ...stored, signedUrl: await this.signedUrl(stored.artifact) };
  }

  /** A signed URL of an hour (within the configured bounds) for an artifact of the account just read or stored. */
  signedUrl(artifact: Artifact): Promise<SignedUrl> {
    const { minTtl, maxTtl } = this.config.signedUrls;
    return this.artifacts.signedUrlOf(artifact, Math.min(maxTtl, Math.max(minTtl, RENDER_SIGNED_URL_TTL)));
  }

  /** The output stored under an Idempotency-Key's claim (`storeOutput`'s `idempotencyRef`) with a signed URL, or null. */
  async storedUnder(accountId: string, ref: string): Promise<{ artifact: Artifact; signedUrl: SignedUrl } | null> {
    const artifact = await this.artifacts.madeUnder(accountId, ref);
    return artifact && { artifact, signedUrl: await this.signedUrl(artifact) };
  }

  /**
   * Stores rendered bytes that are not a design revision's (procedural renders) as an artifact, with its signed URL;
   * `idempotencyRef`: the claim of the request's Idempotency-Key, one artifact per claim (`storedUnder` finds it).
   */
  async storeOutput(
    accountId: string,
    out: RenderOutput,
    kind: ArtifactKind,
    resolved: ResolvedRender,
    name: string,
    idempotencyRef: string | null = null,
  ): Promise<{ artifact: Artifact; signedUrl: SignedUrl }> {
    const artifact = await this.artifacts.store(accountId, {
      idempotencyRef,
      data: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength),
      kind,
      mime: out.mime,
      filename: `${name}-${resolved.width}x${resolved.height}.${EXTENSION[resolved.format]}`,
      width: resolved.width,
      height: resolved.height,
    });
    return { artifact, signedUrl: await this.signedUrl(artifact) };
  }

  private async renderOnce(
    accountId: string,
    rev: RevisionToRender,
    resolved: ResolvedRender,
    locs: FailureLocs,
    kind: ArtifactKind,
    where: Omit<RenderCacheEntry, 'accountId' | 'artifactId' | 'warnings' | 'createdAt'>,
  ): Promise<Omit<StoredRender, 'signedUrl'>> {
    const lookup = () => this.cache.lookup(accountId, where);
    const hit = await lookup();
    if (hit) {
      const artifact = await this.artifacts.get(accountId, hit.artifactId).catch(() => null);
      if (artifact) return { artifact, cached: true, resolved, warnings: hit.warnings };
    }
    const ir = typeof rev.ir === 'function' ? await rev.ir() : rev.ir;
    const out = await this.renders.render(accountId, ir, resolved, locs);
    if (rev.source) {
      const source = typeof rev.source === 'function' ? await rev.source() : rev.source;
      out.warnings = [...briefFieldWarnings(source, ir), ...out.warnings];
    }
    const artifact = await this.artifacts.store(accountId, {
      data: Buffer.from(out.data.buffer, out.data.byteOffset, out.data.byteLength),
      kind,
      mime: out.mime,
      filename: `${rev.designId}-r${rev.revision}-${resolved.width}x${resolved.height}.${EXTENSION[resolved.format]}`,
      width: resolved.width,
      height: resolved.height,
      source: { designId: rev.designId, revision: rev.revision },
    });
    if (!(await this.cache.insert(accountId, where, artifact.id, out.warnings))) {
      // Another replica stored the same render first: answer its artifact and drop ours.
      const winner = await lookup();
      const theirs = winner && (await this.artifacts.get(accountId, winner.artifactId).catch(() => null));
      if (theirs) {
        await this.artifacts
          .remove(accountId, artifact.id)
          .catch((e) => this.logger.warn(`could not remove a duplicate render ${artifact.id}: ${(e as Error).message}`));
        return { artifact: theirs, cached: false, resolved, warnings: out.warnings };
      }
    }
    return { artifact, cached: false, resolved, warnings: out.warnings };
  }
}

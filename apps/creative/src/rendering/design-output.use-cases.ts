import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { NotFoundError } from '@platform/errors';
import { Metering, renderCharge } from '../billing/metering';
import { namesEtag as matches, type ConditionalAnswer } from '../common/conditional-answer';
import type { CreativeConfig } from '../config';
import { DesignRendersService } from './design-renders.service';
import { DESIGN_SOURCE, type DesignSource } from './design-source.port';
import type { PreviewQuery } from './dto/preview.dto';
import { type RenderRequestDto, RenderResultDto } from './dto/render-result.dto';
import { PREVIEW_WIDTH_DEFAULT, PreviewService } from './preview.service';
import { renderLocs, RenderService, resolveRender } from './render.service';

const MIME = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
const IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * A design's outputs as REST, MCP and workflow steps run them: the stored render (priced, reserved, captured), the
 * preview (free, but each one drawn or served is a usage event; cached by design, revision, width and format) and
 * the HTML export.
 */
@Injectable()
export class DesignOutputUseCases {
  constructor(
    @Inject(DESIGN_SOURCE) private readonly designs: DesignSource,
    private readonly renders: RenderService,
    private readonly previews: PreviewService,
    private readonly stored: DesignRendersService,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly metering: Metering,
  ) {}

  /**
   * `ref`: the claim of the request's Idempotency-Key (`IdempotentEffect`), recorded on the render's reservation: a
   * retry after this process died charges the render once (see `Metering.metered`) and answers it from its artifact.
   */
  async render(auth: AuthContext, designId: string, body: RenderRequestDto, ref: string | null = null): Promise<RenderResultDto> {
    const design = await this.designs.outline(auth.accountId, designId);
    const resolved = resolveRender(design.width, design.height, body, []);
    // Read beside the cache lookup: a stored render does not need it, a new one does not wait for it.
    const ir = this.designs.revisionIr(design.id, design.revision);
    // Handled here only so an unused read does not reject unhandled; a render that needs the IR awaits it and gets its error.
    ir.catch(() => undefined);
    const ctx = { accountId: auth.accountId, credentialId: auth.credentialId, designId: design.id, idempotencyRef: ref };
    const out = await this.metering.metered(ctx, renderCharge(resolved), () =>
      this.stored.render(
        auth.accountId,
        { designId: design.id, revision: design.revision, ir: () => ir, source: () => this.designs.briefOf(auth.accountId, design.id) },
        resolved,
        renderLocs([]),
      ),
    );
    return RenderResultDto.from(design.id, design.revision, out, this.config.publicBaseUrl);
  }

  /** The preview image; `content` is null when `ifNoneMatch` names it (nothing drawn, nothing metered). */
  async preview(auth: AuthContext, designId: string, query: PreviewQuery, ifNoneMatch?: string): Promise<ConditionalAnswer<{ mime: string; data: Buffer }>> {
    const design = await this.designs.outline(auth.accountId, designId);
    const revision = query.revision ?? design.revision;
    if (revision > design.revision)
      throw new NotFoundError(`Design ${designId} has no revision ${revision} (its revisions are 1 to ${design.revision})`, 'not_found');
    const width = query.width ?? PREVIEW_WIDTH_DEFAULT;
    const format = query.format ?? 'png';
    const key = `preview:${design.id}:${revision}:${width}:${format}`;
    const etag = this.previews.etag(key);
    const cacheControl = query.revision ? IMMUTABLE : `private, max-age=${this.config.rendering.previewMaxAgeSeconds}`;
    if (matches(ifNoneMatch, etag)) return { etag, cacheControl, content: null };
    // Previews are free (0 credits) but each drawn or served one is a usage event.
    const preview = await this.metering.metered(
      { accountId: auth.accountId, credentialId: auth.credentialId, designId: design.id },
      { operation: 'preview', params: { width, format } },
      () =>
        this.previews.get(key, MIME[format], async () => {
          const ir = await this.designs.revisionIr(design.id, revision);
          const resolved = resolveRender(ir.width as number, ir.height as number, { format, width }, []);
          return this.renders.render(auth.accountId, ir, resolved, { ir: [], input: () => ['width'] });
        }),
    );
    return { etag, cacheControl, content: { mime: preview.mime, data: preview.data } };
  }

  /** The standalone HTML page of the current revision; `content` is null when `ifNoneMatch` names it. */
  async html(auth: AuthContext, designId: string, ifNoneMatch?: string): Promise<ConditionalAnswer<{ html: string; filename: string }>> {
    const design = await this.designs.outline(auth.accountId, designId);
    const etag = this.previews.etag(`html:${design.id}:${design.revision}`);
    const cacheControl = 'private, max-age=0';
    if (matches(ifNoneMatch, etag)) return { etag, cacheControl, content: null };
    const ir = await this.designs.revisionIr(design.id, design.revision);
    const html = await this.renders.html(auth.accountId, ir, design.title ?? undefined, { ir: ['design_id'], input: () => ['design_id'] });
    return { etag, cacheControl, content: { html, filename: `${design.id}.html` } };
  }
}

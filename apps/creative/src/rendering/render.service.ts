import { Injectable } from '@nestjs/common';
import { ValidationError } from '@platform/errors';
import { DesignAssetsService } from './design-assets.service';
import { RASTER_FORMATS, type OutputFormat } from './dto/render-options.dto';
import { RenderPool, type FailureLocs } from './render-pool.service';
import type { MaterializeOutput, RenderOutput, RenderTaskOptions } from './render-tasks';

type Json = Record<string, unknown>;
type Loc = (string | number)[];

export interface RenderRequest {
  format?: OutputFormat | null;
  width?: number | null;
  height?: number | null;
  quality?: number | null;
}

/** Options normalized: what a render is and what it is cached under. */
export interface ResolvedRender {
  format: OutputFormat;
  /** Output size in pixels (the page size for SVG and PDF). */
  width: number;
  height: number;
  quality: number | null;
  task: RenderTaskOptions;
}

/**
 * A render request for a page of `pageWidth` x `pageHeight`: the format (png by default) and the
 * output size, from `width` and/or `height` (raster formats only; both must keep the aspect ratio).
 */
export function resolveRender(pageWidth: number, pageHeight: number, req: RenderRequest | null | undefined, loc: Loc): ResolvedRender {
  const format = req?.format ?? 'png';
  const quality = req?.quality ?? null;
  const w = req?.width ?? null;
  const h = req?.height ?? null;
  if (!RASTER_FORMATS.includes(format)) {
    const extra = (['width', 'height', 'quality'] as const).filter((k) => req?.[k] != null);
    if (extra.length) {
      throw new ValidationError(
        extra.map((k) => ({ loc: [...loc, k], msg: `applies to raster formats only (${RASTER_FORMATS.join(', ')}), not ${format}`, type: 'value_error' })),
      );
    }
    return { format, width: pageWidth, height: pageHeight, quality: null, task: { format } };
  }
  if (quality !== null && format === 'png')
    throw new ValidationError([{ loc: [...loc, 'quality'], msg: 'applies to jpeg, webp and avif, not png', type: 'value_error' }]);
  let scale = 1;
  if (w !== null) scale = w / pageWidth;
  else if (h !== null) scale = h / pageHeight;
  const width = Math.max(1, Math.round(pageWidth * scale));
  const height = Math.max(1, Math.round(pageHeight * scale));
  if (w !== null && h !== null && Math.abs(height - h) > 1) {
    throw new ValidationError([
      {
        loc: [...loc, 'height'],
        msg: `must be ${height} to keep the design's ${pageWidth}x${pageHeight} aspect ratio at width ${w} (or give only one of them)`,
        type: 'value_error',
      },
    ]);
  }
  return { format, width, height, quality, task: { format, ...(scale !== 1 ? { scale } : {}), ...(quality !== null ? { quality } : {}) } };
}

/** Library option paths as 422 locations under a request's render options. */
export function renderLocs(loc: Loc, irLoc: Loc = ['ir']): FailureLocs {
  return { ir: irLoc, input: (path) => [...loc, path === 'scale' || path === 'resizeWidth' ? 'width' : path] };
}

/** IR in, bytes out, through the render pool, with the account's assets resolved. */
@Injectable()
export class RenderService {
  constructor(
    private readonly pool: RenderPool,
    private readonly assets: DesignAssetsService,
  ) {}

  async render(accountId: string, ir: Json, resolved: ResolvedRender, locs: FailureLocs): Promise<RenderOutput> {
    return this.pool.run({ kind: 'render', ir, assets: await this.assets.bytes(accountId, ir), options: resolved.task }, locs);
  }

  async html(accountId: string, ir: Json, title: string | undefined, locs: FailureLocs): Promise<string> {
    return (await this.pool.run({ kind: 'html', ir, assets: await this.assets.bytes(accountId, ir), title }, locs)).html;
  }

  async materialize(accountId: string, ir: Json, locs: FailureLocs): Promise<MaterializeOutput> {
    return this.pool.run({ kind: 'materialize', ir, assets: await this.assets.bytes(accountId, ir) }, locs);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import {
  BUNDLED_FONT_FAMILIES,
  IR_VERSION,
  listProceduralStyles,
  listTemplates,
  MAX_PAGE_SIDE,
  MAX_RASTER_PIXELS,
  MAX_RASTER_SIDE,
  NAMED_FORMATS,
  NODE_TYPES,
  resolveFormat,
  type Brief,
} from '@platform/creative-ir';
import {
  EASING_CURVES,
  FAMILY_PRESETS,
  KEYFRAME_PROPERTY_INFO,
  MOTION_INFO,
  NODE_ANIMATION_INFO,
  TEMPLATE_FAMILIES,
  TRANSITION_INFO,
  VIDEO_FORMATS,
  VIDEO_LIMITS,
} from '@platform/creative-video';
import { NotFoundError } from '@platform/errors';
import { AssetsRepository } from '../assets/assets.repository';
import { BRIEF_LIMITS } from '../common/creative-input';
import type { CreativeConfig } from '../config';
import { ImageProviders } from '../intelligence/providers/image-providers.service';
import { LlmProviders } from '../intelligence/providers/llm-providers.service';
import { DESIGN_PAGE_DEFAULT, DESIGN_PAGE_MAX } from '../designs/dto/design.dto';
import { OUTPUT_FORMATS } from '../rendering/dto/render-options.dto';
import { PREVIEW_FORMATS, PREVIEW_WIDTH_DEFAULT, PREVIEW_WIDTH_MAX, PreviewService, type Preview } from '../rendering/preview.service';
import { RenderPool } from '../rendering/render-pool.service';
import { resolveRender } from '../rendering/render.service';

export const API_VERSION = '0.58.0';
/** Account fonts listed at most (the oldest first). */
export const ACCOUNT_FONTS_MAX = 500;

/** The procedural render defaults (ProceduralRender in the spec). */
export const PROCEDURAL_DEFAULTS = { style: 'mesh', seed: 7, density: 1.0, phase: 0.0, format: 'png' } as const;
export const PROCEDURAL_TONES = ['light', 'dark', 'vivid', 'muted'] as const;

/** The brief a template's catalogue preview is drawn with: every field a template may use. */
export const SAMPLE_BRIEF: Brief = {
  eyebrow: 'New this week',
  title: 'Plan less, ship more',
  subtitle: 'A calmer week, planned in minutes.',
  body: 'Teams using Focus plan their week in ten minutes and finish 30% more of what they start.',
  cta: 'Try it free',
  author: 'Marina Souza',
  role: 'Head of Product',
  insight: '30%',
  source: 'Focus customer survey, 2026',
  brand: { name: 'Focus', website: 'focus.app' },
  data: [
    { label: 'Planned', value: 73 },
    { label: 'Focused', value: 58 },
    { label: 'Meetings', value: 21 },
  ],
  items: ['Smart boards', 'Reminders', 'Weekly reports'],
  slide_index: 1,
  slide_total: 3,
  seed: 7,
};

const orientation = (w: number, h: number) => resolveFormat({ width: w, height: h }).name;

/** What the service has: fonts, templates, procedural styles, formats, providers; one document for UIs. */
@Injectable()
export class CatalogueService {
  constructor(
    private readonly assetRows: AssetsRepository,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
    private readonly pool: RenderPool,
    private readonly previews: PreviewService,
    private readonly images: ImageProviders,
    private readonly llm: LlmProviders,
  ) {}

  imageProviders() {
    return this.images.list();
  }

  llmProviders() {
    return this.llm.list();
  }

  /** The bundled families, then the account's uploaded fonts grouped by family (faces in upload order). */
  async fonts(accountId: string) {
    type Face = { weight: number; style: 'normal' | 'italic'; asset_id: string | null };
    const family = (
      name: string,
      source: 'bundled' | 'account',
      faces: Face[],
      extra: { category: string | null; description: string | null; aliases: string[] },
    ) => ({
      family: name,
      source,
      ...extra,
      weights: [...new Set(faces.map((x) => x.weight))].sort((a, b) => a - b),
      styles: [...new Set(faces.map((x) => x.style))],
      faces,
    });
    const bundled = BUNDLED_FONT_FAMILIES.map((f) =>
      family(
        f.family,
        'bundled',
        [
          ...Object.keys(f.normal).map((w) => ({ weight: Number(w), style: 'normal' as const, asset_id: null })),
          ...Object.keys(f.italic).map((w) => ({ weight: Number(w), style: 'italic' as const, asset_id: null })),
        ],
        { category: f.category, description: f.description, aliases: f.aliases },
      ),
    );
    const uploaded = await this.assetRows.fonts(accountId, ACCOUNT_FONTS_MAX);
    const byFamily = new Map<string, Face[]>();
    for (const a of uploaded) {
      const name = a.family ?? a.id;
      byFamily.set(name, [...(byFamily.get(name) ?? []), { weight: a.weight ?? 400, style: a.style === 'italic' ? 'italic' : 'normal', asset_id: a.id }]);
    }
    const account = [...byFamily].map(([name, faces]) => family(name, 'account', faces, { category: null, description: null, aliases: [] }));
    return [...bundled, ...account];
  }

  formats() {
    return Object.entries(NAMED_FORMATS).map(([name, f]) => ({ name, width: f.width, height: f.height, orientation: orientation(f.width, f.height) }));
  }

  templates() {
    return listTemplates().map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      fields: t.fields,
      required: t.required,
      formats: t.formats.map((name) => ({ name, width: NAMED_FORMATS[name].width, height: NAMED_FORMATS[name].height })),
      preview_url: `${this.config.publicBaseUrl}/v1/templates/${t.id}/preview`,
    }));
  }

  proceduralStyles() {
    return listProceduralStyles().map((s) => ({ id: s.id as string, name: s.name, description: s.description, default_tone: s.defaultTone as string }));
  }

  /** A PNG (or JPEG/WebP) of the template with the sample brief at its first recommended format, cached with the design previews. */
  async templatePreview(id: string, width: number, format: (typeof PREVIEW_FORMATS)[number]): Promise<Preview> {
    const t = listTemplates().find((x) => x.id === id);
    if (!t) throw new NotFoundError(`Template ${id} not found`, 'not_found');
    const size = NAMED_FORMATS[t.formats[0]];
    const key = `template:${id}:${t.formats[0]}:${width}:${format}`;
    return this.previews.get(key, `image/${format}`, async () => {
      const built = await this.pool.run({ kind: 'template', template: id, brief: SAMPLE_BRIEF, format: t.formats[0] });
      const resolved = resolveRender(size.width, size.height, { format, width }, []);
      return this.pool.run({ kind: 'render', ir: built.ir, assets: {}, options: resolved.task });
    });
  }

  /** The video catalogue of @platform/creative-video, as /v1/capabilities shows it. */
  video() {
    const L = VIDEO_LIMITS;
    return {
      motions: MOTION_INFO.map((m) => ({ id: m.id as string, name: m.name, description: m.description, default_easing: m.defaultEasing })),
      transitions: TRANSITION_INFO.map((x) => ({ id: x.id as string, name: x.name, description: x.description })),
      easings: EASING_CURVES.map((e) => ({ id: e.id as string, name: e.name, description: e.description, formula: e.formula })),
      animation_presets: NODE_ANIMATION_INFO.map((a) => ({ id: a.id as string, name: a.name, description: a.description })),
      keyframe_properties: KEYFRAME_PROPERTY_INFO.map((k) => ({ id: k.id, description: k.description })),
      family_presets: FAMILY_PRESETS.map((p) => ({
        id: p.id as string,
        name: p.name,
        description: p.description,
        templates: Object.keys(TEMPLATE_FAMILIES).filter((t) => TEMPLATE_FAMILIES[t] === p.id),
        motion: p.motion as string,
        transition: p.transition as string,
        start: p.start,
        stagger: p.stagger,
        roles: Object.fromEntries(
          Object.entries(p.roles).map(([role, e]) => [role, { preset: e.preset as string, duration: e.duration, easing: e.easing as string }]),
        ),
      })),
      formats: [...VIDEO_FORMATS] as string[],
      limits: {
        min_duration: L.minDuration,
        max_scene_duration: L.maxSceneDuration,
        max_duration: L.maxDuration,
        max_scenes: L.maxScenes,
        min_fps: L.minFps,
        max_fps: L.maxFps,
        default_fps: L.defaultFps,
        min_side: L.minSide,
        max_width: L.maxWidth,
        max_height: L.maxHeight,
        default_transition_duration: L.defaultTransitionDuration,
        gif_max_width: L.gifMaxWidth,
        gif_max_fps: L.gifMaxFps,
        gif_default_fps: L.gifDefaultFps,
        min_beat_scene_duration: L.minBeatSceneDuration,
      },
    };
  }

  async capabilities(accountId: string) {
    return {
      version: API_VERSION,
      ir_version: IR_VERSION,
      node_types: [...NODE_TYPES] as string[],
      output_formats: [...OUTPUT_FORMATS] as string[],
      preview_formats: [...PREVIEW_FORMATS] as string[],
      formats: this.formats(),
      templates: this.templates().map(({ id, name, fields, required, formats }) => ({ id, name, fields, required, formats: formats.map((f) => f.name) })),
      procedural_styles: this.proceduralStyles().map((s) => s.id),
      procedural_defaults: { ...PROCEDURAL_DEFAULTS },
      fonts: (await this.fonts(accountId)).map((f) => ({ family: f.family, source: f.source, weights: f.weights, styles: f.styles })),
      motions: MOTION_INFO.map((m) => m.id as string),
      transitions: TRANSITION_INFO.map((x) => x.id as string),
      video: this.video(),
      providers: {
        image: this.imageProviders().map(({ id, configured }) => ({ id, configured })),
        llm: this.llmProviders().map(({ id, configured, active }) => ({ id, configured, active })),
      },
      limits: {
        max_page_side: MAX_PAGE_SIDE,
        max_raster_side: MAX_RASTER_SIDE,
        max_raster_pixels: MAX_RASTER_PIXELS,
        preview_width_default: PREVIEW_WIDTH_DEFAULT,
        preview_width_max: PREVIEW_WIDTH_MAX,
        list_limit_default: DESIGN_PAGE_DEFAULT,
        list_limit_max: DESIGN_PAGE_MAX,
        brief_text_max: BRIEF_LIMITS.text,
        brief_items_max: BRIEF_LIMITS.items,
        render_timeout_ms: this.config.rendering.timeoutMs,
      },
    };
  }
}

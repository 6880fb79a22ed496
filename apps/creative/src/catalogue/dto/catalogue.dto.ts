import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PREVIEW_FORMATS, PREVIEW_WIDTH_DEFAULT, PREVIEW_WIDTH_MAX, type PreviewFormat } from '../../rendering/preview.service';

export class ImageProviderDto {
  @ApiProperty({ example: 'builtin' }) id: string;
  @ApiProperty({ enum: ['image'] }) kind: string;
  @ApiProperty({ example: 'Built-in renderer' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ description: 'Usable now' }) configured: boolean;
  @ApiProperty({ description: 'Used when a request names no provider (IMAGE_PROVIDER)' }) default: boolean;
  @ApiProperty({ type: [String], example: ['gpt-image-1'], description: 'The model(s) it generates with' }) models: string[];
  @ApiProperty({
    type: [String],
    example: ['1024x1024', '1536x1024', '1024x1536'],
    description: 'The sizes it is asked for (the nearest in aspect; the image is then fitted to the requested size)',
  })
  sizes: string[];
}

export class ImageProviderListDto {
  @ApiProperty({ type: [ImageProviderDto] }) data: ImageProviderDto[];
}

export class LlmProviderDto {
  @ApiProperty({ enum: ['builtin', 'openai', 'anthropic', 'openai-compatible'] }) id: string;
  @ApiProperty({ example: 'OpenAI' }) name: string;
  @ApiProperty({ description: 'Its credentials or address are set (LLM_PROVIDER, OPENAI_API_KEY, ANTHROPIC_API_KEY, LLM_BASE_URL, LLM_MODEL)' })
  configured: boolean;
  @ApiProperty({ description: 'The provider LLM_PROVIDER selects' }) active: boolean;
  @ApiProperty({ type: String, nullable: true, example: 'gpt-4o-mini', description: 'The model briefs and plans use with it (null when not configured)' })
  model: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'gpt-4o-mini', description: 'The model used when LLM_MODEL is unset' }) default_model: string | null;
  @ApiProperty({ description: 'Reads images (POST /v1/briefs/from-image)' }) vision: boolean;
  @ApiProperty({ description: 'Answers validated structured output (briefs and plans)' }) structured_output: boolean;
}

export class LlmProviderListDto {
  @ApiProperty({ type: [LlmProviderDto] }) data: LlmProviderDto[];
}

export class FontFaceDto {
  @ApiProperty({ type: 'integer', example: 700 }) weight: number;
  @ApiProperty({ enum: ['normal', 'italic'] }) style: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: "The font asset of an account face: an IR uses it as `fonts: [{family, weight, style, src: 'asset:<id>'}]`; null for bundled faces",
  })
  asset_id: string | null;
}

export class FontDto {
  @ApiProperty({ example: 'Inter', description: "The name to use in `fontFamily` (IR) or in the brand kit's `fonts`" }) family: string;
  @ApiProperty({ enum: ['bundled', 'account'], description: '`bundled` with the service; `account`: uploaded by this account' }) source: string;
  @ApiProperty({ type: String, nullable: true, example: 'sans' }) category: string | null;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: [String], example: ['sans', 'sans-serif'], description: 'Other names that resolve to this family' }) aliases: string[];
  @ApiProperty({ type: 'array', items: { type: 'integer' }, example: [400, 700] }) weights: number[];
  @ApiProperty({ type: [String], example: ['normal', 'italic'] }) styles: string[];
  @ApiProperty({ type: [FontFaceDto] }) faces: FontFaceDto[];
}

export class FontListDto {
  @ApiProperty({ type: [FontDto] }) data: FontDto[];
}

export class NamedFormatDto {
  @ApiProperty({ example: 'instagram_story' }) name: string;
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1920 }) height: number;
}

export class FormatDto extends NamedFormatDto {
  @ApiProperty({ enum: ['square', 'portrait', 'story', 'landscape', 'wide'] }) orientation: string;
}

export class TemplateDto {
  @ApiProperty({ example: 'square-post' }) id: string;
  @ApiProperty({ example: 'Social post' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({
    type: [String],
    example: ['title', 'eyebrow', 'subtitle', 'body', 'cta'],
    description: 'Brief fields the template uses, most important first',
  })
  fields: string[];
  @ApiProperty({ type: [String], example: ['title'], description: 'Brief fields without which it makes little sense' }) required: string[];
  @ApiProperty({ type: [NamedFormatDto], description: 'Named formats it is designed for, best first' }) formats: NamedFormatDto[];
  @ApiProperty({ example: 'http://localhost:3100/v1/templates/square-post/preview', description: 'A PNG of the template with a sample brief' })
  preview_url: string;
}

export class TemplateListDto {
  @ApiProperty({ type: [TemplateDto] }) data: TemplateDto[];
}

export class ProceduralStyleDto {
  @ApiProperty({ example: 'mesh' }) id: string;
  @ApiProperty({ example: 'Mesh gradient' }) name: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: ['light', 'dark', 'vivid', 'muted'], description: 'Tone used when neither palette nor tone is given' }) default_tone: string;
}

export class ProceduralDefaultsDto {
  @ApiProperty({ example: 'mesh' }) style: string;
  @ApiProperty({ type: 'integer', example: 7 }) seed: number;
  @ApiProperty({ example: 1 }) density: number;
  @ApiProperty({ example: 0 }) phase: number;
  @ApiProperty({ example: 'png' }) format: string;
}

export class ProceduralStyleListDto {
  @ApiProperty({ type: [ProceduralStyleDto] }) data: ProceduralStyleDto[];
  @ApiProperty({ type: ProceduralDefaultsDto, description: 'What POST /v1/procedural/render uses for omitted fields' }) defaults: ProceduralDefaultsDto;
  @ApiProperty({ type: [String], example: ['light', 'dark', 'vivid', 'muted'] }) tones: string[];
}

class CapabilityTemplateDto {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [String] }) fields: string[];
  @ApiProperty({ type: [String] }) required: string[];
  @ApiProperty({ type: [String], description: 'Recommended named formats' }) formats: string[];
}

class CapabilityFontDto {
  @ApiProperty() family: string;
  @ApiProperty({ enum: ['bundled', 'account'] }) source: string;
  @ApiProperty({ type: 'array', items: { type: 'integer' } }) weights: number[];
  @ApiProperty({ type: [String] }) styles: string[];
}

class CapabilityProviderDto {
  @ApiProperty() id: string;
  @ApiProperty() configured: boolean;
}

class CapabilityLlmProviderDto extends CapabilityProviderDto {
  @ApiProperty() active: boolean;
}

class CapabilityProvidersDto {
  @ApiProperty({ type: [CapabilityProviderDto] }) image: CapabilityProviderDto[];
  @ApiProperty({ type: [CapabilityLlmProviderDto] }) llm: CapabilityLlmProviderDto[];
}

class CapabilityLimitsDto {
  @ApiProperty({ type: 'integer', example: 8192, description: 'Largest IR page side' }) max_page_side: number;
  @ApiProperty({ type: 'integer', example: 16383, description: 'Largest raster output side' }) max_raster_side: number;
  @ApiProperty({ type: 'integer', example: 67108864, description: 'Most raster output pixels' }) max_raster_pixels: number;
  @ApiProperty({ type: 'integer', example: 480 }) preview_width_default: number;
  @ApiProperty({ type: 'integer', example: 2048 }) preview_width_max: number;
  @ApiProperty({ type: 'integer', example: 25 }) list_limit_default: number;
  @ApiProperty({ type: 'integer', example: 100 }) list_limit_max: number;
  @ApiProperty({ type: 'integer', example: 2000, description: 'Characters per brief text field' }) brief_text_max: number;
  @ApiProperty({ type: 'integer', example: 50, description: "Entries of a brief's `items` (and rows of `data`)" }) brief_items_max: number;
  @ApiProperty({ type: 'integer', example: 20000, description: 'Time budget of one render (RENDER_TIMEOUT_MS)' }) render_timeout_ms: number;
}

class VideoCatalogueEntryDto {
  @ApiProperty({ example: 'zoom_in' }) id: string;
  @ApiProperty({ example: 'Zoom in' }) name: string;
  @ApiProperty({ example: 'The background (photo, ground, decoration) scales from 100% to 115% about the centre; text, buttons and logo stay in place.' })
  description: string;
}

class VideoMotionDto extends VideoCatalogueEntryDto {
  @ApiProperty({ example: 'ease_in_out', description: 'The easing used when a request names none' }) default_easing: string;
}

class VideoEasingDto extends VideoCatalogueEntryDto {
  @ApiProperty({ example: '1 - (1 - t)^3', description: 'Progress as a function of time t in 0..1' }) formula: string;
}

class VideoKeyframePropertyDto {
  @ApiProperty({ example: 'opacity' }) id: string;
  @ApiProperty({ example: 'Multiplies the node’s opacity, 0 to 1.' }) description: string;
}

class FamilyRoleEntranceDto {
  @ApiProperty({ example: 'rise', description: 'A node animation preset (`video.animation_presets`)' }) preset: string;
  @ApiProperty({ example: 0.8, description: 'Seconds' }) duration: number;
  @ApiProperty({ example: 'ease_out' }) easing: string;
}

class FamilyRolesDto {
  @ApiPropertyOptional({ type: FamilyRoleEntranceDto, description: 'Eyebrows, badges, dates' }) eyebrow?: FamilyRoleEntranceDto;
  @ApiPropertyOptional({ type: FamilyRoleEntranceDto, description: 'Headlines, display text, quotes, figures' }) title?: FamilyRoleEntranceDto;
  @ApiPropertyOptional({ type: FamilyRoleEntranceDto, description: 'Subtitles, body text, lists, charts, authors' }) body?: FamilyRoleEntranceDto;
  @ApiPropertyOptional({ type: FamilyRoleEntranceDto, description: 'Calls to action and buttons' }) cta?: FamilyRoleEntranceDto;
  @ApiPropertyOptional({ type: FamilyRoleEntranceDto, description: 'The logo' }) logo?: FamilyRoleEntranceDto;
  @ApiPropertyOptional({
    type: FamilyRoleEntranceDto,
    description: 'Foreground images (under 40% of the page: cut-outs, avatars, insets); full photos stay with the camera',
  })
  image?: FamilyRoleEntranceDto;
  @ApiPropertyOptional({ type: FamilyRoleEntranceDto, description: 'Dividers and rules' }) rule?: FamilyRoleEntranceDto;
}

class VideoFamilyPresetDto extends VideoCatalogueEntryDto {
  @ApiProperty({ type: [String], example: ['quote', 'listicle'], description: 'Templates of this family' }) templates: string[];
  @ApiProperty({ example: 'ken_burns', description: 'Camera motion of a scene that names no motion' }) motion: string;
  @ApiProperty({ example: 'fade', description: 'Transition into the next scene when the scene names none (videos; not animate)' }) transition: string;
  @ApiProperty({ example: 0.3, description: 'Seconds before the first entrance' }) start: number;
  @ApiProperty({ example: 0.2, description: 'Seconds between entrances, in reading order (all are squeezed into the first 60% of a short scene)' })
  stagger: number;
  @ApiProperty({ type: FamilyRolesDto, description: 'Entrances by content role, given to nodes that have no `animation` of their own' }) roles: FamilyRolesDto;
}

class VideoLimitsDto {
  @ApiProperty({ example: 0.5, description: 'Shortest scene (seconds)' }) min_duration: number;
  @ApiProperty({ example: 60, description: 'Longest scene, and longest animate (seconds)' }) max_scene_duration: number;
  @ApiProperty({ example: 300, description: 'Longest video (seconds)' }) max_duration: number;
  @ApiProperty({ type: 'integer', example: 50 }) max_scenes: number;
  @ApiProperty({ type: 'integer', example: 1 }) min_fps: number;
  @ApiProperty({ type: 'integer', example: 60 }) max_fps: number;
  @ApiProperty({ type: 'integer', example: 30 }) default_fps: number;
  @ApiProperty({ type: 'integer', example: 16 }) min_side: number;
  @ApiProperty({ type: 'integer', example: 3840 }) max_width: number;
  @ApiProperty({ type: 'integer', example: 2160 }) max_height: number;
  @ApiProperty({ example: 0.6, description: 'Seconds a transition takes unless asked (centred on the cut)' }) default_transition_duration: number;
  @ApiProperty({ type: 'integer', example: 1080 }) gif_max_width: number;
  @ApiProperty({ type: 'integer', example: 30 }) gif_max_fps: number;
  @ApiProperty({ type: 'integer', example: 12 }) gif_default_fps: number;
  @ApiProperty({ example: 1, description: 'Shortest scene beat_sync may leave (seconds)' }) min_beat_scene_duration: number;
}

class VideoCapabilitiesDto {
  @ApiProperty({ type: [VideoMotionDto], description: 'Motions of animate, scenes, procedural videos and full campaigns' }) motions: VideoMotionDto[];
  @ApiProperty({ type: [VideoCatalogueEntryDto], description: 'Transitions between scenes (drawn frame by frame, the same in every format)' })
  transitions: VideoCatalogueEntryDto[];
  @ApiProperty({ type: [VideoEasingDto], description: 'Easings of motions, transitions and node animations' }) easings: VideoEasingDto[];
  @ApiProperty({
    type: [VideoCatalogueEntryDto],
    description: "Entrance and exit presets of a node's `animation` (`enter`/`exit`: preset, duration, delay, easing) in an IR",
  })
  animation_presets: VideoCatalogueEntryDto[];
  @ApiProperty({ type: [VideoKeyframePropertyDto], description: "Fields of a raw keyframe of a node's `animation.keyframes`" })
  keyframe_properties: VideoKeyframePropertyDto[];
  @ApiProperty({
    type: [VideoFamilyPresetDto],
    description:
      "Each template family's motion preset: used by animate and by design or template scenes that name no motion (camera motion, transition, entrances per role)",
  })
  family_presets: VideoFamilyPresetDto[];
  @ApiProperty({ type: [String], example: ['mp4', 'webm', 'gif'], description: 'Outputs: mp4 (H.264 yuv420p, AAC), webm (VP9, Opus), gif' }) formats: string[];
  @ApiProperty({ type: VideoLimitsDto }) limits: VideoLimitsDto;
}

export class CapabilitiesDto {
  @ApiProperty({ example: '0.58.0', description: 'API version' }) version: string;
  @ApiProperty({ type: 'integer', example: 1, description: 'Creative IR version (`version` of an IR document)' }) ir_version: number;
  @ApiProperty({ type: [String], example: ['frame', 'group', 'text', 'image', 'rect', 'ellipse', 'line', 'path', 'procedural'] }) node_types: string[];
  @ApiProperty({ type: [String], example: ['png', 'jpeg', 'webp', 'avif', 'svg', 'pdf'], description: 'Render formats' }) output_formats: string[];
  @ApiProperty({ type: [String], example: ['png', 'jpeg', 'webp'] }) preview_formats: string[];
  @ApiProperty({ type: [FormatDto], description: 'Named formats (brief `format`, campaign `formats`)' }) formats: FormatDto[];
  @ApiProperty({ type: [CapabilityTemplateDto] }) templates: CapabilityTemplateDto[];
  @ApiProperty({ type: [String], example: ['mesh', 'noise', 'waves'] }) procedural_styles: string[];
  @ApiProperty({ type: ProceduralDefaultsDto }) procedural_defaults: ProceduralDefaultsDto;
  @ApiProperty({ type: [CapabilityFontDto], description: "Bundled families and the account's uploaded fonts" }) fonts: CapabilityFontDto[];
  @ApiProperty({ type: [String], example: ['none', 'zoom_in', 'stagger'], description: 'Video motion ids (described in `video.motions`)' }) motions: string[];
  @ApiProperty({ type: [String], example: ['none', 'fade', 'circle'], description: 'Video transition ids (described in `video.transitions`)' })
  transitions: string[];
  @ApiProperty({ type: VideoCapabilitiesDto, description: 'The video catalogue: motions, transitions and easings with descriptions, output formats, limits' })
  video: VideoCapabilitiesDto;
  @ApiProperty({ type: CapabilityProvidersDto }) providers: CapabilityProvidersDto;
  @ApiProperty({ type: CapabilityLimitsDto }) limits: CapabilityLimitsDto;
}

export class TemplatePreviewQuery {
  @ApiPropertyOptional({ type: 'integer', default: PREVIEW_WIDTH_DEFAULT, minimum: 16, maximum: PREVIEW_WIDTH_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'width must be an integer' })
  @Min(16)
  @Max(PREVIEW_WIDTH_MAX)
  width?: number;

  @ApiPropertyOptional({ enum: PREVIEW_FORMATS, default: 'png' })
  @IsOptional()
  @IsIn(PREVIEW_FORMATS, { message: `format must be one of ${PREVIEW_FORMATS.join(', ')}` })
  format?: PreviewFormat;
}

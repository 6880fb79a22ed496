import { IsNotBlank } from '@platform/errors';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { ArtifactDto, SignedUrlDto } from '../../artifacts/dto/artifact.dto';
import { AssetDto } from '../../assets/dto/asset.dto';
import { BRIEF_SCHEMA_REF } from '../../common/library-schemas';

const IDEMPOTENCY_KEY = {
  type: String,
  nullable: true,
  maxLength: 255,
  description: 'Same as the `Idempotency-Key` header: a repeat with the same body replays the first answer',
};
const IdempotencyKeyField = () => applyDecorators(ApiPropertyOptional(IDEMPOTENCY_KEY), IsOptional(), IsString());
/** `provider`: which provider answers (the catalogue names them); unknown or unconfigured is a 422 at body.provider. */
const ProviderField = (description: string) =>
  applyDecorators(ApiPropertyOptional({ type: String, nullable: true, example: 'builtin', description }), IsOptional(), IsString(), MaxLength(64));
export const GENERATION_SIDE = { min: 64, max: 4096, default: 1024 } as const;
export const WORKFLOW_MAX_STEPS = 50;

// -------------------------------------------------------------------------------------------------
// POST /v1/generations

export class GenerationCreateDto {
  @ApiProperty({
    example: 'Pôr do sol nas montanhas, tons quentes',
    minLength: 1,
    maxLength: 4000,
    description: 'What to picture (any language; the built-in generator understands English and Portuguese words)',
  })
  @IsString()
  @IsNotBlank()
  @MinLength(1)
  @MaxLength(4000)
  prompt: string;

  @ApiPropertyOptional({ type: 'integer', default: GENERATION_SIDE.default, minimum: GENERATION_SIDE.min, maximum: GENERATION_SIDE.max })
  @IsOptional()
  @IsInt()
  @Min(GENERATION_SIDE.min)
  @Max(GENERATION_SIDE.max)
  width?: number;

  @ApiPropertyOptional({ type: 'integer', default: GENERATION_SIDE.default, minimum: GENERATION_SIDE.min, maximum: GENERATION_SIDE.max })
  @IsOptional()
  @IsInt()
  @Min(GENERATION_SIDE.min)
  @Max(GENERATION_SIDE.max)
  height?: number;

  @ApiPropertyOptional({
    type: String,
    default: '',
    maxLength: 64,
    example: 'landscape',
    description:
      'Built-in: a composition (`abstract`, `landscape`, `cosmic`, `botanical`, `geometric`), a procedural style (`GET /v1/procedural/styles`) for an abstract picture, ' +
      "or free words that join the prompt's (e.g. `neon`, `minimal`). Providers: added to the prompt.",
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  style?: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 0,
    maximum: 2147483647,
    description: 'Built-in: the same prompt, style and seed give the same bytes (default: a hash of the prompt)',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  seed?: number | null;

  @ProviderField('`builtin`, `openai` or `openai-compatible` (GET /v1/providers); default IMAGE_PROVIDER (builtin)')
  provider?: string | null;

  @IdempotencyKeyField()
  idempotency_key?: string | null;
}

export class GenerationPropDto {
  @ApiProperty({ example: 'barista', description: "The prompt's word(s) that named it (as written, lower-case, without accents)" }) keyword: string;
  @ApiProperty({ example: 'hot-beverage', description: 'The illustration: its name in Fluent Emoji Flat (MIT, © Microsoft)' }) name: string;
  @ApiProperty({ example: '☕', description: 'The emoji character it draws' }) emoji: string;
}

export class GenerationSubjectDto extends GenerationPropDto {
  @ApiProperty({
    type: [GenerationPropDto],
    description: 'Up to two smaller illustrations beside the subject, for words of the prompt it does not show',
  })
  props: GenerationPropDto[];
}

export class GenerationDto {
  @ApiProperty({ example: 'gen_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'The generation record (prompt, provider, model, seed, asset and artifact)' })
  id: string;
  @ApiProperty() prompt: string;
  @ApiProperty({ type: 'integer', example: 1024 }) width: number;
  @ApiProperty({ type: 'integer', example: 1024 }) height: number;
  @ApiProperty({ example: '' }) style: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The seed drawn with (built-in); null for providers' }) seed: number | null;
  @ApiProperty({ enum: ['builtin', 'openai', 'openai-compatible'] }) provider: string;
  @ApiProperty({ example: 'builtin', description: 'The model that made the image' }) model: string;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['abstract', 'landscape', 'cosmic', 'botanical', 'geometric'],
    description: 'Built-in: the composition chosen',
  })
  composition: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'mesh', description: 'Built-in: the procedural background style' }) background: string | null;
  @ApiProperty({ type: [String], example: ['#2d1b4e', '#8e3b6f', '#e8505b'], description: 'Built-in: the palette drawn with' }) palette: string[];
  @ApiProperty({
    type: GenerationSubjectDto,
    nullable: true,
    example: { keyword: 'woman', name: 'woman', emoji: '👩', props: [{ keyword: 'barista', name: 'hot-beverage', emoji: '☕' }] },
    description:
      'Built-in: the subject drawn, an illustration of Fluent Emoji Flat named by the prompt (en, pt, es; matched on its name and emojilib keywords), ' +
      'with its props; null when the prompt names none (an abstract picture) and for providers',
  })
  subject: GenerationSubjectDto | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '1024x1024',
    description: 'Providers: the size asked of the provider before the image was fitted to width x height',
  })
  provider_size: string | null;
  @ApiProperty({ type: AssetDto, description: 'The image as an asset (usable as `asset:<id>` in designs, in transforms and videos)' }) asset: AssetDto;
  @ApiProperty({ type: ArtifactDto, description: 'The image as an output (kind `generation`)' }) artifact: ArtifactDto;
  @ApiProperty({ type: SignedUrlDto }) signed_url: SignedUrlDto;
  @ApiProperty({ type: [String] }) warnings: string[];
}

// -------------------------------------------------------------------------------------------------
// POST /v1/briefs/from-image

const LANGUAGE = {
  type: String,
  nullable: true,
  default: 'pt-BR',
  maxLength: 35,
  example: 'pt-BR',
  description: 'BCP 47 tag of the text fields; pt-BR, es and en are written by the built-in engine (others get English)',
};
const LANG_RE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export class VisionBriefDto {
  @ApiProperty({ example: 'ast_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'An image asset of the caller' })
  @IsString()
  @IsNotBlank()
  @MinLength(1)
  @MaxLength(128)
  asset_id: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, example: 'Divulgar a nova coleção de verão' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  goal?: string | null;

  @ApiPropertyOptional(LANGUAGE)
  @IsOptional()
  @IsString()
  @Matches(LANG_RE, { message: 'language must be a BCP 47 tag such as pt-BR or en' })
  language?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 64, example: 'warm', description: 'Default: read from the image' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tone?: string | null;

  @ProviderField('`builtin`, `openai`, `anthropic` or `openai-compatible` (GET /v1/llm/providers); default LLM_PROVIDER')
  provider?: string | null;

  @IdempotencyKeyField()
  idempotency_key?: string | null;
}

export class PaletteColorDto {
  @ApiProperty({ example: '#e8505b' }) color: string;
  @ApiProperty({ example: 0.31, description: 'Share of the picture, 0..1' }) share: number;
  @ApiProperty({ example: '#111111', description: 'The text color (dark #111111 or light #ffffff) with the higher contrast on it' }) text_color: string;
  @ApiProperty({ example: 5.2, description: 'WCAG contrast ratio of text_color on color' }) contrast: number;
}

export class FocalPointDto {
  @ApiProperty({ example: 0.42, description: '0..1 of the width' }) x: number;
  @ApiProperty({ example: 0.38, description: '0..1 of the height' }) y: number;
}

export class ImageAnalysisDto {
  @ApiProperty({ type: 'integer' }) width: number;
  @ApiProperty({ type: 'integer' }) height: number;
  @ApiProperty({ type: [PaletteColorDto], description: 'Dominant colors by k-means clustering, most covering first' }) palette: PaletteColorDto[];
  @ApiProperty({ example: 0.46, description: 'Mean luminance, 0 (black) to 1 (white)' }) brightness: number;
  @ApiProperty({ enum: ['dark', 'medium', 'light'] }) brightness_label: string;
  @ApiProperty({ example: 0.38, description: 'Amount of detail, 0 (flat) to 1 (dense), from edge density and entropy' }) busyness: number;
  @ApiProperty({ enum: ['calm', 'balanced', 'busy'] }) busyness_label: string;
  @ApiProperty({ type: FocalPointDto, description: "The salient region's center (sharp's attention strategy)" }) focal_point: FocalPointDto;
  @ApiProperty({ example: 1.5 }) aspect_ratio: number;
  @ApiProperty({ enum: ['square', 'portrait', 'landscape'] }) orientation: string;
  @ApiProperty({ type: [String], example: ['landscape', 'twitter', 'youtube_thumbnail'], description: 'Named formats nearest the aspect ratio, best first' })
  formats: string[];
  @ApiProperty({ type: [String], description: 'Templates designed for those formats' }) templates: string[];
  @ApiProperty({ example: 0.42, description: 'Mean saturation of the palette, 0..1' }) saturation: number;
  @ApiProperty({ example: 0.3, description: '-1 (cool) to 1 (warm)' }) warmth: number;
}

export class VisionBriefResultDto {
  @ApiProperty({ allOf: [{ $ref: BRIEF_SCHEMA_REF }], description: 'The brief: POST /v1/designs, /v1/campaigns or a workflow take it as is' }) brief: Record<
    string,
    unknown
  >;
  @ApiProperty({ type: ImageAnalysisDto, description: 'What the built-in engine measured (the same with or without a provider)' }) analysis: ImageAnalysisDto;
  @ApiProperty({ example: 'builtin', description: 'Who wrote the brief: `builtin`, or the provider (when its answer validated)' }) provider: string;
  @ApiProperty({ type: String, nullable: true, example: 'gpt-4o-mini' }) model: string | null;
  @ApiProperty({ type: [String], description: 'E.g. the provider answered twice with a brief that did not validate, and the built-in brief is returned' })
  warnings: string[];
}

// -------------------------------------------------------------------------------------------------
// POST /v1/planning/brief

export class PlanningRequestDto {
  @ApiProperty({ example: 'Lançar o cold brew de verão com 20% de desconto', minLength: 1, maxLength: 2000 })
  @IsString()
  @IsNotBlank()
  @MinLength(1)
  @MaxLength(2000)
  goal: string;

  @ApiPropertyOptional({ type: String, default: '', maxLength: 64, example: 'bold', description: "Default: from the goal's intent" })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  tone?: string;

  @ApiPropertyOptional({ ...LANGUAGE, nullable: false })
  @IsOptional()
  @IsString()
  @Matches(LANG_RE, { message: 'language must be a BCP 47 tag such as pt-BR or en' })
  language?: string;

  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    example: { name: 'story' },
    description: 'One format to plan for: `{name}` (a named format, GET /v1/capabilities) or `{width, height}`; default square, story and landscape',
  })
  @IsOptional()
  @IsObject()
  format?: Record<string, unknown> | null;

  @ProviderField('`builtin`, `openai`, `anthropic` or `openai-compatible`; default LLM_PROVIDER')
  provider?: string | null;

  @IdempotencyKeyField()
  idempotency_key?: string | null;
}

export class WorkflowStepDto {
  @ApiProperty({ example: 'design_square', pattern: '^[a-z][a-z0-9_]{0,63}$' }) id: string;
  @ApiProperty({ example: 'design.create', description: 'See POST /v1/workflows/run' }) operation: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The body of the operation (plus its path parameters); values `$steps.<id>.<field>` refer to earlier results',
  })
  params: Record<string, unknown>;
}

export class PlannedWorkflowDto {
  @ApiProperty({ type: [WorkflowStepDto] }) steps: WorkflowStepDto[];
  @ApiProperty({ type: [String], example: ['render_square.artifact'] }) outputs: string[];
}

export class StepEstimateDto {
  @ApiProperty() id: string;
  @ApiProperty() operation: string;
  @ApiProperty({ type: String, nullable: true, example: 'render', description: 'The billable operation it is priced as; null when it is free' }) billed_as:
    string | null;
  @ApiProperty({
    example: 0,
    description:
      'The credits the step costs when the plan runs unchanged: the charge its operation reserves, at the size of the design it names (0 for a step that is not billed)',
  })
  credits: number;
}

export class PlanEstimateDto {
  @ApiProperty({ example: 0 }) credits: number;
  @ApiProperty({ type: [StepEstimateDto] }) steps: StepEstimateDto[];
}

export class PlanFormatDto {
  @ApiProperty({ type: String, nullable: true, example: 'story' }) name: string | null;
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1920 }) height: number;
  @ApiProperty({ example: 'story-promo' }) template: string;
}

export class PlanningResultDto {
  @ApiProperty({ allOf: [{ $ref: BRIEF_SCHEMA_REF }] }) brief: Record<string, unknown>;
  @ApiProperty({ type: [PlanFormatDto], description: 'The pieces: format and template of each' }) formats: PlanFormatDto[];
  @ApiProperty({ description: 'Whether the plan animates a piece into a video (the goal asks for video, reels or motion)' }) video: boolean;
  @ApiProperty({ type: PlannedWorkflowDto, description: 'A WorkflowRun body: POST it to /v1/workflows/run as is' }) workflow: PlannedWorkflowDto;
  @ApiProperty({ type: PlanEstimateDto, description: 'What running `workflow` unchanged costs, step by step (the planning call itself is billed apart)' })
  estimate: PlanEstimateDto;
  @ApiProperty({ example: 'builtin' }) provider: string;
  @ApiProperty({ type: String, nullable: true }) model: string | null;
  @ApiProperty({ type: [String] }) warnings: string[];
}

// -------------------------------------------------------------------------------------------------
// POST /v1/workflows/run

export class WorkflowRunDto {
  @ApiProperty({
    type: 'array',
    minItems: 1,
    maxItems: WORKFLOW_MAX_STEPS,
    items: {
      type: 'object',
      additionalProperties: true,
      properties: { id: { type: 'string' }, operation: { type: 'string' }, params: { type: 'object', additionalProperties: true } },
      required: ['id', 'operation'],
    },
    example: [
      { id: 'plan', operation: 'planning.brief', params: { goal: 'Lançar o cold brew de verão com 20% de desconto' } },
      { id: 'pieces', operation: 'campaign.create', params: { brief: '$steps.plan.brief', formats: [{ name: 'square' }, { name: 'story' }] } },
    ],
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(WORKFLOW_MAX_STEPS)
  @IsObject({ each: true, message: 'each step must be an object {id, operation, params}' })
  steps: Record<string, unknown>[];

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    maxItems: 100,
    example: ['pieces.pieces'],
    description: '`<step id>` or `<step id>.<field>`: what `outputs` of the answer holds; when given, steps carry no `result`',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  outputs?: string[] | null;

  @IdempotencyKeyField()
  idempotency_key?: string | null;
}

export class StepErrorDto {
  @ApiProperty({ type: 'integer', example: 404, description: 'The HTTP status the operation would have answered' }) status: number;
  @ApiProperty({ example: 'not_found' }) code: string;
  @ApiProperty({ example: 'Design des_… not found' }) detail: string;
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, description: 'Validation items (`loc` into body.steps.<i>.params)' })
  errors: Record<string, unknown>[];
}

export class StepRunDto {
  @ApiProperty() id: string;
  @ApiProperty() operation: string;
  @ApiProperty({ enum: ['succeeded', 'failed', 'skipped'] }) status: string;
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'What the operation answered (its REST answer); null when `outputs` was given, or when it did not run',
  })
  result: Record<string, unknown> | null;
  @ApiProperty({ type: StepErrorDto, nullable: true }) error: StepErrorDto | null;
  @ApiProperty({ type: 'integer', example: 120 }) duration_ms: number;
}

export class FailedStepDto extends StepErrorDto {
  @ApiProperty({ type: 'integer' }) index: number;
  @ApiProperty() id: string;
  @ApiProperty() operation: string;
}

export class WorkflowResultDto {
  @ApiProperty({ enum: ['succeeded', 'failed'] }) status: string;
  @ApiProperty({ type: [StepRunDto] }) steps: StepRunDto[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The values `outputs` asked for, by name (empty when it was not given)' })
  outputs: Record<string, unknown>;
  @ApiProperty({ type: FailedStepDto, nullable: true }) failed_step: FailedStepDto | null;
}

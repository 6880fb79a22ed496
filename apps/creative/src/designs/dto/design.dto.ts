import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CursorField, LimitField } from '@platform/http';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { IsNotBlank } from '@platform/errors';
import { BRIEF_SCHEMA_REF, IR_SCHEMA_REF } from '../../common/library-schemas';
import { OUTPUT_FORMATS, RenderOptionsDto, type OutputFormat } from '../../rendering/dto/render-options.dto';
import { CodedWarningDto, RenderResultDto } from '../../rendering/dto/render-result.dto';
import { DESIGN_SOURCES, type Design } from '../design.entity';
import { REVISION_OPERATIONS, type DesignRevision } from '../design-revision.entity';
import { MAX_LIST_LIMIT } from '../../common/list-limit';

export const DESIGN_PAGE_MAX = MAX_LIST_LIMIT;
export const DESIGN_PAGE_DEFAULT = 25;
export const TITLE_MAX = 200;

const IDEMPOTENCY_KEY = {
  type: String,
  nullable: true,
  maxLength: 255,
  description: 'Same as the `Idempotency-Key` header: a repeat with the same body replays the first answer',
};

/** The render options every changing operation accepts: when given, the result is rendered into an artifact. */
const RENDER_FIELD = {
  type: RenderOptionsDto,
  nullable: true,
  description: 'Render the resulting revision into an artifact (answered in `render`); omit or null for no render',
};

export class CreateDesignDto {
  @ApiPropertyOptional({
    allOf: [{ $ref: BRIEF_SCHEMA_REF }],
    description:
      'The brief a `template` turns into a design, with the brand kit applied (colors, fonts, logo with its position, size and margin). ' +
      '`brief.format` picks the size (a named format such as `instagram_story`, "1080x1350" or `{width, height}`; default 1080x1080) and `brief.seed` the variant (default 7). ' +
      "`brief.image` / `brief.images` name photos: `asset:<id>` of the caller's image assets (or `{src, focal_point: {x, y}}`); another account's or an unknown asset is a 422 under `body.brief.image`.",
  })
  @IsOptional()
  @IsObject()
  brief?: Record<string, unknown> | null;

  @ApiPropertyOptional({ allOf: [{ $ref: IR_SCHEMA_REF }], description: 'A raw Creative IR document (instead of `brief` and `template`)' })
  @IsOptional()
  @IsObject()
  ir?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'square-post',
    description:
      'Template id (`GET /v1/templates`): the brief must have its required fields (422 `missing` at `brief.<field>`). ' +
      'Default with a brief: one whose required fields the brief has (`square-post` when it has a title, else the first that fits, e.g. quote for body and author)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  template?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'A design bundle (`GET /v1/designs/{id}/bundle`, possibly of another account): the new design reproduces its IR, assets and fonts included',
  })
  @IsOptional()
  @IsObject()
  bundle?: Record<string, unknown> | null;

  @ApiPropertyOptional(RENDER_FIELD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RenderOptionsDto)
  render?: RenderOptionsDto | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TITLE_MAX, example: 'Spring launch' })
  @IsOptional()
  @IsString()
  @MaxLength(TITLE_MAX)
  title?: string | null;

  @ApiPropertyOptional(IDEMPOTENCY_KEY)
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class UpdateDesignDto {
  @ApiPropertyOptional({
    allOf: [{ $ref: BRIEF_SCHEMA_REF }],
    description: 'Fields merged into the stored brief (null clears a field); the design is rebuilt from its template, replacing node edits',
  })
  @IsOptional()
  @IsObject()
  brief?: Record<string, unknown> | null;

  @ApiPropertyOptional({ allOf: [{ $ref: IR_SCHEMA_REF }], description: 'Replaces the IR (not together with `brief` or `template`)' })
  @IsOptional()
  @IsObject()
  ir?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'quote', description: 'Rebuild the design with another template from its brief' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  template?: string | null;

  @ApiPropertyOptional(RENDER_FIELD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RenderOptionsDto)
  render?: RenderOptionsDto | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TITLE_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(TITLE_MAX)
  title?: string | null;

  @ApiPropertyOptional(IDEMPOTENCY_KEY)
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class DuplicateDesignDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: TITLE_MAX, description: "Title of the copy (default: the original's)" })
  @IsOptional()
  @IsString()
  @MaxLength(TITLE_MAX)
  title?: string | null;

  @ApiPropertyOptional(RENDER_FIELD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RenderOptionsDto)
  render?: RenderOptionsDto | null;

  @ApiPropertyOptional(IDEMPOTENCY_KEY)
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class AddNodeDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { type: 'text', id: 'badge', text: 'New', fontSize: 40, color: '#ffffff' },
    description: 'A node of the Creative IR (`CreativeIr` node types), possibly with children; nodes without an `id` get one',
  })
  @IsObject()
  node: Record<string, unknown>;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'content', description: 'The frame or group to add it to (default: the root)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  parent_id?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, description: "Position among the parent's children (default: last)" })
  @IsOptional()
  @IsInt()
  @Min(0)
  index?: number | null;

  @ApiPropertyOptional(RENDER_FIELD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RenderOptionsDto)
  render?: RenderOptionsDto | null;

  @ApiPropertyOptional(IDEMPOTENCY_KEY)
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class PatchNodeDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { text: 'Spring sale', color: '#111827' },
    description:
      'A partial node merged into the node (RFC 7396: objects merge, null removes a property, arrays are replaced); the result must validate. `id` cannot change.',
  })
  @IsObject()
  patch: Record<string, unknown>;

  @ApiPropertyOptional(RENDER_FIELD)
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => RenderOptionsDto)
  render?: RenderOptionsDto | null;

  @ApiPropertyOptional(IDEMPOTENCY_KEY)
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class FormatQuery {
  @ApiPropertyOptional({ enum: OUTPUT_FORMATS, default: 'png', description: 'Format the resulting revision is rendered in' })
  @IsOptional()
  @IsIn(OUTPUT_FORMATS, { message: `format must be one of ${OUTPUT_FORMATS.join(', ')}` })
  format?: OutputFormat;
}

export class DesignDeletedDto {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: true }) deleted: boolean;
  @ApiProperty({ type: 'integer', example: 3, description: 'Artifacts made from the design (renders, previews, exports, videos) deleted with it' })
  artifacts_deleted: number;
}

export class ListDesignsQuery {
  @LimitField(DESIGN_PAGE_DEFAULT, DESIGN_PAGE_MAX)
  limit?: number;

  @CursorField()
  cursor?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: TITLE_MAX,
    example: 'verao',
    description: 'Only designs whose title or template contains this text, case and accents ignored (`verao` finds "Promoção de Verão")',
  })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(TITLE_MAX)
  q?: string;

  @ApiPropertyOptional({ example: 'story', description: 'Only designs built from this template (see `GET /v1/templates`)' })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(64)
  template?: string;
}

export class RevisionChangeDto {
  @ApiProperty({ enum: REVISION_OPERATIONS, example: 'node_patch' }) operation: string;
  @ApiProperty({ type: String, nullable: true, example: 'title', description: 'The node added, patched or deleted' }) node_id: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'The revision a restore copied' }) restored_from: number | null;
}

export class DesignSummaryDto {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: 'Spring launch' }) title: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'square-post' }) template: string | null;
  @ApiProperty({ type: 'integer', example: 3, description: 'Current revision' }) revision: number;
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1080 }) height: number;
  @ApiProperty({ enum: DESIGN_SOURCES, example: 'brief', description: 'How the design was created' }) source: string;
  @ApiProperty({ type: String, nullable: true, description: 'The design this one was duplicated from' }) source_design_id: string | null;
  @ApiProperty({ example: 'http://localhost:3100/v1/designs/des_01jdz3k5q8c9w3m5y4x0b7n2ph/preview', description: 'PNG preview of the current revision' })
  preview_url: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;

  static from(d: Design, baseUrl: string): DesignSummaryDto {
    return {
      id: d.id,
      title: d.title,
      template: d.template,
      revision: d.revision,
      width: d.width,
      height: d.height,
      source: d.source,
      source_design_id: d.sourceDesignId,
      preview_url: `${baseUrl}/v1/designs/${d.id}/preview`,
      created_at: d.createdAt.toISOString(),
      updated_at: d.updatedAt.toISOString(),
    };
  }
}

export class DesignDto extends DesignSummaryDto {
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true, description: 'The brief (`CreativeBrief`) of a design built from a template' })
  brief: Record<string, unknown> | null;
  @ApiProperty({ allOf: [{ $ref: IR_SCHEMA_REF }], description: 'The IR of the current revision' }) ir: Record<string, unknown>;
  @ApiProperty({ type: RevisionChangeDto, description: 'What made the current revision' }) change: RevisionChangeDto;
  @ApiProperty({
    type: RenderResultDto,
    nullable: true,
    description:
      'The revision rendered into an artifact, when the request asked for it (`render`; `format` on restore, and on node delete when given); otherwise null',
  })
  render: RenderResultDto | null;
  @ApiProperty({
    type: [CodedWarningDto],
    description:
      'What building this revision from the brief left out or cut (create and update with a brief): brief fields the template does not show ' +
      '(field_unused, with `field`), required fields absent (field_required_missing: only when the template was chosen by the service), ' +
      'text cut (text_truncated), shrunk to its minimum size (text_shrunk), not fitting (text_overflow) or colliding (text_collision), ' +
      "the brand kit's logo drawn in another place (corner or side) than its logo_position (logo_moved, with `asked` and `used`). " +
      'Empty for other answers (reads, node edits, restores, duplicates); a render reports its own in `render.warnings`.',
  })
  warnings: CodedWarningDto[];

  static of(d: Design, rev: DesignRevision, baseUrl: string, render: RenderResultDto | null = null, warnings: CodedWarningDto[] = []): DesignDto {
    return {
      ...DesignSummaryDto.from(d, baseUrl),
      warnings: warnings.map((w) => CodedWarningDto.from(w)),
      brief: d.brief,
      ir: rev.ir,
      change: { operation: rev.operation, node_id: rev.nodeId, restored_from: rev.restoredFrom },
      render,
    };
  }
}

export class DesignListDto {
  @ApiProperty({ type: [DesignSummaryDto] }) data: DesignSummaryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }) next_cursor: string | null;
}

class BundleDesignDto {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'The exported design (informative)' }) id: string;
  @ApiProperty({ type: String, nullable: true }) title: string | null;
  @ApiProperty({ type: String, nullable: true }) template: string | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) brief: Record<string, unknown> | null;
  @ApiProperty({ type: 'integer', example: 3 }) revision: number;
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1080 }) height: number;
}

export class BundleDto {
  @ApiProperty({ enum: ['creative-design-bundle'] }) format: string;
  @ApiProperty({ type: 'integer', enum: [1] }) version: number;
  @ApiProperty({ format: 'date-time' }) exported_at: string;
  @ApiProperty({ type: BundleDesignDto }) design: BundleDesignDto;
  @ApiProperty({ allOf: [{ $ref: IR_SCHEMA_REF }], description: 'The current IR with every `asset:<id>` image and font replaced by a data URL' })
  ir: Record<string, unknown>;
}

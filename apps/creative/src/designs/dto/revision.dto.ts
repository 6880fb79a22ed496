import { IsNotBlank } from '@platform/errors';
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, Min } from 'class-validator';
import { CursorField, LimitField } from '@platform/http';
import { IR_SCHEMA_REF } from '../../common/library-schemas';
import type { DiffSummary } from '../design-diff';
import { REVISION_OPERATIONS, type DesignRevision } from '../design-revision.entity';
import { DESIGN_PAGE_DEFAULT, DESIGN_PAGE_MAX } from './design.dto';

export class ListRevisionsQuery {
  @LimitField(DESIGN_PAGE_DEFAULT, DESIGN_PAGE_MAX)
  limit?: number;

  @CursorField()
  cursor?: string;
}

export class RevisionSummaryDto {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) design_id: string;
  @ApiProperty({ type: 'integer', example: 3 }) revision: number;
  @ApiProperty({ enum: REVISION_OPERATIONS, example: 'node_patch', description: 'What made the revision' }) operation: string;
  @ApiProperty({ type: String, nullable: true, example: 'title', description: 'The node added, patched or deleted' }) node_id: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: null, description: 'The revision a restore copied' }) restored_from: number | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(r: DesignRevision): RevisionSummaryDto {
    return {
      design_id: r.designId,
      revision: r.revision,
      operation: r.operation,
      node_id: r.nodeId,
      restored_from: r.restoredFrom,
      created_at: r.createdAt.toISOString(),
    };
  }
}

export class RevisionDto extends RevisionSummaryDto {
  @ApiProperty({ allOf: [{ $ref: IR_SCHEMA_REF }], description: 'The IR of this revision' }) ir: Record<string, unknown>;

  static of(r: DesignRevision): RevisionDto {
    return { ...RevisionSummaryDto.from(r), ir: r.ir };
  }
}

export class RevisionListDto {
  @ApiProperty({ type: [RevisionSummaryDto], description: 'Newest first' }) data: RevisionSummaryDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' }) next_cursor: string | null;
}

class JsonPatchOperationDto {
  @ApiProperty({ enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'], example: 'replace' }) op: string;
  @ApiProperty({ example: '/root/children/1/text', description: 'JSON Pointer (RFC 6901) into the IR' }) path: string;
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'object', additionalProperties: true }, { type: 'array', items: {} }],
    description: 'The new value (add, replace, test): any JSON value',
    example: 'Spring sale',
  })
  value?: unknown;
  @ApiPropertyOptional({ description: 'Source pointer (move, copy)' }) from?: string;
}

class NodePlaceDto {
  @ApiProperty({ type: String, nullable: true, example: 'content' }) parent_id: string | null;
  @ApiProperty({ type: 'integer', example: 1 }) index: number;
}

class DiffNodeDto {
  @ApiProperty({ example: 'badge' }) id: string;
  @ApiProperty({ example: 'text' }) type: string;
  @ApiProperty({ type: String, nullable: true, example: 'root' }) parent_id: string | null;
}

class DiffMovedNodeDto {
  @ApiProperty({ example: 'cta' }) id: string;
  @ApiProperty({ type: NodePlaceDto }) from: NodePlaceDto;
  @ApiProperty({ type: NodePlaceDto }) to: NodePlaceDto;
}

class DiffChangedNodeDto {
  @ApiProperty({ example: 'title' }) id: string;
  @ApiProperty({ example: 'text' }) type: string;
  @ApiProperty({ type: [String], example: ['color', 'text'], description: 'Properties whose values differ (children aside)' }) properties: string[];
}

export class DiffSummaryDto implements DiffSummary {
  @ApiProperty({ type: [DiffNodeDto] }) nodes_added: DiffNodeDto[];
  @ApiProperty({ type: [DiffNodeDto] }) nodes_removed: DiffNodeDto[];
  @ApiProperty({ type: [DiffMovedNodeDto], description: 'Nodes under another parent, or out of order among the siblings both revisions share' })
  nodes_moved: DiffMovedNodeDto[];
  @ApiProperty({ type: [DiffChangedNodeDto] }) nodes_changed: DiffChangedNodeDto[];
  @ApiProperty({ type: [String], example: ['background'], description: 'Document properties that changed (width, height, background, fonts, lang…)' })
  document: string[];
  @ApiProperty({ example: '1 node added (badge); title changed (color, text)' }) text: string;
}

export class DiffDto {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) design_id: string;
  @ApiProperty({ type: 'integer', example: 1 }) from_revision: number;
  @ApiProperty({ type: 'integer', example: 3 }) to_revision: number;
  @ApiProperty({ type: [JsonPatchOperationDto], description: 'RFC 6902 JSON Patch that turns the IR of `from_revision` into that of `to_revision`' })
  patch: JsonPatchOperationDto[];
  @ApiProperty({ type: DiffSummaryDto }) summary: DiffSummaryDto;
}

const revisionField = (name: string, example: number) =>
  applyDecorators(
    ApiProperty({ type: 'integer', minimum: 1, example }),
    Type(() => Number),
    IsInt({ message: `${name} must be an integer` }),
    Min(1),
  );

export class RevisionParams {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) @IsString() @IsNotBlank() design_id: string;
  @revisionField('revision', 2) revision: number;
}

export class DiffParams {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) @IsString() @IsNotBlank() design_id: string;
  @revisionField('from_revision', 1) from_revision: number;
  @revisionField('to_revision', 3) to_revision: number;
}

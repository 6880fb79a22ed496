import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WARNING_CODES } from '@platform/creative-ir';
import { IsOptional, IsString } from 'class-validator';
import { ArtifactDto, SignedUrlDto } from '../../artifacts/dto/artifact.dto';
import { LOGO_POSITIONS } from '../../brand-kit/dto/brand-kit.dto';
import type { StoredRender } from '../design-renders.service';
import { OUTPUT_FORMATS, RenderOptionsDto } from './render-options.dto';

/** RenderRequest: the render options, and an idempotency key. */
export class RenderRequestDto extends RenderOptionsDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Same as the `Idempotency-Key` header' })
  @IsOptional()
  @IsString()
  idempotency_key?: string | null;
}

export class RenderWarningDto {
  @ApiProperty({ example: 'title' }) id: string;
  @ApiProperty({ example: 'text taller than its box' }) message: string;
}

/** Warning codes (docs/creative.md, "Warnings"); `other` for a finding stored before codes existed. */
export const WARNING_CODE_VALUES = [...WARNING_CODES, 'other'] as const;

/** A finding with its machine code: what a design shows of its brief, and what the layout cut or shrank. */
export class CodedWarningDto extends RenderWarningDto {
  @ApiProperty({
    enum: WARNING_CODE_VALUES,
    example: 'text_truncated',
    description:
      'field_unused (a brief field the design does not show), field_required_missing, text_truncated (lines dropped, ellipsis), ' +
      'text_shrunk (set at or below its minimum size to fit), text_overflow, text_collision, glyphs_missing, font_unavailable, image_unavailable, ' +
      "logo_moved (a design built from a brief draws the brand kit's logo in another place than its logo_position, because the template " +
      'draws over that corner or side at this format: `asked` and `used` name the places, `id` is `logo`); ' +
      'other for a finding stored before codes existed',
  })
  code: string;
  @ApiPropertyOptional({ example: 'subtitle', description: 'The brief field, for field_unused and field_required_missing (`id` is then `brief.<field>`)' })
  field?: string;
  @ApiPropertyOptional({
    enum: LOGO_POSITIONS,
    example: 'top_right',
    description: "For logo_moved: the brand kit's logo_position (bottom_right when it sets none)",
  })
  asked?: string;
  @ApiPropertyOptional({ enum: LOGO_POSITIONS, example: 'top_left', description: 'For logo_moved: the corner (or side) the logo was drawn in' })
  used?: string;

  static from(w: { id: string; message: string; code?: string; field?: string; asked?: string; used?: string }): CodedWarningDto {
    return {
      id: w.id,
      message: w.message,
      code: w.code ?? 'other',
      ...(w.field ? { field: w.field } : {}),
      ...(w.asked ? { asked: w.asked } : {}),
      ...(w.used ? { used: w.used } : {}),
    };
  }
}

export class RenderResultDto {
  @ApiProperty({ example: 'des_01jdz3k5q8c9w3m5y4x0b7n2ph' }) design_id: string;
  @ApiProperty({ type: 'integer', example: 3, description: 'The revision drawn' }) revision: number;
  @ApiProperty({ enum: OUTPUT_FORMATS, example: 'png' }) format: string;
  @ApiProperty({ type: 'integer', example: 1080, description: 'Output width in pixels (the page size for SVG and PDF)' }) width: number;
  @ApiProperty({ type: 'integer', example: 1080 }) height: number;
  @ApiProperty({ description: 'true when this revision was already rendered with these options: the stored artifact is answered, nothing is drawn' })
  cached: boolean;
  @ApiProperty({
    type: [CodedWarningDto],
    description:
      'What the renderer noticed: brief fields the design does not show (field_unused, for a design made from a brief), text cut or shrunk, text that does not fit, missing glyphs, fonts or images',
  })
  warnings: CodedWarningDto[];
  @ApiProperty({ type: ArtifactDto }) artifact: ArtifactDto;
  @ApiProperty({ type: SignedUrlDto, description: 'Reads the bytes without credentials for an hour' }) signed_url: SignedUrlDto;

  static from(designId: string, revision: number, r: StoredRender, baseUrl: string): RenderResultDto {
    return {
      design_id: designId,
      revision,
      format: r.resolved.format,
      width: r.resolved.width,
      height: r.resolved.height,
      cached: r.cached,
      warnings: r.warnings.map((w) => CodedWarningDto.from(w)),
      artifact: ArtifactDto.from(r.artifact, baseUrl),
      signed_url: { url: r.signedUrl.url, expires_at: r.signedUrl.expiresAt.toISOString(), ttl: r.signedUrl.ttl },
    };
  }
}

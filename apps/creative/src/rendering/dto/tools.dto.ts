import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { IR_SCHEMA_REF } from '../../common/library-schemas';
import { CodedWarningDto } from './render-result.dto';

export class AnalyzeQuery {
  @ApiPropertyOptional({
    example: 'quote',
    description:
      'Judge the brief for this template: its required fields count as missing when absent, the fields it has no place for as unused. ' +
      'Default: the template a design made from this brief without a template would get (square-post when the brief has a title, else the first template whose required fields it has)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  template?: string;
}

class AnalysisFormatDto {
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1080 }) height: number;
  @ApiProperty({
    enum: ['square', 'portrait', 'story', 'landscape', 'wide'],
    example: 'square',
    description: 'Orientation class the length limits are for (an instagram_post, 1080x1080, is square; an instagram_story is story)',
  })
  name: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'instagram_post',
    description: 'The named format the brief asked for (`format`), normalized; null when it gave a size or none (then 1080x1080)',
  })
  preset: string | null;
}

class FieldReportDto {
  @ApiProperty({ example: 'title' }) field: string;
  @ApiProperty({ type: 'integer', example: 42, description: 'Length in columns (CJK and emoji count two)' }) length: number;
  @ApiProperty({ type: 'integer', example: 60, description: 'Recommended maximum for this format' }) limit: number;
  @ApiProperty({ enum: ['ok', 'long', 'missing', 'empty'] }) status: string;
}

class ReadabilityDto {
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 71.2,
    description: 'Flesch reading ease 0..100 (Portuguese adaptation for pt); null outside the Latin script',
  })
  score: number | null;
  @ApiProperty({ example: 'fairly easy' }) level: string;
  @ApiProperty({ type: 'integer', example: 18 }) words: number;
  @ApiProperty({ type: 'integer', example: 2 }) sentences: number;
  @ApiProperty({ example: 'en' }) language: string;
}

class ContrastPairDto {
  @ApiProperty({ example: '#fde68a' }) a: string;
  @ApiProperty({ example: '#fef3c7' }) b: string;
  @ApiProperty({ example: 1.1 }) ratio: number;
}

class PaletteReportDto {
  @ApiProperty({ type: [String], example: ['#0b1f3a', '#f2a900'] }) colors: string[];
  @ApiProperty({ example: 'brand kit colors', description: 'Where the colors came from (brand kit, brief, default)' }) source: string;
  @ApiProperty({ example: 12.4, description: 'Best WCAG contrast between two palette colors' }) best_text_contrast: number;
  @ApiProperty({ type: [ContrastPairDto] }) low_contrast_pairs: ContrastPairDto[];
  @ApiProperty() ok: boolean;
}

export class BriefAnalysisDto {
  @ApiProperty({
    example: 86,
    description:
      '0..100, higher is better: what the template (`template`) will show of the brief. A brief that gives nothing the template shows scores at most 15; ' +
      'required fields absent (-12 each), fields the template has no place for (-6 each, listed in `unused`) and its optional places left empty (up to -12) lower it',
  })
  score: number;
  @ApiProperty({ enum: ['excellent', 'good', 'fair', 'poor'] }) grade: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'quote',
    description: 'The template judged: the `template` asked for, else the one the service would choose (`template_chosen`); never null since codes were added',
  })
  template: string | null;
  @ApiProperty({ description: 'true when no template was asked for and `template` is the one the service would choose' }) template_chosen: boolean;
  @ApiProperty({ type: AnalysisFormatDto }) format: AnalysisFormatDto;
  @ApiProperty({ type: [FieldReportDto] }) fields: FieldReportDto[];
  @ApiProperty({ type: ReadabilityDto }) readability: ReadabilityDto;
  @ApiProperty({ type: PaletteReportDto, description: "The palette a design would use: the brand kit's, else the brief's, else a default" })
  palette: PaletteReportDto;
  @ApiProperty({
    type: [String],
    example: ['cta'],
    description: "The template's required fields the brief lacks (and cta when the intent asks the reader to act)",
  })
  missing: string[];
  @ApiProperty({
    type: [String],
    example: ['subtitle'],
    description: 'Content fields the brief gives that the template has no place for: the design will not show them',
  })
  unused: string[];
  @ApiProperty({ type: [String], example: ['title', 'body'], description: 'Content fields the brief gives that the template shows' })
  shown: string[];
  @ApiProperty({ type: [String] }) suggestions: string[];
}

export class MaterializeDto {
  @ApiProperty({ allOf: [{ $ref: IR_SCHEMA_REF }], description: 'The IR to lay out' })
  @IsObject()
  ir: Record<string, unknown>;
}

class TextLinesDto {
  @ApiProperty({ example: 'Inter' }) family: string;
  @ApiProperty({ type: 'integer', example: 800 }) weight: number;
  @ApiProperty({ enum: ['normal', 'italic'] }) style: string;
  @ApiProperty({ example: 96, description: 'After fitting (`fit: shrink/grow`)' }) font_size: number;
  @ApiProperty({ example: 103.68, description: 'Line box height in px' }) line_height: number;
  @ApiProperty({ example: 80.1, description: 'From a line box top to its baseline' }) baseline: number;
  @ApiProperty({ enum: ['ltr', 'rtl'] }) direction: string;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', properties: { text: { type: 'string' }, width: { type: 'number' } }, required: ['text', 'width'], additionalProperties: false },
  })
  lines: { text: string; width: number }[];
  @ApiProperty({ description: 'Cut by maxLines or by the box height' }) truncated: boolean;
  @ApiProperty({ description: 'Does not fit its box' }) overflow: boolean;
}

export class MaterializedNodeDto {
  @ApiProperty({ example: 'title' }) id: string;
  @ApiProperty({ example: 'text' }) type: string;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty({ example: 80, description: "Absolute page coordinates (before the node's own rotation)" }) x: number;
  @ApiProperty({ example: 412.5 }) y: number;
  @ApiProperty({ example: 920 }) width: number;
  @ApiProperty({ example: 207.36 }) height: number;
  @ApiProperty({ type: TextLinesDto, nullable: true }) text: TextLinesDto | null;
  @ApiProperty({ type: () => [MaterializedNodeDto] }) children: MaterializedNodeDto[];
}

export class MaterializedDocumentDto {
  @ApiProperty({ type: 'integer', example: 1080 }) width: number;
  @ApiProperty({ type: 'integer', example: 1080 }) height: number;
  @ApiProperty({ type: MaterializedNodeDto }) root: MaterializedNodeDto;
  @ApiProperty({
    type: [CodedWarningDto],
    description: 'Text cut (text_truncated), shrunk (text_shrunk) or not fitting (text_overflow), missing glyphs or fonts',
  })
  warnings: CodedWarningDto[];
}

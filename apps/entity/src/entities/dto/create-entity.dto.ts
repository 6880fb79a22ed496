import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotBlank } from '@platform/errors';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateEntityDto {
  @ApiProperty({ description: 'Entity name', example: 'Lia', maxLength: 120 })
  @IsString()
  @IsNotBlank()
  @MaxLength(120)
  name: string;

  @ApiProperty({ description: 'What the entity is for', example: 'A study companion who helps with Portuguese grammar', maxLength: 2000 })
  @IsString()
  @IsNotBlank()
  @MaxLength(2000)
  purpose: string;

  @ApiPropertyOptional({ description: "Id of the user in the client's system (provider flow)", example: 'user-42', maxLength: 200 })
  @IsOptional()
  @IsString()
  @IsNotBlank()
  @MaxLength(200)
  external_user_id?: string;
}

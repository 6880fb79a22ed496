import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateEntityDto {
  @ApiProperty({ description: 'Entity name', example: 'Lia', maxLength: 120 })
  @IsString() @IsNotEmpty() @MaxLength(120)
  name: string;

  @ApiProperty({ description: 'What the entity is for', example: 'A study companion who helps with Portuguese grammar', maxLength: 2000 })
  @IsString() @IsNotEmpty() @MaxLength(2000)
  purpose: string;

  @ApiPropertyOptional({ description: "Id of the user in the client's system (provider flow)", example: 'user-42', maxLength: 200 })
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200)
  external_user_id?: string;
}

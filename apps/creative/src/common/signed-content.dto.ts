import { IsNotBlank } from '@platform/errors';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsString, MaxLength, Min } from 'class-validator';

/** The query of every signed content link (artifacts, assets, previews): the expiry and its HMAC, as the link carries them. */
export class SignedContentQuery {
  @ApiProperty({ type: 'integer', description: 'Unix seconds, as in the signed URL', example: 1767225600 })
  @Type(() => Number)
  @IsInt({ message: 'expires must be an integer' })
  @Min(0)
  expires: number;

  @ApiProperty({ description: 'HMAC-SHA256 (hex), as in the signed URL' })
  @IsString()
  @IsNotBlank()
  @MaxLength(256)
  signature: string;
}

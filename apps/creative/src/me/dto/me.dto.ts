import { ApiProperty } from '@nestjs/swagger';

class MeAccountDto {
  @ApiProperty({ example: 'acct_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ example: 'Acme' }) name: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}
class MeCredentialDto {
  @ApiProperty({ example: 'key_01jdz3k5q8c9w3m5y4x0b7n2ph' }) id: string;
  @ApiProperty({ enum: ['api_key', 'access_token'] }) type: string;
  @ApiProperty({ type: [String], example: ['*'] }) scopes: string[];
}
export class MeDto {
  @ApiProperty({ type: MeAccountDto }) account: MeAccountDto;
  @ApiProperty({ type: MeCredentialDto }) credential: MeCredentialDto;
}

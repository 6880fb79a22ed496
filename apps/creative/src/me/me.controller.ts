import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiKeyService, Auth, AuthContext } from '@platform/auth';
import { NotFoundError } from '@platform/errors';
import { ErrorResponses } from '../common/error-responses';

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

@ApiTags('account')
@ErrorResponses()
@Controller('v1/me')
export class MeController {
  constructor(private readonly keys: ApiKeyService) {}

  @Get()
  @ApiOperation({ summary: 'The calling account and credential' })
  @ApiOkResponse({ type: MeDto })
  async me(@Auth() auth: AuthContext): Promise<MeDto> {
    const account = await this.keys.getAccount(auth.accountId);
    if (!account) throw new NotFoundError('Account not found');
    return {
      account: { id: account.id, name: account.name, created_at: account.createdAt.toISOString() },
      credential: { id: auth.credentialId, type: auth.credentialType, scopes: auth.scopes },
    };
  }
}

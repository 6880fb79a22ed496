import { Injectable } from '@nestjs/common';
import { ApiKeyService, type AuthContext } from '@platform/auth';
import { NotFoundError } from '@platform/errors';
import type { MeDto } from './dto/me.dto';

/** Who the caller is: the account and the credential it authenticated with. */
@Injectable()
export class MeUseCases {
  constructor(private readonly keys: ApiKeyService) {}

  async me(auth: AuthContext): Promise<MeDto> {
    const account = await this.keys.getAccount(auth.accountId);
    if (!account) throw new NotFoundError('Account not found');
    return {
      account: { id: account.id, name: account.name, created_at: account.createdAt.toISOString() },
      credential: { id: auth.credentialId, type: auth.credentialType, scopes: auth.scopes },
    };
  }
}

import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { SecretResponse } from '@platform/http';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { CallbacksService } from './callbacks.service';
import { SigningSecretDto } from './dto/job.dto';

const SIGNING = [
  'Callbacks are signed per Standard Webhooks (https://www.standardwebhooks.com): `webhook-id` (the delivery id, the same on every try),',
  '`webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the secret).',
  'The secret is stored encrypted under SECRETS_KEY. Verify with the `standardwebhooks` library: `new Webhook(secret).verify(body, headers)`. After a rotation the previous secret signs',
  'beside the new one for 24 hours (two space-separated signatures; a receiver holding either secret accepts the event), so receivers can switch without losing events.',
].join(' ');

const SECRETS_503 = ApiResponse({
  status: 503,
  type: ErrorDto,
  description: 'secrets_key_missing: this server has no SECRETS_KEY to keep the secret encrypted (production)',
});

@ApiTags('jobs')
@ErrorResponses()
@Controller('v1/callbacks/signing-secret')
export class CallbackSecretsController {
  constructor(private readonly callbacks: CallbacksService) {}

  @Get()
  @ApiOperation({ summary: "The account's callback signing secret", description: `Created on first read. ${SIGNING}` })
  @ApiOkResponse({ type: SigningSecretDto })
  @SECRETS_503
  get(@Auth() auth: AuthContext): Promise<SigningSecretDto> {
    return this.callbacks.signingSecret(auth.accountId);
  }

  @Post('rotate')
  @HttpCode(200)
  @SecretResponse()
  @ApiOperation({
    summary: 'Rotate the callback signing secret',
    description: `A new secret signs from now on. ${SIGNING} Sent with an \`Idempotency-Key\`, the response is stored encrypted (SECRETS_KEY) and a replay answers it again, secret included.`,
  })
  @ApiOkResponse({ type: SigningSecretDto })
  @SECRETS_503
  rotate(@Auth() auth: AuthContext): Promise<SigningSecretDto> {
    return this.callbacks.rotate(auth.accountId);
  }
}

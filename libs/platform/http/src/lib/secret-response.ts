import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const SECRET_RESPONSE = 'platform:secretResponse';

/**
 * The route's successful response carries a secret (a signing secret, a generated token). Sent
 * with an `Idempotency-Key`, its stored response is encrypted under SECRETS_KEY (AES-256-GCM,
 * bound to the account and key) instead of being kept in clear for 24 hours; a replay decrypts
 * it and answers the same response. Mark every mutating route whose response shows a secret:
 * the operation gets `x-secret-response: true` in openapi.json, and tools/openapi checks that
 * every mutating operation with a secret-looking response property has it.
 */
export const SecretResponse = () => applyDecorators(SetMetadata(SECRET_RESPONSE, true), ApiExtension('x-secret-response', true));

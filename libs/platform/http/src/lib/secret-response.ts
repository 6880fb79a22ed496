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

export const IDEMPOTENT_EFFECT = 'platform:idempotentEffect';

/**
 * The route records its Idempotency-Key's claim on its effect (`currentIdempotencyClaim().ref`, unique per account) and
 * registers an `EffectLookup` under `effect` (`IdempotencyService.onLapsed`): a key left in progress by a process that
 * died (its lease lapsed) is then completed from that effect, or run again when nothing was committed, instead of
 * answering 409 until it expires.
 */
export const IdempotentEffect = (effect: string) => SetMetadata(IDEMPOTENT_EFFECT, effect);

export const REPLAY_HEADERS = 'platform:replayHeaders';

/**
 * Headers the route's answer carries that derive from its body (a design's `ETag` from its revision): a replay of the
 * stored answer (`Idempotent-Replayed: true`, including one rebuilt by an `EffectLookup`) does not run the handler that
 * sets them, so `IdempotencyInterceptor` sets what `headers` gives for the replayed body.
 */
export const ReplayHeaders = (headers: (body: unknown) => Record<string, string>) => SetMetadata(REPLAY_HEADERS, headers);

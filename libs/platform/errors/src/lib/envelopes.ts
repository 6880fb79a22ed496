import type { NormalizedError } from './normalize';

/** How one service writes an error body. */
export interface EnvelopeStyle {
  name: string;
  /** The code this service uses for 429. */
  rateLimitCode: string;
  body(e: NormalizedError): Record<string, unknown>;
}

/** creative: 422 `{detail: [{loc, msg, type}]}`; every other error `{detail: "<message>", code}`. */
export const creativeEnvelope: EnvelopeStyle = {
  name: 'creative',
  rateLimitCode: 'rate_limited',
  body(e) {
    if (e.status === 422) {
      return { detail: e.details.length ? e.details : [{ loc: ['body'], msg: e.message, type: e.code }] };
    }
    return { detail: e.message, code: e.code, ...e.extra, ...(e.details.length ? { errors: e.details } : {}) };
  },
};

/** messaging: `{error, message, status}`, plus `details` for validation and `retry_after` for 429. */
export const messagingEnvelope: EnvelopeStyle = {
  name: 'messaging',
  rateLimitCode: 'rate_limit_exceeded',
  body(e) {
    return {
      error: e.code,
      message: e.message,
      status: e.status,
      ...e.extra,
      ...(e.details.length ? { details: e.details } : {}),
    };
  },
};

/** entity: `{ok: false, error, code}`; `error` is the human message, `code` the stable string. */
export const entityEnvelope: EnvelopeStyle = {
  name: 'entity',
  rateLimitCode: 'rate_limited',
  body(e) {
    return {
      ok: false,
      error: e.message,
      code: e.code,
      ...e.extra,
      ...(e.details.length ? { details: e.details } : {}),
    };
  },
};

export function adaptCode(e: NormalizedError, style: EnvelopeStyle): NormalizedError {
  return e.status === 429 && e.code === 'rate_limited' ? { ...e, code: style.rateLimitCode } : e;
}

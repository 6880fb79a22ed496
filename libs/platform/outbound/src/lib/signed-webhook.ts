import { Webhook } from 'standardwebhooks';
import { refuseOutboundUrl } from './address-guard';
import { post, type OutboundPostOptions } from './outbound-post';

/** One event to POST, signed per Standard Webhooks (https://www.standardwebhooks.com). */
export interface SignedWebhook {
  /** `webhook-id`: the event's id, the same on every try, so receivers can drop repeats. */
  id: string;
  /** The JSON body. */
  payload: unknown;
  /**
   * The secrets (`whsec_…`) that sign it, asked for on each try once the URL passed its check (opening
   * them may fail like the send does). Several during a rotation: one signature each in `webhook-signature`.
   */
  secrets: () => string[] | Promise<string[]>;
  userAgent: string;
}

/**
 * How one try ended: `delivered` (a 2xx answer), `retry` (another status, a network error, the
 * timeout, a secret that could not be opened) or `refused` (the URL may not be sent to: not
 * http(s), credentials in it, or a private address while those are not allowed; trying again
 * does not help). `error` says why for all but `delivered`.
 */
export interface SignedWebhookResult {
  outcome: 'delivered' | 'retry' | 'refused';
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs `webhook.payload` as JSON to `url` with the `webhook-id`, `webhook-timestamp` and
 * `webhook-signature` headers, through `post` (the address dialled is checked at connection time,
 * redirects are not followed). Never throws: every failure is a result, for the caller to record
 * and retry.
 */
export async function sendSignedWebhook(url: string, webhook: SignedWebhook, options: OutboundPostOptions): Promise<SignedWebhookResult> {
  const refused = await refuseOutboundUrl(url, { allowPrivate: options.allowPrivate });
  if (refused) return { outcome: 'refused', statusCode: null, error: `Refused: ${refused}` };
  try {
    const body = JSON.stringify(webhook.payload);
    const now = new Date();
    const signature = (await webhook.secrets()).map((s) => new Webhook(s).sign(webhook.id, now, body)).join(' ');
    const statusCode = await post(
      url,
      {
        'content-type': 'application/json',
        'user-agent': webhook.userAgent,
        'webhook-id': webhook.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      options,
    );
    const ok = statusCode >= 200 && statusCode < 300;
    return ok ? { outcome: 'delivered', statusCode, error: null } : { outcome: 'retry', statusCode, error: `HTTP ${statusCode}` };
  } catch (e) {
    return { outcome: 'retry', statusCode: null, error: (e as Error).message };
  }
}

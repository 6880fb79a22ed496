import type { CredentialField, Credentials, InboundRequest, InboundUpdate, PlatformAdapter } from './adapter.types';
import { metaHandshake, validMetaSignature } from './http';

/** The credentials every Meta platform (WhatsApp Cloud API, Messenger) needs for its webhook. */
export const META_WEBHOOK_FIELDS: CredentialField[] = [
  { name: 'app_secret', required: true, description: 'The Meta app secret (verifies X-Hub-Signature-256)' },
  { name: 'verify_token', required: true, description: 'Any string; enter the same one in the Meta webhook settings' },
];

/** Meta's webhook proof, shared by WhatsApp and Messenger: the `hub.verify_token` handshake and `X-Hub-Signature-256`. */
export abstract class MetaAdapter implements PlatformAdapter {
  abstract readonly kind: 'whatsapp' | 'messenger';
  abstract readonly fields: CredentialField[];

  constructor(protected readonly baseUrl: string) {}

  handshake(query: Record<string, unknown>, creds: Credentials): string | null {
    return metaHandshake(query, creds.verify_token);
  }

  verify(req: InboundRequest, creds: Credentials): boolean {
    return validMetaSignature(req.headers['x-hub-signature-256'], req.rawBody, creds.app_secret);
  }

  abstract parse(body: unknown, creds: Credentials): InboundUpdate;
  abstract send(creds: Credentials, to: string, text: string): Promise<void>;
}

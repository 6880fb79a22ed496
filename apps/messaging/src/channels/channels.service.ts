import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '@platform/config';
import { newId } from '@platform/database';
import { DomainException, ErrorDetail, NotFoundError, ValidationError } from '@platform/errors';
import { randomBytes } from 'node:crypto';
import { AgentsRepository } from '../agents/agents.repository';
import { SecretsBox } from '@platform/outbound';
import type { MessagingConfig } from '../config';
import type { ChannelKind } from '../conversations/conversation.entity';
import type { Credentials, MediaDownload, PlatformAdapter } from './adapters/adapter.types';
import { MessengerAdapter } from './adapters/messenger.adapter';
import { TelegramAdapter } from './adapters/telegram.adapter';
import { WhatsAppAdapter } from './adapters/whatsapp.adapter';
import { Channel } from './channel.entity';
import { ChannelsRepository } from './channels.repository';

export interface CreateChannelInput {
  kind: ChannelKind;
  name?: string;
  agentId?: string;
  credentials?: Record<string, unknown>;
}

const credentialsAad = (channelId: string) => `channel:${channelId}`;

@Injectable()
export class ChannelsService {
  private readonly adapters: Record<PlatformAdapter['kind'], PlatformAdapter>;

  constructor(
    private readonly repo: ChannelsRepository,
    private readonly agents: AgentsRepository,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly box: SecretsBox,
  ) {
    this.adapters = {
      whatsapp: new WhatsAppAdapter(config.channels.whatsappBaseUrl),
      telegram: new TelegramAdapter(config.channels.telegramBaseUrl),
      messenger: new MessengerAdapter(config.channels.messengerBaseUrl),
    };
  }

  adapter(kind: string): PlatformAdapter | undefined {
    return (this.adapters as Record<string, PlatformAdapter>)[kind];
  }

  /** Connects a channel: checks the credentials' shape, encrypts them, and returns any generated secret once. */
  async create(
    accountId: string,
    input: CreateChannelInput,
  ): Promise<{ channel: Channel; secretToken?: string; registration?: { ok: boolean; error?: string } }> {
    const adapter = this.adapter(input.kind);
    const given = input.credentials ?? {};
    const details: ErrorDetail[] = [];
    if (input.kind !== 'api' && !input.agentId) details.push({ loc: ['agent_id'], msg: 'Field required for this kind of channel', type: 'missing' });
    const creds: Credentials = {};
    if (adapter) {
      const known = new Set(adapter.fields.map((f) => f.name));
      for (const field of adapter.fields) {
        const value = given[field.name];
        if (value === undefined || value === null || value === '') {
          if (field.required) details.push({ loc: ['credentials', field.name], msg: `Field required: ${field.description}`, type: 'missing' });
        } else if (typeof value !== 'string' || value.length > 4096) {
          details.push({ loc: ['credentials', field.name], msg: 'Must be a string of at most 4096 characters', type: 'string_type' });
        } else {
          creds[field.name] = value;
        }
      }
      for (const key of Object.keys(given)) {
        if (!known.has(key)) details.push({ loc: ['credentials', key], msg: 'Unknown credential for this kind of channel', type: 'extra_forbidden' });
      }
      if (creds.secret_token !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(creds.secret_token)) {
        details.push({ loc: ['credentials', 'secret_token'], msg: 'Must be 1-256 of A-Z a-z 0-9 _ -', type: 'value_error' });
      }
    } else if (Object.keys(given).length) {
      details.push({ loc: ['credentials'], msg: 'An api channel takes no credentials', type: 'extra_forbidden' });
    }
    if (details.length) throw new ValidationError(details);

    if (input.agentId) {
      const agent = await this.agents.find(accountId, input.agentId);
      if (!agent) throw new NotFoundError(`Agent ${input.agentId} not found`);
    }
    let secretToken: string | undefined;
    if (input.kind === 'telegram' && !creds.secret_token) {
      secretToken = randomBytes(24).toString('base64url');
      creds.secret_token = secretToken;
    }
    const id = newId('chn');
    const settings: Record<string, string> = {};
    for (const f of adapter?.fields ?? []) if (f.public && creds[f.name]) settings[f.name] = creds[f.name];
    const channel = await this.repo.save(
      this.repo.build({
        id,
        accountId,
        agentId: input.agentId ?? null,
        kind: input.kind,
        name: input.name?.trim() || input.kind,
        credentials: adapter ? this.box.seal(JSON.stringify(creds), credentialsAad(id)) : null,
        settings,
        status: 'active',
      }),
    );
    let registration: { ok: boolean; error?: string } | undefined;
    if (adapter?.register) {
      // Best effort: the channel is connected either way, and the webhook can be set by hand.
      try {
        await adapter.register(creds, this.webhookUrl(channel));
        registration = { ok: true };
      } catch (e) {
        registration = { ok: false, error: (e as Error).message.slice(0, 300) };
      }
    }
    return { channel, secretToken, registration };
  }

  webhookUrl(channel: Pick<Channel, 'kind' | 'id'>): string {
    return `${this.config.publicBaseUrl}/v1/inbound/${channel.kind}/${channel.id}`;
  }

  list(accountId: string): Promise<{ data: Channel[]; total: number }> {
    return this.repo.list(accountId);
  }

  async get(accountId: string, id: string): Promise<Channel> {
    const channel = await this.repo.find(accountId, id);
    if (!channel) throw new NotFoundError(`Channel ${id} not found`);
    return channel;
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.repo.remove(accountId, id))) throw new NotFoundError(`Channel ${id} not found`);
  }

  /**
   * A media file the platform keeps for this channel (WhatsApp Cloud API media ids, as stored on
   * messages' attachments), downloaded through the platform's API with the channel's credentials.
   * 404 for another account's channel, a kind that keeps no media by id, or an id the platform does
   * not know (any more); 502 `platform_error` when the platform fails.
   */
  async media(accountId: string, channelId: string, mediaId: string): Promise<MediaDownload> {
    const channel = await this.get(accountId, channelId);
    // Platform media ids are plain tokens (WhatsApp: digits); anything else could name another path of the platform's API.
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(mediaId)) throw new NotFoundError(`Media ${mediaId} not found on channel ${channelId}`);
    const adapter = this.adapter(channel.kind);
    if (!adapter?.fetchMedia) throw new NotFoundError(`Channel ${channelId} (${channel.kind}) keeps no media by id`);
    let media: MediaDownload | null;
    try {
      media = await adapter.fetchMedia(this.credentials(channel), mediaId);
    } catch (e) {
      throw new DomainException('platform_error', `The platform did not give the media: ${(e as Error).message.slice(0, 300)}`, 'upstream_failed');
    }
    if (!media) throw new NotFoundError(`Media ${mediaId} not found on channel ${channelId} (the platform keeps media for a limited time)`);
    return media;
  }

  /** For inbound webhooks: the channel by its id alone (the platform knows no account). */
  findForInbound(kind: string, id: string): Promise<Channel | null> {
    return this.repo.findForInbound(kind as ChannelKind, id);
  }

  credentials(channel: Channel): Credentials {
    if (!channel.credentials) return {};
    return JSON.parse(this.box.open(channel.credentials, credentialsAad(channel.id))) as Credentials;
  }

  get publicBaseUrl(): string {
    return this.config.publicBaseUrl;
  }
}

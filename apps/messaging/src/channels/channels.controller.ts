import { Body, Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { SecretResponse } from '@platform/http';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import type { ChannelKind } from '../conversations/conversation.entity';
import { ChannelsService } from './channels.service';
import { ChannelDto, ChannelListDto, CreateChannelDto, DeletedChannelDto } from './dto/channel.dto';

@ApiTags('channels')
@ErrorResponses()
@Controller('v1/channels')
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  @Get()
  @ApiOperation({ summary: 'List channels connected to the account', description: 'Newest first; `{data, total}`. Credentials are never shown.' })
  @ApiOkResponse({ type: ChannelListDto })
  async list(@Auth() auth: AuthContext): Promise<ChannelListDto> {
    const { data, total } = await this.channels.list(auth.accountId);
    return { data: data.map((c) => ChannelDto.from(c, this.channels.publicBaseUrl)), total };
  }

  @Post()
  @SecretResponse()
  @ApiOperation({
    summary: 'Connect a new channel',
    description:
      'Kinds: `api`, `whatsapp` (Cloud API), `telegram` (Bot API), `messenger`. Credentials are stored encrypted (AES-256-GCM). ' +
      'The answer carries `webhook_url`: configure it on the platform (Meta: callback URL with your `verify_token`; Telegram: ' +
      '`setWebhook` with `url` and `secret_token`; the service tries that itself and reports it in `webhook_registration`). Messages arriving there are stored in a conversation per sender and answered by ' +
      "the channel's agent through the platform's send API. Telegram's generated `secret_token` is in this response only. Sent with an `Idempotency-Key`, the response is stored encrypted (SECRETS_KEY) and a replay answers it again, secret included.",
  })
  @ApiCreatedResponse({ type: ChannelDto })
  async create(@Auth() auth: AuthContext, @Body() body: CreateChannelDto): Promise<ChannelDto> {
    const { channel, secretToken, registration } = await this.channels.create(auth.accountId, {
      kind: body.kind as ChannelKind,
      name: body.name,
      agentId: body.agent_id,
      credentials: body.credentials,
    });
    return {
      ...ChannelDto.from(channel, this.channels.publicBaseUrl),
      ...(secretToken ? { secret_token: secretToken } : {}),
      ...(registration ? { webhook_registration: registration } : {}),
    };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One channel' })
  @ApiOkResponse({ type: ChannelDto })
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ChannelDto> {
    return ChannelDto.from(await this.channels.get(auth.accountId, id), this.channels.publicBaseUrl);
  }

  @Get(':id/media/:mediaId')
  @ApiOperation({
    summary: 'A media file a platform user sent through this channel',
    description:
      "For attachments the platform keeps by id (WhatsApp Cloud API images, video, audio, documents and stickers; a message's " +
      "`attachments[].url` points here): downloads it through the platform's media API with the channel's credentials and streams it with " +
      "the platform's content type. 404 when the channel is not this account's, its kind keeps no media by id, or the platform no longer has " +
      'the media (WhatsApp keeps it for a limited time); 502 `platform_error` when the platform fails.',
  })
  @ApiOkResponse({ description: 'The file, with the content type the platform gave', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 502, type: ErrorDto, description: 'platform_error: the platform failed to give the media' })
  async media(@Auth() auth: AuthContext, @Param('id') id: string, @Param('mediaId') mediaId: string, @Res() res: Response): Promise<void> {
    const media = await this.channels.media(auth.accountId, id, mediaId);
    res.status(200);
    res.setHeader('Content-Type', media.contentType);
    if (media.contentLength !== null) res.setHeader('Content-Length', String(media.contentLength));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', 'attachment');
    try {
      await pipeline(Readable.fromWeb(media.body as NodeReadableStream<Uint8Array>), res);
    } catch {
      // The client went away, or the platform failed after the headers were sent: nothing more can be said.
      res.destroy();
    }
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Disconnect a channel', description: 'Its credentials are deleted; its conversations and messages are kept.' })
  @ApiOkResponse({ type: DeletedChannelDto })
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedChannelDto> {
    await this.channels.remove(auth.accountId, id);
    return { id, deleted: true };
  }
}

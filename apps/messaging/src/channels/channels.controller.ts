import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { SecretResponse } from '@platform/http';
import { ErrorResponses } from '../common/error-responses';
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

  @Delete(':id')
  @ApiOperation({ summary: 'Disconnect a channel', description: 'Its credentials are deleted; its conversations and messages are kept.' })
  @ApiOkResponse({ type: DeletedChannelDto })
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedChannelDto> {
    await this.channels.remove(auth.accountId, id);
    return { id, deleted: true };
  }
}

import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import type { ChannelKind } from './conversation.entity';
import { ConversationsService } from './conversations.service';
import { ConversationDto, ConversationListDto, CreateConversationDto, ListConversationsQuery, UpdateConversationDto } from './dto/conversation.dto';
import { atInput } from '@platform/errors';

@ApiTags('conversations')
@ErrorResponses()
@Controller('v1/conversations')
export class ConversationsController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get()
  @ApiOperation({
    summary: 'List conversations, with pagination and filters',
    description:
      'Newest first. Answers `{data, total, next_cursor}`; pass `next_cursor` as `cursor` for the next page (null on the last). ' +
      'Pages are stable while new conversations are created. `limit` defaults to 50, at most 200.',
  })
  @ApiOkResponse({ type: ConversationListDto })
  async list(@Auth() auth: AuthContext, @Query() query: ListConversationsQuery): Promise<ConversationListDto> {
    const { data, total, nextCursor } = await atInput('query', () =>
      this.conversations.list(auth.accountId, { agentId: query.agent_id, status: query.status, limit: query.limit, cursor: query.cursor }),
    );
    return { data: data.map(ConversationDto.from), total, next_cursor: nextCursor };
  }

  @Post()
  @ApiOperation({
    summary: 'Start a conversation with an agent',
    description:
      'The conversation starts `active`: the agent answers its messages. On a platform channel (`whatsapp`, `telegram`, `messenger`) with ' +
      '`external_id`, it goes through a connected channel (`channel_id`, or the only one of that kind; with several of that kind `channel_id` is ' +
      'required, 422 otherwise): agent replies and operator messages ' +
      "(`role: assistant`) are sent to that user through the platform, and the user's answers arrive in it.",
  })
  @ApiCreatedResponse({ type: ConversationDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'conversation_exists: a conversation with this user on this channel is already open' })
  async create(@Auth() auth: AuthContext, @Body() body: CreateConversationDto): Promise<ConversationDto> {
    const conversation = await this.conversations.create(auth.accountId, {
      agentId: body.agent_id,
      channel: body.channel as ChannelKind,
      channelId: body.channel_id,
      externalId: body.external_id,
      metadata: body.metadata,
    });
    return ConversationDto.from(conversation);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One conversation' })
  @ApiOkResponse({ type: ConversationDto })
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ConversationDto> {
    return ConversationDto.from(await this.conversations.get(auth.accountId, id));
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Change the status or metadata of a conversation',
    description:
      '`waiting` hands the conversation to a human: messages are stored but the agent does not answer. `active` gives it back to the agent. ' +
      '`closed` is final: new messages and further changes answer 409 `conversation_closed`.',
  })
  @ApiOkResponse({ type: ConversationDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'conversation_closed: the conversation is closed' })
  async update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateConversationDto): Promise<ConversationDto> {
    return ConversationDto.from(await this.conversations.update(auth.accountId, id, { status: body.status, metadata: body.metadata }));
  }
}

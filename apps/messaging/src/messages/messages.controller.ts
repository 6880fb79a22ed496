import { Body, Controller, Get, HttpStatus, Inject, OnModuleInit, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { ListMessagesQuery, MessageDto, MessageListDto, SendMessageDto, SendMessageResultDto } from './dto/message.dto';
import type { MessagingConfig } from '../config';
import type { Message } from './message.entity';
import { MessagesService } from './messages.service';
import { atInput } from '@platform/errors';
import { currentIdempotencyClaim, IdempotencyService, IdempotentEffect } from '@platform/http';

/** The `EffectLookup` of a message posted through the API (see `IdempotentEffect`). */
const MESSAGE_EFFECT = 'messaging.message';

@ApiTags('messages')
@ErrorResponses()
@Controller('v1/conversations/:id/messages')
export class MessagesController implements OnModuleInit {
  constructor(
    private readonly messages: MessagesService,
    @Inject(APP_CONFIG) private readonly config: MessagingConfig,
    private readonly idempotency: IdempotencyService,
  ) {}

  private dto = (m: Message) => MessageDto.from(m, this.config.publicBaseUrl);

  private answer = (r: { message: Message; reply: Message | null; replyStatus: SendMessageResultDto['reply_status'] }): SendMessageResultDto => ({
    message: this.dto(r.message),
    reply: r.reply ? this.dto(r.reply) : null,
    reply_status: r.replyStatus,
  });

  onModuleInit(): void {
    // A key whose process died after storing the message answers that message (and the reply, once written; a pending
    // reply is written by the recovery sweep); none stored: the retry posts it.
    this.idempotency.onLapsed(MESSAGE_EFFECT, async (accountId, ref) => {
      const sent = await this.messages.sentUnder(accountId, ref);
      return sent && { status: HttpStatus.CREATED, body: this.answer(sent) };
    });
  }

  @Get()
  @ApiOperation({
    summary: 'Message history of a conversation',
    description: 'Oldest first; `{data, total, next_cursor}` (pass `next_cursor` as `cursor` for later messages). `limit` defaults to 100, at most 500.',
  })
  @ApiOkResponse({ type: MessageListDto })
  async list(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListMessagesQuery): Promise<MessageListDto> {
    const { data, total, nextCursor } = await atInput('query', () => this.messages.list(auth.accountId, id, { limit: query.limit, cursor: query.cursor }));
    return { data: data.map(this.dto), total, next_cursor: nextCursor };
  }

  @Post()
  @ApiOperation({
    summary: 'Post a message into a conversation; the agent answers automatically',
    description:
      'Answers the stored message and, for a `user` message in an `active` conversation, the agent’s reply (`reply_status: completed`). ' +
      'If the reply provider fails or times out the message is kept, `reply` is null and `reply_status` is `pending`: the reply is retried ' +
      'in the background and appears in the history. In a `waiting` conversation (handed to a human) the message is stored and not answered. ' +
      'A `closed` conversation answers 409 `conversation_closed`. Each stored `user` message is sent to the account’s webhook as `message.received`; ' +
      'operator (`assistant`) and `system` messages, and the agent’s replies, are not events.',
  })
  @ApiCreatedResponse({ type: SendMessageResultDto })
  @IdempotentEffect(MESSAGE_EFFECT)
  @ApiConflictResponse({ type: ErrorDto, description: 'conversation_closed: the conversation is closed' })
  async send(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: SendMessageDto): Promise<SendMessageResultDto> {
    const result = await this.messages.send(auth.accountId, id, {
      content: body.content,
      role: body.role,
      attachments: body.attachments,
      idempotencyRef: currentIdempotencyClaim()?.ref ?? null,
    });
    return this.answer(result);
  }
}

import { Body, Controller, Get, HttpStatus, OnModuleInit, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, RequireScopes } from '@platform/auth';
import type { Response } from 'express';
import { listOwners, ownerOf } from '../common/end-user-owner';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { OAUTH_CHAT_SCOPE, SCOPES } from '../entities/scopes';
import { InteractionDto, InteractionListDto, InteractionResponseDto, ListMessagesQueryDto, PendingResponseDto, SendMessageDto } from './dto/interaction.dto';
import { InteractionsService } from './interactions.service';
import { atInput } from '@platform/errors';
import { IdempotencyService, IdempotentEffect } from '@platform/http';

/** The `EffectLookup` of a turn (see `IdempotentEffect`). */
const TURN_EFFECT = 'entity.turn';

@ApiTags('messages')
@ErrorResponses()
@ApiExtraModels(PendingResponseDto)
@Controller('api/v1/entities/:entityId/messages')
export class InteractionsController implements OnModuleInit {
  constructor(
    private readonly interactions: InteractionsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  onModuleInit(): void {
    // A key whose process died after storing the turn answers as a retry of that turn would have: 202 while the turn
    // is pending, the finished turn once it is done. A stored turn is never answered as an error (see send).
    this.idempotency.onLapsed(TURN_EFFECT, async (accountId, ref) => {
      const turn = await this.interactions.sentUnder(accountId, ref);
      if (!turn) return null;
      return turn.status === 'pending'
        ? { status: HttpStatus.ACCEPTED, body: { ok: true, pending: true, interaction_id: turn.id } satisfies PendingResponseDto }
        : { status: HttpStatus.OK, body: { ok: true, interaction: InteractionDto.from(turn) } satisfies InteractionResponseDto };
    });
  }

  @Post()
  @RequireScopes(SCOPES.chat, OAUTH_CHAT_SCOPE)
  @IdempotentEffect(TURN_EFFECT)
  @ApiOperation({
    summary: 'Send a message to the entity',
    description:
      'Needs `entities:chat` (API key) or `entity:chat` (access token for this entity). Waits up to 30 seconds (MESSAGE_WAIT_MS) for the reply and answers `{ok, interaction}`; past that it answers ' +
      '202 `{ok, pending: true, interaction_id}` and the turn still completes: poll GET …/messages. Once the turn is stored it is never answered as an error: ' +
      'when the queue or the database fails after that (a restart), the answer is the same 202 and the turn completes when they are back, so a retry with the same ' +
      '`Idempotency-Key` replays the 202 and never stores a second turn. With `end_user_id` the entity ' +
      'remembers the person (name, facts, relationship) across conversations; turns of one (entity, end user) run one at a time, in order. ' +
      'End users belong to the credential that brings them: with an access token, `end_user_id` names an end user of that OAuth client ' +
      "(another application's `user-1` is another person, with a separate memory); with an API key, the account's own end user.",
  })
  @ApiOkResponse({ type: InteractionResponseDto })
  @ApiAcceptedResponse({ type: PendingResponseDto, description: 'Still processing' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found' })
  @ApiResponse({ status: 409, type: ErrorDto, description: 'entity_unavailable: the entity is paused or archived' })
  async send(
    @Auth() auth: AuthContext,
    @Param('entityId') entityId: string,
    @Body() body: SendMessageDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InteractionResponseDto | PendingResponseDto> {
    const { interaction, pending } = await this.interactions.send(auth.accountId, entityId, ownerOf(auth), {
      message: body.message,
      endUserId: body.end_user_id,
      endUserName: body.end_user_name,
    });
    if (pending) {
      res.status(HttpStatus.ACCEPTED);
      return { ok: true, pending: true, interaction_id: interaction.id };
    }
    res.status(HttpStatus.OK);
    return { ok: true, interaction: InteractionDto.from(interaction) };
  }

  @Get()
  @RequireScopes(SCOPES.read, OAUTH_CHAT_SCOPE)
  @ApiOperation({
    summary: 'The message history',
    description:
      'Needs `entities:read` (API key) or `entity:chat` (access token for this entity). Oldest first, with pending and failed turns and their status; ' +
      'filter by `end_user_id`, `client_id` and `since`, page with `cursor`. An access token sees only the turns of its own OAuth client ' +
      "(with its end users, or without one); an API key sees every turn of the entity: the account's own and every application's (`client_id` says whose), " +
      "one application's with `?client_id=cli_…`, or only the account's own with `?client_id=owner`.",
  })
  @ApiOkResponse({ type: InteractionListDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found' })
  async list(@Auth() auth: AuthContext, @Param('entityId') entityId: string, @Query() q: ListMessagesQueryDto): Promise<InteractionListDto> {
    const page = await atInput('query', () =>
      this.interactions.list(auth.accountId, entityId, listOwners(auth, q.client_id), {
        endUserId: q.end_user_id,
        since: q.since,
        cursor: q.cursor,
        limit: q.limit ?? 50,
      }),
    );
    return { ok: true, data: page.data.map(InteractionDto.from), next_cursor: page.nextCursor };
  }

  @Get(':interactionId')
  @RequireScopes(SCOPES.read, OAUTH_CHAT_SCOPE)
  @ApiOperation({
    summary: 'One turn',
    description:
      'Needs `entities:read` (API key) or `entity:chat` (access token for this entity). Poll it with the `interaction_id` of a 202. ' +
      "An access token reads only its own OAuth client's turns: another's answers 404 `interaction_not_found`, as one that does not exist.",
  })
  @ApiOkResponse({ type: InteractionResponseDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found or interaction_not_found' })
  async get(@Auth() auth: AuthContext, @Param('entityId') entityId: string, @Param('interactionId') interactionId: string): Promise<InteractionResponseDto> {
    return { ok: true, interaction: InteractionDto.from(await this.interactions.get(auth.accountId, entityId, listOwners(auth, undefined), interactionId)) };
  }
}

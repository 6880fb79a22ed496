import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, RequireScopes } from '@platform/auth';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { endUserOwner } from '../common/end-user-owner';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { OAUTH_CHAT_SCOPE, SCOPES } from '../entities/scopes';
import type { EndUser } from './end-user.entity';
import { MemoryService } from './memory.service';

class FactDto {
  @ApiProperty({
    enum: ['name', 'preference', 'plan', 'goal', 'relation', 'location', 'job', 'identifier', 'contact', 'date', 'other', 'statement'],
    description:
      '`name`; `preference` (key `likes`, `dislikes`, `favorite_<thing>`); `plan`; `goal`; `relation` (key: the relation, value: their name); `location` ' +
      '(`lives_in`, `from`); `job` (`job`, `employer`); `identifier` (`order`, `ticket`, `tracking`, `invoice`, `booking`, `reference`, `account`, `flight`, ' +
      '`room`, `plate`, `tax_id`, `code`); `contact` (`email`, `phone`, `address`, `postcode`); `date` (`birthday`, `appointment`, `flight`, `trip`, `exam`…); ' +
      '`other` (`age` and attributes such as `budget`); `statement`: a sentence the person said about themself or their case, kept as said (key: its ' +
      'language `en`, `pt`, `es` or `fr`). A later fact of the same key replaces the earlier (likes and dislikes: per thing; relations and plans: per value).',
  })
  kind: string;
  @ApiProperty({ example: 'likes' }) key: string;
  @ApiProperty({ example: 'coffee' }) value: string;
  @ApiProperty({ example: 'Likes coffee' }) text: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'int_01jdz3k5q8c9w3m5y4x0b7n2ph',
    description: 'The turn it was taken from (null for facts remembered before this was recorded)',
  })
  source_message_id: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it was last stated (null for facts remembered before this was recorded)',
  })
  updated_at: string | null;
}
class MemoryQueryDto {
  @ApiPropertyOptional({
    description:
      "API keys: the OAuth client whose end user this is (without it, or with `owner`, the account's own end user, the one its API keys talk to). " +
      "An access token always reads its own client's end user; naming another client (or `owner`) answers 422.",
    example: 'cli_01jdz3k5q8c9w3m5y4x0b7n2ph',
    maxLength: 100,
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  client_id?: string;
}

class MemoryDto {
  @ApiProperty({ example: 'user-42' }) end_user_id: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: "The OAuth client that brought this end user; null for the account's own" })
  client_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Ana' }) name: string | null;
  @ApiProperty({ type: [FactDto], maxItems: 200, description: 'At most 200: past that, the facts stated longest ago are forgotten (never the name)' })
  facts: FactDto[];
  @ApiProperty({ example: 3 }) interactions: number;
  @ApiProperty({ type: String, nullable: true }) summary: string | null;
  @ApiProperty({ format: 'date-time' }) first_seen_at: string;
  @ApiProperty({ format: 'date-time' }) last_seen_at: string;
}
class MemoryResponseDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ type: MemoryDto }) memory: MemoryDto;
}
class MemoryErasedDto {
  @ApiProperty({ example: true }) ok: true;
  @ApiProperty({ example: true }) deleted: true;
  @ApiProperty({ example: 3, description: 'Turns with this person that were erased too' }) interactions_deleted: number;
}

const toDto = (m: EndUser): MemoryDto => ({
  end_user_id: m.endUserId,
  client_id: m.clientId,
  name: m.name,
  facts: (m.facts ?? []).map((f) => ({
    kind: f.kind,
    key: f.key,
    value: f.value,
    text: f.text,
    source_message_id: f.sourceMessageId ?? null,
    updated_at: f.updatedAt ?? null,
  })),
  interactions: m.interactions,
  summary: m.summary,
  first_seen_at: m.firstSeenAt.toISOString(),
  last_seen_at: m.lastSeenAt.toISOString(),
});

@ApiTags('memory')
@ErrorResponses()
@Controller('api/v1/entities/:entityId/end-users/:endUserId/memory')
export class MemoryController {
  constructor(private readonly memory: MemoryService) {}

  @Get()
  @RequireScopes(SCOPES.read, OAUTH_CHAT_SCOPE)
  @ApiOperation({
    summary: 'What the entity knows about an end user',
    description:
      'Needs `entities:read` (API key) or `entity:chat` (access token for this entity). An end user belongs to the credential that brought it: ' +
      "an access token reads only its own OAuth client's end users (another application's answers 404 `end_user_not_found`, as one the entity " +
      "never met); an API key reads the account's own, or a client's with `client_id`.",
  })
  @ApiOkResponse({ type: MemoryResponseDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found or end_user_not_found' })
  async get(
    @Auth() auth: AuthContext,
    @Param('entityId') entityId: string,
    @Param('endUserId') endUserId: string,
    @Query() q: MemoryQueryDto,
  ): Promise<MemoryResponseDto> {
    return { ok: true, memory: toDto(await this.memory.get(auth.accountId, entityId, endUserOwner(auth, q.client_id), endUserId)) };
  }

  @Delete()
  @RequireScopes(SCOPES.write, OAUTH_CHAT_SCOPE)
  @ApiOperation({
    summary: 'Erase what the entity knows about an end user',
    description:
      "Needs `entities:write` (API key) or `entity:chat` (access token for this entity: only its own OAuth client's end users). Deletes the memory and " +
      "the turns with this person. Another application's end user answers 404 `end_user_not_found`; an API key names a client's end user with `client_id`.",
  })
  @ApiOkResponse({ type: MemoryErasedDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found or end_user_not_found' })
  async erase(
    @Auth() auth: AuthContext,
    @Param('entityId') entityId: string,
    @Param('endUserId') endUserId: string,
    @Query() q: MemoryQueryDto,
  ): Promise<MemoryErasedDto> {
    const { interactions } = await this.memory.erase(auth.accountId, entityId, endUserOwner(auth, q.client_id), endUserId);
    return { ok: true, deleted: true, interactions_deleted: interactions };
  }
}

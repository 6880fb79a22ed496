import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, RequireScopes } from '@platform/auth';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { SCOPES } from '../entities/scopes';
import type { EndUser } from './end-user.entity';
import { MemoryService } from './memory.service';

class FactDto {
  @ApiProperty({ enum: ['name', 'preference', 'plan', 'relation', 'location', 'job', 'other'] }) kind: string;
  @ApiProperty({ example: 'likes' }) key: string;
  @ApiProperty({ example: 'coffee' }) value: string;
  @ApiProperty({ example: 'Likes coffee' }) text: string;
}
class MemoryDto {
  @ApiProperty({ example: 'user-42' }) end_user_id: string;
  @ApiProperty({ type: String, nullable: true, example: 'Ana' }) name: string | null;
  @ApiProperty({ type: [FactDto] }) facts: FactDto[];
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
  name: m.name,
  facts: m.facts,
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
  @RequireScopes(SCOPES.read)
  @ApiOperation({ summary: 'What the entity knows about an end user', description: 'Needs `entities:read`.' })
  @ApiOkResponse({ type: MemoryResponseDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found or end_user_not_found' })
  async get(@Auth() auth: AuthContext, @Param('entityId') entityId: string, @Param('endUserId') endUserId: string): Promise<MemoryResponseDto> {
    return { ok: true, memory: toDto(await this.memory.get(auth.accountId, entityId, endUserId)) };
  }

  @Delete()
  @RequireScopes(SCOPES.write)
  @ApiOperation({ summary: 'Erase what the entity knows about an end user', description: 'Needs `entities:write`. Deletes the memory and the turns with this person.' })
  @ApiOkResponse({ type: MemoryErasedDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found or end_user_not_found' })
  async erase(@Auth() auth: AuthContext, @Param('entityId') entityId: string, @Param('endUserId') endUserId: string): Promise<MemoryErasedDto> {
    const { interactions } = await this.memory.erase(auth.accountId, entityId, endUserId);
    return { ok: true, deleted: true, interactions_deleted: interactions };
  }
}

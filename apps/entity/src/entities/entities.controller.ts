import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, RequireScopes } from '@platform/auth';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { EntitiesService } from './entities.service';
import { CreateEntityDto } from './dto/create-entity.dto';
import { DeletedEntityDto, EntityDto, EntityListDto, EntityResponseDto } from './dto/entity.dto';
import { ListEntitiesQueryDto, UpdateEntityDto } from './dto/update-entity.dto';
import { OAUTH_CHAT_SCOPE, SCOPES } from './scopes';
import { atInput } from '@platform/errors';

@ApiTags('entities')
@ErrorResponses()
@Controller('api/v1/entities')
export class EntitiesController {
  constructor(private readonly entities: EntitiesService) {}

  @Post()
  @RequireScopes(SCOPES.write)
  @ApiOperation({
    summary: "Create an entity in the caller's account",
    description: 'Needs `entities:write`. The personality is derived from the purpose. Provider flow: pass `external_user_id`.',
  })
  @ApiCreatedResponse({ type: EntityResponseDto })
  async create(@Auth() auth: AuthContext, @Body() body: CreateEntityDto): Promise<EntityResponseDto> {
    const entity = await this.entities.create(auth.accountId, {
      name: body.name,
      purpose: body.purpose,
      externalUserId: body.external_user_id,
    });
    return { ok: true, entity: EntityDto.from(entity) };
  }

  @Get()
  @RequireScopes(SCOPES.read)
  @ApiOperation({ summary: "The account's entities", description: 'Needs `entities:read`. Newest first; filter by `external_user_id`.' })
  @ApiOkResponse({ type: EntityListDto })
  async list(@Auth() auth: AuthContext, @Query() q: ListEntitiesQueryDto): Promise<EntityListDto> {
    const page = await atInput('query', () =>
      this.entities.list(auth.accountId, { externalUserId: q.external_user_id, limit: q.limit ?? 25, cursor: q.cursor }),
    );
    return { ok: true, data: page.data.map(EntityDto.from), next_cursor: page.nextCursor };
  }

  @Get(':id')
  @RequireScopes(SCOPES.read, OAUTH_CHAT_SCOPE)
  @ApiOperation({
    summary: 'One entity',
    description: "Needs `entities:read` (or `entity:chat`: an access token reads its own entity). Another account's entity answers 404 `entity_not_found`.",
  })
  @ApiOkResponse({ type: EntityResponseDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found' })
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<EntityResponseDto> {
    return { ok: true, entity: EntityDto.from(await this.entities.get(auth.accountId, id)) };
  }

  @Patch(':id')
  @RequireScopes(SCOPES.write)
  @ApiOperation({
    summary: 'Update an entity',
    description:
      'Needs `entities:write`. Only the fields given change; `null` is refused (422 `null_not_allowed`: omit the field instead), and so is blank text. ' +
      '`status`: active, paused or archived (paused and archived answer messages with 409). A new `purpose` re-derives the personality unless `personality` is given too. ' +
      'A new `name` replaces the old one in the greeting (unless `personality.greeting` is given too), so the entity introduces itself by it.',
  })
  @ApiOkResponse({ type: EntityResponseDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found' })
  async update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateEntityDto): Promise<EntityResponseDto> {
    return { ok: true, entity: EntityDto.from(await this.entities.update(auth.accountId, id, body)) };
  }

  @Delete(':id')
  @RequireScopes(SCOPES.write)
  @ApiOperation({ summary: 'Delete an entity with its messages and memory', description: 'Needs `entities:write`.' })
  @ApiOkResponse({ type: DeletedEntityDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found' })
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedEntityDto> {
    await this.entities.remove(auth.accountId, id);
    return { ok: true, id, deleted: true };
  }
}

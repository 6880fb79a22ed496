import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, RequireScopes } from '@platform/auth';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { EntitiesService } from './entities.service';
import { CreateEntityDto } from './dto/create-entity.dto';
import { EntityDto, EntityResponseDto } from './dto/entity.dto';
import { SCOPES } from './scopes';

@ApiTags('entities')
@ErrorResponses()
@Controller('api/v1/entities')
export class EntitiesController {
  constructor(private readonly entities: EntitiesService) {}

  @Post()
  @RequireScopes(SCOPES.write)
  @ApiOperation({ summary: "Create an entity in the caller's account", description: 'Needs the `entities:write` scope.' })
  @ApiCreatedResponse({ type: EntityResponseDto })
  async create(@Auth() auth: AuthContext, @Body() body: CreateEntityDto): Promise<EntityResponseDto> {
    const entity = await this.entities.create(auth.accountId, {
      name: body.name,
      purpose: body.purpose,
      externalUserId: body.external_user_id,
    });
    return { ok: true, entity: EntityDto.from(entity) };
  }

  @Get(':id')
  @RequireScopes(SCOPES.read)
  @ApiOperation({ summary: 'One entity', description: 'Needs `entities:read`. Another account\'s entity answers 404 `entity_not_found`.' })
  @ApiOkResponse({ type: EntityResponseDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'entity_not_found' })
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<EntityResponseDto> {
    return { ok: true, entity: EntityDto.from(await this.entities.get(auth.accountId, id)) };
  }
}

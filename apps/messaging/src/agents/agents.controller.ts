import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { AgentsService } from './agents.service';
import { AgentDto, AgentListDto, DeletedDto } from './dto/agent.dto';
import { CreateAgentDto } from './dto/create-agent.dto';
import { UpdateAgentDto } from './dto/update-agent.dto';
import { ErrorResponses } from '../common/error-responses';

@ApiTags('agents')
@ErrorResponses()
@Controller('v1/agents')
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  @Get()
  @ApiOperation({ summary: 'List all agents of the account', description: 'Newest first. Answers `{data, total}`.' })
  @ApiOkResponse({ type: AgentListDto })
  async list(@Auth() auth: AuthContext): Promise<AgentListDto> {
    const { data, total } = await this.agents.list(auth.accountId);
    return { data: data.map(AgentDto.from), total };
  }

  @Post()
  @ApiOperation({ summary: 'Create an agent' })
  @ApiCreatedResponse({ type: AgentDto })
  async create(@Auth() auth: AuthContext, @Body() body: CreateAgentDto): Promise<AgentDto> {
    return AgentDto.from(
      await this.agents.create(auth.accountId, {
        name: body.name,
        soulId: body.soul_id,
        language: body.language,
        replyLanguage: body.reply_language,
        metadata: body.metadata,
      }),
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'Details of one agent' })
  @ApiOkResponse({ type: AgentDto })
  async get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AgentDto> {
    return AgentDto.from(await this.agents.get(auth.accountId, id));
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Change an agent',
    description:
      'Partial: only the fields given change (`name`, `soul_id`, `language`, `reply_language`, `metadata`), validated as on creation; an unknown ' +
      '`soul_id` answers 422. The agent keeps its id, channels, conversations and history: replies written from then on use the new name, soul and ' +
      "languages. `language: null` goes back to the soul's language; `metadata: null` clears it to `{}`; `name`, `soul_id` and `reply_language` may not be null. " +
      "Another account's agent answers 404.",
  })
  @ApiOkResponse({ type: AgentDto })
  async update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateAgentDto): Promise<AgentDto> {
    return AgentDto.from(
      await this.agents.update(auth.accountId, id, {
        name: body.name,
        soulId: body.soul_id,
        language: body.language,
        replyLanguage: body.reply_language,
        metadata: body.metadata,
      }),
    );
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove the agent and all its associated data' })
  @ApiOkResponse({ type: DeletedDto })
  async remove(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedDto> {
    await this.agents.remove(auth.accountId, id);
    return { id, deleted: true };
  }
}

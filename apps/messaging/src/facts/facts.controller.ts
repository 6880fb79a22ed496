import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorResponses } from '../common/error-responses';
import { FactDto, FactListDto } from './dto/fact.dto';
import { FactsService } from './facts.service';

@ApiTags('conversations')
@ErrorResponses()
@Controller('v1/conversations/:id/facts')
export class FactsController {
  constructor(private readonly facts: FactsService) {}

  @Get()
  @ApiOperation({
    summary: 'What the conversation has told about the person',
    description:
      "Read-only. The facts the built-in extractor took from the conversation's `user` messages: name, tastes, people, places, job, goals, " +
      'numbers and codes (order, ticket, tracking, invoice, booking…), contacts and dates, one per slot: a later statement replaces the earlier ' +
      '(a corrected order number). Every reply gets them, whatever the history window (LLM_HISTORY_TURNS); an LLM provider gets them in its system prompt. ' +
      'Passwords and card numbers are never kept. `{data, total}`, oldest first.',
  })
  @ApiOkResponse({ type: FactListDto })
  async list(@Auth() auth: AuthContext, @Param('id') id: string): Promise<FactListDto> {
    const facts = await this.facts.list(auth.accountId, id);
    return { data: facts.map(FactDto.from), total: facts.length };
  }
}

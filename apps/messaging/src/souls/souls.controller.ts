import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { getSoul, listSouls } from '@platform/conversation';
import { NotFoundError } from '@platform/errors';
import { ErrorResponses } from '../common/error-responses';
import { SoulDto, SoulListDto } from './dto/soul.dto';

@ApiTags('souls')
@ErrorResponses()
@Controller('v1/souls')
export class SoulsController {
  @Get()
  @ApiOperation({ summary: 'List the personalities (souls) an agent can have', description: 'Answers `{data, total}`.' })
  @ApiOkResponse({ type: SoulListDto })
  list(): SoulListDto {
    const data = listSouls().map(SoulDto.from);
    return { data, total: data.length };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One personality' })
  @ApiOkResponse({ type: SoulDto })
  get(@Param('id') id: string): SoulDto {
    const soul = getSoul(id);
    if (!soul) throw new NotFoundError(`Soul ${id} not found`);
    return SoulDto.from(soul);
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { ErrorResponses } from '../common/error-responses';
import { MeDto } from './dto/me.dto';
import { MeUseCases } from './me.use-cases';

@ApiTags('account')
@ErrorResponses()
@Controller('v1/me')
export class MeController {
  constructor(private readonly useCases: MeUseCases) {}

  @Get()
  @ApiOperation({ summary: 'The calling account and credential' })
  @ApiOkResponse({ type: MeDto })
  me(@Auth() auth: AuthContext): Promise<MeDto> {
    return this.useCases.me(auth);
  }
}

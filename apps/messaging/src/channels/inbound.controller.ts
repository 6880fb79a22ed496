import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { RawBodyRequest, SkipRateLimit } from '@platform/http';
import type { Request, Response } from 'express';
import { InboundService } from './inbound.service';

/**
 * Webhooks the platforms call. Public (the platforms hold no API key): each request must carry
 * the platform's proof instead — Meta's X-Hub-Signature-256 over the raw body, Telegram's
 * secret token header — or it is refused with nothing stored.
 */
@ApiExcludeController()
@Public()
@SkipRateLimit()
@Controller('v1/inbound')
export class InboundController {
  constructor(private readonly inbound: InboundService) {}

  @Get(':kind/:channelId')
  async handshake(
    @Param('kind') kind: string,
    @Param('channelId') channelId: string,
    @Query() query: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const challenge = await this.inbound.handshake(kind, channelId, query);
    res.status(200).type('text/plain').send(challenge);
  }

  @Post(':kind/:channelId')
  @HttpCode(200)
  async receive(@Param('kind') kind: string, @Param('channelId') channelId: string, @Req() req: Request & RawBodyRequest) {
    return this.inbound.receive(kind, channelId, req);
  }
}

import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import { RawBodyRequest, SkipRateLimit } from '@platform/http';
import type { Request, Response } from 'express';
import { ErrorDto } from '../common/error-responses';
import { InboundResultDto } from './dto/channel.dto';
import { InboundService } from './inbound.service';

/**
 * Webhooks the platforms call. Public (the platforms hold no API key): each request must carry
 * the platform's proof instead — Meta's X-Hub-Signature-256 over the raw body, Telegram's
 * secret token header — or it is refused with nothing stored.
 */
@ApiTags('inbound')
@Public()
@SkipRateLimit()
@Controller('v1/inbound')
export class InboundController {
  constructor(private readonly inbound: InboundService) {}

  @Get(':kind/:channelId')
  @ApiOperation({
    summary: "Meta's webhook verification handshake (WhatsApp, Messenger)",
    description:
      'Called by Meta with `hub.mode=subscribe`, `hub.verify_token` and `hub.challenge`: answers the challenge as text when the ' +
      "verify token matches the channel's, 403 otherwise. No API key: this URL is the channel's `webhook_url`.",
  })
  @ApiParam({ name: 'kind', enum: ['whatsapp', 'messenger'] })
  @ApiOkResponse({ description: 'The challenge, as text/plain', content: { 'text/plain': { schema: { type: 'string', example: '1158201444' } } } })
  @ApiResponse({ status: 403, type: ErrorDto, description: 'forbidden: the verify token does not match the channel’s' })
  @ApiResponse({ status: 404, type: ErrorDto, description: 'not_found: no channel of this kind with this id' })
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
  @ApiOperation({
    summary: 'Updates from a platform (WhatsApp, Telegram, Messenger)',
    description:
      "No API key: the request must carry the platform's proof — `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app " +
      'secret) for WhatsApp and Messenger, `X-Telegram-Bot-Api-Secret-Token` for Telegram — or it answers 401 `invalid_signature` ' +
      'and stores nothing. Each message is stored once (a redelivery with the same platform message id counts as a duplicate) in the ' +
      "sender's open conversation (a new one if none), and the agent's reply is sent through the platform's send API from a queue. " +
      'Messages one update carries from one sender are stored in order and answered once: one reply (to the last of them) written from all of them. ' +
      "WhatsApp: a change whose `metadata.phone_number_id` is not the channel's `phone_number_id` is refused — nothing stored, nothing sent from " +
      "the channel's number — and counted in `refused`; the answer is still 200, because Meta retries any other answer for days and the payload " +
      'would never become acceptable (the refusal is logged). Media without a caption are stored with empty `content` and the media as an ' +
      'attachment. Telegram: `edited_message` changes the text of the stored message (`edited_at`), with no new turn or reply (`edited`).',
  })
  @ApiParam({ name: 'kind', enum: ['whatsapp', 'telegram', 'messenger'] })
  @ApiBody({ description: 'The platform’s update, as it sends it (JSON)', schema: { type: 'object', additionalProperties: true } })
  @ApiOkResponse({ type: InboundResultDto })
  @ApiResponse({ status: 401, type: ErrorDto, description: 'invalid_signature: the platform’s proof is missing or wrong; nothing is stored' })
  @ApiResponse({ status: 404, type: ErrorDto, description: 'not_found: no channel of this kind with this id' })
  async receive(@Param('kind') kind: string, @Param('channelId') channelId: string, @Req() req: Request & RawBodyRequest): Promise<InboundResultDto> {
    return this.inbound.receive(kind, channelId, req);
  }
}

import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext } from '@platform/auth';
import { atInput, NotFoundError } from '@platform/errors';
import { SecretResponse } from '@platform/http';
import { ErrorResponses } from '../common/error-responses';
import { ListDeliveriesQuery, PutWebhookSettingsDto, WebhookDeliveryDto, WebhookDeliveryListDto, WebhookSettingsDto } from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

const SIGNING =
  'The one event kind is `message.received`: a `user` message was stored (through the API or from a platform), `data.role` is `user`; ' +
  'operator (`assistant`) and `system` messages and agent replies are not sent. ' +
  'Each event is a POST with a JSON body `{event, data}` signed per Standard Webhooks: headers `webhook-id` (the delivery id, ' +
  'stable across retries), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of ' +
  '"<id>.<timestamp>.<body>" keyed with the secret after `whsec_`>`). Any 2xx answer within 10 s counts as delivered; ' +
  'anything else is retried with exponential backoff, and every attempt is listed at GET /v1/webhook-deliveries. ' +
  'While the webhook is paused (`enabled: false`) events are held, not dropped, and sent when it is enabled again.';

@ApiTags('webhooks')
@ErrorResponses()
@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get('v1/settings/webhook')
  @ApiOperation({ summary: "The account's webhook", description: `\`url\` is null when none is set; the secret is never shown again. ${SIGNING}` })
  @ApiOkResponse({ type: WebhookSettingsDto })
  async get(@Auth() auth: AuthContext): Promise<WebhookSettingsDto> {
    return WebhookSettingsDto.from(await this.webhooks.getEndpoint(auth.accountId));
  }

  @Put('v1/settings/webhook')
  @SecretResponse()
  @ApiOperation({
    summary: "Set the account's webhook",
    description: `Creates or updates it. A signing secret (\`whsec_…\`) is made on creation and on \`rotate_secret\`, and shown only in that response. Sent with an \`Idempotency-Key\`, the response is stored encrypted (SECRETS_KEY) and a replay answers it again, secret included. ${SIGNING}`,
  })
  @ApiOkResponse({ type: WebhookSettingsDto })
  async put(@Auth() auth: AuthContext, @Body() body: PutWebhookSettingsDto): Promise<WebhookSettingsDto> {
    const { endpoint, secret } = await this.webhooks.configure(auth.accountId, {
      url: body.url,
      enabled: body.enabled,
      rotateSecret: body.rotate_secret,
    });
    return WebhookSettingsDto.from(endpoint, secret);
  }

  @Delete('v1/settings/webhook')
  @ApiOperation({
    summary: "Remove the account's webhook",
    description: 'Pending deliveries stop being retried; held ones (recorded while it was paused) are never sent (`failed`).',
  })
  @ApiOkResponse({ type: WebhookSettingsDto })
  async remove(@Auth() auth: AuthContext): Promise<WebhookSettingsDto> {
    if (!(await this.webhooks.remove(auth.accountId))) throw new NotFoundError('No webhook is set for this account');
    return WebhookSettingsDto.from(null);
  }

  @Get('v1/webhook-deliveries')
  @ApiOperation({ summary: 'Webhook deliveries and their attempts', description: 'Newest first; `{data, total, next_cursor}`.' })
  @ApiOkResponse({ type: WebhookDeliveryListDto })
  async deliveries(@Auth() auth: AuthContext, @Query() query: ListDeliveriesQuery): Promise<WebhookDeliveryListDto> {
    const { data, total, nextCursor } = await atInput('query', () =>
      this.webhooks.listDeliveries(auth.accountId, { limit: query.limit, cursor: query.cursor, status: query.status, conversationId: query.conversation_id }),
    );
    return { data: data.map(WebhookDeliveryDto.from), total, next_cursor: nextCursor };
  }
}

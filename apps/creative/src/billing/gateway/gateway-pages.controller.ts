import { Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import type { RawBodyRequest } from '@platform/http';
import type { Request, Response } from 'express';
import { ErrorDto } from '../../common/error-responses';
import { WebhookAckDto } from '../dto/billing.dto';
import { BillingService } from '../billing.service';
import { PaymentsService } from './payments.service';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><meta name="viewport" content="width=device-width">` +
  `<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}</style></head>` +
  `<body><h1>${esc(title)}</h1>${body}</body></html>`;

/**
 * What the payment gateways call back: the local gateway's pages (HTML, no credentials: the unguessable checkout id
 * is the capability) and Stripe's webhook.
 */
@ApiTags('billing')
@Controller('v1/billing')
export class GatewayPagesController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly billing: BillingService,
  ) {}

  @Post('stripe/webhook')
  @HttpCode(200)
  @Public()
  @ApiSecurity({})
  @ApiOperation({
    summary: 'Stripe webhook',
    description:
      'Verified with `Stripe-Signature` (STRIPE_WEBHOOK_SECRET; 400 `invalid_signature` otherwise, nothing changed) and applied once per event id (a replay answers `applied: false`): ' +
      '`checkout.session.completed` (a plan becomes the account\'s with its monthly credits; a credit pack adds its credits), `customer.subscription.created|updated|deleted` ' +
      '(the plan and subscription state), `invoice.paid` (a renewal grants the plan\'s monthly credits).',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ type: WebhookAckDto })
  @ApiResponse({ status: 400, type: ErrorDto, description: 'invalid_signature' })
  @ApiResponse({ status: 404, type: ErrorDto, description: 'webhook_not_configured: STRIPE_WEBHOOK_SECRET is not set' })
  stripeWebhook(@Req() req: Request & RawBodyRequest, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookAckDto> {
    return this.payments.stripeWebhook(req.rawBody, signature);
  }

  @Get('local/checkout/:id')
  @Public()
  @ApiExcludeEndpoint()
  async checkoutPage(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const row = await this.payments.localSession(id, 'checkout');
    const plan = this.billing.plan(row.plan_id);
    const body =
      row.state === 'open'
        ? `<p>${esc(plan?.name ?? row.plan_id)}: <strong id="credits">${plan?.monthly_credits ?? 0} credits</strong>${plan?.kind === 'plan' ? ' a month' : ''}, ` +
          `${((plan?.price_cents ?? 0) / 100).toFixed(2)} USD (local test gateway: no money moves).</p>` +
          `<form method="post" action="/v1/billing/local/checkout/${esc(row.id)}/complete" style="display:inline"><button id="pay" type="submit">Complete purchase</button></form>` +
          `<form method="post" action="/v1/billing/local/checkout/${esc(row.id)}/cancel" style="display:inline"><button id="cancel" type="submit">Cancel</button></form>`
        : `<p id="state">This checkout is ${esc(row.state)}.</p>`;
    res.status(200).type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store').send(page('Checkout', body));
  }

  @Post('local/checkout/:id/complete')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async complete(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const row = await this.payments.localFinish(id, 'completed');
    this.finish(res, row.state, row.state === 'completed' ? row.success_url : row.cancel_url);
  }

  @Post('local/checkout/:id/cancel')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async cancel(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const row = await this.payments.localFinish(id, 'cancelled');
    this.finish(res, row.state, row.state === 'completed' ? row.success_url : row.cancel_url);
  }

  private finish(res: Response, state: string, to: string | null): void {
    if (to) return void res.redirect(303, to);
    res.status(200).type('text/html; charset=utf-8').send(page('Checkout', `<p id="state">This checkout is ${esc(state)}.</p>`));
  }

  @Get('local/portal/:id')
  @Public()
  @ApiExcludeEndpoint()
  async portalPage(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const row = await this.payments.localSession(id, 'portal');
    const acct = await this.billing.account(row.account_id);
    const body =
      `<p>Plan: <strong id="plan">${esc(acct.plan_id)}</strong>; balance <strong id="balance">${esc(acct.balance)}</strong> credits.</p>` +
      (acct.plan_id !== 'free' ? `<form method="post" action="/v1/billing/local/portal/${esc(row.id)}/cancel-subscription"><button id="cancel-subscription">Cancel subscription</button></form>` : '') +
      (row.success_url ? `<p><a id="return" href="${esc(row.success_url)}">Back</a></p>` : '');
    res.status(200).type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store').send(page('Billing', body));
  }

  @Post('local/portal/:id/cancel-subscription')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async portalCancel(@Param('id') id: string, @Res() res: Response): Promise<void> {
    await this.payments.localCancelSubscription(id);
    res.redirect(303, `/v1/billing/local/portal/${encodeURIComponent(id)}`);
  }

  @Get('local/return')
  @Public()
  @ApiExcludeEndpoint()
  returned(@Query('status') status: string | undefined, @Res() res: Response): void {
    res.status(200).type('text/html; charset=utf-8').send(page('Billing', `<p>${status === 'cancel' ? 'The purchase was cancelled.' : 'Done.'} You can close this page.</p>`));
  }
}

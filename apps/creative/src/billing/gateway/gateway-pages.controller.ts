import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiHeader, ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Public } from '@platform/auth';
import type { RawBodyRequest } from '@platform/http';
import type { Request, Response } from 'express';
import { ErrorDto } from '../../common/error-responses';
import { AcceptsAnyQuery } from '../../common/known-query.interceptor';
import { WebhookAckDto } from '../dto/billing.dto';
import { BillingService } from '../billing.service';
import { PaymentsService, type CheckoutRow } from './payments.service';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><meta name="viewport" content="width=device-width">` +
  `<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}</style></head>` +
  `<body><h1>${esc(title)}</h1>${body}</body></html>`;

/** An http(s) URL's origin as a CSP source (`https://app.example.com`, `http://127.0.0.1:8080`), or null. */
function cspOrigin(url: string | null): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return (protocol === 'http:' || protocol === 'https:') && /^https?:\/\/(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The checkout page's own Content-Security-Policy: no script, its inline style, and forms that may go to this
 * service and, since completing or cancelling redirects there (`form-action` also governs a form's redirects), to
 * the origins of its success and cancel URLs: those exactly, nothing broader.
 */
function checkoutPagePolicy(row: CheckoutRow): string {
  const targets = [...new Set([row.success_url, row.cancel_url].map(cspOrigin).filter((o): o is string => o !== null))];
  return [
    `default-src 'none'`,
    `style-src 'unsafe-inline'`,
    `form-action 'self'${targets.map((o) => ` ${o}`).join('')}`,
    `frame-ancestors 'none'`,
    `base-uri 'none'`,
  ].join('; ');
}

/** A hidden form field with the page's token: the forms post it, never in their URL. */
const tokenField = (token: unknown) => `<input type="hidden" name="token" value="${esc(String(token))}">`;

/**
 * What the payment gateways call back: the local gateway's pages (HTML, no API key) and Stripe's webhook. A local
 * checkout's page, completion and cancellation, and a local portal session's page and subscription cancellation,
 * need the token of the URL answered to the account that opened it (`?token=` on the page; a form field when posted).
 */
@ApiTags('billing')
@Controller('v1/billing')
@AcceptsAnyQuery()
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
      "`checkout.session.completed` (a plan becomes the account's with its monthly credits; a credit pack adds its credits), `customer.subscription.created|updated|deleted` " +
      "(the plan and subscription state), `invoice.paid` (a renewal grants the plan's monthly credits).",
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
  async checkoutPage(@Param('id') id: string, @Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    const row = await this.payments.localPage(id, 'checkout', token);
    const plan = this.billing.plan(row.plan_id);
    const form = (action: 'complete' | 'cancel', button: string) =>
      `<form method="post" action="/v1/billing/local/checkout/${esc(row.id)}/${action}" style="display:inline">` + `${tokenField(token)}${button}</form>`;
    const body =
      row.state === 'open'
        ? `<p>${esc(plan?.name ?? row.plan_id)}: <strong id="credits">${plan?.monthly_credits ?? 0} credits</strong>${plan?.kind === 'plan' ? ' a month' : ''}, ` +
          `${((plan?.price_cents ?? 0) / 100).toFixed(2)} USD (local test gateway: no money moves).</p>` +
          form('complete', '<button id="pay" type="submit">Complete purchase</button>') +
          form('cancel', '<button id="cancel" type="submit">Cancel</button>')
        : `<p id="state">This checkout is ${esc(row.state)}.</p>`;
    res
      .status(200)
      .type('text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Security-Policy', checkoutPagePolicy(row))
      .send(page('Checkout', body));
  }

  @Post('local/checkout/:id/complete')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async complete(@Param('id') id: string, @Body('token') token: unknown, @Res() res: Response): Promise<void> {
    const { row } = await this.payments.localFinish(id, token, 'completed');
    this.finish(res, row.state, row.success_url);
  }

  @Post('local/checkout/:id/cancel')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async cancel(@Param('id') id: string, @Body('token') token: unknown, @Res() res: Response): Promise<void> {
    const { row } = await this.payments.localFinish(id, token, 'cancelled');
    this.finish(res, row.state, row.cancel_url);
  }

  private finish(res: Response, state: string, to: string | null): void {
    if (to) return void res.redirect(303, to);
    res
      .status(200)
      .type('text/html; charset=utf-8')
      .send(page('Checkout', `<p id="state">This checkout is ${esc(state)}.</p>`));
  }

  @Get('local/portal/:id')
  @Public()
  @ApiExcludeEndpoint()
  async portalPage(@Param('id') id: string, @Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    const row = await this.payments.localPage(id, 'portal', token);
    const acct = await this.billing.account(row.account_id);
    const body =
      `<p>Plan: <strong id="plan">${esc(acct.plan_id)}</strong>; balance <strong id="balance">${esc(acct.balance)}</strong> credits.</p>` +
      (row.state !== 'open'
        ? '<p id="state">The subscription was cancelled with this session.</p>'
        : acct.plan_id !== 'free'
          ? `<form method="post" action="/v1/billing/local/portal/${esc(row.id)}/cancel-subscription">${tokenField(token)}<button id="cancel-subscription" type="submit">Cancel subscription</button></form>`
          : '') +
      (row.success_url ? `<p><a id="return" href="${esc(row.success_url)}">Back</a></p>` : '');
    res.status(200).type('text/html; charset=utf-8').setHeader('Cache-Control', 'no-store').send(page('Billing', body));
  }

  @Post('local/portal/:id/cancel-subscription')
  @HttpCode(200)
  @Public()
  @ApiExcludeEndpoint()
  async portalCancel(@Param('id') id: string, @Body('token') token: unknown, @Res() res: Response): Promise<void> {
    await this.payments.localCancelSubscription(id, token);
    // Back to the page (POST-redirect-GET), which needs the token it was shown with; the token is used up for cancelling.
    res.redirect(303, `/v1/billing/local/portal/${encodeURIComponent(id)}?token=${encodeURIComponent(String(token))}`);
  }

  @Get('local/return')
  @Public()
  @ApiExcludeEndpoint()
  returned(@Query('status') status: string | undefined, @Res() res: Response): void {
    res
      .status(200)
      .type('text/html; charset=utf-8')
      .send(page('Billing', `<p>${status === 'cancel' ? 'The purchase was cancelled.' : 'Done.'} You can close this page.</p>`));
  }
}

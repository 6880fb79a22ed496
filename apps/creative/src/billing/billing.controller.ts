import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Public } from '@platform/auth';
import { IdempotentEffect, RERUN_EFFECT, SecretResponse } from '@platform/http';
import { ErrorDto, ErrorResponses } from '../common/error-responses';
import { BillingService } from './billing.service';
import { BillingUseCases } from './billing.use-cases';
import {
  AccountPlanDto,
  CheckoutDto,
  CheckoutRequestDto,
  EstimateDto,
  EstimateRequestDto,
  LedgerEntryDto,
  LedgerListDto,
  LedgerQuery,
  PaymentStatusDto,
  PortalDto,
  PortalRequestDto,
  PriceBookDto,
  ReservationDto,
  ReservationListDto,
  ReservationsQuery,
} from './dto/billing.dto';
import { PaymentsService } from './gateway/payments.service';
import { ReservationsService } from './reservations.service';
import { atInput } from '@platform/errors';

@ApiTags('billing')
@ErrorResponses()
@Controller('v1/billing')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    private readonly useCases: BillingUseCases,
    private readonly payments: PaymentsService,
    private readonly releases: ReservationsService,
  ) {}

  @Get('price-book')
  @Public()
  @ApiSecurity({})
  @ApiOperation({
    summary: 'The price book (public, no credentials)',
    description:
      "Every billable operation's price in credits and the parameters it depends on, the video tiers, the prices by provider, and the plans and credit packs " +
      'with their monthly credits. POST /v1/billing/estimate and every charge use these same rules: an estimate is what the operation then costs.',
  })
  @ApiOkResponse({ type: PriceBookDto })
  priceBook(): PriceBookDto {
    return this.useCases.priceBook();
  }

  @Get('plan')
  @ApiOperation({
    summary: "The account's plan and balance",
    description: 'New accounts start on `free` with its monthly grant; the next grant is added at `period_end`.',
  })
  @ApiOkResponse({ type: AccountPlanDto })
  plan(@Auth() auth: AuthContext): Promise<AccountPlanDto> {
    return this.useCases.plan(auth);
  }

  @Get(['payment/status', 'gateway/status'])
  @ApiOperation({
    summary: "The payment gateway and the account's customer and subscription",
    description:
      "Which gateway (`local` or `stripe`), test or live mode, whether it answers now, and the account's customer and subscription. Both paths are one operation.",
  })
  @ApiOkResponse({ type: PaymentStatusDto })
  status(@Auth() auth: AuthContext): Promise<PaymentStatusDto> {
    return this.payments.status(auth.accountId);
  }

  @Post(['checkout', 'gateway/checkout'])
  @HttpCode(200)
  @SecretResponse()
  @ApiOperation({
    summary: 'Buy a plan or a credit pack',
    description:
      'Answers the `url` where the purchase is paid. Local gateway: a page of this service where it is completed or cancelled; completing it credits the account ' +
      "(a plan: it becomes the account's and grants its monthly credits; a pack: its credits). Its `token` query parameter, answered here only, is the single-use proof " +
      "that completing or cancelling needs (the service keeps its SHA-256 only): hand the URL to the buyer's browser and nobody else. " +
      'With NODE_ENV=production the service runs the local gateway only when explicitly allowed. Stripe: a Checkout Session (subscription for a plan, payment for a pack); ' +
      "the account is credited when Stripe's webhook reports it paid. Both paths are one operation. " +
      'Sent with an `Idempotency-Key`, the response (its `url` is a credential) is stored encrypted (SECRETS_KEY) and a replay answers it again; ' +
      'when the process that ran it died before answering, a retry opens a new purchase (the URL the client never got cannot be paid). ' +
      'Plan changes follow Stripe: from free a new period; an upgrade at once with the difference of monthly credits prorated to the rest of the period ' +
      '(the period kept); a downgrade scheduled for `period_end`. 409 `plan_already_active` for the plan held, `plan_change_scheduled` for a downgrade ' +
      'already scheduled, `subscription_active` (Stripe) for another plan while a subscription runs (change it in the portal): nothing is opened.',
  })
  @ApiOkResponse({ type: CheckoutDto })
  @ApiResponse({ status: 409, type: ErrorDto, description: 'plan_already_active, plan_change_scheduled or subscription_active: nothing opened' })
  @ApiResponse({ status: 502, type: ErrorDto, description: 'payment_gateway_error: the gateway refused or did not answer' })
  @IdempotentEffect(RERUN_EFFECT)
  checkout(@Auth() auth: AuthContext, @Body() body: CheckoutRequestDto): Promise<CheckoutDto> {
    return this.payments.checkout(auth.accountId, body.plan_id, body.success_url ?? null, body.cancel_url ?? null);
  }

  @Post(['portal', 'gateway/portal'])
  @HttpCode(200)
  @SecretResponse()
  @ApiOperation({
    summary: 'The billing portal',
    description:
      'A URL where the customer manages the subscription (Stripe Billing Portal; local: a page of this service whose `token` query parameter, answered here only, ' +
      'is what showing it and cancelling the subscription need; cancelling uses it up, so open a new session to cancel again). Both paths are one operation. ' +
      'Sent with an `Idempotency-Key`, the response (its `url` is a credential) is stored encrypted (SECRETS_KEY) and a replay answers it again; ' +
      'when the process that ran it died before answering, a retry opens a new session.',
  })
  @ApiOkResponse({ type: PortalDto })
  @ApiResponse({ status: 502, type: ErrorDto, description: 'payment_gateway_error' })
  @IdempotentEffect(RERUN_EFFECT)
  portal(@Auth() auth: AuthContext, @Body() body: PortalRequestDto): Promise<PortalDto> {
    return this.payments.portal(auth.accountId, body.return_url ?? null);
  }

  @Post('estimate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'What an operation would cost',
    description: '`operation` and the `params` it is priced by (see the price book); a missing or out-of-range parameter is a 422 at `["body","params",name]`.',
  })
  @ApiOkResponse({ type: EstimateDto })
  @IdempotentEffect(RERUN_EFFECT)
  estimate(@Body() body: EstimateRequestDto): EstimateDto {
    return this.useCases.estimate(body);
  }

  @Get('ledger')
  @ApiOperation({
    summary: 'The ledger, newest first',
    description: 'Append-only: grant, purchase, reserve, capture, release, refund, adjustment, each with the balance after it.',
  })
  @ApiOkResponse({ type: LedgerListDto })
  async ledger(@Auth() auth: AuthContext, @Query() q: LedgerQuery): Promise<LedgerListDto> {
    const page = await atInput('query', () => this.billing.ledgerPage(auth.accountId, q.limit ?? 50, q.cursor));
    return { data: page.data.map(LedgerEntryDto.from), next_cursor: page.nextCursor };
  }

  @Get('reservations')
  @ApiOperation({
    summary: 'Reservations, newest first',
    description: 'held → captured (the work succeeded) or released (it failed, was cancelled, expired, or was released).',
  })
  @ApiOkResponse({ type: ReservationListDto })
  async reservations(@Auth() auth: AuthContext, @Query() q: ReservationsQuery): Promise<ReservationListDto> {
    const page = await this.billing.reservationsPage(auth.accountId, q.limit ?? 50, q.cursor, q.state);
    return { data: page.data.map(ReservationDto.from), next_cursor: page.nextCursor };
  }

  @Post('reservations/:reservation_id/release')
  @HttpCode(200)
  @ApiParam({ name: 'reservation_id', example: 'res_01jdz3k5q8c9w3m5y4x0b7n2ph' })
  @ApiOperation({
    summary: 'Release a held reservation',
    description:
      'A held reservation whose work has not started (a queued job: the job is cancelled with it) or has ended: its credits return to the balance. ' +
      '409 `reservation_in_use` while its work runs, 409 `reservation_not_held` once captured or released.',
  })
  @ApiOkResponse({ type: ReservationDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'not_found' })
  @ApiResponse({ status: 409, type: ErrorDto, description: 'reservation_in_use or reservation_not_held' })
  async release(@Auth() auth: AuthContext, @Param('reservation_id') id: string): Promise<ReservationDto> {
    await this.releases.release(auth.accountId, id);
    return ReservationDto.from(await this.billing.reservation(auth.accountId, id));
  }
}

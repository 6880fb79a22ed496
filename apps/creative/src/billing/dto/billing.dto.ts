import { IsNotBlank } from '@platform/errors';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CursorField, LimitField } from '@platform/http';
import { IsIn, IsObject, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { EstimateDto } from '../../common/error-responses';
import { BILLABLE_OPERATIONS } from '../metering';
import type { LedgerRow, ReservationRow } from '../billing.service';
import { MAX_LIST_LIMIT } from '../../common/list-limit';

const URL_OPTS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

export class EstimateRequestDto {
  @ApiProperty({ enum: BILLABLE_OPERATIONS, example: 'render' })
  @IsString()
  @IsNotBlank()
  @IsIn([...BILLABLE_OPERATIONS], { message: `operation must be one of ${BILLABLE_OPERATIONS.join(', ')}` })
  operation: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: { width: 1080, height: 1080, format: 'png' },
    description: 'The parameters the operation is priced by (see the price book)',
  })
  @IsOptional()
  @IsObject()
  params?: Record<string, unknown>;
}

export class CheckoutRequestDto {
  @ApiProperty({ example: 'pro', description: 'A plan or credit pack of the price book (not `free`)' })
  @IsString()
  @IsNotBlank()
  @MaxLength(64)
  plan_id: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://app.example.com/billing/done', description: 'Where the buyer lands after paying' })
  @IsOptional()
  @IsUrl(URL_OPTS, { message: 'success_url must be an http(s) URL' })
  @MaxLength(2048)
  success_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Where the buyer lands after cancelling' })
  @IsOptional()
  @IsUrl(URL_OPTS, { message: 'cancel_url must be an http(s) URL' })
  @MaxLength(2048)
  cancel_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255, description: 'Same as the `Idempotency-Key` header' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  idempotency_key?: string | null;
}

export class PortalRequestDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Where the portal sends the customer back' })
  @IsOptional()
  @IsUrl(URL_OPTS, { message: 'return_url must be an http(s) URL' })
  @MaxLength(2048)
  return_url?: string | null;
}

export class CheckoutDto {
  @ApiProperty({ enum: ['local', 'stripe'] }) gateway: string;
  @ApiProperty({ example: 'chk_01jdz3k5q8c9w3m5y4x0b7n2ph', description: 'The checkout (local) or Checkout Session (Stripe) id' }) checkout_id: string;
  @ApiProperty({ description: "Open it in a browser to pay (local: a page of this service, with the checkout's single-use `token`)" }) url: string;
  @ApiProperty({ example: 'pro' }) plan_id: string;
}

export class PortalDto {
  @ApiProperty({ enum: ['local', 'stripe'] }) gateway: string;
  @ApiProperty({ description: "Open it in a browser to manage the subscription (local: a page of this service, with the session's `token`)" }) url: string;
}

export class SubscriptionDto {
  @ApiProperty({ description: 'Stripe: `sub_…`; local gateway: `sub_local_…`' }) id: string;
  @ApiProperty({ type: String, nullable: true, example: 'active' }) status: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'pro', description: 'The paid plan it is for (null once it ended)' }) plan_id: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) current_period_start: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it renews (and a scheduled change takes effect)' })
  current_period_end: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'A downgrade scheduled for `current_period_end` (null: none)' })
  scheduled_plan_id: string | null;
}

export class PaymentStatusDto {
  @ApiProperty({ enum: ['local', 'stripe'] }) gateway: string;
  @ApiProperty({ enum: ['test', 'live'] }) mode: string;
  @ApiProperty({ description: 'Whether the gateway answered just now' }) reachable: boolean;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ example: 'free' }) plan_id: string;
  @ApiProperty({ type: String, nullable: true, description: 'The gateway customer of the account (Stripe: `cus_…`)' }) customer_id: string | null;
  @ApiProperty({ type: SubscriptionDto, nullable: true }) subscription: SubscriptionDto | null;
}

export class PlanLimitsDto {
  @ApiProperty() rate_limit_per_minute: string;
  @ApiProperty({ type: 'integer' }) max_list_limit: number;
}

export class PlanDto {
  @ApiProperty({ example: 'pro' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: 'integer', description: 'Credits granted each month (a credit pack: the credits it adds once)' }) monthly_credits: number;
  @ApiProperty({ type: 'integer', description: 'Price in cents of `currency` (per month for a plan)' }) price_cents: number;
  @ApiProperty({ enum: ['plan', 'credit_pack'] }) kind: string;
  @ApiProperty({ type: PlanLimitsDto }) limits: PlanLimitsDto;
}

export class PriceRuleDto {
  @ApiProperty({ enum: BILLABLE_OPERATIONS }) operation: string;
  @ApiProperty({ type: [String] }) params: string[];
  @ApiProperty() rule: string;
}

export class VideoTierDto {
  @ApiProperty() tier: string;
  @ApiProperty({ type: 'integer' }) max_side: number;
  @ApiProperty({ type: 'integer' }) credits_per_second: number;
}

export class ImagePricesDto {
  @ApiProperty({ type: 'integer' }) render_credits_per_megapixel: number;
  @ApiProperty({ type: 'integer' }) procedural_credits_per_megapixel: number;
  @ApiProperty({ type: 'integer' }) transform_credits_per_operation: number;
}

const CREDITS_BY_PROVIDER = { type: 'object', additionalProperties: { type: 'integer' } } as const;
export class ProviderPricesDto {
  @ApiProperty(CREDITS_BY_PROVIDER) generation: Record<string, number>;
  @ApiProperty(CREDITS_BY_PROVIDER) vision: Record<string, number>;
  @ApiProperty(CREDITS_BY_PROVIDER) planning: Record<string, number>;
}

export class PriceBookDto {
  @ApiProperty({ example: '2026-01-01' }) version: string;
  @ApiProperty({ example: 'usd', description: 'Currency of plan prices' }) currency: string;
  @ApiProperty({ example: 'credit', description: 'Operations are priced in credits' }) unit: string;
  @ApiProperty({ type: [PriceRuleDto] }) operations: PriceRuleDto[];
  @ApiProperty({ type: ImagePricesDto }) image: ImagePricesDto;
  @ApiProperty({ type: [VideoTierDto] }) tiers: VideoTierDto[];
  @ApiProperty({ type: 'integer' }) high_fps_above: number;
  @ApiProperty({ type: ProviderPricesDto }) providers: ProviderPricesDto;
  @ApiProperty({ type: [PlanDto] }) plans: PlanDto[];
}

export class AccountPlanDto {
  @ApiProperty({ type: PlanDto }) plan: PlanDto;
  @ApiProperty({ type: 'integer', description: 'Credits available now (held reservations excluded)' }) balance: number;
  @ApiProperty({ type: 'integer', description: 'Credits held by reservations of work in progress' }) held: number;
  @ApiProperty({ format: 'date-time' }) period_start: string;
  @ApiProperty({ format: 'date-time', description: 'The next monthly grant is added then' }) period_end: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'A smaller plan the account moves to at `period_end` (a downgrade is scheduled, as Stripe changes at period end; null: none)',
  })
  scheduled_plan_id: string | null;
}

export class LedgerEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['grant', 'purchase', 'reserve', 'capture', 'release', 'refund', 'adjustment'] }) type: string;
  @ApiProperty({ type: 'integer', description: 'Change of the balance (negative for a reserve; 0 for a capture)' }) amount: number;
  @ApiProperty({ type: 'integer' }) balance_after: number;
  @ApiProperty({ type: String, nullable: true }) reservation_id: string | null;
  @ApiProperty({ type: String, nullable: true }) operation: string | null;
  @ApiProperty() description: string;
  @ApiProperty({ type: String, nullable: true, description: 'Gateway reference (checkout, event)' }) reference: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(r: LedgerRow): LedgerEntryDto {
    return {
      id: r.id,
      type: r.type,
      amount: Number(r.amount),
      balance_after: Number(r.balance_after),
      reservation_id: r.reservation_id,
      operation: r.operation,
      description: r.description,
      reference: r.reference,
      created_at: r.created_at.toISOString(),
    };
  }
}

export class ReservationDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: BILLABLE_OPERATIONS }) operation: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) params: Record<string, unknown>;
  @ApiProperty({ type: 'integer' }) credits: number;
  @ApiProperty({ enum: ['held', 'captured', 'released'] }) state: string;
  @ApiProperty({ type: String, nullable: true }) job_id: string | null;
  @ApiProperty({ type: String, nullable: true }) design_id: string | null;
  @ApiProperty({ type: String, nullable: true }) asset_id: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When its work started' }) started_at: string | null;
  @ApiProperty({ format: 'date-time', description: 'A held reservation nothing settles is released after this' }) expires_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) settled_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it was released (failed, cancelled, expired, released_by_client)' }) release_reason:
    string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;

  static from(r: ReservationRow): ReservationDto {
    return {
      id: r.id,
      operation: r.operation,
      params: r.params,
      credits: Number(r.credits),
      state: r.state,
      job_id: r.job_id,
      design_id: r.design_id,
      asset_id: r.asset_id,
      started_at: r.started_at?.toISOString() ?? null,
      expires_at: r.expires_at.toISOString(),
      settled_at: r.settled_at?.toISOString() ?? null,
      release_reason: r.release_reason,
      created_at: r.created_at.toISOString(),
    };
  }
}

export class LedgerListDto {
  @ApiProperty({ type: [LedgerEntryDto] }) data: LedgerEntryDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class ReservationListDto {
  @ApiProperty({ type: [ReservationDto] }) data: ReservationDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class LedgerQuery {
  @LimitField(50, MAX_LIST_LIMIT) limit?: number;
  @CursorField() cursor?: string;
}

export class ReservationsQuery extends LedgerQuery {
  @ApiPropertyOptional({ enum: ['held', 'captured', 'released'] })
  @IsOptional()
  @IsIn(['held', 'captured', 'released'])
  state?: 'held' | 'captured' | 'released';
}

export class WebhookAckDto {
  @ApiProperty() received: boolean;
  @ApiProperty({ description: 'false when the event id was applied before (a replay) or names no account' }) applied: boolean;
  @ApiProperty() type: string;
}

export { EstimateDto };

import { Inject, Injectable } from '@nestjs/common';
import type { AuthContext } from '@platform/auth';
import { APP_CONFIG } from '@platform/config';
import type { CreativeConfig } from '../config';
import { BillingService } from './billing.service';
import type { AccountPlanDto, EstimateDto, EstimateRequestDto, PriceBookDto } from './dto/billing.dto';
import { Metering, type BillableOperation } from './metering';
import { priceBook } from './price-book';

/** What REST and MCP read of billing: the price book, estimates, the account's plan and balance. */
@Injectable()
export class BillingUseCases {
  constructor(
    private readonly billing: BillingService,
    private readonly metering: Metering,
    @Inject(APP_CONFIG) private readonly config: CreativeConfig,
  ) {}

  priceBook(): PriceBookDto {
    return priceBook(this.config.billing.freeMonthlyCredits);
  }

  /** Exactly what the operation will be charged; nothing is reserved. */
  estimate(body: EstimateRequestDto): EstimateDto {
    return this.metering.estimate({ operation: body.operation as BillableOperation, params: body.params ?? {} });
  }

  async plan(auth: AuthContext): Promise<AccountPlanDto> {
    const acct = await this.billing.account(auth.accountId);
    const held = await this.billing.reservationsPage(auth.accountId, 200, undefined, 'held');
    const plan = this.billing.plan(acct.plan_id) ?? this.billing.plans[0];
    return {
      plan,
      balance: Number(acct.balance),
      held: held.data.reduce((a, r) => a + Number(r.credits), 0),
      period_start: acct.period_start.toISOString(),
      period_end: acct.period_end.toISOString(),
      scheduled_plan_id: acct.scheduled_plan_id,
    };
  }
}

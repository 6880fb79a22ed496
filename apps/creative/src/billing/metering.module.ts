import { Global, Module } from '@nestjs/common';
import { UsageController } from '../usage/usage.controller';
import { UsageService } from '../usage/usage.service';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { BillingUseCases } from './billing.use-cases';
import { GatewayPagesController } from './gateway/gateway-pages.controller';
import { LocalGateway } from './gateway/local-gateway';
import { PaymentsService } from './gateway/payments.service';
import { StripeGateway } from './gateway/stripe-gateway';
import { LedgerMetering } from './ledger-metering';
import { Metering } from './metering';
import { ReservationSweep } from './reservation-sweep.service';
import { ReservationsService } from './reservations.service';

/** Billing (price book, credits, reservations, ledger, gateways) and usage; provides `Metering` to every feature module. */
@Global()
@Module({
  controllers: [BillingController, GatewayPagesController, UsageController],
  providers: [BillingService, BillingUseCases, LedgerMetering, { provide: Metering, useExisting: LedgerMetering }, LocalGateway, StripeGateway, PaymentsService, ReservationsService, ReservationSweep, UsageService],
  exports: [Metering, BillingService, BillingUseCases, UsageService],
})
export class MeteringModule {}

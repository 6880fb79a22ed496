import { Global, Module } from '@nestjs/common';
import { BillingController } from './billing.controller';
import { BillingJobsPort } from './billing-jobs.port';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { BillingUseCases } from './billing.use-cases';
import { GatewayPagesController } from './gateway/gateway-pages.controller';
import { LocalGateway } from './gateway/local-gateway';
import { PaymentsRepository } from './gateway/payments.repository';
import { PaymentsService } from './gateway/payments.service';
import { StripeGateway } from './gateway/stripe-gateway';
import { LedgerMetering } from './ledger-metering';
import { Metering } from './metering';
import { ReservationSweep } from './reservation-sweep.service';
import { ReservationsService } from './reservations.service';

/** Billing (price book, credits, reservations, ledger, gateways); provides `Metering` to every feature module. Usage is its own module above it (usage/usage.module.ts). */
@Global()
@Module({
  controllers: [BillingController, GatewayPagesController],
  providers: [
    BillingRepository,
    BillingJobsPort,
    PaymentsRepository,
    BillingService,
    BillingUseCases,
    LedgerMetering,
    { provide: Metering, useExisting: LedgerMetering },
    LocalGateway,
    StripeGateway,
    PaymentsService,
    ReservationsService,
    ReservationSweep,
  ],
  exports: [Metering, BillingService, BillingUseCases, BillingRepository, BillingJobsPort],
})
export class MeteringModule {}

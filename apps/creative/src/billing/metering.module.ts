import { Global, Module } from '@nestjs/common';
import { Metering, UnmeteredMetering } from './metering';

/** Provides `Metering` to every feature module. */
@Global()
@Module({
  providers: [{ provide: Metering, useClass: UnmeteredMetering }],
  exports: [Metering],
})
export class MeteringModule {}

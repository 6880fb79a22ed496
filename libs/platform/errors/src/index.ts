export * from './lib/domain-exception';
export * from './lib/error-kinds';
export * from './lib/normalize';
export * from './lib/envelopes';
export * from './lib/exception-filters';
export * from './lib/validation-pipe';
export * from './lib/validators';
export * from './lib/log-redaction';

export * from './lib/address-guard';
export * from './lib/outbound-get';
export * from './lib/outbound-post';
export * from './lib/secrets-box';
export * from './lib/signed-webhook';

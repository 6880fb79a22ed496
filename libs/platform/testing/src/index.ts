export * from './lib/test-services';
export * from './lib/test-app';
export * from './lib/envelope-assertions';
export * from './lib/log-capture';
export * from './lib/openapi-contract';
export * from './lib/json-bodies';
export * from './lib/malformed-input';
export * from './lib/schema-agreement';

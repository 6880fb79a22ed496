export * from './lib/ids';
export * from './lib/embedded-postgres';
export * from './lib/data-source';
export * from './lib/snake-naming.strategy';
export * from './lib/database.module';
export * from './lib/pagination';
export * from './lib/prepared';
export * from './lib/query-logger';

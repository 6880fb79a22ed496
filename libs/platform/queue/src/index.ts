export * from './lib/queue.types';
export * from './lib/inline-runner';
export * from './lib/redis';
export * from './lib/queue.module';
export * from './lib/pending-sweeper';

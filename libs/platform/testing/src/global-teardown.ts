import type { TestServices } from './lib/test-services';

const KEY = Symbol.for('platform.testServices');

/** Jest's globalTeardown: stops the embedded PostgreSQL global-setup.ts started, if it did. */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { [KEY]?: TestServices };
  await holder[KEY]?.stop();
  delete holder[KEY];
}

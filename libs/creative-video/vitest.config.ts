import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

// Stand-alone config for running only this library's tests (the root config runs them too).
// Usage from the workspace root: npx vitest run --config libs/creative-video/vitest.config.ts
export default defineConfig({
  resolve: {
    alias: {
      '@platform/creative-video': resolve(__dirname, 'src/index.ts'),
      '@platform/creative-ir': resolve(__dirname, '../creative-ir/src/index.ts'),
    },
  },
  test: {
    root: resolve(__dirname, '../..'),
    include: ['libs/creative-video/src/**/*.spec.ts'],
    pool: 'forks',
    testTimeout: 60_000,
  },
});

/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// `nx test tools` runs this project's tests alone; `npm test` runs every project's (jest.config.ts at the root).
export default {
  displayName: 'tools',
  preset: '../jest.preset.js',
  testMatch: ['<rootDir>/**/*.spec.ts'],
} satisfies Config;

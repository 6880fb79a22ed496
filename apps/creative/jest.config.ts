/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// `nx test creative` runs this project's tests alone; `npm test` runs every project's (jest.config.ts at the root).
export default {
  displayName: 'creative',
  preset: '../../jest.preset.js',
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
} satisfies Config;

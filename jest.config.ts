/** @jest-config-loader esbuild-register */
import { getJestProjectsAsync } from '@nx/jest';
import type { Config } from 'jest';
import preset from './jest.preset.js';

// `npm test`: every project's tests in one Jest run (each project has its own jest.config.ts, which
// `nx test <project>` runs alone). Projects share one global setup, so PostgreSQL and Redis are
// found (or an embedded PostgreSQL started) once. Jest reads run-wide options (timeouts, workers,
// reporters) from this file only, not from the projects': the preset's are repeated here.
export default async (): Promise<Config> => ({
  projects: await getJestProjectsAsync(),
  testTimeout: preset.testTimeout,
  maxWorkers: preset.maxWorkers,
  workerIdleMemoryLimit: preset.workerIdleMemoryLimit,
  reporters: preset.reporters,
});

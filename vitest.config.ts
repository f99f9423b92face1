import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { env } from './src/server/env.ts';

const api = (name: string, dbKind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    globalSetup: ['tests/helpers/api-global-setup.ts'],
    provide: { dbKind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which on a two-core CI machine means one test file
    // at a time, the API files of both databases one after the other. Its main process mostly
    // waits, and every API test file has its own database: one file per core.
    maxWorkers: availableParallelism(),
    projects: [
      // A zone far from Seoul, so that code using the machine's zone fails its tests.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: { TZ: 'America/Los_Angeles' } } },
      api('api', 'pglite'),
      ...(env.TEST_DATABASE_URL ? [api('api-postgres', 'postgres')] : []),
      {
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

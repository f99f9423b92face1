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
    // The embedded database's module with the baseline compiler only, as the server runs it
    // (scripts/server-flags.mjs). Optimising it in the background took a third of these files'
    // time on two cores (the embedded-database and upkeep files: 140 s, 92 s with the flag). It
    // also replaces code as it goes, in V8's bookkeeping of which a test process, its database
    // threads coming and going, once crashed (SIGTRAP; see nodejs/node#64500).
    execArgv: ['--liftoff-only'],
    // Each file has its own database, and the server keeps no state outside what it is given (its
    // caches hang off the database handle): a worker imports the app once, not once per file. The
    // imports took a third of these files' time (API: 18 minutes of CI). So no file mocks a module.
    isolate: false,
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
          // Two files at a time: each server a test starts takes a free port, a data directory and
          // a database of its own, and a test mostly waits on its servers (429 s one at a time in
          // CI, 272 s two at a time here).
        },
      },
    ],
  },
});

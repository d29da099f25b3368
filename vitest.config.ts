import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A throwaway PostgreSQL server for the PostgreSQL store's tests (test/support/postgres.ts).
    globalSetup: ['test/support/pg-global.ts'],
    // Vitest's own default in `vitest run` is one worker fewer than the machine's cores: on a 2-core
    // machine, one, and the whole suite ran file after file. The whole-game files spend about half
    // their time waiting on Discord's (scaled) rate limits, so every core gets a worker.
    maxWorkers: '100%',
    // Each worker process keeps its imports from one file to the next (discord.js, drizzle, zod, the
    // engine): no test mocks a module, stubs the environment or changes a global, and every file
    // opens and closes its own stand-in, database and bot. Measured on 2 cores: 528 s → 456 s.
    isolate: false,
  },
});

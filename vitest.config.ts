import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A throwaway PostgreSQL server for the PostgreSQL store's tests (test/support/postgres.ts).
    globalSetup: ['test/support/pg-global.ts'],
  },
});

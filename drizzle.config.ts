import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: the bot applies migrations itself at start-up (src/store/migrate.ts),
// so no credentials are needed here.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/store/schema.ts',
  out: './migrations',
});

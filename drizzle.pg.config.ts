import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, beside SQLite's (drizzle.config.ts). Only `generate` is used
// (`npm run db:generate:pg`): the bot applies them itself at start-up (src/store/pg/connection.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/store/pg/schema.ts',
  out: './migrations/pg',
});

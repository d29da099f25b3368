// vitest globalSetup: one throwaway PostgreSQL server for the whole run (test/support/postgres.ts);
// each test file makes its own database on it (pgDatabase in pg-database.ts). Starting it costs about
// 2 s; a machine without PostgreSQL still runs every other test, and the PostgreSQL ones fail saying why.
import type { TestProject } from 'vitest/node';
import { startPostgres, type PgServer } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's admin URL, or why there is none. */
    postgres: { url: string } | { error: string };
  }
}

export default function setup(project: TestProject) {
  let server: PgServer | null = null;
  try {
    server = startPostgres();
    project.provide('postgres', { url: server.url() });
  } catch (err) {
    project.provide('postgres', { error: (err as Error).message });
  }
  return () => server?.stop();
}

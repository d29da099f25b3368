// A database of its own for one test file, on the run's PostgreSQL server (pg-global.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Creates an empty database and returns its URL. Throws (failing the test) when there is no server. */
export async function pgDatabase(prefix = 't'): Promise<string> {
  const server = inject('postgres');
  if ('error' in server) throw new Error(server.error);
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return server.url.replace(/\/postgres\?/, `/${name}?`);
}

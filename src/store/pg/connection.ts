// The PostgreSQL connection: a node-postgres Pool from DATABASE_URL, drizzle over it, the migrations
// of migrations/pg/ applied on open. Unlike SQLite's file there is nothing on this machine to guard:
// the database refuses what it must (credentials, a newer schema is refused by runPgMigrations).
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { logger as rootLogger, type Logger } from '../../log.js';
import { PG_MIGRATIONS_FOLDER, runPgMigrations } from './migrate.js';
import * as schema from './schema.js';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** Where a repository's queries run: the pool (each query its own transaction) or one transaction. */
export type PgExec = PgDatabase<NodePgQueryResultHKT, typeof schema>;

// bigint (int8) columns hold milliseconds since the epoch and counts: far below 2^53, so they are
// read as numbers, as SQLite's INTEGER is. Set once for the process (node-postgres's type parsers are global).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new Error(`an int8 value ${v} does not fit a JavaScript number`);
  return n;
});

export interface PgConnection {
  /** The URL without its password, for logs and errors. */
  where: string;
  pool: pg.Pool;
  db: PgDb;
  close(): Promise<void>;
}

export interface PgOpenOptions {
  migrationsFolder?: string;
  logger?: Logger;
  /** Connections in the pool; default 10. */
  max?: number;
  /** Default true. */
  migrate?: boolean;
  /** Default STATEMENT_TIMEOUT_MS. */
  statementTimeoutMs?: number;
}

/**
 * A statement running this long is cancelled by the server, a transaction left idle this long (its
 * process gone quiet mid-transaction) is ended there and its row locks freed, and a query unanswered
 * a little longer fails on the client (a network cut): the move is refused, its game paused and told
 * so, and tried again, instead of waiting on a dead link. A commit takes milliseconds.
 */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** postgres://user:secret@host/db → postgres://user@host/db. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString().replace(/:@/, '@');
  } catch {
    return 'postgres://…';
  }
}

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url.trim());

/** Opens a pool, checks it reaches the server, applies pending migrations (one process at a time). */
export async function openPostgres(url: string, opts: PgOpenOptions = {}): Promise<PgConnection> {
  const where = redactUrl(url);
  const log = (opts.logger ?? rootLogger).child({ db: where });
  // TCP keepalive finds a connection a network cut left dead within about 10 s of idling, and a new
  // connection that cannot be made in 10 s is an error (the move is tried again) rather than a wait.
  const timeout = opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: timeout,
    idle_in_transaction_session_timeout: timeout,
    query_timeout: timeout + 5_000,
  });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', (err) => log.warn({ err }, 'an idle PostgreSQL connection failed'));
  // Nor may the error of a client in use (mid-transaction when the server restarts or fails over): the
  // pool stops listening to a client while it is lent, so without this the 'error' event would be
  // unhandled and end the process. The query in flight fails, and its transaction with it.
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'a PostgreSQL connection in use failed')));
  const db = drizzle({ client: pool, schema }) as PgDb;
  try {
    if (opts.migrate !== false) {
      const { applied } = await runPgMigrations(pool, where, opts.migrationsFolder ?? PG_MIGRATIONS_FOLDER);
      if (applied) log.info({ applied }, 'applied database migrations');
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { where, pool, db, close: () => pool.end() };
}

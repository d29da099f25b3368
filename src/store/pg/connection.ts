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
  /** Run first in every transaction (through a transaction pooler: its timeouts), or null. */
  beginSql: string | null;
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
  /**
   * DATABASE_DIRECT_URL: a session straight to the primary (HAProxy, not PgBouncer). When given, `url`
   * is taken as a pooler in transaction mode (PgBouncer): migrations and their session lock go through
   * this one instead, and the pool sends no startup parameters (PgBouncer refuses them).
   */
  directUrl?: string | null;
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

/**
 * An idle client's error (the server restarted, failed over, or PgBouncer dropped it) must not crash
 * the process; the next query reconnects. Nor may the error of a client in use (mid-transaction when
 * the server goes): the pool stops listening to a client while it is lent, so without this the 'error'
 * event would be unhandled and end the process. The query in flight fails, and its transaction with it.
 */
function watch(pool: pg.Pool, log: Logger): void {
  pool.on('error', (err) => log.warn({ err }, 'an idle PostgreSQL connection failed'));
  pool.on('connect', (client) => client.on('error', (err) => log.warn({ err }, 'a PostgreSQL connection in use failed')));
}

/** One connection straight to the primary, for migrations: a session, with the timeouts as startup parameters. */
function directSession(url: string, timeout: number, log: Logger): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000, statement_timeout: timeout, idle_in_transaction_session_timeout: timeout, query_timeout: timeout + 5_000 });
  watch(pool, log);
  return pool;
}

/**
 * What a transaction through a transaction pooler runs first (PgBouncer hands each transaction to any
 * server connection, so a session's settings would not follow it, and it refuses startup parameters):
 * the same timeouts, for that transaction alone. One round trip more per transaction (docs/operations.md).
 */
export const transactionTimeouts = (timeoutMs: number) =>
  `SET LOCAL statement_timeout = ${Math.round(timeoutMs)}; SET LOCAL idle_in_transaction_session_timeout = ${Math.round(timeoutMs)}`;

/** Opens a pool, checks it reaches the server, applies pending migrations (one process at a time). */
export async function openPostgres(url: string, opts: PgOpenOptions = {}): Promise<PgConnection> {
  const where = redactUrl(url);
  const log = (opts.logger ?? rootLogger).child({ db: where });
  // TCP keepalive finds a connection a network cut left dead within about 10 s of idling, and a new
  // connection that cannot be made in 10 s is an error (the move is tried again) rather than a wait.
  const timeout = opts.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pooled = !!opts.directUrl;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
    // Through a transaction pooler each transaction sets them itself (transactionTimeouts).
    ...(pooled ? {} : { statement_timeout: timeout, idle_in_transaction_session_timeout: timeout }),
    query_timeout: timeout + 5_000,
  });
  watch(pool, log);
  const db = drizzle({ client: pool, schema }) as PgDb;
  try {
    if (opts.migrate !== false) {
      const session = opts.directUrl ? directSession(opts.directUrl, timeout, log) : pool;
      try {
        const { applied } = await runPgMigrations(session, where, opts.migrationsFolder ?? PG_MIGRATIONS_FOLDER);
        if (applied) log.info({ applied }, 'applied database migrations');
      } finally {
        if (session !== pool) await session.end();
      }
    }
  } catch (err) {
    await pool.end();
    throw err;
  }
  return { where, pool, db, beginSql: pooled ? transactionTimeouts(timeout) : null, close: () => pool.end() };
}

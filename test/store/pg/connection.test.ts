import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreOpenError } from '../../../src/store/errors.js';
import { shippedMigrations } from '../../../src/store/migrate.js';
import { PgBackend } from '../../../src/store/pg/backend.js';
import { openPostgres, redactUrl } from '../../../src/store/pg/connection.js';
import { PG_MIGRATIONS_FOLDER } from '../../../src/store/pg/migrate.js';
import { pgDatabase } from '../../support/pg-database.js';
import { closeAllPg, openPg, quiet } from './helpers.js';

afterEach(closeAllPg);

const tables = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")).rows.map((r) => r.t);
  } finally {
    await c.end();
  }
};

describe('the PostgreSQL connection', () => {
  it('migrates an empty database to every table, and a second open applies nothing', async () => {
    const url = await pgDatabase();
    expect(await tables(url)).toEqual([]);
    const a = await openPg(url);
    expect(await tables(url)).toEqual(['actions', 'game_pings', 'games', 'guild_settings', 'identify_slots', 'lobbies', 'outbox', 'seats', 'shard_leases', 'user_prefs', 'user_stats']);
    const applied = (await a.pool.query('SELECT hash FROM drizzle.__drizzle_migrations')).rows.map((r) => r.hash);
    expect(applied).toEqual(shippedMigrations(PG_MIGRATIONS_FOLDER).map((m) => m.hash));
    await openPg(url);
    expect((await a.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n).toBe(applied.length);
  });

  it('several processes opening a new database at once migrate it once', async () => {
    const url = await pgDatabase();
    await Promise.all([openPg(url), openPg(url), openPg(url), openPg(url)]);
    const c = await openPg(url);
    expect((await c.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n).toBe(shippedMigrations(PG_MIGRATIONS_FOLDER).length);
  });

  it('refuses a database a newer bot migrated, before writing to it', async () => {
    const url = await pgDatabase();
    const c = await openPg(url);
    await c.pool.query("INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-the-future', 9999999999999)");
    const err = await openPostgres(url, { logger: quiet }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreOpenError);
    expect((err as StoreOpenError).code).toBe('newer-schema');
    expect((err as StoreOpenError).message).not.toMatch(/secret/);
  });

  it('keeps the password out of what it logs', () => {
    expect(redactUrl('postgres://bot:secret@db.example:5432/fengsheng')).toBe('postgres://bot@db.example:5432/fengsheng');
  });

  it('reads bigint milliseconds and bytea as SQLite does: a number and a Buffer', async () => {
    const c = await openPg();
    const { rows } = await c.pool.query("SELECT 1700000000123::bigint AS t, '\\x0102'::bytea AS b");
    expect(rows[0].t).toBe(1_700_000_000_123);
    expect(Buffer.isBuffer(rows[0].b)).toBe(true);
  });

  it('cancels a statement that runs past its timeout, and ends a transaction left idle as long', async () => {
    const url = await pgDatabase();
    const conn = await openPostgres(url, { logger: quiet, statementTimeoutMs: 300 });
    try {
      expect((await conn.pool.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('300ms');
      expect((await conn.pool.query('SHOW idle_in_transaction_session_timeout')).rows[0].idle_in_transaction_session_timeout).toBe('300ms');
      await expect(conn.pool.query('SELECT pg_sleep(5)')).rejects.toThrow(/statement timeout/);
      // The pool goes on serving.
      expect((await conn.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await conn.close();
    }
  });

  it('through PgBouncer (a direct URL given for migrations): no startup parameters, and each transaction sets the timeouts itself', async () => {
    const url = await pgDatabase();
    // PgBouncer in transaction mode refuses startup parameters and hands each transaction to any server
    // connection; the same server stands for both URLs here (test/ha/drill.ts runs the real PgBouncer).
    const conn = await openPostgres(url, { logger: quiet, statementTimeoutMs: 300, directUrl: url });
    const backend = new PgBackend(conn);
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      expect((await conn.pool.query('SHOW statement_timeout')).rows[0].statement_timeout).toBe('0');
      // A transaction left idle past the timeout is ended by the server: its session disappears.
      let ended = false;
      const tx = backend.transaction(async (repos) => {
        await repos.settings.read('1');
        const deadline = Date.now() + 10_000;
        while (!ended && Date.now() < deadline) {
          const { rows } = await watcher.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'");
          ended = rows[0].n === 0;
        }
      });
      await expect(tx).rejects.toThrow();
      expect(ended).toBe(true);
      // The pool goes on serving, and the next transaction is the pool's again.
      expect((await backend.repos.settings.read('1')).guildId).toBe('1');
    } finally {
      await watcher.end();
      await conn.close();
    }
  });

  it("a connection cut mid-transaction (the server restarted, failed over) fails that transaction, not the process; the next one works", async () => {
    const url = await pgDatabase();
    const conn = await openPg(url);
    const client = await conn.pool.connect();
    try {
      await client.query('BEGIN');
      const { pid } = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0];
      // The server ends the lent connection, as a restart or a failover does, while no query runs on it:
      // its FATAL message reaches the client as an 'error' event (no query to hand it to), then the socket ends.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await conn.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    // Still here (an unhandled 'error' would have ended the run), and the pool serves the next query.
    expect((await conn.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});

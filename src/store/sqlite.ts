// The SQLite backend: better-sqlite3 through drizzle, behind the asynchronous StoreBackend. Its
// statements are synchronous; one connection serves the process, so a transaction (whose body
// awaits) holds a per-connection mutex from BEGIN IMMEDIATE to COMMIT, and every other statement on
// the connection waits for it: nothing interleaves into an open transaction. A statement issued from
// inside the transaction's async context (AsyncLocalStorage) runs in it. What is SQLite's alone stays
// here: the file guard and migrations (connection.ts), the checkpointer worker, the busy timeout and
// the wait for another process's write lock. Each repository's statements are in sqlite/ (PostgreSQL's
// in pg/; the lobbies' still in lobbies.ts), its rows and their mapping in the repository's own
// module (games-repo.ts, outbox.ts, …), which both backends use.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { logger as rootLogger, type Logger } from '../log.js';
import type { BackendOptions, Repos, StoreBackend, TxOptions } from './backend.js';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, Checkpointer } from './checkpointer.js';
import { BOT_BUSY_TIMEOUT_MS, LOCKED_GIVE_UP_MS, LOCKED_RETRY_FIRST_MS, LOCKED_RETRY_MAX_MS } from './config.js';
import { openDatabase, openFailure, type Connection, type OpenOptions } from './connection.js';
import { lobbiesStatements } from './lobbies.js';
import { gamesStatements } from './sqlite/games-repo.js';
import { historyStatements } from './sqlite/history.js';
import { leasesStatements } from './sqlite/leases.js';
import { outboxStatements } from './sqlite/outbox.js';
import { recoveryStatements } from './sqlite/recovery.js';
import { settingsStatements } from './sqlite/settings.js';
import { statsStatements } from './sqlite/stats.js';
import { tablePrefsStatements } from './sqlite/table-prefs.js';

/** Each method of T, returning a Promise of what it returned. */
type Promised<T> = { [K in keyof T]: T[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<R> : never };

export type SqliteBackendOptions = BackendOptions;

export class SqliteBackend implements StoreBackend {
  readonly kind = 'sqlite' as const;
  readonly repos: Repos;
  /** The transaction whose `fn` the current async context descends from (a token per transaction). */
  private readonly context = new AsyncLocalStorage<object>();
  /** The open transaction's token: a context that descends from an ended transaction (a timer it set) is outside. */
  private current: object | null = null;
  /** Set while a transaction is open: resolves when it has ended. */
  private busy: Promise<void> | null = null;
  /** Checks the file for damaged pages now, as the worker does every hour; 'ok' when whole. */
  quickCheck(): Promise<string> {
    return this.checkpointer?.check() ?? Promise.resolve('no checkpoint worker');
  }

  /** While another process holds the write lock: resolves when it is free (or waiting gave up). */
  private lockWait: Promise<void> | null = null;
  private checkpointer: Checkpointer | null = null;
  private readonly log: Logger;
  private readonly begin;
  private readonly beginRead;
  private readonly commit;
  private readonly rollback;

  constructor(
    readonly conn: Connection,
    o: SqliteBackendOptions = {},
  ) {
    this.log = o.logger ?? rootLogger;
    const db = conn.db;
    const now = o.now ?? Date.now;
    this.repos = {
      games: this.wrap(gamesStatements(db, o.shard)),
      outbox: this.wrap(outboxStatements(db, o.shard)),
      prefs: this.wrap(tablePrefsStatements(db)),
      settings: this.wrap(settingsStatements(db)),
      stats: this.wrap(statsStatements(db)),
      history: this.wrap(historyStatements(db)),
      lobbies: this.wrap(lobbiesStatements(db, now)),
      recovery: this.wrap(recoveryStatements(conn.sqlite, o.shard)),
      leases: this.wrap(leasesStatements(conn.sqlite)),
    };
    this.begin = conn.sqlite.prepare('BEGIN IMMEDIATE');
    this.beginRead = conn.sqlite.prepare('BEGIN');
    this.commit = conn.sqlite.prepare('COMMIT');
    this.rollback = conn.sqlite.prepare('ROLLBACK');
  }

  /** Opens (guarding, migrating) the file and makes it ready for the bot (serve). */
  static open(file: string, o: SqliteBackendOptions & OpenOptions & { checkpointWorker?: boolean } = {}): SqliteBackend {
    const conn = openDatabase(file, o);
    const b = new SqliteBackend(conn, o);
    try {
      b.serve(o.checkpointWorker !== false);
    } catch (err) {
      conn.close();
      throw err;
    }
    return b;
  }

  /**
   * After start-up (which may wait the long BUSY_TIMEOUT_MS): the bot's short busy timeout, and on a
   * file the checkpointer worker with a far automatic checkpoint as its backstop. Last, so that a
   * failure before it leaves no thread holding the file open.
   */
  serve(checkpointWorker: boolean, onDamaged?: (report: string) => void): void {
    this.conn.sqlite.pragma(`busy_timeout = ${BOT_BUSY_TIMEOUT_MS}`);
    if (checkpointWorker && this.conn.path !== ':memory:') {
      this.checkpointer = Checkpointer.start(this.conn.path, this.log, { onDamaged });
      this.conn.sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
    }
  }

  /** While another process holds the write lock: resolves when it is free (or waiting gave up); else null. */
  get lockWaiting(): Promise<void> | null {
    return this.lockWait;
  }

  /** Another process holds the write lock: starts the one probe (waitForLock) unless it runs, and returns it. */
  lockHeld(): Promise<void> {
    return (this.lockWait ??= this.waitForLock());
  }

  private inside(): boolean {
    return this.current !== null && this.context.getStore() === this.current;
  }

  /**
   * Runs `fn` now when no transaction is open (or this is inside it), else after it ends. A statement
   * outside a transaction that finds another process holding the write lock waits for it as a
   * transaction does, and runs again.
   */
  private run<R>(fn: () => R, started = performance.now()): Promise<R> {
    if (this.busy && !this.inside()) return this.busy.then(() => this.run(fn, started));
    try {
      return Promise.resolve(fn());
    } catch (err) {
      if (this.inside() || !isBusy(err) || performance.now() - started >= LOCKED_GIVE_UP_MS) return Promise.reject(err);
      return this.lockHeld().then(() => this.run(fn, started));
    }
  }

  private wrap<T extends object>(statements: T): Promised<T> {
    const out: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(statements)) out[name] = (...a: unknown[]) => this.run(() => (f as (...a: unknown[]) => unknown)(...a));
    return out as Promised<T>;
  }

  async transaction<T>(fn: (tx: Repos) => Promise<T>, opts: TxOptions = {}): Promise<T> {
    if (this.inside()) return fn(this.repos);
    const started = performance.now();
    for (;;) {
      while (this.lockWait) await this.lockWait;
      while (this.busy) await this.busy;
      let release!: () => void;
      this.busy = new Promise((resolve) => (release = resolve));
      const token = {};
      this.current = token;
      try {
        (opts.readOnly ? this.beginRead : this.begin).run();
        try {
          const r = await this.context.run(token, () => fn(this.repos));
          this.commit.run();
          return r;
        } catch (err) {
          if (this.conn.sqlite.inTransaction) this.rollback.run();
          throw err;
        }
      } catch (err) {
        if (!isBusy(err) || performance.now() - started >= LOCKED_GIVE_UP_MS) throw err;
        this.lockHeld();
      } finally {
        this.current = null;
        this.busy = null;
        release();
      }
    }
  }

  /**
   * While another process holds the write lock (SQLITE_BUSY after BOT_BUSY_TIMEOUT_MS): one probe
   * tries it later and later, and every transaction that waits for the lock waits for that probe, so
   * the process blocks for at most one short busy timeout per probe, not one per game. Reads go on.
   */
  private async waitForLock(): Promise<void> {
    const started = performance.now();
    this.log.warn('another process holds the database write lock; actions wait and are tried again');
    let wait = LOCKED_RETRY_FIRST_MS;
    let free = false;
    while (!free && performance.now() - started < LOCKED_GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(LOCKED_RETRY_MAX_MS, wait * 2);
      while (this.busy) await this.busy;
      try {
        this.begin.run();
        this.rollback.run();
        free = true;
      } catch (err) {
        if (!isBusy(err)) free = true;
      }
    }
    const waitedMs = Math.round(performance.now() - started);
    if (free) this.log.info({ waitedMs }, 'the database write lock is free again');
    else this.log.error({ waitedMs }, 'the database write lock is still held; the waiting actions fail');
    this.lockWait = null;
  }

  openFailure(err: unknown): unknown {
    return openFailure(this.conn.path, err);
  }

  async close(): Promise<void> {
    while (this.busy) await this.busy;
    await this.checkpointer?.stop();
    this.checkpointer = null;
    this.conn.close();
  }
}

/** The SQLite connection behind a store's backend (tests and SQLite-only tools); throws for another backend. */
export function sqliteConnection(backend: StoreBackend): Connection {
  if (!(backend instanceof SqliteBackend)) throw new Error(`the store is ${backend.kind}, not SQLite`);
  return backend.conn;
}

/** SQLite's "database is locked": another connection holds the lock this one needs. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

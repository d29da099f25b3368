import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { logger as rootLogger, type Logger } from '../log.js';
import { APPLICATION_ID, BUSY_TIMEOUT_MS, databaseSynchronous, type Synchronous } from './config.js';
import { StoreOpenError } from './errors.js';
import { damaged, inspectDatabase, type Inspection } from './guard.js';
import { MIGRATIONS_FOLDER, runMigrations, shippedMigrations } from './migrate.js';
import * as schema from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export interface Connection {
  path: string;
  sqlite: Database.Database;
  db: Db;
  close(): void;
}

export interface OpenOptions {
  /** Default DATABASE_SYNCHRONOUS, else NORMAL: see databaseSynchronous(). */
  synchronous?: Synchronous;
  migrationsFolder?: string;
  logger?: Logger;
}

/** Per-connection settings: SQLite forgets these when the connection closes. */
export function applyConnectionPragmas(sqlite: Database.Database): void {
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}

/**
 * Runs the guard on a read-only connection: a read-write connection may checkpoint a leftover WAL
 * into the file when it closes, and a refused file must stay exactly as it was.
 */
export function guardFile(file: string, migrationsFolder = MIGRATIONS_FOLDER): Inspection {
  if (file === ':memory:' || !fs.existsSync(file) || fs.statSync(file).size === 0) return { kind: 'new' };
  let ro: Database.Database;
  try {
    ro = new Database(file, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  } catch (err) {
    throw new StoreOpenError('not-a-database', file, `${file} cannot be opened as an SQLite database: ${(err as Error).message}`);
  }
  const sideFiles = [`${file}-wal`, `${file}-shm`].filter((f) => !fs.existsSync(f));
  try {
    return inspectDatabase(ro, file, shippedMigrations(migrationsFolder));
  } catch (err) {
    // A refused file: the empty -wal and the -shm this read-only connection left behind (it may not
    // delete them) were not there before, so they go, and the folder is as it was. Never for a file
    // accepted: another process (a shard, a standby, a tool) may have opened it meanwhile, and an
    // -shm removed under an open connection splits the WAL's index in two, so that one process's
    // commits are lost to the next (tried: a second process's insert vanished).
    ro.close();
    for (const f of sideFiles) {
      try {
        if (f.endsWith('-shm') || fs.statSync(f).size === 0) fs.unlinkSync(f);
      } catch {
        // never created
      }
    }
    throw err;
  } finally {
    if (ro.open) ro.close();
  }
}

/**
 * Opens the bot's database, creating it (and its folder) on first run, refusing a foreign or newer
 * file with a StoreOpenError before writing to it, then applying pending migrations.
 */
export function openDatabase(file: string, opts: OpenOptions = {}): Connection {
  const log = (opts.logger ?? rootLogger).child({ db: file });
  const folder = opts.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (file !== ':memory:') checkWritable(file);

  const inspection = guardFile(file, folder);
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    applyConnectionPragmas(sqlite);

    // WAL is a property of the file (it stays set), unlike the pragmas above; setting it writes the
    // header, which is why it waits until the guard has accepted the file.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma(`synchronous = ${opts.synchronous ?? databaseSynchronous()}`);
    if (inspection.kind === 'new') {
      sqlite.pragma(`application_id = ${APPLICATION_ID}`);
      log.info('created a new database');
    }
    const db = drizzle({ client: sqlite, schema });
    const pending = inspection.kind === 'new' ? Infinity : inspection.pending;
    if (pending > 0) {
      try {
        runMigrations(db, folder);
        log.info({ applied: inspection.kind === 'new' ? 'all' : pending }, 'applied database migrations');
      } catch (err) {
        // Two processes started together on a new file (shards, a standby): both saw it unmigrated, and
        // the other applied the migrations first (each is one transaction). Then there is nothing to do.
        const again = guardFile(file, folder);
        if (again.kind === 'new' || again.pending > 0) throw err;
        log.info('another process applied the database migrations');
      }
    }
    return { path: file, sqlite, db, close: () => sqlite.close() };
  } catch (err) {
    sqlite.close();
    throw openFailure(file, err);
  }
}

const reason = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/**
 * The folder exists (or is made) and is writable, and so is the file if there is one: else one clear
 * StoreOpenError before SQLite is asked. access() asks the kernel, so a read-only mount or an immutable
 * file is seen even by root (for whom permission bits do not count).
 */
function checkWritable(file: string): void {
  const dir = path.dirname(file);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new StoreOpenError('no-folder', file, `The folder ${dir} for the database cannot be created (${reason(err)}): set DATABASE_PATH to a path in a folder the bot may create or write.`);
  }
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (err) {
    throw new StoreOpenError('read-only-folder', file, `The folder ${dir} is read-only (${reason(err)}): the bot writes its database and the files beside it (-wal, -shm) there, so make it writable or set DATABASE_PATH elsewhere.`);
  }
  if (!fs.existsSync(file)) return;
  try {
    fs.accessSync(file, fs.constants.W_OK);
  } catch (err) {
    throw new StoreOpenError('read-only-file', file, `The database ${file} is read-only (${reason(err)}): the bot must write to it, so make it writable (or restore a writable copy).`);
  }
}

/** SQLite's own refusals while opening, as the same StoreOpenErrors. */
export function openFailure(file: string, err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (err instanceof StoreOpenError || typeof code !== 'string') return err;
  if (code.startsWith('SQLITE_READONLY')) return new StoreOpenError('read-only-file', file, `The database ${file} is read-only (${code}): the bot must write to it, so make it and its folder writable.`);
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return damaged(file, err);
  return err;
}

/**
 * Opens an existing database without migrating it or changing its journal mode, after the same guard:
 * for tools (backup, export) that must not alter a database the running bot owns.
 */
export function openExisting(file: string, opts: { migrationsFolder?: string } = {}): Connection {
  if (!fs.existsSync(file)) throw new Error(`No database at ${file}`);
  const inspection = guardFile(file, opts.migrationsFolder ?? MIGRATIONS_FOLDER);
  if (inspection.kind === 'new') throw new Error(`${file} is empty: there is no game database there yet`);
  const sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
  try {
    applyConnectionPragmas(sqlite);
    const db = drizzle({ client: sqlite, schema });
    return { path: file, sqlite, db, close: () => sqlite.close() };
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

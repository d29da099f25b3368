import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPLICATION_ID, databaseSynchronous } from '../../src/store/config.js';
import { openDatabase, openExisting } from '../../src/store/connection.js';
import { StoreOpenError } from '../../src/store/errors.js';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { MIGRATIONS_FOLDER, MIGRATIONS_TABLE, runMigrations, shippedMigrations } from '../../src/store/migrate.js';
import { fileBytes, tempDir } from './helpers.js';

const dirs: string[] = [];
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Expects open to refuse with `code` and leave the main file, and any WAL, byte for byte as they were. */
function expectRefusedUnchanged(file: string, code: string): StoreOpenError {
  const before = [fileBytes(file), fileBytes(`${file}-wal`)];
  let caught: unknown;
  try {
    openDatabase(file).close();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(StoreOpenError);
  expect((caught as StoreOpenError).code).toBe(code);
  expect([fileBytes(file), fileBytes(`${file}-wal`)]).toEqual(before);
  return caught as StoreOpenError;
}

describe('opening the database', () => {
  it('creates the folder and the file on first run, with WAL, foreign keys, busy timeout, application id and every migration', () => {
    const file = path.join(dir(), 'nested', 'data', 'fengsheng.db');
    const conn = openDatabase(file);
    expect(conn.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(conn.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(conn.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(conn.sqlite.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(conn.sqlite.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    const tables = (conn.sqlite.prepare(`SELECT name FROM sqlite_master WHERE type='table' ORDER BY name`).all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['actions', 'games', 'guild_settings', 'seats', 'user_stats', MIGRATIONS_TABLE]));
    const applied = conn.sqlite.prepare(`SELECT hash FROM ${MIGRATIONS_TABLE}`).all() as { hash: string }[];
    expect(applied.map((r) => r.hash)).toEqual(shippedMigrations().map((m) => m.hash));
    conn.close();
  });

  it('syncs every commit to disk when asked (DATABASE_SYNCHRONOUS=FULL)', () => {
    const conn = openDatabase(path.join(dir(), 'full.db'), { synchronous: 'FULL' });
    expect(conn.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    conn.close();
    expect(databaseSynchronous({ DATABASE_SYNCHRONOUS: 'full' })).toBe('FULL');
    expect(databaseSynchronous({})).toBe('NORMAL');
  });

  it('sets the per-connection pragmas again on every connection and migrates nothing twice', () => {
    const file = path.join(dir(), 'f.db');
    openDatabase(file).close();
    const conn = openDatabase(file);
    expect(conn.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(conn.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect((conn.sqlite.prepare(`SELECT count(*) AS n FROM ${MIGRATIONS_TABLE}`).get() as { n: number }).n).toBe(shippedMigrations().length);
    // foreign keys are enforced
    expect(() => conn.sqlite.prepare(`INSERT INTO actions (game_id, version, seat, action, at) VALUES (999, 1, 0, '{}', 0)`).run()).toThrow(/FOREIGN KEY/);
    conn.close();
    const tool = openExisting(file);
    expect(tool.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    tool.close();
  });

  it('refuses a file that is not an SQLite database and leaves it unchanged', () => {
    const file = path.join(dir(), 'notes.db');
    fs.writeFileSync(file, 'These are my notes, not a database.\n'.repeat(200));
    const err = expectRefusedUnchanged(file, 'not-a-database');
    expect(err.message).toMatch(/not an SQLite database|cannot be opened/);
  });

  it("refuses another program's SQLite database and leaves it unchanged", () => {
    const file = path.join(dir(), 'other.db');
    const other = new Database(file);
    other.exec(`CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES ('x')`);
    other.close();
    const err = expectRefusedUnchanged(file, 'foreign-database');
    expect(err.message).toMatch(/another program/);

    const stamped = path.join(dir(), 'stamped.db');
    const s = new Database(stamped);
    s.pragma('application_id = 1234');
    s.exec('CREATE TABLE t (x)');
    s.close();
    expectRefusedUnchanged(stamped, 'foreign-database');
  });

  it('refuses a database with a newer schema than the code knows and leaves it unchanged (WAL included)', () => {
    const file = path.join(dir(), 'newer.db');
    openDatabase(file).close();
    // A newer bot version ran: it applied a migration this code does not ship, and crashed with data in the WAL.
    const newer = new Database(file);
    newer.pragma('wal_autocheckpoint = 0');
    const future = shippedMigrations().at(-1)!.when + 86_400_000;
    newer.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (hash, created_at) VALUES ('f00d', ?)`).run(future);
    newer.exec('ALTER TABLE games ADD COLUMN spectators TEXT');
    // Copy the files while the WAL still holds those pages, as a crash would leave them.
    const crashed = path.join(dir(), 'crashed.db');
    fs.copyFileSync(file, crashed);
    fs.copyFileSync(`${file}-wal`, `${crashed}-wal`);
    newer.close();
    const err = expectRefusedUnchanged(crashed, 'newer-schema');
    expect(err.message).toMatch(/newer schema/);
    expectRefusedUnchanged(file, 'newer-schema');
  });

  it('refuses a database migrated with a migration it does not ship', () => {
    const file = path.join(dir(), 'fork.db');
    openDatabase(file).close();
    const db = new Database(file);
    db.prepare(`UPDATE ${MIGRATIONS_TABLE} SET hash = 'deadbeef'`).run();
    db.close();
    expectRefusedUnchanged(file, 'unknown-schema');
  });

  it('applies the migrations that a database made by an older version does not have yet', () => {
    const file = path.join(dir(), 'old.db');
    const shipped = shippedMigrations();
    if (shipped.length >= 2) {
      // The older version: the same folder without the newest migration.
      const older = path.join(dir(), 'migrations');
      fs.cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
      const journalFile = path.join(older, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries.pop();
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      openDatabase(file, { migrationsFolder: older }).close();
    } else {
      // With one migration, the older state is a file the bot stamped and then crashed before migrating.
      const db = new Database(file);
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.close();
    }
    const before = shipped.length >= 2 ? shipped.length - 1 : 0;
    const raw = new Database(file, { readonly: true });
    const applied = raw.prepare(`SELECT name FROM sqlite_master WHERE name = '${MIGRATIONS_TABLE}'`).get()
      ? (raw.prepare(`SELECT count(*) FROM ${MIGRATIONS_TABLE}`).pluck().get() as number)
      : 0;
    raw.close();
    expect(applied).toBe(before);
    const conn = openDatabase(file);
    expect(conn.sqlite.prepare(`SELECT count(*) FROM ${MIGRATIONS_TABLE}`).pluck().get()).toBe(shipped.length);
    expect(conn.sqlite.prepare(`SELECT count(*) FROM games`).pluck().get()).toBe(0);
    conn.close();
  });

  it('an empty file is taken as a new database', () => {
    const file = path.join(dir(), 'empty.db');
    fs.writeFileSync(file, '');
    const conn = openDatabase(file);
    expect(conn.sqlite.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
    conn.close();
  });

  it('never removes the WAL index (-shm) of a connection another process opened while it looked at the file', () => {
    // Shards and a standby start together on one file: the one that looked first found no -shm; the
    // other opened the file (making its -shm) before the first was done. Removed under that
    // connection, the index splits in two and one process's commits are lost to the other (an -shm
    // removed under a second process lost its insert). The other opener is played here by a
    // connection made at the moment the guard looked (one process shares its -shm: its inode tells).
    const file = path.join(dir(), 'shared.db');
    openDatabase(file).close();
    expect(fs.existsSync(`${file}-shm`)).toBe(false);
    const existsSync = fs.existsSync;
    let other: Database.Database | undefined;
    const spy = vi.spyOn(fs, 'existsSync').mockImplementation((f) => {
      const was = existsSync(f);
      if (f === `${file}-shm` && !other) {
        other = new Database(file);
        other.prepare("INSERT INTO guild_settings (guild_id, updated_at) VALUES ('1', 0)").run();
      }
      return was;
    });
    let conn: ReturnType<typeof openDatabase> | undefined;
    try {
      const shm = () => fs.statSync(`${file}-shm`).ino;
      conn = openDatabase(file);
      expect(other).toBeDefined();
      expect(existsSync(`${file}-shm`)).toBe(true);
      const ino = shm();
      other!.prepare("INSERT INTO guild_settings (guild_id, updated_at) VALUES ('2', 0)").run();
      expect(shm()).toBe(ino);
      expect(conn.sqlite.prepare('SELECT count(*) FROM guild_settings').pluck().get()).toBe(2);
    } finally {
      spy.mockRestore();
      conn?.close();
      other?.close();
    }
  });
});

/**
 * A database made before migration `tag`: the migrations before it applied, and a way to add game rows
 * (every required column given a value of its type, `extra` columns as given), then every migration run.
 */
function madeBefore(tag: string) {
  const old = dir();
  fs.mkdirSync(path.join(old, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const before = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag.startsWith(tag)));
  expect(before.length).toBeGreaterThan(0);
  fs.writeFileSync(path.join(old, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
  for (const e of before) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(old, `${e.tag}.sql`));
  const raw = new Database(path.join(dir(), 'old.db'));
  runMigrations(drizzle(raw), old);
  const required = (raw.prepare(`PRAGMA table_info(games)`).all() as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[]).filter((c) => c.notnull && c.dflt_value === null && !c.pk);
  const value = (type: string, n: number) => (type.toLowerCase() === 'blob' ? Buffer.from('x') : type.toLowerCase() === 'integer' ? n : `x${n}`);
  return {
    raw,
    addGame(id: number, extra: Record<string, string | number> = {}): void {
      const names = [...required.map((c) => c.name), ...Object.keys(extra)];
      raw.prepare(`INSERT INTO games (id, ${names.join(', ')}) VALUES (?, ${names.map(() => '?').join(', ')})`).run(id, ...required.map((c) => value(c.type, id)), ...Object.values(extra));
    },
    migrate: () => runMigrations(drizzle(raw), MIGRATIONS_FOLDER),
  };
}

describe('migration 0014 (the last ping of a game beside the game)', () => {
  it('keeps the last ping of a game stored before it', async () => {
    const { raw, addGame, migrate } = madeBefore('0014');
    addGame(7, { ping_message_id: '123456789012345678', ping_key: '41:turn' });
    addGame(8);
    migrate();
    expect(raw.prepare('SELECT game_id AS gameId, message_id AS messageId, ping_key AS key FROM game_pings').all()).toEqual([{ gameId: 7, messageId: '123456789012345678', key: '41:turn' }]);
    expect((raw.prepare(`PRAGMA table_info(games)`).all() as { name: string }[]).map((c) => c.name)).not.toContain('ping_key');
    raw.close();
  });
});

describe('migration 0017 (the version a snapshot is of)', () => {
  it("takes every snapshot stored before it as of its row's version", () => {
    const { raw, addGame, migrate } = madeBefore('0017');
    addGame(7, { version: 41 });
    addGame(8, { version: 0 });
    migrate();
    expect(raw.prepare('SELECT id, version, snapshot_version AS snapshotVersion FROM games ORDER BY id').all()).toEqual([
      { id: 7, version: 41, snapshotVersion: 41 },
      { id: 8, version: 0, snapshotVersion: 0 },
    ]);
    raw.close();
  });
});

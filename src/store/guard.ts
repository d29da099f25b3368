// Decides, before anything is written, whether a database file is one the bot may use.
// Only reads: a refused file must come out of this byte for byte as it went in.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { APPLICATION_ID } from './config.js';
import { StoreOpenError } from './errors.js';
import { MIGRATIONS_TABLE, type ShippedMigration } from './migrate.js';

export type Inspection =
  | { kind: 'new' }
  /** `pending`: shipped migrations not applied yet (a new version of the bot on an older database). */
  | { kind: 'ours'; applied: number; pending: number };

export function inspectDatabase(sqlite: Database.Database, file: string, shipped: ShippedMigration[]): Inspection {
  let appId: number;
  let tables: string[];
  try {
    appId = sqlite.pragma('application_id', { simple: true }) as number;
    tables = (
      sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
        name: string;
      }[]
    ).map((r) => r.name);
  } catch (err) {
    if (looksLikeSqlite(file)) throw damaged(file, err);
    throw new StoreOpenError(
      'not-a-database',
      file,
      `${file} is not an SQLite database (${(err as Error).message}). Set DATABASE_PATH to the bot's database file or to a path where a new one may be created.`,
    );
  }

  if (appId !== APPLICATION_ID) {
    if (appId === 0 && tables.length === 0) return { kind: 'new' };
    const what = appId === 0 ? `tables ${tables.slice(0, 5).join(', ')}` : `application id 0x${(appId >>> 0).toString(16)}`;
    throw new StoreOpenError(
      'foreign-database',
      file,
      `${file} is an SQLite database of another program (${what}), not the 风声 bot's. It was left unchanged; point DATABASE_PATH elsewhere.`,
    );
  }

  // A crash between stamping the id and the first migration leaves no bookkeeping table: still ours, just empty.
  if (!tables.includes(MIGRATIONS_TABLE)) return { kind: 'ours', applied: 0, pending: shipped.length };

  const applied = sqlite
    .prepare(`SELECT hash, created_at AS createdAt FROM "${MIGRATIONS_TABLE}" ORDER BY created_at`)
    .all() as { hash: string; createdAt: number | string }[];
  const newestShipped = shipped.length ? shipped[shipped.length - 1].when : 0;
  const known = new Set(shipped.map((m) => m.hash));
  for (const m of applied) {
    if (Number(m.createdAt) > newestShipped) {
      throw new StoreOpenError(
        'newer-schema',
        file,
        `${file} has a newer schema (migration of ${new Date(Number(m.createdAt)).toISOString()}) than this version of the bot knows (newest ${new Date(newestShipped).toISOString()}). It was left unchanged; run the newer version of the bot, or restore a backup made for this version.`,
      );
    }
    if (!known.has(m.hash)) {
      throw new StoreOpenError(
        'unknown-schema',
        file,
        `${file} was migrated with a migration this version of the bot does not ship (hash ${m.hash.slice(0, 12)}…). It was left unchanged.`,
      );
    }
  }
  // A damaged page anywhere (a disk fault, a copy of the file taken while the bot was writing) stops
  // the bot here, not at the first game that reads it. ~0.25 s per 120 MB of database.
  let check: unknown;
  try {
    check = sqlite.pragma('quick_check(1)', { simple: true });
  } catch (err) {
    throw damaged(file, err);
  }
  if (check !== 'ok') throw damaged(file, new Error(String(check)));
  const appliedHashes = new Set(applied.map((m) => m.hash));
  return { kind: 'ours', applied: applied.length, pending: shipped.filter((m) => !appliedHashes.has(m.hash)).length };
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether the file starts with SQLite's header: one that then cannot be read is damaged, not foreign. */
export function looksLikeSqlite(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const head = Buffer.alloc(HEADER.length);
      return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(HEADER);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** A database of ours (or one that was) that SQLite finds damaged. */
export function damaged(file: string, err: unknown): StoreOpenError {
  return new StoreOpenError(
    'damaged',
    file,
    `${file} is damaged (SQLite: ${oneLine((err as Error).message)}); it was left unchanged. Stop the bot and restore the newest backup (README "Backups").`,
  );
}

/** quick_check's report is several lines with a banner: one clause of a sentence instead. */
export const oneLine = (text: string) => text.replace(/\*\*\* in database \w+ \*\*\*\s*/g, '').trim().replace(/\s*\n\s*/g, '; ');

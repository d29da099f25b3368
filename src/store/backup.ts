import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { APPLICATION_ID } from './config.js';
import { openExisting } from './connection.js';

export interface BackupResult {
  dest: string;
  bytes: number;
  ms: number;
}

/** `<folder of the database>/backups/<name>-<UTC time>.db` */
export function defaultBackupPath(dbFile: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const base = path.basename(dbFile, path.extname(dbFile));
  return path.join(path.dirname(dbFile), 'backups', `${base}-${stamp}.db`);
}

/**
 * Copies a live database with SQLite's online backup API (through better-sqlite3): safe while the bot
 * runs and writes, because the copy restarts over any page that changes underneath it. The result is
 * checked with integrity_check before it is reported as good.
 */
export async function backupDatabase(source: string, dest: string): Promise<BackupResult> {
  const started = performance.now();
  if (fs.existsSync(dest)) throw new Error(`${dest} already exists; a backup never overwrites a file`);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  const conn = openExisting(source);
  try {
    await conn.sqlite.backup(dest);
  } finally {
    conn.close();
  }
  const copy = new Database(dest, { fileMustExist: true });
  try {
    // The copy carries the live file's WAL flag; as a rollback-journal file it is one self-contained
    // file with no -wal/-shm beside it. The bot turns WAL back on when it opens a restored copy.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    const appId = copy.pragma('application_id', { simple: true });
    if (check !== 'ok' || appId !== APPLICATION_ID) {
      throw new Error(`backup ${dest} failed its check (integrity_check: ${String(check)}, application_id: ${String(appId)})`);
    }
  } finally {
    copy.close();
  }
  return { dest, bytes: fs.statSync(dest).size, ms: performance.now() - started };
}

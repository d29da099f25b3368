// The SQLite backend (src/store/sqlite.ts): the StoreBackend contract, and what is SQLite's own —
// a statement from outside an open transaction waits on the connection's mutex, the wait for
// another process's write lock, a read-only transaction that takes no lock.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteBackend } from '../../src/store/sqlite.js';
import { backendContract, newGame } from './backend-contract.js';
import { tempDir } from './helpers.js';

const silent = pino({ level: 'silent' });

function openFile(): { b: SqliteBackend; file: string; close: () => Promise<void> } {
  const dir = tempDir();
  const file = path.join(dir, 'b.db');
  const b = SqliteBackend.open(file, { checkpointWorker: false, logger: silent });
  return { b, file, close: async () => (await b.close(), fs.rmSync(dir, { recursive: true, force: true })) };
}

backendContract('SQLite', async () => {
  const { b, close } = openFile();
  return { backend: b, close };
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});
function backend() {
  const o = openFile();
  closers.push(o.close);
  return o;
}

const settingsRows = (b: SqliteBackend) => (b.conn.sqlite.prepare('SELECT count(*) AS n FROM guild_settings').get() as { n: number }).n;

describe('SqliteBackend', () => {
  it('a statement from outside an open transaction runs only after it ends', async () => {
    const { b } = backend();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const tx = b.transaction(async (t) => {
      await newGame(t);
      inside();
      await held;
    });
    await entered;
    const outside = b.repos.settings.write('g2', { windowMs: 4000 }, 3000);
    await new Promise((r) => setTimeout(r, 20));
    expect(settingsRows(b)).toBe(0);
    release();
    await tx;
    await outside;
    expect(settingsRows(b)).toBe(1);
  });

  it('a write transaction, and a write outside one, wait out another connection holding the write lock (another shard on the file)', async () => {
    const { b, file } = backend();
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    // Beyond the bot's 20 ms busy timeout, the writes fail at once with SQLITE_BUSY unless they wait.
    const game = b.transaction((tx) => newGame(tx));
    const settings = b.repos.settings.write('g2', { windowMs: 4000 }, 3000);
    await new Promise((r) => setTimeout(r, 150));
    other.exec('COMMIT');
    const id = await game;
    await settings;
    other.close();
    expect(await b.repos.games.activeIds()).toEqual([id]);
    expect(settingsRows(b)).toBe(1);
  });

  it('a read-only transaction takes no write lock', async () => {
    const { b, file } = backend();
    const id = await b.transaction((tx) => newGame(tx));
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      expect((await b.transaction(async (tx) => tx.games.info(id), { readOnly: true }))?.id).toBe(id);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });
});

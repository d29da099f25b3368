// The SQLite backend behind the asynchronous store interfaces (backend.ts, sqlite.ts): its
// repositories answer what the synchronous statements answer, and a transaction whose body awaits
// is still one transaction that nothing else on the connection slips into.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeSnapshot } from '../../src/store/snapshot.js';
import { startGame } from '../../src/store/replay.js';
import { SqliteBackend } from '../../src/store/sqlite.js';
import type { Repos } from '../../src/store/backend.js';
import { PLAYERS5, tempDir } from './helpers.js';

const dirs: string[] = [];
const open: SqliteBackend[] = [];
afterEach(async () => {
  for (const b of open.splice(0)) await b.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function backend(): { b: SqliteBackend; file: string } {
  const dir = tempDir();
  dirs.push(dir);
  const file = path.join(dir, 'b.db');
  const b = SqliteBackend.open(file, { checkpointWorker: false, logger: pino({ level: 'silent' }) });
  open.push(b);
  return { b, file };
}

const settingsRows = (b: SqliteBackend) => (b.conn.sqlite.prepare('SELECT count(*) AS n FROM guild_settings').get() as { n: number }).n;

async function newGame(tx: Repos, channelId = 'c1'): Promise<number> {
  const setup = { seed: 7, players: PLAYERS5.map((p) => p.name) };
  const { state } = startGame({ setup, decisionMs: null, windowMs: 8000, createdAt: 1000 });
  return tx.games.insertGame({
    guildId: 'g1',
    channelId,
    setup,
    options: state.options,
    decisionMs: null,
    windowMs: 8000,
    snapshot: encodeSnapshot(state),
    deadline: null,
    createdAt: 1000,
    seats: PLAYERS5,
  });
}

describe('SqliteBackend', () => {
  it('answers through Promises what the statements answer', async () => {
    const { b } = backend();
    const id = await b.transaction((tx) => newGame(tx));
    expect(await b.repos.games.activeIn('g1', 'c1')).toEqual([id]);
    expect((await b.repos.games.info(id))?.channelId).toBe('c1');
    expect((await b.repos.games.seats(id)).map((s) => s.name)).toEqual(PLAYERS5.map((p) => p.name));
    expect(await b.repos.games.newestIn('g1', 'c1')).toBe(id);
    expect(await b.repos.games.newestIn('g1', 'c2')).toBeNull();
    expect((await b.repos.settings.write('g1', { windowMs: 5000 }, 2000)).windowMs).toBe(5000);
    expect((await b.repos.settings.read('g1')).windowMs).toBe(5000);
    expect(await b.repos.prefs.respond('u1')).toBe('all');
    expect((await b.repos.recovery.unfinished()).map((r) => r[0])).toEqual([id]);
    expect(await b.repos.lobbies.create({ guildId: 'g1', channelId: 'c1', hostId: 'u1', options: {}, seats: [], messageId: null, gameId: null })).toBeNull();
  });

  it('a transaction that rejects leaves nothing, including what was written from inside it through repos', async () => {
    const { b } = backend();
    await expect(
      b.transaction(async (tx) => {
        await newGame(tx);
        await b.repos.settings.write('g1', { windowMs: 5000 }, 2000);
        await b.transaction(async (inner) => inner.outbox.add([{ gameId: 1, kind: 'post', target: 'c1', body: {} }], 2000));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await b.repos.games.activeIds()).toEqual([]);
    expect(settingsRows(b)).toBe(0);
    expect(await b.repos.outbox.owedGames()).toEqual([]);
  });

  it('a statement from outside an open transaction waits for it to end and is not rolled back with it', async () => {
    const { b } = backend();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const tx = b.transaction(async (t) => {
      await newGame(t);
      inside();
      await held;
      throw new Error('rolled back');
    });
    await entered;
    const outside = b.repos.settings.write('g2', { windowMs: 4000 }, 3000);
    const read = b.repos.games.activeIds();
    await new Promise((r) => setTimeout(r, 20));
    expect(settingsRows(b)).toBe(0);
    release();
    await expect(tx).rejects.toThrow('rolled back');
    await outside;
    expect(settingsRows(b)).toBe(1);
    // The read waited too: it never saw the game the transaction wrote and rolled back.
    expect(await read).toEqual([]);
  });

  it('transactions run one after another', async () => {
    const { b } = backend();
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((k) =>
        b.transaction(async (tx) => {
          order.push(`${k}<`);
          await newGame(tx, k);
          await new Promise((r) => setTimeout(r, 5));
          order.push(`>${k}`);
        }),
      ),
    );
    expect(order).toEqual(['a<', '>a', 'b<', '>b', 'c<', '>c']);
  });

  it('waitForLock: a transaction waits out another connection holding the write lock; without it, it fails', async () => {
    const { b, file } = backend();
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    await expect(b.transaction((tx) => newGame(tx))).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
    setTimeout(() => other.exec('COMMIT'), 100);
    const id = await b.transaction((tx) => newGame(tx), { waitForLock: true });
    other.close();
    expect(await b.repos.games.activeIds()).toEqual([id]);
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

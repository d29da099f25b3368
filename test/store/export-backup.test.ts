import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine/index.js';
import { backupDatabase, defaultBackupPath } from '../../src/store/backup.js';
import { openExisting } from '../../src/store/connection.js';
import { StoreOpenError } from '../../src/store/errors.js';
import { exportGame, replayRecord, type GameRecord } from '../../src/store/export.js';
import { SqliteBackend } from '../../src/store/sqlite.js';
import { GameStore } from '../../src/store/store.js';
import { manualClock, PLAYERS5, randomAction, rng, tempDir } from './helpers.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = tempDir();
const file = path.join(dir, 'data', 'fengsheng.db');
let finishedId = 0;
let activeId = 0;
let finalState: GameState;

beforeAll(async () => {
  const clock = manualClock();
  const store = await GameStore.open({ path: file, clock });
  const next = rng(77);
  // A finished game with timeouts in it, and one still running.
  const g = store.createGame({ guildId: 'g', channelId: 'c1', seats: PLAYERS5, seed: 77, decisionMs: 20_000 });
  let state = g.state;
  while (!state.result) {
    if (next() < 0.1) {
      clock.set(state.pending!.deadline!);
      const [r] = await store.fireDueTimeouts();
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
      continue;
    }
    clock.advance(1500);
    const r = await store.submit(g.gameId, randomAction(state, next)!);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  }
  finishedId = g.gameId;
  finalState = state;
  const h = store.createGame({ guildId: 'g', channelId: 'c2', seats: PLAYERS5.slice(0, 4), seed: 78 });
  activeId = h.gameId;
  let s2 = h.state;
  for (let i = 0; i < 30; i++) {
    const r = await store.submit(h.gameId, randomAction(s2, next)!);
    if (!r.ok) throw new Error(r.reason);
    s2 = r.state;
  }
  await store.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('game records', () => {
  it('exports a finished game whole: options, seats, every action with its events and their visibility', async () => {
    const conn = openExisting(file);
    const record = await exportGame(new SqliteBackend(conn), finishedId);
    conn.close();
    expect(record.replayError).toBeUndefined();
    expect(record.setup).toEqual({ seed: 77, players: PLAYERS5.map((p) => p.name) });
    expect(record.options).toEqual(finalState.options);
    expect(record.game).toMatchObject({ id: finishedId, status: 'finished', decisionMs: 20_000 });
    expect(record.seats.map((s) => s.identity)).toEqual(finalState.players.map((p) => p.identity));
    expect(record.actions).toHaveLength(finalState.version);
    expect(record.actions.map((a) => a.version)).toEqual(record.actions.map((_, i) => i + 1));
    expect(record.actions.some((a) => (a.action as { kind: string }).kind === 'timeout' && a.seat === null)).toBe(true);
    expect(record.start.events.some((e) => e.type === 'gameStart')).toBe(true);
    const all = [record.start.events, ...record.actions.map((a) => a.events)].flat();
    expect(all.every((e) => e.to === 'all' || (Array.isArray(e.to) && e.to.every((s) => Number.isInteger(s))))).toBe(true);
    expect(all.some((e) => Array.isArray(e.to))).toBe(true); // private events are in the record, marked as such
    expect(record.result).toEqual(finalState.result);
    expect(JSON.stringify(record.final)).toBe(JSON.stringify(finalState));
  });

  it('a replay of the exported file through the engine reproduces the game, and notices a doctored file', async () => {
    const conn = openExisting(file);
    const text = JSON.stringify(await exportGame(new SqliteBackend(conn), finishedId));
    conn.close();
    const record = JSON.parse(text) as GameRecord;
    const r = replayRecord(record);
    expect(r.ok).toBe(true);
    if (r.ok) expect(JSON.stringify(r.state)).toBe(JSON.stringify(finalState));

    const doctored = JSON.parse(text) as GameRecord;
    doctored.actions[3].events = [];
    expect(replayRecord(doctored)).toMatchObject({ ok: false, reason: expect.stringMatching(/events of version 4/) });
    const cheated = JSON.parse(text) as GameRecord;
    cheated.final.players[0].identity = cheated.final.players[0].identity === '军情处' ? '潜伏战线' : '军情处';
    expect(replayRecord(cheated)).toMatchObject({ ok: false, reason: expect.stringMatching(/final state differs/) });
  });

  it('exports a running game too', async () => {
    const conn = openExisting(file);
    const record = await exportGame(new SqliteBackend(conn), activeId);
    conn.close();
    expect(record.game.status).toBe('active');
    expect(record.actions).toHaveLength(30);
    expect(record.result).toBeNull();
    expect(replayRecord(JSON.parse(JSON.stringify(record)) as GameRecord).ok).toBe(true);
  });

  it('`npm run export -- GAME_ID` writes the record as JSON', async () => {
    const out = path.join(dir, 'game.json');
    await run(process.execPath, ['--import', 'tsx', 'src/cli/export.ts', String(finishedId), '--out', out], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: file, LOG_LEVEL: 'silent' },
    });
    const record = JSON.parse(fs.readFileSync(out, 'utf8')) as GameRecord;
    expect(record.game.id).toBe(finishedId);
    expect(replayRecord(record).ok).toBe(true);
    await expect(
      run(process.execPath, ['--import', 'tsx', 'src/cli/export.ts', '999'], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: file } }),
    ).rejects.toMatchObject({ code: 1 });
  });
});

describe('backups', () => {
  it('copies a live database online while games are being played, and the copy opens and recovers', async () => {
    const src = path.join(dir, 'live.db');
    const clock = manualClock();
    const store = await GameStore.open({ path: src, clock });
    const next = rng(5);
    const ids = [0, 1, 2].map((i) => store.createGame({ guildId: 'g', channelId: `b${i}`, seats: PLAYERS5, seed: 500 + i }).gameId);
    let playing = true;
    // Keep committing while the backup runs.
    const traffic = (async () => {
      while (playing) {
        for (const id of ids) {
          const s = store.state(id);
          if (s && !s.result) await store.submit(id, randomAction(s, next)!);
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await new Promise((r) => setTimeout(r, 30));
    const dest = defaultBackupPath(src, new Date('2026-01-02T03:04:05Z'));
    expect(dest).toBe(path.join(dir, 'backups', 'live-20260102-030405.db'));
    const result = await backupDatabase(src, dest);
    playing = false;
    await traffic;
    expect(result.bytes).toBeGreaterThan(0);
    await store.close();

    const copy = await GameStore.open({ path: dest, clock });
    expect(copy.recovery.broken).toEqual([]);
    const finished = copy.conn.sqlite.prepare(`SELECT count(*) FROM games WHERE status = 'finished'`).pluck().get() as number;
    expect(copy.recovery.recovered.length + finished).toBe(3);
    expect(copy.conn.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    await copy.close();
    await expect(backupDatabase(src, dest)).rejects.toThrow(/already exists/);
  });

  it('refuses to back up a file that is not the bot database', async () => {
    const foreign = path.join(dir, 'foreign.db');
    const db = new Database(foreign);
    db.exec('CREATE TABLE x (y)');
    db.close();
    await expect(backupDatabase(foreign, path.join(dir, 'nope.db'))).rejects.toBeInstanceOf(StoreOpenError);
    expect(fs.existsSync(path.join(dir, 'nope.db'))).toBe(false);
  });

  it('`npm run backup -- DEST` writes a checked copy', async () => {
    const dest = path.join(dir, 'cli-backup.db');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/backup.ts', dest], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_PATH: file, LOG_LEVEL: 'silent' },
    });
    expect(stdout.trim()).toBe(dest);
    expect(fs.existsSync(`${dest}-wal`) || fs.existsSync(`${dest}-shm`)).toBe(false); // one self-contained file
    const copy = openExisting(dest);
    expect(copy.sqlite.prepare('SELECT count(*) FROM games').pluck().get()).toBe(2);
    copy.close();
  });
});

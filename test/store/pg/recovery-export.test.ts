// Recovery and export on PostgreSQL, and the same game kept by both stores exports to the same text.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/engine/index.js';
import { exportGame, replayRecord } from '../../../src/store/export.js';
import { applyAndCommitAsync } from '../../../src/store/commit-async.js';
import { PgBackend } from '../../../src/store/pg/backend.js';
import { pgGamesRepo } from '../../../src/store/pg/games-repo.js';
import { recoverGames } from '../../../src/store/recovery.js';
import { snapshotText } from '../../../src/store/snapshot.js';
import { GameStore } from '../../../src/store/store.js';
import { manualClock, PLAYERS5, randomAction, rng, tempDir } from '../helpers.js';
import { closeAllPg, commitContext, createPgGame, openPg, quiet } from './helpers.js';

const dirs: string[] = [];
afterEach(async () => {
  await closeAllPg();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const T0 = 1_700_000_000_000;

/** Plays up to `limit` actions chosen by `seed`; returns the states after each. */
async function play(conn: Awaited<ReturnType<typeof openPg>>, ctx: ReturnType<typeof commitContext>, gameId: number, start: GameState, seed: number, limit: number) {
  const next = rng(seed);
  let state = start;
  for (let i = 0; i < limit; i++) {
    const a = randomAction(state, next);
    if (!a) break;
    const r = await applyAndCommitAsync(ctx, gameId, a, T0 + state.version + 1);
    if (!r.ok) throw new Error(r.reason);
    state = r.state;
  }
  return state;
}

describe('recovery on PostgreSQL', () => {
  it('rebuilds every unfinished game as its snapshot, marks the damaged ones broken, leaves the others alone', async () => {
    const conn = await openPg();
    const ctx = commitContext(conn);
    const states = new Map<number, GameState>();
    for (let i = 0; i < 6; i++) {
      const g = await createPgGame(conn, { channelId: `c${i}`, seats: PLAYERS5, seed: 100 + i, now: T0 });
      states.set(g.gameId, await play(conn, ctx, g.gameId, g.state, i, i === 5 ? 10_000 : 20 + 15 * i));
    }
    const ids = [...states.keys()];
    expect(states.get(ids[5])!.result).not.toBeNull(); // played to its end: not recovered
    // Damage: a snapshot that is not one, and a log row that is not JSON.
    await conn.pool.query("UPDATE games SET snapshot = '\\x0203'::bytea WHERE id = $1", [ids[1]]);
    await conn.pool.query("UPDATE actions SET action = '{not json' WHERE game_id = $1 AND version = 3", [ids[2]]);

    const { report, live } = await recoverGames(new PgBackend(conn), quiet, T0 + 10 ** 6);
    expect(report.recovered.map((r) => r.gameId)).toEqual([ids[0], ids[3], ids[4]]);
    expect(report.broken.map((b) => b.gameId)).toEqual([ids[1], ids[2]]);
    expect(report.broken[0].reason).toMatch(/snapshot/);
    expect(report.broken[1].reason).toMatch(/log row 3 is not valid JSON/);
    for (const id of [ids[0], ids[3], ids[4]]) expect(snapshotText(live.get(id)!.state)).toBe(snapshotText(states.get(id)!));
    expect(report.actionsReplayed).toBe([ids[0], ids[3], ids[4]].reduce((n, id) => n + states.get(id)!.version, 0));
    const repo = pgGamesRepo(conn.db);
    expect((await repo.info(ids[1]))!).toMatchObject({ status: 'broken', deadline: null, updatedAt: T0 + 10 ** 6 });
    expect((await repo.info(ids[0]))!.status).toBe('active');
    // A second start-up finds the same games and nothing new broken.
    const again = await recoverGames(new PgBackend(conn), quiet, T0 + 2 * 10 ** 6);
    expect(again.report.recovered.map((r) => r.gameId)).toEqual([ids[0], ids[3], ids[4]]);
    expect(again.report.broken).toEqual([]);
  });

  it('a shard recovers only the games of its guilds', async () => {
    const conn = await openPg();
    const guilds = [0, 1, 2, 3].map((i) => ((BigInt(7000 + i) << 22n) | 99n).toString());
    const ids = [];
    for (const [i, guildId] of guilds.entries()) ids.push((await createPgGame(conn, { guildId, channelId: 'c', seats: PLAYERS5, seed: i, now: T0 })).gameId);
    const zero = await recoverGames(new PgBackend(conn, { shard: { id: 0, count: 2 } }), quiet, T0);
    const one = await recoverGames(new PgBackend(conn, { shard: { id: 1, count: 2 } }), quiet, T0);
    expect(zero.report.recovered.map((r) => r.gameId)).toEqual([ids[0], ids[2]]);
    expect(one.report.recovered.map((r) => r.gameId)).toEqual([ids[1], ids[3]]);
  });
});

describe('export on PostgreSQL', () => {
  it('exports the same file as SQLite for the same game, and the file replays', async () => {
    // The same game in both stores: same seed, same actions, same clock.
    const d = tempDir();
    dirs.push(d);
    const clock = manualClock(T0);
    const sqlite = await GameStore.open({ path: path.join(d, 'g.db'), clock, logger: quiet, checkpointWorker: false });
    const conn = await openPg();
    const ctx = commitContext(conn);
    try {
      const a = await sqlite.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 77 });
      const b = await createPgGame(conn, { guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 77, now: T0 });
      expect(b.gameId).toBe(a.gameId);
      const next = rng(77);
      let state = a.state;
      for (;;) {
        const action = randomAction(state, next);
        if (!action) break;
        clock.advance(1500);
        const ra = await sqlite.submit(a.gameId, action);
        const rb = await applyAndCommitAsync(ctx, b.gameId, action, clock());
        if (!ra.ok || !rb.ok) throw new Error('refused');
        state = ra.state;
      }
      const fromSqlite = JSON.stringify(await exportGame(sqlite.backend, a.gameId));
      const record = await exportGame(new PgBackend(conn), b.gameId);
      expect(JSON.stringify(record)).toBe(fromSqlite);
      expect(record.actions.length).toBeGreaterThan(50);
      expect(record.replayError).toBeUndefined();
      expect(replayRecord(record).ok).toBe(true);
      await expect(exportGame(new PgBackend(conn), 4242)).rejects.toThrow(/no game 4242/);
    } finally {
      await sqlite.close();
    }
  });
});

import { sqliteConnection } from '../../src/store/sqlite.js';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { legalActions, waitingOn, type Action } from '../../src/engine/index.js';
import { SNAPSHOT_EVERY } from '../../src/store/commit.js';
import { snapshotText, decodeSnapshot } from '../../src/store/snapshot.js';
import { GameStore } from '../../src/store/store.js';
import { manualClock, PLAYERS5, randomAction, rng, tempDir } from './helpers.js';

const dirs: string[] = [];
const stores: GameStore[] = [];
async function open(clock = manualClock(), extra: Partial<Parameters<typeof GameStore.open>[0]> = {}) {
  const d = tempDir();
  dirs.push(d);
  const store = await GameStore.open({ path: path.join(d, 'g.db'), clock, ...extra });
  stores.push(store);
  return store;
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const count = (s: GameStore, table: string) => (sqliteConnection(s.backend).sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
/** Everything in the database, for "nothing was written". */
const dump = (s: GameStore) =>
  JSON.stringify(['games', 'actions', 'seats', 'user_stats'].map((t) => sqliteConnection(s.backend).sqlite.prepare(`SELECT * FROM ${t}`).all()));

describe('applying and committing actions', () => {
  it('creates a game with its seats and version-0 snapshot', async () => {
    const store = await open();
    const g = await store.createGame({ guildId: 'g1', channelId: 'c1', seats: PLAYERS5, seed: 7 });
    expect(g.version).toBe(0);
    expect(g.events.some((e) => e.type === 'gameStart')).toBe(true);
    const info = (await store.game(g.gameId))!;
    expect(info).toMatchObject({ guildId: 'g1', channelId: 'c1', status: 'active', version: 0, decisionMs: 60_000 });
    expect(info.setup).toEqual({ seed: 7, players: PLAYERS5.map((p) => p.name) });
    expect(info.deadline).toBe(g.state.pending!.deadline);
    expect((await store.seats(g.gameId)).map((s) => [s.seat, s.userId, s.ai])).toEqual(PLAYERS5.map((p, i) => [i, p.userId, p.userId === null]));
    expect(await store.activeGameIn('g1', 'c1')).toBe(g.gameId);
  });

  it('writes the log row with the game row, the snapshot every SNAPSHOT_EVERY actions and at the end, and resolves only after the commit', async () => {
    const store = await open();
    const file = sqliteConnection(store.backend).sqlite.name;
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 1 });
    const sqlite = sqliteConnection(store.backend).sqlite;
    const stored = () => sqlite.prepare('SELECT version, snapshot_version AS snapshotVersion, snapshot FROM games WHERE id = ?').get(g.gameId) as { version: number; snapshotVersion: number; snapshot: Buffer };
    const setup = (await store.game(g.gameId))!.setup!;
    const next = rng(1);
    let state = g.state;
    for (;;) {
      const action = randomAction(state, next)!;
      const r = await store.submit(g.gameId, action);
      if (!r.ok) throw new Error(r.reason);
      const row = sqlite.prepare('SELECT * FROM actions WHERE game_id = ? AND version = ?').get(g.gameId, r.version) as Record<string, unknown>;
      expect(row).toMatchObject({ seat: (action as { seat?: number }).seat ?? null, action: JSON.stringify(action) });
      const s = stored();
      expect(s.version).toBe(r.version);
      // The snapshot is of the last multiple of SNAPSHOT_EVERY, or of the end.
      expect(s.snapshotVersion).toBe(r.finished ? r.version : r.version - (r.version % SNAPSHOT_EVERY));
      expect(decodeSnapshot(s.snapshot, setup).version).toBe(s.snapshotVersion);
      if (s.snapshotVersion === r.version) expect(snapshotText(decodeSnapshot(s.snapshot, setup))).toBe(snapshotText(r.state));
      // Another process reads the state from the snapshot and the log's rows after it.
      if (r.version % 7 === 0 || r.finished) {
        const other = await GameStore.open({ path: file, clock: manualClock(), recover: false });
        expect(snapshotText((await other.state(g.gameId))!)).toBe(snapshotText(r.state));
        await other.close();
      }
      state = r.state;
      if (r.finished) break;
    }
    expect(state.version).toBeGreaterThan(SNAPSHOT_EVERY);
  });

  it('a refused action writes nothing', async () => {
    const store = await open();
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 2 });
    const before = dump(store);
    const changes = sqliteConnection(store.backend).sqlite.prepare('SELECT total_changes() AS n').get();
    const notWaited = [0, 1, 2, 3, 4].find((s) => !waitingOn(g.state).includes(s) || legalActions(g.state, s).length === 0);
    const attempts: unknown[] = [
      { kind: 'fly', seat: 0 },
      { kind: 'play', seat: 0, card: 9999 },
      { kind: 'pass', seat: 42 },
      { kind: 'pass', seat: 0, version: 17 },
      { kind: 'timeout' }, // not due: the clock has not moved
      'not an object',
    ];
    if (notWaited !== undefined) attempts.push({ kind: 'take', seat: notWaited });
    for (const a of attempts) {
      const r = await store.submit(g.gameId, a as Action);
      expect(r.ok, JSON.stringify(a)).toBe(false);
    }
    expect((await store.submit(999, { kind: 'timeout' })).ok).toBe(false);
    expect(dump(store)).toBe(before);
    expect(sqliteConnection(store.backend).sqlite.prepare('SELECT total_changes() AS n').get()).toEqual(changes);
  });

  it('applies actions of one game one at a time, in arrival order, even when they arrive together', async () => {
    const store = await open();
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 3 });
    // Precompute a line of play, then submit all of it at once, each action stamped with its version.
    const line: Action[] = [];
    let state = g.state;
    const next = rng(3);
    const { apply } = await import('../../src/engine/index.js');
    for (let i = 0; i < 40; i++) {
      const a = randomAction(state, next);
      if (!a) break;
      line.push({ ...a, version: state.version });
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
    }
    const order: number[] = [];
    store.subscribe((c) => order.push(c.version));
    const results = await Promise.all(line.map((a) => store.submit(g.gameId, a)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.map((r) => (r.ok ? r.version : -1))).toEqual(line.map((_, i) => i + 1));
    expect(order).toEqual(line.map((_, i) => i + 1));
    expect(count(store, 'actions')).toBe(line.length);
    // A duplicate of the first action (same version stamp) now arrives late: refused as stale.
    const late = await store.submit(g.gameId, line[0]);
    expect(late).toMatchObject({ ok: false, code: 'stale' });
  });

  it('lets an awaited onCommit finish before the next action of that game is applied', async () => {
    const seen: string[] = [];
    const store = await open(manualClock(), {
      onCommit: async (c) => {
        seen.push(`start ${c.version}`);
        await new Promise((r) => setImmediate(r));
        seen.push(`end ${c.version}`);
      },
    });
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 4 });
    const next = rng(4);
    const a1 = randomAction(g.state, next)!;
    const p1 = store.submit(g.gameId, a1);
    const r1 = await p1;
    const a2 = randomAction((r1 as { state: typeof g.state }).state, next)!;
    const a3 = randomAction((r1 as { state: typeof g.state }).state, next)!;
    await Promise.all([store.submit(g.gameId, a2), store.submit(g.gameId, a3)]);
    expect(seen.slice(0, 4)).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('stores deadlines as absolute times and fires timeouts from the injected clock', async () => {
    const clock = manualClock(1_000_000);
    const store = await open(clock);
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 5, decisionMs: 30_000 });
    expect(g.state.pending!.deadline).toBe(1_030_000);
    expect(await store.nextDeadline()).toBe(1_030_000);
    clock.set(1_029_999);
    expect(await store.fireDueTimeouts()).toEqual([]);
    clock.set(1_030_000);
    const [r] = await store.fireDueTimeouts();
    expect(r).toMatchObject({ ok: true, version: 1 });
    const row = sqliteConnection(store.backend).sqlite.prepare('SELECT seat, action, at FROM actions WHERE game_id = ?').get(g.gameId);
    expect(row).toEqual({ seat: null, action: '{"kind":"timeout"}', at: 1_030_000 });
    // A new decision got a new deadline from the clock at that moment.
    const d = (await store.state(g.gameId))!.pending!.deadline!;
    expect(d).toBeGreaterThan(1_030_000);
    expect((await store.game(g.gameId))!.deadline).toBe(d);
  });

  it('a held game has no deadline and refuses every move but a resume, which starts its decision clock again and ends the hold', async () => {
    const clock = manualClock(1_000_000);
    const store = await open(clock);
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 5, decisionMs: 30_000 });
    const owed = [{ gameId: g.gameId, kind: 'dm' as const, target: 'u1', body: { content: 'held' } }];
    expect(await store.holdGame(g.gameId, () => owed)).toBe(true);
    expect(await store.holdGame(g.gameId, () => owed)).toBe(false);
    expect(count(store, 'outbox')).toBe(1);
    expect(await store.repos.games.held()).toEqual([{ id: g.gameId, since: 1_000_000 }]);
    expect(await store.nextDeadline()).toBeNull();
    clock.set(2_000_000);
    expect(await store.fireDueTimeouts()).toEqual([]);
    const move = legalActions(g.state, waitingOn(g.state)[0]!)[0]!;
    expect(await store.submit(g.gameId, move)).toMatchObject({ ok: false, code: 'held' });
    expect(await store.submit(g.gameId, { kind: 'timeout' })).toMatchObject({ ok: false, code: 'held' });
    const r = await store.submit(g.gameId, { kind: 'resume' });
    expect(r).toMatchObject({ ok: true, version: 1, events: [] });
    expect(await store.repos.games.held()).toEqual([]);
    expect(await store.nextDeadline()).toBe(2_030_000);
    expect(await store.submit(g.gameId, { kind: 'resume' })).toMatchObject({ ok: false, code: 'notHeld' });
    expect(await store.submit(g.gameId, move)).toMatchObject({ ok: true, version: 2 });
  });

  it('runs a game without timers when decisionMs is null', async () => {
    const store = await open();
    await store.updateGuildSettings('quiet', { decisionMs: null, language: 'en' });
    const g = await store.createGame({ guildId: 'quiet', channelId: 'c', seats: PLAYERS5, seed: 6 });
    expect(g.state.pending!.deadline).toBeUndefined();
    expect(await store.nextDeadline()).toBeNull();
    expect(await store.guildSettings('quiet')).toMatchObject({ decisionMs: null, language: 'en', lobbyMs: 600_000 });
  });

  it('plays a game to the end: status, seats revealed, statistics, and no more actions', async () => {
    const clock = manualClock();
    const store = await open(clock);
    const next = rng(11);
    let finishedGames = 0;
    for (let seed = 1; finishedGames < 3; seed++) {
      // With characters, so that the revealed character is checked too.
      const g = await store.createGame({ guildId: 'g', channelId: `c${seed}`, seats: PLAYERS5, seed, options: { characters: true } });
      let state = g.state;
      for (let i = 0; i < 5000 && !state.result; i++) {
        clock.advance(1000);
        const r = await store.submit(g.gameId, randomAction(state, next)!);
        if (!r.ok) throw new Error(`${r.code}: ${r.reason}`);
        state = r.state;
      }
      expect(state.result).not.toBeNull();
      finishedGames++;
      const info = (await store.game(g.gameId))!;
      expect(info).toMatchObject({ status: 'finished', version: state.version, deadline: null, finishedAt: clock() });
      const seats = await store.seats(g.gameId);
      expect(seats.map((s) => s.identity)).toEqual(state.players.map((p) => p.identity));
      expect(seats.map((s) => s.character)).toEqual(state.players.map((_, i) => state.chars?.seats[i]?.name ?? null));
      expect(seats.every((s) => s.character !== null)).toBe(true);
      expect(seats.every((s) => s.result !== null && s.died !== null)).toBe(true);
      const after = await store.submit(g.gameId, { kind: 'timeout' });
      expect(after).toMatchObject({ ok: false, code: 'gameNotActive' });
    }
    const ann = (await store.repos.stats.read('1001'))!;
    expect(ann.games).toBe(3);
    expect(ann.wins).toBe(ann.winsLurker + ann.winsMilitary + ann.winsSoy);
    expect(await store.repos.stats.read('nobody')).toBeNull();
    // The AI seat has no statistics row.
    expect(count(store, 'user_stats')).toBe(4);
    const board = await store.repos.history.leaderboard('g', 10);
    expect(board.map((b) => b.userId).sort()).toEqual(['1001', '1002', '1004', '1005']);
    expect(board.every((b) => b.games === 3)).toBe(true);
    expect(board.map((b) => b.wins)).toEqual([...board.map((b) => b.wins)].sort((a, b) => b - a));
    expect(board.find((b) => b.userId === '1001')!.wins).toBe(ann.wins);
    expect(await store.repos.history.leaderboard('elsewhere', 10)).toEqual([]);
    // The same record within the server (all three games were its), nothing in another.
    const here = await store.repos.history.record('g', '1001');
    expect(here).toEqual({ games: 3, wins: ann.wins, winsLurker: ann.winsLurker, winsMilitary: ann.winsMilitary, winsSoy: ann.winsSoy, deaths: ann.deaths });
    expect(await store.repos.history.record('elsewhere', '1001')).toEqual({ games: 0, wins: 0, winsLurker: 0, winsMilitary: 0, winsSoy: 0, deaths: 0 });
    const recent = await store.repos.history.recentGames('g', 2);
    expect(recent).toHaveLength(2);
    expect(recent[0].id).toBeGreaterThan(recent[1].id);
    for (const r of recent) {
      expect(r).toMatchObject({ status: 'finished', players: 5 });
      const winners = (await store.seats(r.id)).filter((s) => s.result === 'win').map((s) => s.name);
      expect(r.winners).toEqual(winners);
    }
  });

  it('a corrupt snapshot marks only that game broken when it is next used', async () => {
    const broken: number[] = [];
    const store = await open(manualClock(), { onBroken: (b) => broken.push(b.gameId) });
    const a = await store.createGame({ guildId: 'g', channelId: 'a', seats: PLAYERS5, seed: 8 });
    const b = await store.createGame({ guildId: 'g', channelId: 'b', seats: PLAYERS5, seed: 9 });
    // Damage a's snapshot behind the store's back, and make it re-read (another writer's version).
    sqliteConnection(store.backend).sqlite.prepare('UPDATE games SET snapshot = ?, version = version WHERE id = ?').run(Buffer.from([1, 2, 3, 4]), a.gameId);
    (store as unknown as { ctx: { live: Map<number, unknown> } }).ctx.live.delete(a.gameId);
    const r = await store.submit(a.gameId, randomAction(a.state, rng(1))!);
    expect(r).toMatchObject({ ok: false, code: 'broken' });
    expect(await store.game(a.gameId)).toMatchObject({ status: 'broken' });
    expect((await store.game(a.gameId))!.brokenReason).toMatch(/snapshot/);
    expect(broken).toEqual([a.gameId]);
    expect(await store.submit(b.gameId, randomAction(b.state, rng(1))!)).toMatchObject({ ok: true });
  });

  it('keeps table message ids, and aborts a game keeping its log', async () => {
    const store = await open();
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 10 });
    await store.setTableMessage(g.gameId, '123456789012345678');
    expect((await store.game(g.gameId))!.tableMessageId).toBe('123456789012345678');
    await store.submit(g.gameId, randomAction(g.state, rng(2))!);
    expect(await store.abortGame(g.gameId, 'cancelled by a moderator')).toBe(true);
    expect(await store.game(g.gameId)).toMatchObject({ status: 'aborted', brokenReason: 'cancelled by a moderator' });
    expect(count(store, 'actions')).toBe(1);
    expect(await store.abortGame(g.gameId, 'again')).toBe(false);
  });

  it('a database error reading what a commit owes fails the commit (tried again with its DMs), instead of committing it without them', async () => {
    const store = await open(manualClock(), { owes: { any: () => true, word: (c, rows) => rows.users.filter((u) => u !== null).map((u) => ({ gameId: c.gameId, kind: 'dm', target: u, body: { content: `v${c.version} ${rows.locales.get(u)}` } })) } });
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 11 });
    const outbox = count(store, 'outbox');
    // The players' languages cannot be read (as a failover or a timeout would make any read fail).
    sqliteConnection(store.backend).sqlite.exec('ALTER TABLE user_prefs RENAME TO user_prefs_away');
    const r = await store.submit(g.gameId, randomAction(g.state, rng(3))!).catch((err: Error) => err);
    expect(r).not.toMatchObject({ ok: true });
    expect(count(store, 'actions')).toBe(0);
    expect(count(store, 'outbox')).toBe(outbox);
    // Once the database answers again the action commits with what it owes.
    sqliteConnection(store.backend).sqlite.exec('ALTER TABLE user_prefs_away RENAME TO user_prefs');
    expect(await store.submit(g.gameId, randomAction(g.state, rng(3))!)).toMatchObject({ ok: true, version: 1 });
    expect(count(store, 'outbox')).toBeGreaterThan(outbox);
  });

  it('a commit whose answer was lost but that went through (a failover mid-COMMIT) is taken from the database before the next action, and heard as a commit', async () => {
    const store = await open();
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 12 });
    const heard: number[] = [];
    store.subscribe((c) => heard.push(c.version));
    const backend = store.backend;
    const real = backend.transaction.bind(backend);
    // The transaction commits, and its answer is lost.
    backend.transaction = (async (fn, o) => {
      await real(fn, o);
      backend.transaction = real;
      throw new Error('server conn crashed?');
    }) as typeof backend.transaction;
    const a = randomAction(g.state, rng(5))!;
    await expect(store.submit(g.gameId, a)).rejects.toThrow('server conn crashed?');
    expect(count(store, 'actions')).toBe(1);
    expect(heard).toEqual([]);
    // The player, told it was not saved, clicks again: the database is asked first, and says version 1.
    const opened = g.state.pending!.opened;
    const r = await store.submit(g.gameId, a, (s) => (s.pending?.opened === opened ? null : 'stale'));
    expect(heard[0]).toBe(1);
    expect(store.liveState(g.gameId)!.version).toBeGreaterThanOrEqual(1);
    if (r.ok) expect(r.version).toBe(2);
  });
});

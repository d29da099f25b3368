import { sqliteConnection } from '../../src/store/sqlite.js';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { legalActions, waitingOn, type GameState, type Setup } from '../../src/engine/index.js';
import { replay, type LoggedAction } from '../../src/store/replay.js';
import { SNAPSHOT_EVERY } from '../../src/store/commit.js';
import { decodeSnapshot, encodeSnapshot, snapshotText } from '../../src/store/snapshot.js';
import { GameStore } from '../../src/store/store.js';
import { DeadlineScheduler, type TimerHost } from '../../src/store/timers.js';
import type { BrokenGame } from '../../src/store/recovery.js';
import { manualClock, PLAYERS5, randomAction, rng, tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function dbFile() {
  const d = tempDir();
  dirs.push(d);
  return path.join(d, 'g.db');
}

/** Starts `n` games and plays each some random number of actions, without finishing them. */
async function playSome(store: GameStore, clock: ReturnType<typeof manualClock>, n: number, seed: number) {
  const next = rng(seed);
  const states = new Map<number, GameState>();
  for (let i = 0; i < n; i++) {
    const g = await store.createGame({ guildId: 'g', channelId: `c${i}`, seats: PLAYERS5, seed: seed * 100 + i, decisionMs: 45_000 });
    let state = g.state;
    const steps = 5 + Math.floor(next() * 60);
    for (let k = 0; k < steps; k++) {
      clock.advance(Math.floor(next() * 20_000));
      const a = randomAction(state, next)!;
      const r = await store.submit(g.gameId, a);
      if (!r.ok) throw new Error(r.reason);
      if (r.finished) break;
      state = r.state;
    }
    if (!state.result) states.set(g.gameId, state);
  }
  return states;
}


/** A timer host that only records what is set on the test's clock; the test fires by hand. */
function recordingHost(clock: () => number): { timers: { fn: () => void; at: number }[]; host: TimerHost } {
  const timers: { fn: () => void; at: number }[] = [];
  const host: TimerHost = {
    now: clock,
    setTimeout: (fn, ms) => {
      const t = { fn, at: clock() + ms };
      timers.push(t);
      return t;
    },
    clearTimeout: (h) => {
      const i = timers.indexOf(h as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  };
  return { timers, host };
}

describe('recovery at start-up', () => {
  it('loads every unfinished game exactly as it was and play goes on', async () => {
    const file = dbFile();
    const clock = manualClock();
    const first = await GameStore.open({ path: file, clock });
    const states = await playSome(first, clock, 12, 1);
    await first.close();

    const second = await GameStore.open({ path: file, clock });
    expect(second.recovery.broken).toEqual([]);
    expect(second.recovery.recovered.map((g) => g.gameId).sort((a, b) => a - b)).toEqual([...states.keys()].sort((a, b) => a - b));
    for (const [id, state] of states) {
      expect(JSON.stringify(await second.state(id))).toBe(JSON.stringify(state));
      const rec = second.recovery.recovered.find((g) => g.gameId === id)!;
      expect(rec.deadline).toBe(state.pending!.deadline);
      const next = rng(id);
      const r = await second.submit(id, randomAction(state, next)!);
      expect(r.ok).toBe(true);
    }
    await second.close();
  });

  it('timers go on after a restart: a deadline that passed while down fires at once, others when due', async () => {
    const file = dbFile();
    const clock = manualClock(5_000_000);
    const a = await GameStore.open({ path: file, clock });
    const g1 = await a.createGame({ guildId: 'g', channelId: 'one', seats: PLAYERS5, seed: 1, decisionMs: 10_000 });
    clock.advance(5_000);
    const g2 = await a.createGame({ guildId: 'g', channelId: 'two', seats: PLAYERS5, seed: 2, decisionMs: 60_000 });
    await a.close();

    clock.set(5_012_000); // "down" for a while: g1's deadline (5_010_000) passed, g2's (5_065_000) not yet
    const b = await GameStore.open({ path: file, clock });
    const { timers, host } = recordingHost(clock);
    const scheduler = new DeadlineScheduler(b, host);
    await scheduler.start();
    expect(timers.map((t) => t.at)).toEqual([5_012_000]); // due now
    await scheduler.fire();
    expect((await b.state(g1.gameId))!.version).toBe(1);
    expect((await b.state(g2.gameId))!.version).toBe(0);
    const g1Next = (await b.state(g1.gameId))!.pending!.deadline!;
    expect(g1Next).toBe(5_012_000 + 10_000);
    expect(timers.map((t) => t.at)).toEqual([g1Next]);

    clock.set(5_065_000);
    await scheduler.fire();
    expect((await b.state(g2.gameId))!.version).toBe(1);
    expect((await b.state(g1.gameId))!.version).toBe(2); // its second deadline also passed
    scheduler.stop();
    expect(timers).toEqual([]);
    await b.close();
  });

  it('marks a game broken when its log does not replay to its snapshot, with the reason, and leaves the others running', async () => {
    const file = dbFile();
    const clock = manualClock();
    const store = await GameStore.open({ path: file, clock });
    const states = await playSome(store, clock, 6, 2);
    await store.close();
    const ids = [...states.keys()];
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const [tampered, corruptRow, corruptSnap, gap, badSetup] = ids;

    const raw = new Database(file);
    // The game's snapshot written at its last action (as every SNAPSHOT_EVERY actions), then that action
    // swapped for another one that was just as legal then: every row replays, but to another state.
    raw.prepare('UPDATE games SET snapshot = ?, snapshot_version = version WHERE id = ?').run(encodeSnapshot(states.get(tampered)!), tampered);
    const info = JSON.parse((raw.prepare('SELECT setup FROM games WHERE id = ?').get(tampered) as { setup: string }).setup) as Setup;
    const created = (raw.prepare('SELECT created_at AS c FROM games WHERE id = ?').get(tampered) as { c: number }).c;
    const log = raw.prepare('SELECT version, seat, action, at FROM actions WHERE game_id = ? ORDER BY version').all(tampered) as LoggedAction[];
    const before = replay({ setup: info, decisionMs: 45_000, createdAt: created }, log.slice(0, -1));
    if (!before.ok) throw new Error(before.reason);
    const last = log.at(-1)!;
    const other = waitingOn(before.state)
      .flatMap((s) => legalActions(before.state, s))
      .find((a) => JSON.stringify(a) !== last.action)!;
    raw.prepare('UPDATE actions SET action = ?, seat = ? WHERE game_id = ? AND version = ?').run(JSON.stringify(other), (other as { seat?: number }).seat ?? null, tampered, last.version);
    raw.prepare(`UPDATE actions SET action = '{"kind":"pass","seat":' WHERE game_id = ? AND version = 2`).run(corruptRow);
    raw.prepare('UPDATE games SET snapshot = ? WHERE id = ?').run(Buffer.from([1, 0xff, 0xfe, 0x00]), corruptSnap);
    raw.prepare('DELETE FROM actions WHERE game_id = ? AND version = 3').run(gap);
    raw.prepare(`UPDATE games SET setup = '{"seed":1,"players":' WHERE id = ?`).run(badSetup);
    raw.close();

    const told: BrokenGame[] = [];
    const again = await GameStore.open({ path: file, clock, onBroken: (b) => told.push(b) });
    const reasons = new Map(again.recovery.broken.map((b) => [b.gameId, b.reason]));
    expect([...reasons.keys()].sort()).toEqual([tampered, corruptRow, corruptSnap, gap, badSetup].sort());
    expect(reasons.get(tampered)).toMatch(/does not give the stored snapshot \(\$\./);
    expect(reasons.get(corruptRow)).toMatch(/log row 2 is not valid JSON/);
    expect(reasons.get(corruptSnap)).toMatch(/snapshot cannot be decoded/);
    expect(reasons.get(gap)).toMatch(/gap/);
    expect(reasons.get(badSetup)).toMatch(/setup/);
    expect(told.map((b) => b.gameId).sort()).toEqual([...reasons.keys()].sort());
    expect(told.every((b) => b.channelId.startsWith('c'))).toBe(true);
    for (const [id, reason] of reasons) expect(await again.game(id)).toMatchObject({ status: 'broken', brokenReason: reason });
    // The untouched game still plays.
    const ok = ids[5];
    if (ok !== undefined) {
      expect(again.recovery.recovered.map((g) => g.gameId)).toContain(ok);
      expect((await again.submit(ok, randomAction((await again.state(ok))!, rng(9))!)).ok).toBe(true);
    }
    // Broken games are not touched again, and refuse actions.
    expect((await again.submit(tampered, { kind: 'timeout' })).ok).toBe(false);
    await again.close();
    const third = await GameStore.open({ path: file, clock });
    expect(third.recovery.broken).toEqual([]);
    await third.close();
  });

  it('catches a snapshot that was changed even though the log is intact', async () => {
    const file = dbFile();
    const clock = manualClock();
    const store = await GameStore.open({ path: file, clock });
    const states = await playSome(store, clock, 1, 3);
    const [id] = [...states.keys()];
    // Write a valid snapshot of a different state (as a buggy writer might).
    const other = structuredClone(states.get(id)!);
    other.players[0].hand.reverse();
    other.players[0].hand.push(other.deck.pop()!);
    sqliteConnection(store.backend).sqlite.prepare('UPDATE games SET snapshot = ?, snapshot_version = version WHERE id = ?').run(encodeSnapshot(other), id);
    await store.close();
    const again = await GameStore.open({ path: file, clock });
    expect(again.recovery.broken).toHaveLength(1);
    expect(again.recovery.broken[0].reason).toMatch(/\$\.(players|deck)/);
    expect(snapshotText(states.get(id)!)).not.toBe(snapshotText(other));
    await again.close();
  });

  it('checks a snapshot of an earlier version (written every SNAPSHOT_EVERY actions) against the replay there, and recovers the game from the log after it', async () => {
    const file = dbFile();
    const clock = manualClock();
    const store = await GameStore.open({ path: file, clock });
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 11, decisionMs: 45_000 });
    const next = rng(11);
    let state = g.state;
    while (state.version < SNAPSHOT_EVERY + 5) {
      const r = await store.submit(g.gameId, randomAction(state, next)!);
      if (!r.ok || r.finished) throw new Error('the game must go on past the snapshot');
      state = r.state;
    }
    const sqlite = sqliteConnection(store.backend).sqlite;
    const row = sqlite.prepare('SELECT snapshot, snapshot_version AS at FROM games WHERE id = ?').get(g.gameId) as { snapshot: Buffer; at: number };
    expect(row.at).toBe(SNAPSHOT_EVERY);
    await store.close();
    const again = await GameStore.open({ path: file, clock });
    expect(again.recovery.broken).toEqual([]);
    expect(snapshotText((await again.state(g.gameId))!)).toBe(snapshotText(state));
    await again.close();

    // The snapshot at its version changed: caught, though the log after it replays.
    const raw = new Database(file);
    const setup = JSON.parse((raw.prepare('SELECT setup FROM games WHERE id = ?').get(g.gameId) as { setup: string }).setup) as Setup;
    const other = decodeSnapshot(row.snapshot, setup);
    other.players[0].hand.push(other.deck.pop()!);
    raw.prepare('UPDATE games SET snapshot = ? WHERE id = ?').run(encodeSnapshot(other), g.gameId);
    raw.close();
    const third = await GameStore.open({ path: file, clock });
    expect(third.recovery.broken.map((b) => b.reason)).toEqual([expect.stringMatching(new RegExp(`^stored differently: replaying ${SNAPSHOT_EVERY} actions.*\\$\\.(players|deck)`))]);
    await third.close();
  });

  it('compares values, not text: a snapshot stored with its keys in another order still recovers', async () => {
    const file = dbFile();
    const clock = manualClock();
    const store = await GameStore.open({ path: file, clock });
    const states = await playSome(store, clock, 1, 4);
    const [id] = [...states.keys()];
    // Every object's keys reversed: the same values in another text.
    const reorder = (x: unknown): unknown =>
      Array.isArray(x) ? x.map(reorder) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).reverse().map(([k, v]) => [k, reorder(v)])) : x;
    const text = JSON.stringify(reorder(JSON.parse(snapshotText(states.get(id)!))));
    expect(text).not.toBe(snapshotText(states.get(id)!));
    sqliteConnection(store.backend).sqlite.prepare('UPDATE games SET snapshot = ?, snapshot_version = version WHERE id = ?').run(Buffer.concat([Buffer.from([1]), Buffer.from(text)]), id);
    await store.close();
    const again = await GameStore.open({ path: file, clock });
    expect(again.recovery.broken).toEqual([]);
    expect(JSON.stringify(await again.state(id))).toBe(JSON.stringify(states.get(id)));
    await again.close();
  });

  it('stores the engine version with each game and tells a rules change from damage', async () => {
    const { ENGINE_VERSION } = await import('../../src/engine/index.js');
    const file = dbFile();
    const clock = manualClock();
    const store = await GameStore.open({ path: file, clock });
    const states = await playSome(store, clock, 3, 5);
    const [damaged, older, unversioned] = [...states.keys()];
    const row = (id: number) => sqliteConnection(store.backend).sqlite.prepare('SELECT engine_version AS v FROM games WHERE id = ?').get(id) as { v: number | null };
    expect(row(damaged).v).toBe(ENGINE_VERSION);
    for (const id of [damaged, older, unversioned]) {
      const other = structuredClone(states.get(id)!);
      other.players[0].hand.push(other.deck.pop()!);
      sqliteConnection(store.backend).sqlite.prepare('UPDATE games SET snapshot = ?, snapshot_version = version WHERE id = ?').run(encodeSnapshot(other), id);
    }
    sqliteConnection(store.backend).sqlite.prepare('UPDATE games SET engine_version = ? WHERE id = ?').run(ENGINE_VERSION - 1, older);
    sqliteConnection(store.backend).sqlite.prepare('UPDATE games SET engine_version = NULL WHERE id = ?').run(unversioned);
    await store.close();
    const again = await GameStore.open({ path: file, clock });
    const reasons = new Map(again.recovery.broken.map((b) => [b.gameId, b.reason]));
    expect(reasons.get(damaged)).toMatch(/^stored differently: .*with the engine that stored it/);
    expect(reasons.get(older)).toMatch(new RegExp(`^replays differently: stored by engine version ${ENGINE_VERSION - 1}, this is engine version ${ENGINE_VERSION}`));
    expect(reasons.get(unversioned)).toMatch(/^replays differently: stored by an engine before versions were kept/);
    await again.close();
  });
});

describe('timeouts that cannot be saved', () => {
  it('back off (0.25 s, 0.5 s, 1 s … up to 30 s) instead of retrying at once, say so once, and say when they can be saved again', async () => {
    const clock = manualClock(7_000_000);
    const store = await GameStore.open({ path: dbFile(), clock });
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 3, decisionMs: 10_000 });
    const { timers, host } = recordingHost(clock);
    const faults: unknown[][] = [];
    let recovered = 0;
    const scheduler = new DeadlineScheduler(store, host, { onFault: (err, ids) => faults.push([err, ids]), onRecovered: () => recovered++ });
    await scheduler.start();
    clock.set((await store.state(g.gameId))!.pending!.deadline!);
    // The database refuses writes (as a read-only or full disk would).
    const real = store.fireDueTimeouts.bind(store);
    let refusing = true;
    store.fireDueTimeouts = () => (refusing ? Promise.reject(new Error('SQLITE_READONLY: attempt to write a readonly database')) : real());
    const waits: number[] = [];
    for (let k = 0; k < 9; k++) {
      const before = clock();
      await scheduler.fire();
      waits.push(timers[0].at - before);
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(faults).toHaveLength(1);
    expect(faults[0][1]).toEqual([g.gameId]);
    refusing = false;
    await scheduler.fire();
    expect(recovered).toBe(1);
    expect((await store.state(g.gameId))!.version).toBe(1);
    scheduler.stop();
    await store.close();
  });

  it("keep their retry's time while other games commit (each commit re-arms the scheduler)", async () => {
    const clock = manualClock(7_000_000);
    const store = await GameStore.open({ path: dbFile(), clock });
    const g = await store.createGame({ guildId: 'g', channelId: 'c', seats: PLAYERS5, seed: 3, decisionMs: 10_000 });
    const other = await store.createGame({ guildId: 'g', channelId: 'd', seats: PLAYERS5, seed: 4, decisionMs: 60_000 });
    const { timers, host } = recordingHost(clock);
    const scheduler = new DeadlineScheduler(store, host);
    await scheduler.start();
    clock.set((await store.state(g.gameId))!.pending!.deadline!);
    const real = store.fireDueTimeouts.bind(store);
    let refusing = true;
    store.fireDueTimeouts = () => (refusing ? Promise.reject(new Error('server login has been failing, try again later (server_login_retry)')) : real());
    await scheduler.fire();
    const retryAt = timers[0].at;
    expect(retryAt).toBe(clock() + 250);
    // The other game's players go on moving, every 0.2 s, while the timeouts cannot be saved.
    let state = (await store.state(other.gameId))!;
    const next = rng(4);
    for (let k = 0; k < 3; k++) {
      clock.advance(200);
      const r = await store.submit(other.gameId, randomAction(state, next)!);
      if (r.ok) state = r.state;
      expect(timers.map((t) => t.at)).toEqual([retryAt]);
    }
    refusing = false;
    await scheduler.fire();
    expect((await store.state(g.gameId))!.version).toBe(1);
    scheduler.stop();
    await store.close();
  });
});

describe('the deadline timer', () => {
  it('reads the next deadline once per firing, not once per commit, and is never set later than the earliest deadline', async () => {
    const clock = manualClock(9_000_000);
    const store = await GameStore.open({ path: dbFile(), clock });
    const { timers, host } = recordingHost(clock);
    const slow = await store.createGame({ guildId: 'g', channelId: 'slow', seats: PLAYERS5, seed: 4, decisionMs: 60_000 });
    const scheduler = new DeadlineScheduler(store, host);
    await scheduler.start();
    let reads = 0;
    const real = store.nextDeadline.bind(store);
    store.nextDeadline = () => {
      reads++;
      return real();
    };
    const earliest = async () => Math.min(...(await Promise.all([slow.gameId, fast.gameId].map(async (id) => (await store.state(id))!.pending?.deadline ?? Infinity))));
    expect(timers.map((t) => t.at)).toEqual([slow.state.pending!.deadline!]);
    // A game whose decisions end sooner: its deadline comes first, so the timer moves to it, unread.
    const fast = await store.createGame({ guildId: 'g', channelId: 'fast', seats: PLAYERS5, seed: 5, decisionMs: 10_000 });
    expect(timers.map((t) => t.at)).toEqual([fast.state.pending!.deadline!]);
    // Forty moves in the slow game (its response windows close sooner still): none reads the database for the timer.
    const next = rng(6);
    let state = slow.state;
    for (let k = 0; k < 40; k++) {
      clock.advance(100);
      const r = await store.submit(slow.gameId, randomAction(state, next)!);
      if (!r.ok) throw new Error(r.reason);
      state = r.state;
      expect(timers).toHaveLength(1);
      expect(timers[0].at).toBeLessThanOrEqual(await earliest());
    }
    expect(reads).toBe(0);
    // The timer wakes (early, when the deadline it was set for has moved on): each firing reads once.
    let firings = 0;
    while ((await store.state(fast.gameId))!.version === 0) {
      clock.set(timers[0].at);
      await scheduler.fire();
      expect(reads).toBe(++firings);
      expect(timers.map((t) => t.at)).toEqual([await earliest()]);
    }
    scheduler.stop();
    await store.close();
  });
});
